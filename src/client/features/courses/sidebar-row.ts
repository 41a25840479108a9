/** The look of a sidebar row, matching the shell's own rows; the open file (aria-current) is tinted. */
export const sidebarRowClass =
  'flex h-9 w-full min-w-0 items-center gap-3 rounded-lg px-3 text-left text-sm font-medium text-foreground/80 transition-colors hover:bg-muted hover:text-foreground aria-[current=true]:bg-primary/10 aria-[current=true]:font-semibold aria-[current=true]:text-primary-tint-foreground [&_svg]:size-[1.125rem] [&_svg]:shrink-0';

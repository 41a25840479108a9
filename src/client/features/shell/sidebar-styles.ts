/** The look of a sidebar row; the current page (aria-current) is tinted with the brand colour. */
export const sidebarLinkClass =
  'flex h-9 items-center gap-3 rounded-lg px-3 text-sm font-medium text-foreground/80 transition-colors hover:bg-muted hover:text-foreground aria-[current=page]:bg-primary/10 aria-[current=page]:font-semibold aria-[current=page]:text-accent-foreground [&_svg]:size-[1.125rem] [&_svg]:shrink-0';

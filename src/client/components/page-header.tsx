import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * The head of a page: its icon on a coloured tile, the page's title (h1#page-title, which the page's section is
 * labelled by) and a short line under it, with the page's own actions at the end. The page sets the space below it.
 */
export function PageHeader({
  icon: Icon,
  title,
  description,
  actions,
  tileClassName = 'bg-primary/12 text-primary',
  className,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  actions?: ReactNode;
  /** The tile's colours. */
  tileClassName?: string;
  className?: string;
}) {
  return (
    <header className={cn('flex flex-wrap items-center gap-4', className)}>
      <span aria-hidden="true" className={cn('flex size-12 shrink-0 items-center justify-center rounded-2xl md:size-14', tileClassName)}>
        <Icon className="size-6 md:size-7" strokeWidth={2.25} />
      </span>
      <div className="min-w-0 flex-1">
        <h1 id="page-title" className="text-2xl font-extrabold tracking-tight md:text-3xl">
          {title}
        </h1>
        <p className="mt-0.5 text-sm text-muted-foreground md:text-base">{description}</p>
      </div>
      {actions}
    </header>
  );
}

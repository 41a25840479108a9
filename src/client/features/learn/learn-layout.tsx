import type { ReactNode } from 'react';
import { Skeleton } from '../../components/ui/skeleton';

/** The path while it loads: a unit header and a few lesson nodes in outline. */
export function PathSkeleton() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 md:px-8 md:py-10" data-testid="learn-loading">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="mt-3 h-8 w-56" />
      <Skeleton className="mt-8 h-28 w-full rounded-2xl" />
      <div className="mt-8 flex flex-col items-center gap-6">
        {[0, 40, 70, 40, 0].map((offset, index) => (
          <Skeleton key={index} className="size-16 rounded-full" style={{ transform: `translateX(${offset}px)` }} />
        ))}
      </div>
    </div>
  );
}

/** A centred message in a card: a load failure, an empty path. */
export function Notice({
  icon,
  title,
  description,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <section
      data-testid={testId}
      className="mx-auto my-10 flex w-[calc(100%-2rem)] max-w-xl flex-col items-center rounded-2xl border border-border bg-card px-6 py-10 text-center shadow-sm md:my-16"
    >
      {icon}
      <h1 className="mt-5 text-xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{description}</p>
      {children}
    </section>
  );
}

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

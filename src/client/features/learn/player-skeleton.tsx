import { Skeleton } from '../../components/ui/skeleton';

/** The player while its lesson loads (or its run is being finished). */
export function PlayerSkeleton() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:px-8" data-testid="lesson-loading">
      <div className="flex items-center gap-3">
        <Skeleton className="size-9 rounded-lg" />
        <Skeleton className="h-3.5 flex-1 rounded-full" />
        <Skeleton className="h-6 w-12" />
      </div>
      <Skeleton className="mt-10 h-4 w-40" />
      <Skeleton className="mt-4 h-8 w-4/5" />
      <div className="mt-8 grid gap-3">
        {[0, 1, 2, 3].map((slot) => (
          <Skeleton key={slot} className="h-14 w-full rounded-xl" />
        ))}
      </div>
    </div>
  );
}

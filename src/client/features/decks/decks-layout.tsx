import { Skeleton } from '../../components/ui/skeleton';

/** The tab while its decks load: the header and two deck tiles in outline. */
export function DecksSkeleton() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 md:px-8 md:py-10" data-testid="decks-loading">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="mt-3 h-8 w-56" />
      <div className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-2">
        {[0, 1].map((index) => (
          <div key={index} className="rounded-2xl border border-border bg-card p-5">
            <div className="flex gap-3">
              <Skeleton className="size-11 rounded-xl" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-4 w-1/3" />
              </div>
            </div>
            <Skeleton className="mt-6 h-7 w-3/4 rounded-full" />
            <Skeleton className="mt-4 h-2 w-full rounded-full" />
            <Skeleton className="mt-6 h-10 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { BRAND_NAME, BrandMark } from '../../components/ui/brand-logo';
import { Skeleton } from '../../components/ui/skeleton';

/**
 * The shell's frame — sidebar on large screens, header, the page's place — as HTML in the app page itself (issue 21:
 * "the signed-in shell streams its frame before data arrives"). scripts/prerender.mjs makes it per language at build
 * time, the server puts it into #root of a signed-in page, and the app's first render replaces it. On a phone on a
 * slow network that is the frame at once instead of a blank screen for the seconds its scripts take. The layout is
 * the shell's own (shell-layout.tsx) in CSS breakpoints, since no script has measured the screen yet.
 */
export function AppFrame() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-full" aria-busy="true" data-testid="app-frame">
      <aside className="sticky top-0 hidden h-dvh w-72 shrink-0 border-r border-border bg-sidebar lg:block">
        <div className="flex h-16 items-center gap-2.5 px-4 text-lg font-extrabold tracking-tight">
          <BrandMark />
          <span>{BRAND_NAME}</span>
        </div>
        <div className="space-y-2 px-3 pt-2">
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <Skeleton key={row} className="h-9 w-full rounded-lg" />
          ))}
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-border bg-background/90 px-2 md:h-16 md:px-4 lg:px-6">
          <span className="flex size-9 items-center justify-center lg:hidden">
            <BrandMark />
          </span>
          <div className="ml-auto flex items-center gap-2">
            {[0, 1, 2, 3].map((slot) => (
              <Skeleton key={slot} className="h-7 w-11 rounded-lg" />
            ))}
          </div>
        </header>
        <div className="flex-1 space-y-4 p-4 md:p-6">
          <span role="status" className="sr-only">
            {t('loading')}
          </span>
          <Skeleton className="h-8 w-48" />
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {[0, 1, 2].map((card) => (
              <Skeleton key={card} className="h-36 rounded-2xl" />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

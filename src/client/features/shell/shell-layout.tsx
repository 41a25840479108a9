import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '../../components/ui/loading-overlay';
import { SkipLink } from '../../components/ui/skip-link';
import { TooltipProvider } from '../../components/ui/tooltip';
import { sessionQueryOptions } from '../../lib/session';
import { cn } from '../../lib/cn';
import { useTRPC } from '../../lib/trpc';
import { useKeepStudyAddress } from '../../lib/use-study-file';
import { AppHeader } from './app-header';
import { BottomBar } from './bottom-bar';
import { MobileDrawer } from './mobile-drawer';
import { MobileTopBar } from './mobile-top-bar';
import { OfflineBanner } from './offline-banner';
import { showsBottomBar } from './route-visibility';
import type { ShareActionRenderer } from './shared-file-context';
import { SidebarContent, type SidebarCourses } from './sidebar';
import { LARGE_UP, MEDIUM_UP, useMediaQuery } from './use-media-query';
import { useNavigationLoadingOverlay } from './use-navigation-loading-overlay';
import { useSettleUserLocale } from './use-user-locale';
import { publicConfigQuery } from './user-menu';

/**
 * The frame around every app page (spec §2): sidebar (a drawer below the large breakpoint), header on medium and
 * larger screens, the compact top bar and bottom tab bar on phones, and the page in <main id="main">.
 */
export function ShellLayout({ children, shareAction, ...courses }: SidebarCourses & { children: ReactNode; shareAction?: ShareActionRenderer }) {
  const { t } = useTranslation('shell');
  const trpc = useTRPC();
  const session = useQuery(sessionQueryOptions);
  const href = useRouterState({ select: (state) => state.location.href });
  const medium = useMediaQuery(MEDIUM_UP);
  const large = useMediaQuery(LARGE_UP);
  // The drawer belongs to the page it was opened on: navigating anywhere (links, back button) closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const signedIn = Boolean(session.data);
  const bottomBar = signedIn && !medium && showsBottomBar(href);

  usePrefetchQuery(publicConfigQuery(trpc));
  useSettleUserLocale(session.data?.user.id);
  useNavigationLoadingOverlay();
  useKeepStudyAddress(signedIn);

  const sidebarProps = { ...courses, session: session.data, sessionPending: session.isPending };
  const openDrawer = () => setDrawerOpenOn(href);
  return (
    <TooltipProvider delayDuration={250}>
      <SkipLink>{t('skipToContent')}</SkipLink>
      <div className="flex min-h-full">
        {large && (
          <aside data-testid="sidebar" className="sticky top-0 h-dvh w-72 shrink-0 border-r border-border bg-sidebar">
            <SidebarContent {...sidebarProps} />
          </aside>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          {medium ? (
            <AppHeader signedIn={signedIn} onOpenMenu={large ? undefined : openDrawer} shareAction={shareAction} />
          ) : (
            <MobileTopBar signedIn={signedIn} visitor={!signedIn && !session.isPending} onOpenMenu={openDrawer} />
          )}
          <div className="relative flex flex-1 flex-col">
            {/* The bar is h-16 above the home indicator: the page's end stays clear of it, with a little air. */}
            <main id="main" tabIndex={-1} className={cn('flex-1 focus:outline-none', bottomBar && 'pb-[calc(5rem+env(safe-area-inset-bottom))]')}>
              <OfflineBanner userId={session.data?.user.id} />
              {children}
            </main>
            {/* Above the bottom bar, so a skeleton's lower edge (the chat input) stays in view. */}
            <LoadingOverlay className={cn(bottomBar && 'bottom-16')} />
          </div>
        </div>
      </div>
      {bottomBar && <BottomBar />}
      {!large && (
        <MobileDrawer open={drawerOpenOn === href} onOpenChange={(open) => setDrawerOpenOn(open ? href : null)}>
          <SidebarContent {...sidebarProps} onClose={() => setDrawerOpenOn(null)} />
        </MobileDrawer>
      )}
    </TooltipProvider>
  );
}

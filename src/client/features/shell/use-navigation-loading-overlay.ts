import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { closeLoadingOverlay, LOADING_OVERLAY_TIMEOUT_MS, openLoadingOverlay } from '../../components/ui/loading-overlay-store';
import { loadingOverlayTypeFor } from './route-visibility';

/** A navigation quicker than this never shows the overlay, so fast tab switches do not flash a skeleton. */
const SHOW_AFTER_MS = 150;

/**
 * While the router is pending on a study tab (however it was reached: header tabs, bottom bar, a link), show that
 * tab's skeleton. It closes when the page has loaded, and after 5 s at the latest (spec §4 "Navigation loading
 * state clears after 5 s").
 */
export function useNavigationLoadingOverlay() {
  const pendingType = useRouterState({
    select: (state) => (state.status === 'pending' ? loadingOverlayTypeFor(state.location.pathname) : null),
  });

  useEffect(() => {
    if (!pendingType) return;
    let openedId: number | undefined;
    const timer = setTimeout(() => {
      openedId = openLoadingOverlay(pendingType, { autoCloseMs: LOADING_OVERLAY_TIMEOUT_MS - SHOW_AFTER_MS });
    }, SHOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      if (openedId !== undefined) closeLoadingOverlay(openedId);
    };
  }, [pendingType]);
}

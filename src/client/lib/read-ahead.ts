import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/**
 * A page's heavy part — a study tab's view, the lesson player — as a lazy component whose chunk starts loading as soon
 * as the page's own module loads, not when the page first renders. The page's module loads with its route, which the
 * router also loads ahead when a link to it is hovered or touched (`defaultPreload: 'intent'`) or, for the path's next
 * lesson, scrolled into view; so the view is usually in by the time the student opens it. A read-ahead that failed
 * (offline, a new build) is asked again when the component renders, which shows that failure as any lazy part does.
 */
export function lazyReadAhead<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>): LazyExoticComponent<ComponentType<Props>> {
  const ahead = load();
  // Nobody may be waiting for it yet: never an unhandled rejection.
  ahead.catch(() => undefined);
  return lazy(() => ahead.catch(load));
}

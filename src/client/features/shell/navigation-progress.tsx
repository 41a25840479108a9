import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/**
 * The thin bar at the top of spec §2 "Loading" while the router is pending: it creeps towards 90 % (the remaining
 * time is unknown), then fills and fades once the page is there. Animated with the Web Animations API so a new
 * navigation restarts it from zero.
 */
export function NavigationProgress() {
  const pending = useRouterState({ select: (state) => state.status === 'pending' });
  const bar = useRef<HTMLDivElement>(null);
  const wasPending = useRef(false);

  useEffect(() => {
    const element = bar.current;
    if (!element || typeof element.animate !== 'function') return;
    if (pending) {
      element.animate(
        [
          { transform: 'scaleX(0)', opacity: 1 },
          { transform: 'scaleX(0.9)', opacity: 1 },
        ],
        { duration: 8_000, easing: 'cubic-bezier(0.1, 0.7, 0.2, 1)', fill: 'forwards' },
      );
    } else if (wasPending.current) {
      element.animate([{ transform: 'scaleX(1)', opacity: 1, offset: 0.4 }, { transform: 'scaleX(1)', opacity: 0 }], {
        duration: 450,
        easing: 'ease-out',
        fill: 'forwards',
      });
    }
    wasPending.current = pending;
  }, [pending]);

  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px]">
      {/* The resting transform is inline: Tailwind's scale utilities use the separate `scale` property, which would
          multiply with the animated transform and keep the bar at zero. */}
      <div ref={bar} style={{ transform: 'scaleX(0)' }} className="h-full origin-left bg-primary shadow-[0_0_8px_var(--color-primary)]" />
    </div>
  );
}

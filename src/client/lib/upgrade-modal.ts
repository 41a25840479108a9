import { useSyncExternalStore } from 'react';

/**
 * Whether the upgrade/trial modal of spec §2 is open. The modal lives in the billing feature and is mounted once in the
 * app layout; any page (the chat limit, the out-of-hearts dialog, the billing view) opens it through this tiny module
 * store, since features do not import each other.
 */

/** What led to the opening, so the modal can say why the person sees it. */
export type UpgradeReason = 'chatLimit' | 'hearts' | 'upgrade';

export interface UpgradeModalState {
  /** A new number for each opening: the modal's choices start afresh every time. */
  openingId: number;
  reason: UpgradeReason;
}

let current: UpgradeModalState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(state: UpgradeModalState | null) {
  current = state;
  for (const listener of listeners) listener();
}

export function openUpgradeModal(reason: UpgradeReason = 'upgrade'): void {
  publish({ openingId: nextId++, reason });
}

export function closeUpgradeModal(): void {
  if (current) publish(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useUpgradeModalState(): UpgradeModalState | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** `useUpgradeModal().open('chatLimit')` from anywhere inside the app layout. */
export function useUpgradeModal() {
  return { open: openUpgradeModal, close: closeUpgradeModal };
}

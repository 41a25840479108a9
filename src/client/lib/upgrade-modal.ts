import { createModuleStore } from './module-store';

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

const store = createModuleStore<UpgradeModalState | null>(null);
let nextId = 1;

export function openUpgradeModal(reason: UpgradeReason = 'upgrade'): void {
  store.set({ openingId: nextId++, reason });
}

export function closeUpgradeModal(): void {
  if (store.get()) store.set(null);
}

export function useUpgradeModalState(): UpgradeModalState | null {
  return store.useValue();
}

/** `useUpgradeModal().open('chatLimit')` from anywhere inside the app layout. */
export function useUpgradeModal() {
  return { open: openUpgradeModal, close: closeUpgradeModal };
}

import { createModuleStore } from '../../lib/module-store';

/**
 * The one loading overlay of the app (spec §2 "Loading"). A tiny module store rather than React context, so a page,
 * a mutation callback or the router wiring can open it without being inside a particular provider.
 */

export type LoadingOverlayType = 'chat' | 'mindmap' | 'summary' | 'default';

/** Spec §9 "skeleton 5 s": the close button appears after it, and a navigation's overlay closes itself by then. */
export const LOADING_OVERLAY_TIMEOUT_MS = 5_000;

export interface LoadingOverlayState {
  /** Identifies one opening, so a caller closes only the overlay it opened. */
  id: number;
  type: LoadingOverlayType;
  /** Closes by itself after this long; null keeps it until closed (by its opener, Escape or the close button). */
  autoCloseMs: number | null;
}

const store = createModuleStore<LoadingOverlayState | null>(null);
let nextId = 1;

/** Opens the overlay, replacing any open one, and returns the id to close it with. */
export function openLoadingOverlay(type: LoadingOverlayType, options: { autoCloseMs?: number | null } = {}): number {
  const id = nextId++;
  store.set({ id, type, autoCloseMs: options.autoCloseMs ?? null });
  return id;
}

/** Closes the overlay; with an id, only if that opening is still the one shown. */
export function closeLoadingOverlay(id?: number): void {
  const current = store.get();
  if (!current || (id !== undefined && current.id !== id)) return;
  store.set(null);
}

export function useLoadingOverlayState(): LoadingOverlayState | null {
  return store.useValue();
}

import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '../../../shared/theme-boot';

/**
 * Light, dark or follow the system: remembered on this device and applied as the `dark` class on <html>, which the
 * tokens in styles.css switch on.
 */
export type ThemePreference = 'light' | 'dark' | 'system';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

const STORAGE_KEY = THEME_STORAGE_KEY;
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

export function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

function readPreference(): ThemePreference {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isThemePreference(stored) ? stored : 'system';
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

function resolve(preference: ThemePreference): 'light' | 'dark' {
  if (preference === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return preference;
}

function apply() {
  document.documentElement.classList.toggle('dark', resolve(readPreference()) === 'dark');
  for (const listener of listeners) listener();
}

/** Applies the remembered theme and follows system changes; called once before the first render. */
export function startTheme(): void {
  // Prerendering at build time (src/client/prerender.tsx) runs this module where there is no page to theme.
  if (typeof document === 'undefined') return;
  apply();
  if (typeof window.matchMedia === 'function') window.matchMedia(DARK_QUERY).addEventListener('change', apply);
}

export function setThemePreference(preference: ThemePreference): void {
  localStorage.setItem(STORAGE_KEY, preference);
  apply();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, readPreference, () => 'system');
}

/** The theme actually shown, for widgets (toasts) that style themselves. */
export function useResolvedTheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    subscribe,
    () => resolve(readPreference()),
    () => 'light',
  );
}

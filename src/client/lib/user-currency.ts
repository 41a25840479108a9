import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { type Currency, DEFAULT_CURRENCY, isCurrency, USER_CURRENCY_STORAGE_KEY } from '../../shared/currency';
import { useTRPC } from './trpc';

/**
 * The currency prices are shown in (spec §3: stored locally as `userCurrency`; spec §9: detected from the country,
 * usd when that fails). One store for the settings' currency choice and every price on screen, so a change shows at
 * once everywhere; the server keeps the choice on the user too (user.setCurrency), for checkout and other devices.
 */
const listeners = new Set<() => void>();
/** The last choice of this page, only for browsers that refuse localStorage. */
let memory: Currency | null = null;

function readStoredCurrency(): Currency | null {
  try {
    const stored = localStorage.getItem(USER_CURRENCY_STORAGE_KEY);
    return isCurrency(stored) ? stored : null;
  } catch {
    return memory;
  }
}

function storeCurrency(currency: Currency): void {
  try {
    localStorage.setItem(USER_CURRENCY_STORAGE_KEY, currency);
  } catch {
    // Storage blocked: the choice still holds on the server, and in this page's memory.
    memory = currency;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === USER_CURRENCY_STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The user's currency and the way to change it. Nothing stored yet: the server detects one from the request's
 * country once (user.detectCurrency answers usd when it cannot tell), and the answer is stored here.
 */
export function useUserCurrency(): {
  currency: Currency;
  detecting: boolean;
  chooseCurrency: (currency: Currency, options?: { onError?: () => void }) => void;
} {
  const trpc = useTRPC();
  const stored = useSyncExternalStore(subscribe, readStoredCurrency, () => null);
  const detection = useQuery({ ...trpc.user.detectCurrency.queryOptions(), enabled: stored === null, staleTime: Infinity, retry: false });
  const detected = detection.data?.currency;
  useEffect(() => {
    if (stored === null && isCurrency(detected)) storeCurrency(detected);
  }, [stored, detected]);
  const save = useMutation(trpc.user.setCurrency.mutationOptions());

  return {
    currency: stored ?? (isCurrency(detected) ? detected : DEFAULT_CURRENCY),
    detecting: stored === null && detection.isPending,
    chooseCurrency: (currency, options) => {
      storeCurrency(currency);
      save.mutate({ currency }, { onError: options?.onError });
    },
  };
}

import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { createAppRouter } from './router';

export interface AppClients {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** The whole app: rendered in the browser by main.tsx, and to HTML at build time by prerender.tsx (the same tree). */
export function App({ queryClient, router }: AppClients) {
  // Says the page runs — drawn or taken over from the prerendered HTML — for tests and tools that wait for it.
  useEffect(() => {
    document.documentElement.dataset.app = 'live';
  }, []);
  return (
    // The texts need no provider: lib/i18n.ts registers its instance with react-i18next (initReactI18next).
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

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
  // Says the page runs — drawn or taken over from the prerendered HTML — for tests and tools that wait for it. A page
  // rendered on the server is inert until then (server/http/app-page.ts): its controls would not yet do anything, and
  // what was typed into them would be lost when the app draws its own.
  useEffect(() => {
    document.documentElement.dataset.app = 'live';
    document.getElementById('root')?.removeAttribute('inert');
  }, []);
  return (
    // The texts need no provider: lib/i18n.ts registers its instance with react-i18next (initReactI18next).
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

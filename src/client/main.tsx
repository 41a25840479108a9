import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { config as zodConfig } from 'zod/v4/core';
import { i18n, i18nReady } from './lib/i18n';
import { createQueryClient, createTrpcClient, TRPCProvider } from './lib/trpc';
import { createAppRouter } from './router';
import './styles.css';

// The CSP allows no eval (script-src 'self'): without this, zod probes `new Function` to compile its object parsers, and
// the browser reports the refused probe as a policy violation on every page with a form.
zodConfig({ jitless: true });

function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  const [router] = useState(() => createAppRouter({ queryClient, trpcClient }));
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
// At once for English; for German once its chunk is in (the page would otherwise suspend on every text).
void i18nReady.finally(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './lib/i18n';
import { createQueryClient, createTrpcClient, TRPCProvider } from './lib/trpc';
import { createAppRouter } from './router';
import './styles.css';

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
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

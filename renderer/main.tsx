// The renderer's entry: one react-query client for server state (read through window.station) and the app shell.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { printRouteFromQuery } from '../contract/documents.ts';
import { App } from './app/App.tsx';
import { PrintRoute } from './documents/PrintRoute.tsx';

// The CSP forbids eval: zod must not try its compiled fast path (the attempt alone is a CSP violation report).
z.config({ jitless: true });

// The bridge answers at once and says why it failed; retrying a refusal only delays the message a person needs.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 },
    mutations: { retry: false },
  },
});

// The print-only route (`?document=…&ticket=…`): one document main prepared, no app chrome (tests render it to PDF).
const printed = printRouteFromQuery(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {printed ? <PrintRoute request={printed} /> : <App />}
    </QueryClientProvider>
  </StrictMode>,
);

import './lib/zod-jitless';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './app.css';
import { ErrorBoundary } from './components/error-boundary';
import { LazyToaster } from './components/ui/lazy-toaster';
import { prefetchMe } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import { createRouter } from './app/routes';

const queryClient = createQueryClient();
prefetchMe(queryClient);
const router = createRouter();

const root = createRoot(document.getElementById('root')!);
// A transition lets React render the first screen in slices, yielding to the browser between them, instead of
// one long task (Total Blocking Time).
startTransition(() =>
  root.render(
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <LazyToaster />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>,
  ),
);

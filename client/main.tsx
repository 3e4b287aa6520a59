import './lib/zod-jitless';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './app.css';
import { ErrorBoundary } from './components/error-boundary';
import { LazyToaster } from './components/ui/lazy-toaster';
import { createQueryClient } from './lib/query-client';
import { createRouter } from './router';

const queryClient = createQueryClient();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <LazyToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);

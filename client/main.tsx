import './lib/zod-jitless';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './app.css';
import { ErrorBoundary } from './components/error-boundary';
import { LazyToaster } from './components/ui/lazy-toaster';
import { assumeGuestIfServerSaw, prefetchMe } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import { createRouter } from './app/routes';

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
prefetchMe(queryClient);
assumeGuestIfServerSaw(queryClient, container);
const router = createRouter();

const root = createRoot(container);
// A transition lets React render the first screen in slices, yielding to the browser between them, instead of
// one long task (Total Blocking Time).
const render = () =>
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

// The first render waits for the first page's code (every route is lazy): until then the server's HTML (the
// header, a guest's landing hero) stays on screen, where React would put its loading fallback in its place.
if (router.state.initialized) render();
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    render();
  });
}

import { lazy, Suspense, useEffect } from 'react';
import { useToasts } from './use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/**
 * The toast layer, loaded after first paint (it is not needed to show a page): the first toast, or the browser's
 * first idle moment, brings its code in. Keeps the initial script small.
 */
export function LazyToaster() {
  const toasts = useToasts();
  useEffect(() => {
    const preload = () => void loadToaster();
    if ('requestIdleCallback' in window) window.requestIdleCallback(preload);
    else setTimeout(preload, 200);
  }, []);
  if (!toasts.length) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

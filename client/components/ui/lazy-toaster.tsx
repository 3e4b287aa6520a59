import { lazy, Suspense, useEffect } from 'react';
import { useToasts } from './use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/**
 * The toast layer, loaded after first paint (it is not needed to show a page): the first toast, or the first
 * pointer or key press (toasts answer what people do), brings its code in. A visit that only reads never loads
 * it, which keeps the initial script on `/` within its budget.
 */
export function LazyToaster() {
  const toasts = useToasts();
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const preload = () => {
      events.forEach((name) => window.removeEventListener(name, preload, true));
      void loadToaster();
    };
    events.forEach((name) => window.addEventListener(name, preload, { capture: true, passive: true }));
    return () => events.forEach((name) => window.removeEventListener(name, preload, true));
  }, []);
  if (!toasts.length) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

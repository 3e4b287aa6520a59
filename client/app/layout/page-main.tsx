import type { ReactNode } from 'react';

/**
 * Where every page goes. At least a screen tall, so the footer starts below the fold: a page that fills in after
 * a spinner does not push a visible footer down (a layout shift). The landing hero the server sends a guest is
 * rendered inside it too (client/app/static-html.tsx), so both stand in the same place.
 */
export function PageMain({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="min-h-screen flex-1" tabIndex={-1}>
      {children}
    </main>
  );
}

import { useEffect } from 'react';

export const SITE_NAME = 'Luthier Registry';

/** Sets the tab title to "{title} · Luthier Registry" while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title
      ? `${title} · ${SITE_NAME}`
      : `${SITE_NAME} — The living registry for handmade instruments`;
  }, [title]);
}

import { useEffect, useRef, useState } from 'react';

/**
 * After Previous or Next, the new page's results replace the old ones while focus would stay on the pager at the
 * bottom (or fall to the page when Next becomes disabled): once the new page is on screen, focus moves to the
 * results' count (give it tabIndex={-1}), which is scrolled to, and `announcement` says the page ("Page 2 of 5")
 * for a polite live region. Only a pager press moves focus; a filter change or Back in the browser does not.
 *
 * `settled` says that the results on screen are the current page's (not the previous page kept while loading).
 */
export function usePagerFocus(page: number, settled: boolean, pageLabel: string) {
  const target = useRef<HTMLParagraphElement>(null);
  const pending = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (pending.current !== page || !settled) return;
    pending.current = null;
    const el = target.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    // jsdom has no scrollIntoView; browsers do.
    if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'start' });
    setAnnouncement(pageLabel);
  }, [page, settled, pageLabel]);

  return {
    target,
    announcement,
    /** Call with the page a pager button asks for, before the URL changes. */
    turnTo: (next: number) => {
      pending.current = next;
      setAnnouncement('');
    },
  };
}

import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export interface UrlFilterOptions {
  /** A value equal to its key's default is left out of the URL (e.g. `sort: 'newest'`, `type: 'all'`). */
  defaults?: Record<string, string>;
  /** Keys whose change keeps the current page (paging itself always does); any other change goes back to page 1. */
  keepPage?: string[];
  /** `push` makes each change a history entry so Back and Forward step through them; `replace` does not. */
  history?: 'push' | 'replace';
}

/**
 * A search page's filters, sort and page kept in the URL. `update` applies several changes at once; two quick
 * updates before a re-render both apply (the latest parameters are kept, not those of the last render).
 */
export function useUrlFilters({ defaults = {}, keepPage = [], history = 'push' }: UrlFilterOptions = {}) {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(changes)) {
      if (!value || defaults[key] === value || (key === 'page' && value === '1')) next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes) && !keepPage.some((key) => key in changes)) next.delete('page');
    latest.current = next;
    setParams(next, { replace: history === 'replace' });
  };
  return { params, update };
}

/**
 * A search box that applies its text `delayMs` after the last keystroke. `draft` follows the applied value when
 * it changes from elsewhere (Back, a removed chip); `cancel` drops a pending apply (Clear All).
 */
export function useDebouncedInput(value: string, apply: (value: string) => void, delayMs: number) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const type = (next: string) => {
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next), delayMs);
  };
  const cancel = () => clearTimeout(timer.current);
  return { draft, setDraft, type, cancel };
}

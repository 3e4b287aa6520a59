import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  HANDLE_CACHE_MS,
  HANDLE_CHECK_DELAY_MS,
  HANDLE_MAX,
  HANDLE_MIN,
  normalizeHandle,
  type HandleKind,
} from '../../contract/handles';
import { apiKey, apiQuery } from './api-client';

export type HandleStatus = 'short' | 'checking' | 'available' | 'invalid' | 'taken' | 'error';

/**
 * The handle as it is typed: accents removed, lower case, every run of other characters one hyphen, no
 * hyphen at the start. A hyphen at the end stays while typing (the next word follows it); the handle that is
 * checked and claimed is `normalizeHandle` of this, which trims it.
 */
export function typedHandle(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, HANDLE_MAX + 1);
}

export const handleCheckKey = (kind: HandleKind, slug: string) =>
  apiKey('GET /api/slug/check', { query: { kind, slug } });

/** Live availability: checked at 3+ characters after a 300 ms pause; answers are cached 5 s. */
export function useHandleCheck(value: string, kind: HandleKind) {
  const hasBadCharacters = /[^a-z0-9-]/.test(value);
  const handle = normalizeHandle(value);
  const [debounced, setDebounced] = useState(handle);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(handle), HANDLE_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [handle]);
  const checkable = !hasBadCharacters && handle.length >= HANDLE_MIN;
  const query = useQuery({
    ...apiQuery('GET /api/slug/check', { query: { kind, slug: debounced } }),
    enabled: checkable && debounced === handle,
    staleTime: HANDLE_CACHE_MS,
    gcTime: HANDLE_CACHE_MS,
    retry: false,
    placeholderData: keepPreviousData,
  });
  let status: HandleStatus;
  if (hasBadCharacters) status = 'invalid';
  else if (handle.length < HANDLE_MIN) status = 'short';
  else if (debounced !== handle || query.isFetching || (!query.data && !query.error)) status = 'checking';
  else if (query.error) status = 'error';
  else if (query.data?.ok) status = 'available';
  else status = query.data?.reason === 'invalid' ? 'invalid' : 'taken';
  const suggestions = status === 'short' ? [] : (query.data?.suggestions ?? []);
  return { handle, status, suggestions };
}

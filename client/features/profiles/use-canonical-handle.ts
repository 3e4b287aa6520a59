import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A renamed handle's old address: the server follows the rename (a 301, for 180 days), so the page loads the
 * person under their new handle; the address bar is then set to the new one, as a reload would show it.
 */
export function useCanonicalHandle(prefix: '/u/' | '/l/', requested: string, actual: string | undefined) {
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  useEffect(() => {
    if (actual && actual !== requested)
      void navigate(`${prefix}${encodeURIComponent(actual)}${search}${hash}`, { replace: true });
  }, [prefix, requested, actual, search, hash, navigate]);
}

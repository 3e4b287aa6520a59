import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useShopProfile } from '../features/profiles/api';
import { ProfileNotFound } from '../features/profiles/profile-parts';
import { useCanonicalHandle } from '../features/profiles/use-canonical-handle';
import { ShopProfileView } from '../features/profiles/shop-profile';
import { useDocumentTitle } from '../lib/use-document-title';

export function ShopProfilePage() {
  const { slug = '' } = useParams();
  const { data: fresh, isLoading, error } = useShopProfile(slug);
  // TanStack Query hands results over as synchronous updates; deferred, the page renders in slices.
  const data = useDeferredValue(fresh);
  useCanonicalHandle('/l/', slug, fresh?.slug);
  useDocumentTitle(fresh ? fresh.name : error ? 'Shop Not Found' : undefined);
  if (error || (!isLoading && !fresh))
    return (
      <ProfileNotFound title="Shop Not Found" text="This luthier shop doesn't exist or is not published." />
    );
  if (!data) return <Spinner />;
  return <ShopProfileView shop={data} />;
}

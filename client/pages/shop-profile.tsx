import { useParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useShopProfile } from '../features/profiles/api';
import { ProfileNotFound } from '../features/profiles/profile-parts';
import { ShopProfileView } from '../features/profiles/shop-profile';
import { useDocumentTitle } from '../lib/use-document-title';

export function ShopProfilePage() {
  const { slug = '' } = useParams();
  const { data, isLoading, error } = useShopProfile(slug);
  useDocumentTitle(data ? data.name : error ? 'Shop Not Found' : undefined);
  if (isLoading) return <Spinner />;
  if (error || !data)
    return (
      <ProfileNotFound title="Shop Not Found" text="This luthier shop doesn't exist or is not published." />
    );
  return <ShopProfileView shop={data} />;
}

import { useParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useUserProfile } from '../features/profiles/api';
import { ProfileNotFound } from '../features/profiles/profile-parts';
import { UserProfileView } from '../features/profiles/user-profile';
import { useDocumentTitle } from '../lib/use-document-title';

export function UserProfilePage() {
  const { slug = '' } = useParams();
  const { data, isLoading, error } = useUserProfile(slug);
  useDocumentTitle(data ? data.displayName || 'Anonymous User' : error ? 'Profile Not Found' : undefined);
  if (isLoading) return <Spinner />;
  if (error || !data)
    return (
      <ProfileNotFound title="Profile Not Found" text="This profile doesn't exist or has been removed." />
    );
  return <UserProfileView profile={data} />;
}

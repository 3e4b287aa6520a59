import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useUserProfile } from '../features/profiles/api';
import { ProfileNotFound } from '../features/profiles/profile-parts';
import { useCanonicalHandle } from '../features/profiles/use-canonical-handle';
import { UserProfileView } from '../features/profiles/user-profile';
import { useDocumentTitle } from '../lib/use-document-title';

export function UserProfilePage() {
  const { slug = '' } = useParams();
  const { data: fresh, isLoading, error } = useUserProfile(slug);
  // TanStack Query hands results over as synchronous updates; deferred, the page renders in slices.
  const data = useDeferredValue(fresh);
  useCanonicalHandle('/u/', slug, fresh?.slug);
  useDocumentTitle(fresh ? fresh.displayName || 'Anonymous User' : error ? 'Profile Not Found' : undefined);
  if (error || (!isLoading && !fresh))
    return (
      <ProfileNotFound title="Profile Not Found" text="This profile doesn't exist or has been removed." />
    );
  if (!data) return <Spinner />;
  return <UserProfileView profile={data} />;
}

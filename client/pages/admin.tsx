import { Spinner } from '../components/ui/spinner';
import { AdminQueuePanel } from '../features/admin/admin-queue';
import { ContactMessagesPanel } from '../features/admin/contact-messages';
import { CourseReportsPanel } from '../features/authoring/course-reports-admin';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/admin`: verification queue and contact messages, for admins only (the server enforces it too). */
export function AdminPage() {
  useDocumentTitle('Admin');
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner />;
  // The route guard shows guests the sign-in prompt; this page renders only for a signed-in person.
  if (!user) return null;
  if (user.role !== 'admin')
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="font-serif text-3xl font-bold text-wood-900">Admin</h1>
        <p className="mt-3 text-stone-700">This page is for registry administrators.</p>
      </div>
    );
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Verification queue</h1>
      <p className="mt-2 text-stone-700">
        Mark shops and instruments Verified once their maker and provenance are confirmed.
      </p>
      <div className="mt-6">
        <AdminQueuePanel />
      </div>
      <ContactMessagesPanel />
      <CourseReportsPanel />
    </div>
  );
}

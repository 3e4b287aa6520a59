import { Spinner } from '../components/ui/spinner';
import { AdminQueuePanel } from '../features/admin/admin-queue';
import { SignInPrompt } from '../features/registry/sign-in-prompt';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/admin`: verification queue, for admins only (the server enforces it too). */
export function AdminPage() {
  useDocumentTitle('Admin');
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner />;
  if (!user) return <SignInPrompt title="Admin" text="Sign in with an admin account." />;
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
    </div>
  );
}

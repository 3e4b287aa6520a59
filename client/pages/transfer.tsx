import { Link, useParams } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useTransfer } from '../features/registry/api';
import { TransferItem } from '../features/registry/transfer-item';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/transfers/:id`: the mailed link; the recipient accepts or declines, the sender may cancel. */
export function TransferPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useAuth();
  const query = useTransfer(id, Boolean(user));
  useDocumentTitle('Ownership transfer');
  if (isLoading) return <Spinner />;
  // The route guard shows guests the sign-in prompt; this page renders only for a signed-in person.
  if (!user) return null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Ownership transfer</h1>
      <div className="mt-6">
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <p role="alert" className="rounded-lg border border-stone-200 bg-white p-6 text-stone-700">
            This transfer does not exist or is not addressed to you.
          </p>
        ) : (
          <TransferItem transfer={query.data} headingLevel={2} />
        )}
      </div>
      <Link to="/dashboard" className={`${buttonClasses('outline')} mt-6`}>
        Go to your dashboard
      </Link>
    </div>
  );
}

import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { resendVerification } from '../features/auth/verify-email';
import { Button, buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useTransfer } from '../features/registry/api';
import { TransferItem } from '../features/registry/transfer-item';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * An offer made to an email address reaches only an account that confirmed that address: until then the page
 * says so, instead of "not addressed to you", and offers a new link.
 */
function ConfirmToAnswer({ email }: { email: string }) {
  const resend = useMutation({ mutationFn: resendVerification });
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-950">
      <p className="font-semibold">Confirm your email to answer this offer.</p>
      <p className="mt-2">
        Offers sent to an email address open only for an account that confirmed it. Open the link we sent to{' '}
        <strong>{email}</strong>, then come back to this page. If the offer was sent to another address, sign
        in with that one.
      </p>
      {resend.isSuccess ? (
        <p role="status" className="mt-3">
          A new link is on its way.
        </p>
      ) : (
        <Button
          className="mt-3"
          variant="outline"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? 'Sending...' : 'Send the link again'}
        </Button>
      )}
    </div>
  );
}

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
        ) : query.isError && !user.emailVerified ? (
          <ConfirmToAnswer email={user.email} />
        ) : query.isError ? (
          <p role="alert" className="rounded-lg border border-stone-200 bg-white p-6 text-stone-700">
            This transfer does not exist or is not addressed to you.
          </p>
        ) : (
          <>
            <TransferItem transfer={query.data} headingLevel={2} />
            <p className="mt-3 text-sm text-stone-700">
              Before you answer, read the instrument’s{' '}
              <Link to={`/p/${query.data.instrument.passportCode}`} className="font-medium underline">
                public passport {query.data.instrument.passportCode}
              </Link>
              : its maker, build facts, photos and whole history.
            </p>
          </>
        )}
      </div>
      <Link to="/dashboard" className={`${buttonClasses('outline')} mt-6`}>
        Go to your dashboard
      </Link>
    </div>
  );
}

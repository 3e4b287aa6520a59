import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useOfferPreview, useTransfer } from '../features/registry/api';
import { ConfirmToAnswer, OfferPreviewCard } from '../features/registry/offer-preview';
import { TransferItem } from '../features/registry/transfer-item';
import { openAuthDialog, useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** A guest holding the mailed link: what is offered, and how to answer (sign-up returns here, not to onboarding). */
function AnswerAsGuest({ next }: { next: string }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-stone-50 p-6 text-stone-800">
      <p className="font-semibold">
        To answer, create an account with the email address this offer was sent to.
      </p>
      <p className="mt-2">
        Then confirm the address from the link we mail you, and come back to this page. Already have an
        account with that address? Sign in.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={() => openAuthDialog('signup', next)}>Create an account</Button>
        <Button variant="outline" onClick={() => openAuthDialog('signin', next)}>
          Sign in
        </Button>
      </div>
    </div>
  );
}

/**
 * `/transfers/:id`: the mailed link. Anyone holding it sees what is offered and by whom; the recipient, signed in
 * with the confirmed address it was sent to, accepts or declines; the sender may cancel.
 */
export function TransferPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useAuth();
  const canAnswer = Boolean(user?.emailVerified);
  const transfer = useTransfer(id, canAnswer);
  const preview = useOfferPreview(id);
  useDocumentTitle('Ownership transfer');
  if (isLoading) return <Spinner />;
  const previewCard = preview.isPending ? (
    <Spinner />
  ) : preview.isError ? (
    <p role="alert" className="rounded-lg border border-stone-200 bg-white p-6 text-stone-700">
      This offer does not exist. Check the link in your mail.
    </p>
  ) : (
    <OfferPreviewCard offer={preview.data} />
  );
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Ownership transfer</h1>
      <div className="mt-6 grid gap-4">
        {!user ? (
          <>
            {previewCard}
            {preview.data?.status === 'pending' && <AnswerAsGuest next={`/transfers/${id}`} />}
          </>
        ) : !canAnswer ? (
          <>
            {previewCard}
            {preview.data?.status === 'pending' && <ConfirmToAnswer email={user.email} />}
          </>
        ) : transfer.isPending ? (
          <Spinner />
        ) : transfer.isError ? (
          <p role="alert" className="rounded-lg border border-stone-200 bg-white p-6 text-stone-700">
            This transfer does not exist or is not addressed to you.
          </p>
        ) : (
          <>
            <TransferItem transfer={transfer.data} headingLevel={2} />
            <p className="text-sm text-stone-700">
              Before you answer, read the instrument’s{' '}
              <Link to={`/p/${transfer.data.instrument.passportCode}`} className="font-medium underline">
                public passport {transfer.data.instrument.passportCode}
              </Link>
              : its maker, build facts, photos and whole history.
            </p>
          </>
        )}
      </div>
      {user && (
        <Link to="/dashboard" className={`${buttonClasses('outline')} mt-6`}>
          Go to your dashboard
        </Link>
      )}
    </div>
  );
}

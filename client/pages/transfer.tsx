import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useOfferPreview, useTransfer } from '../features/registry/api';
import { OfferPreviewCard } from '../features/registry/offer-preview';
import { resendVerification } from '../features/auth/verify-email';
import { TransferItem } from '../features/registry/transfer-item';
import type { Transfer } from '../../contract/registry';
import { openAuthDialog, useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * An offer made to an email address reaches only an account that confirmed that address: until then the page
 * says so, instead of "not addressed to you", and offers a new link.
 */
export function ConfirmToAnswer({ email }: { email: string }) {
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
 * Under the offer: while it waits, where to read the passport before answering; once answered, what that
 * answer did (an accepted instrument is the recipient's now, with its page one click away).
 */
function AfterTheOffer({ transfer: t }: { transfer: Transfer }) {
  const passport = (
    <Link to={`/p/${t.instrument.passportCode}`} className="font-medium underline">
      public passport {t.instrument.passportCode}
    </Link>
  );
  if (t.status === 'pending')
    return (
      <p className="text-sm text-stone-700">
        {t.direction === 'incoming' ? 'Before you answer, read the instrument’s ' : 'The instrument’s '}
        {passport}: its maker, build facts, photos and whole history.
      </p>
    );
  if (t.status === 'accepted')
    return (
      <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950">
        {t.direction === 'incoming' ? (
          <>
            {t.instrument.name} is yours: its {passport} names you as the owner from today.{' '}
            <Link to={`/instruments/${t.instrument.id}`} className="font-medium underline">
              Open your instrument
            </Link>
          </>
        ) : (
          <>
            The recipient accepted: {t.instrument.name} has a new owner, and its {passport} says so.
          </>
        )}
      </p>
    );
  return (
    <p className="text-sm text-stone-700">
      This offer is {t.status}: nothing changed hands, and the {passport} is as it was.
    </p>
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
            <AfterTheOffer transfer={transfer.data} />
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

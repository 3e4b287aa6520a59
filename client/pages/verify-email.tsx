import { MailCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Card, CardContent, CardHeader } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { buttonClasses } from '../components/ui/button';
import { useVerifyEmail } from '../features/auth/verify-email';
import { useTransfers } from '../features/registry/api';
import { useAuth } from '../lib/auth';
import { errorText } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

/** /verify-email?token=…: the page the confirmation mail links to, for sign-up and for a change of address. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  useDocumentTitle('Confirm your email');
  const result = useVerifyEmail(token);
  const { user } = useAuth();
  // A buyer who signed up from an offer's link comes back to it: the offers this address now opens.
  const transfers = useTransfers(result.isSuccess && Boolean(user));
  const waiting = (transfers.data?.incoming ?? []).filter((t) => t.status === 'pending');
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <MailCheck className="size-8 text-wood-700" aria-hidden />
          <h1 className="font-serif text-2xl font-semibold text-wood-900">Confirm your email</h1>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!token ? (
            <p className="text-stone-700">
              This link is incomplete. Open the link in the mail we sent, or ask for a new one from the banner
              at the top of the page once you are signed in.
            </p>
          ) : result.isPending ? (
            <Spinner />
          ) : result.isSuccess ? (
            <>
              <p role="status" className="text-stone-800">
                {result.data.changed
                  ? `Your email address is now ${result.data.email}. Other devices were signed out.`
                  : `Thank you: ${result.data.email} is confirmed.`}
              </p>
              {waiting.length > 0 && (
                <ul aria-label="Offers waiting for your answer" className="grid gap-2">
                  {waiting.map((t) => (
                    <li key={t.id}>
                      <Link to={`/transfers/${t.id}`} className={buttonClasses('default')}>
                        Answer the offer of {t.instrument.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              <Link to="/dashboard" className={buttonClasses(waiting.length > 0 ? 'outline' : 'default')}>
                Go to your dashboard
              </Link>
            </>
          ) : (
            <p role="alert" className="text-stone-800">
              {errorText(
                result.error,
                'This link is invalid, used or expired. Ask for a new one from your account.',
              )}
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

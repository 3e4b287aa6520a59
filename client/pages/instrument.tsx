import { Link, useLocation, useParams } from 'react-router';
import { usePassportCodeOf } from '../features/public-passport/api';
import { Spinner } from '../components/ui/spinner';
import { InstrumentPassport } from '../features/registry/instrument-passport';
import { SignInPrompt } from '../features/auth/sign-in-prompt';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/instruments/:id`: the working view, for members; a guest is offered the public passport instead. */
export function InstrumentPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useAuth();
  const { pathname, search } = useLocation();
  const { data: code } = usePassportCodeOf(id, !isLoading && !user);
  useDocumentTitle(user ? undefined : 'Instrument passport');
  if (isLoading) return <Spinner />;
  if (!user)
    return (
      <SignInPrompt
        next={`${pathname}${search}`}
        openDialog={false}
        title="Sign in to see this passport"
        text="The working view of a passport is for signed-in members. Its public passport is open to anyone."
      >
        {code && (
          <p className="mt-4">
            <Link to={`/p/${code}`} className="font-medium text-wood-800 underline">
              Open the public passport {code}
            </Link>
          </p>
        )}
      </SignInPrompt>
    );
  return <InstrumentPassport id={id} />;
}

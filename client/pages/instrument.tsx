import { useParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { InstrumentPassport } from '../features/registry/instrument-passport';
import { SignInPrompt } from '../features/registry/sign-in-prompt';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/instruments/:id`: signed in only (seed §2); guests get a sign-in prompt that returns here. */
export function InstrumentPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useAuth();
  useDocumentTitle(user ? undefined : 'Instrument passport');
  if (isLoading) return <Spinner />;
  if (!user)
    return (
      <SignInPrompt
        title="Sign in to see this passport"
        text="Instrument passports are open to every signed-in member of the registry."
      />
    );
  return <InstrumentPassport id={id} />;
}

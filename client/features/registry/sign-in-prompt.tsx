import { Lock } from 'lucide-react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { openAuthDialog } from '../../lib/auth';

/** For pages that exist only when signed in: a prompt that opens sign-in and comes back here. */
export function SignInPrompt({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  /** Something a guest can do instead, shown under the button. */
  children?: React.ReactNode;
}) {
  const location = useLocation();
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <Lock className="mx-auto size-8 text-wood-600" aria-hidden />
      <h1 className="mt-3 font-serif text-3xl font-bold text-wood-900">{title}</h1>
      <p className="mt-2 text-stone-700">{text}</p>
      <Button
        className="mt-6"
        onClick={() => openAuthDialog('signin', `${location.pathname}${location.search}`)}
      >
        Sign in
      </Button>
      {children}
    </div>
  );
}

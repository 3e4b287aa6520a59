import { LogIn } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { openAuthDialog } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

/** What a guest sees on a signed-in-only page: the sign-in dialog opens, returning to `next` afterwards. */
export function SignInPrompt({ next }: { next: string }) {
  useDocumentTitle('Sign in');
  useEffect(() => {
    openAuthDialog('signin', next);
  }, [next]);
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <LogIn className="size-10 text-wood-600" aria-hidden />
      <h1 className="font-serif text-3xl font-bold text-wood-900">Sign in to continue</h1>
      <p className="text-stone-700">
        This page is part of your account. Sign in or create a free account to see it.
      </p>
      <Button onClick={() => openAuthDialog('signin', next)}>Sign in</Button>
    </div>
  );
}

import { LogIn } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { ACCOUNT_PROMPT_WORDS, PAGE_PROMPTS } from '../../../presentation/page-prompts';
import type { PagePath } from '../../../contract/routes';
import { Button } from '../../components/ui/button';
import { openAuthDialog } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

export interface SignInPromptProps {
  /** Where signing in returns to. */
  next: string;
  title?: string;
  text?: string;
  /** Open the sign-in dialog at once (account pages, where there is nothing else to see). */
  openDialog?: boolean;
  /** Something a guest can do instead, shown under the button. */
  children?: ReactNode;
}

/** What a guest sees on a page that needs an account: a prompt whose button signs in and returns to `next`. */
export function SignInPrompt({
  next,
  title = ACCOUNT_PROMPT_WORDS.title,
  text = ACCOUNT_PROMPT_WORDS.text,
  openDialog = true,
  children,
}: SignInPromptProps) {
  useDocumentTitle(title);
  useEffect(() => {
    if (openDialog) openAuthDialog('signin', next);
  }, [next, openDialog]);
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <LogIn className="size-10 text-wood-600" aria-hidden />
      <h1 className="font-serif text-3xl font-bold text-wood-900">{title}</h1>
      <p className="text-stone-700">{text}</p>
      <Button onClick={() => openAuthDialog('signin', next)}>Sign in</Button>
      {children}
    </div>
  );
}

/** The prompt of a members' page in the manifest, with the words written for it (or the account prompt's). */
export function PagePrompt({ path, ...props }: Omit<SignInPromptProps, 'title' | 'text'> & { path: string }) {
  const words = PAGE_PROMPTS[path as PagePath] ?? ACCOUNT_PROMPT_WORDS;
  return <SignInPrompt {...props} title={words.title} text={words.text} />;
}

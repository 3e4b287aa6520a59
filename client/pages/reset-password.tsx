import { KeyRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader } from '../components/ui/card';
import { ResetPasswordForm } from '../features/auth/reset-password-form';
import { openAuthDialog } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** /reset-password?token=…: the page the reset mail links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  useDocumentTitle('Choose a new password');
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <KeyRound className="size-8 text-wood-700" aria-hidden />
          <h1 className="font-serif text-2xl font-semibold text-wood-900">Choose a new password</h1>
        </CardHeader>
        <CardContent>
          {token ? (
            <ResetPasswordForm token={token} />
          ) : (
            <div className="grid gap-4">
              <p className="text-stone-700">
                This reset link is incomplete. Ask for a new one and use the link in the mail.
              </p>
              <Button onClick={() => openAuthDialog('reset')}>Send a new reset link</Button>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

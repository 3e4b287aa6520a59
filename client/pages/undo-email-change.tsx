import { ShieldAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader } from '../components/ui/card';
import { useUndoEmailChange } from '../features/auth/undo-email-change';
import { errorText } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /undo-email-change?token=…: the link mailed to the previous address after an email change. Nothing happens
 * until the person confirms with the button, so a mail scanner opening the link changes nothing.
 */
export function UndoEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  useDocumentTitle('Undo the email change');
  const undo = useUndoEmailChange();
  const outcome = useRef<HTMLParagraphElement>(null);
  // The answer replaces the button that had focus: focus moves to it so a screen reader reads it at once.
  useEffect(() => {
    if (undo.isSuccess || undo.isError) outcome.current?.focus();
  }, [undo.isSuccess, undo.isError]);
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <ShieldAlert className="size-8 text-wood-700" aria-hidden />
          <h1 className="font-serif text-2xl font-semibold text-wood-900">Undo the email change</h1>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!token ? (
            <p className="text-stone-700">
              This link is incomplete. Open the link in the mail that told you your address was changed.
            </p>
          ) : undo.isSuccess ? (
            <p ref={outcome} tabIndex={-1} role="status" className="text-stone-800 outline-none">
              Done: {undo.data.email} is your account&apos;s address again and every device was signed out. We
              sent a link to {undo.data.email}: open it within 60 minutes to choose a new password.
            </p>
          ) : (
            <>
              <p className="text-stone-700">
                The email address of your account was changed. If you did not do this, undo it here:
              </p>
              <ul className="list-disc space-y-1 pl-5 text-stone-700">
                <li>your account gets this address back;</li>
                <li>every device is signed out;</li>
                <li>the current password stops working, and we mail you a link to choose a new one.</li>
              </ul>
              <p className="text-sm text-stone-600">
                If you made the change yourself, close this page: nothing changes.
              </p>
              {undo.isError && (
                <p ref={outcome} tabIndex={-1} role="alert" className="text-red-800 outline-none">
                  {errorText(undo.error, 'This link is invalid, used or more than 7 days old.')}
                </p>
              )}
              <Button
                className="h-auto min-h-10 whitespace-normal text-center"
                disabled={undo.isPending}
                onClick={() => undo.mutate(token)}
              >
                {undo.isPending ? 'Undoing...' : 'Undo the change and secure my account'}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

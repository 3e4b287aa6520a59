import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api';
import { resendVerification } from './verify-email';

/** Shown to a signed-in person until their address is confirmed; its own chunk (most people never see it). */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useMutation({ mutationFn: resendVerification });
  return (
    <div role="region" aria-label="Confirm your email" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm text-amber-950">
        <MailWarning className="size-5 shrink-0" aria-hidden />
        <p className="flex-1">
          Please confirm <strong>{email}</strong> with the link we sent. Until then, ownership offers sent to
          this address cannot reach you.
        </p>
        {resend.isSuccess ? (
          <p role="status">A new link is on its way.</p>
        ) : (
          <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? 'Sending...' : 'Resend the link'}
          </Button>
        )}
        {resend.isError && (
          <p role="alert" className="w-full">
            {errorText(resend.error, 'Could not send the link. Please try again later.')}
          </p>
        )}
      </div>
    </div>
  );
}

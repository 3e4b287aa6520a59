import { useMutation } from '@tanstack/react-query';
import { EMAIL_UNVERIFIED } from '../../contract/conversations';
import { ApiError, errorText } from '../lib/api';
import { api } from '../lib/api-client';
import { Button } from './ui/button';

/**
 * Why a message (to a shop, in a conversation, or a reply) was not sent. An account that has not confirmed its
 * email address is told so by the server, and may ask for the link again from here.
 */
export function MessageSendError({ error, fallback }: { error: unknown; fallback: string }) {
  const resend = useMutation({ mutationFn: () => api('POST /api/auth/verify-email/resend') });
  const unverified = error instanceof ApiError && error.body?.code === EMAIL_UNVERIFIED;
  return (
    <div role="alert" className="grid gap-2 text-sm text-red-700">
      <p>{errorText(error, fallback)}</p>
      {unverified &&
        (resend.isSuccess ? (
          <p className="text-stone-800">A new link is on its way: open it, then send your message again.</p>
        ) : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="justify-self-start"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? 'Sending...' : 'Send the confirmation link again'}
          </Button>
        ))}
      {unverified && resend.isError && (
        <p>{errorText(resend.error, 'Could not send the link. Please try again later.')}</p>
      )}
    </div>
  );
}

import type { Notification } from '../../../contract/notifications';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api';
import { useAnswerServiceClaim } from './api';

/**
 * Confirm / Decline under an entry telling a shop that a service record names it; once answered, what the
 * passport now says. Each button is described by the entry's title, so a screen reader knows which record.
 */
export function ServiceClaimActions({
  claim,
  titleId,
}: {
  claim: NonNullable<Notification['serviceClaim']>;
  titleId: string;
}) {
  const answer = useAnswerServiceClaim();
  if (claim.status === 'confirmed' || claim.status === 'declined')
    return (
      <p className="px-4 pb-3 text-sm text-stone-700">
        {claim.status === 'confirmed'
          ? 'You confirmed this service: the passport shows it as confirmed by your shop.'
          : 'You declined this service: the passport shows it as not confirmed by your shop.'}
      </p>
    );
  if (claim.status !== 'pending') return null;
  const send = (action: 'confirm' | 'decline') => answer.mutate({ recordId: claim.recordId, action });
  return (
    <div className="grid gap-2 px-4 pb-3">
      <div className="flex gap-2">
        <Button
          size="sm"
          aria-describedby={titleId}
          disabled={answer.isPending}
          onClick={() => send('confirm')}
        >
          Confirm
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-describedby={titleId}
          disabled={answer.isPending}
          onClick={() => send('decline')}
        >
          Decline
        </Button>
      </div>
      {answer.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(answer.error)}
        </p>
      )}
    </div>
  );
}

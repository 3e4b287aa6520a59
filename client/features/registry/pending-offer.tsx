import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { transferAction, useRegistryMutation, useTransfers } from './api';

/**
 * The owner's open offer of this instrument, where the Transfer button would be: "Offer pending · Cancel", so a
 * second offer is not tried (the server refuses it) and the first can be withdrawn from here.
 */
export function usePendingOffer(instrumentId: string, enabled: boolean) {
  const transfers = useTransfers(enabled);
  return transfers.data?.outgoing.find((t) => t.instrument.id === instrumentId && t.status === 'pending');
}

export function PendingOffer({ transferId }: { transferId: string }) {
  const cancel = useRegistryMutation(() => transferAction(transferId, 'cancel'), {
    onSuccess: () => toast({ title: 'Offer cancelled', description: 'You still own this instrument.' }),
    onError: (error) => toast({ title: 'Error', description: errorText(error), variant: 'destructive' }),
  });
  return (
    <p className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 text-sm text-amber-950">
      <Link to={`/transfers/${transferId}`} className="font-medium underline">
        Offer pending
      </Link>
      <span aria-hidden>·</span>
      <Button
        variant="ghost"
        size="sm"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate(undefined)}
        aria-label="Cancel the pending offer"
      >
        {cancel.isPending ? 'Cancelling…' : 'Cancel'}
      </Button>
    </p>
  );
}

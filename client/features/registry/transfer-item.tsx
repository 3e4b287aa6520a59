import { Link } from 'react-router';
import { formatPrice } from '../../../presentation/money';
import type { Transfer } from '../../../contract/registry';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Image } from '../../components/ui/image';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { transferAction, useRegistryMutation } from './api';
import { capitalize, formatDate, formatMoney } from './format';

/** One offer with the actions its viewer may take: accept/decline when incoming, cancel when outgoing. */
export function TransferItem({
  transfer: t,
  headingLevel = 3,
}: {
  transfer: Transfer;
  /** 2 where the offer sits right under the page title, 3 under a section heading. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const act = useRegistryMutation((action: 'accept' | 'decline' | 'cancel') => transferAction(t.id, action), {
    onSuccess: (result) =>
      toast({ title: result.status === 'accepted' ? 'Instrument accepted' : `Offer ${result.status}` }),
    onError: (error) => toast({ title: 'Error', description: errorText(error), variant: 'destructive' }),
  });
  const pending = t.status === 'pending';
  return (
    <article
      aria-label={`Transfer of ${t.instrument.name}`}
      className="flex gap-4 rounded-xl border border-stone-200 bg-white p-4"
    >
      {t.instrument.imageUrl && (
        <Image
          src={t.instrument.imageUrl}
          alt=""
          width={80}
          height={80}
          sizes="80px"
          className="size-20 shrink-0 rounded-lg object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Heading className="font-serif text-lg font-semibold text-wood-900">
            <Link to={`/instruments/${t.instrument.id}`} className="hover:underline">
              {t.instrument.name}
            </Link>
          </Heading>
          <Badge variant={pending ? 'warning' : 'outline'}>{capitalize(t.status)}</Badge>
        </div>
        <p className="text-sm text-stone-700">
          {t.direction === 'incoming' ? `From ${t.fromName}` : `To ${t.toLabel ?? 'recipient'}`} ·{' '}
          {capitalize(t.method)}
          {t.price != null && t.currency ? ` · ${formatMoney(t.price, t.currency)}` : ''}
        </p>
        {t.listing && (
          // What the listing asked when the offer was made, in its own currency: the offer's price above is
          // the private figure the seller typed.
          <p className="text-sm text-stone-700">Listed for sale at {formatPrice(t.listing)}</p>
        )}
        {pending && <p className="text-xs text-stone-500">Expires {formatDate(t.expiresAt)}</p>}
        {pending && (
          <div className="mt-2 flex gap-2">
            {t.direction === 'incoming' ? (
              <>
                <Button size="sm" disabled={act.isPending} onClick={() => act.mutate('accept')}>
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={act.isPending}
                  onClick={() => act.mutate('decline')}
                >
                  Decline
                </Button>
              </>
            ) : (
              <Button
                size="sm"
                variant="outline"
                disabled={act.isPending}
                onClick={() => act.mutate('cancel')}
              >
                Cancel offer
              </Button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

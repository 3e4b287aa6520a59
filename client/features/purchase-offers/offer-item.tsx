import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { purchaseCounterSchema, type PurchaseOffer } from '../../../contract/purchase-offers';
import { TRANSFER_DAYS } from '../../../contract/registry';
import { FormError } from '../../components/form-parts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { formatDay } from '../../lib/format-date';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { offerAmount, useCounter, useOfferStep, type OfferStep } from './api';

/** The offer's state in words, from the reader's side. */
export function stateText(o: PurchaseOffer): string {
  const mine = o.awaiting === o.role;
  switch (o.status) {
    case 'open':
      return mine ? 'Waiting for your answer' : 'Waiting for the seller';
    case 'countered':
      return mine ? 'Counter-offer: waiting for your answer' : 'Counter-offer: waiting for the buyer';
    case 'accepted':
      return 'Accepted: transfer offered';
    case 'sold':
      return 'Sold';
    case 'declined':
      return 'Declined';
    case 'withdrawn':
      return 'Withdrawn';
    case 'expired':
      return 'Expired';
  }
}

/** What happens next, once the offer is accepted or sold. */
function nextText(o: PurchaseOffer): string | null {
  const amount = offerAmount(o);
  if (o.status === 'accepted')
    return o.role === 'seller'
      ? `The registry offered the ownership transfer to ${o.buyerName} at ${amount}. The sale completes when they accept it (within ${TRANSFER_DAYS} days); then the listing closes and other open offers on it are declined.`
      : `Accept the ownership transfer at ${amount} to complete the purchase (within ${TRANSFER_DAYS} days).`;
  if (o.status === 'sold')
    return o.role === 'seller'
      ? `Sold to ${o.buyerName} for ${amount}. Your storefront lists it under Sold.`
      : `Bought from ${o.sellerName} for ${amount}. The instrument is yours.`;
  return null;
}

/** A step that cannot be undone, asked once more with its consequence. */
function Confirm({
  label,
  title,
  body,
  confirm,
  onConfirm,
  pending,
  variant = 'default',
}: {
  label: string;
  title: string;
  body: ReactNode;
  confirm: string;
  onConfirm: () => void;
  pending: boolean;
  variant?: 'default' | 'outline' | 'destructive';
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant={variant === 'destructive' ? 'outline' : variant}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle className="text-xl text-wood-900">{title}</DialogTitle>
        <DialogDescription className="mt-2 text-base text-stone-700">{body}</DialogDescription>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep it open
          </Button>
          <Button
            variant={variant === 'destructive' ? 'destructive' : 'default'}
            disabled={pending}
            onClick={() => {
              onConfirm();
              setOpen(false);
            }}
          >
            {confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function CounterForm({ offer, onDone }: { offer: PurchaseOffer; onDone: (o: PurchaseOffer) => void }) {
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState('');
  const counter = useSchemaSubmit(
    purchaseCounterSchema,
    useCounter(offer.id, (o) => {
      setOpen(false);
      onDone(o);
    }),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          Counter
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle className="text-xl text-wood-900">Answer with another price</DialogTitle>
        <DialogDescription className="mt-1">
          {offer.buyerName} offers {offerAmount(offer)} for {offer.instrument.name}. Your price is in{' '}
          {offer.currency}; the buyer then has 7 days to accept it or withdraw.
        </DialogDescription>
        <form
          className="mt-4 grid gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            counter.submitValues({ price: price.trim().replace(/[\s,]/g, '') });
          }}
        >
          <FormError error={Object.keys(counter.fields).length ? null : counter.error} />
          <Label htmlFor={`counter-${offer.id}`}>Your price ({offer.currency})</Label>
          <Input
            id={`counter-${offer.id}`}
            inputMode="decimal"
            autoComplete="off"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            aria-invalid={counter.fields.price ? true : undefined}
            aria-describedby={counter.fields.price ? `counter-${offer.id}-error` : undefined}
          />
          <FieldError id={`counter-${offer.id}-error`} message={counter.fields.price} />
          <Button type="submit" disabled={counter.isPending}>
            {counter.isPending ? 'Sending...' : 'Send counter-offer'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** One offer as its buyer or its seller sees it, with the steps that are theirs to take now. */
export function OfferItem({
  offer: o,
  onStep,
}: {
  offer: PurchaseOffer;
  onStep: (offer: PurchaseOffer, step: OfferStep) => void;
}) {
  const step = useOfferStep(o.id, onStep);
  const amount = offerAmount(o);
  const turn = o.awaiting === o.role;
  const next = nextText(o);
  const listed =
    o.listed?.price && o.listed.currency
      ? offerAmount({ price: o.listed.price, currency: o.listed.currency })
      : null;
  const other = o.role === 'seller' ? `From ${o.buyerName}` : `To ${o.sellerName}`;
  return (
    <li className="grid gap-2 rounded-xl border border-stone-200 bg-white p-4" aria-label={o.instrument.name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link
          to={`/p/${o.instrument.passportCode}`}
          className="font-serif text-lg font-semibold text-wood-900 underline"
        >
          {o.instrument.name}
        </Link>
        <Badge variant={turn ? 'warning' : o.status === 'sold' ? 'success' : 'outline'}>{stateText(o)}</Badge>
      </div>
      <p className="text-2xl font-semibold text-stone-900">
        <span className="sr-only">{o.status === 'countered' ? 'Counter-offer: ' : 'Amount: '}</span>
        {amount}
      </p>
      <p className="text-sm text-stone-700">
        {other}
        {listed ? ` · listed at ${listed}` : ''}
        {o.status === 'open' || o.status === 'countered' ? ` · open until ${formatDay(o.expiresAt)}` : ''}
      </p>
      {o.message && <p className="whitespace-pre-line text-sm text-stone-700">“{o.message}”</p>}
      {next && <p className="rounded-md bg-emerald-50 p-2 text-sm text-emerald-950">{next}</p>}
      <FormError error={step.error} />
      <div className="flex flex-wrap items-center gap-2">
        {o.role === 'seller' && o.status === 'open' && (
          <>
            <Confirm
              label="Accept"
              title={`Accept ${amount}?`}
              body={`The registry offers ${o.instrument.name} to ${o.buyerName} at ${amount}. It becomes theirs when they accept the transfer. This cannot be undone here; you can still cancel the transfer before they accept it.`}
              confirm={`Accept ${amount}`}
              pending={step.isPending}
              onConfirm={() => step.mutate({ kind: 'accept' })}
            />
            <CounterForm offer={o} onDone={(fresh) => onStep(fresh, { kind: 'counter' })} />
            <Confirm
              label="Decline"
              title="Decline this offer?"
              body={`${o.buyerName} is told that you declined ${amount}. The offer closes.`}
              confirm="Decline"
              variant="destructive"
              pending={step.isPending}
              onConfirm={() => step.mutate({ kind: 'decline' })}
            />
          </>
        )}
        {o.role === 'buyer' && o.status === 'countered' && (
          <Confirm
            label="Accept counter-offer"
            title={`Accept ${amount}?`}
            body={`${o.sellerName} is told, and the registry offers you the ownership transfer at ${amount}: accepting that transfer completes the purchase.`}
            confirm={`Accept ${amount}`}
            pending={step.isPending}
            onConfirm={() => step.mutate({ kind: 'accept' })}
          />
        )}
        {o.role === 'buyer' && (o.status === 'open' || o.status === 'countered') && (
          <Confirm
            label="Withdraw"
            title="Withdraw your offer?"
            body={`${o.sellerName} is told. The offer closes; you may make a new one while it is listed.`}
            confirm="Withdraw"
            variant="destructive"
            pending={step.isPending}
            onConfirm={() => step.mutate({ kind: 'withdraw' })}
          />
        )}
        {o.role === 'buyer' && o.status === 'accepted' && o.transferId && (
          <Link to={`/transfers/${o.transferId}`} className="text-sm font-medium text-wood-800 underline">
            Review and accept the transfer
          </Link>
        )}
        {o.role === 'seller' && o.status === 'sold' && (
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              checked={o.soldPriceShown}
              disabled={step.isPending}
              onChange={(e) => step.mutate({ kind: 'show-price', shown: e.target.checked })}
            />
            Show the price on my storefront
          </label>
        )}
        {o.conversationId && (
          <Link to={`/messages/${o.conversationId}`} className="ml-auto text-sm text-wood-800 underline">
            Conversation
          </Link>
        )}
      </div>
    </li>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CURRENCY_CHOICES, isCurrencyCode, minorUnits } from '../../contract/currencies';
import { formatPrice } from '../../presentation/money';
import {
  PURCHASE_OFFER_DAYS,
  PURCHASE_OFFER_MESSAGE_MAX,
  purchaseOfferInputSchema,
  type PurchaseOffer,
} from '../../contract/purchase-offers';
import { ApiError, errorText } from '../lib/api';
import { api, invalidateReads } from '../lib/api-client';
import { formatDay } from '../lib/format-date';
import { useSchemaSubmit } from '../lib/use-schema-submit';
import type { OfferTarget } from './make-offer';
import { Button } from './ui/button';
import { FieldError, Input, Label, Select, Textarea } from './ui/input';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "12 000" and "12,000" are 12000: what the schema is given, as typed otherwise. */
const typedAmount = (typed: string) => typed.trim().replace(/[\s,]/g, '');

/**
 * What the contract takes for this currency, said before anyone types: the schema itself is asked whether it takes
 * minor units, so the hint follows it when amounts change from whole units to the currency's decimals.
 */
export function amountHint(currency: string): string {
  const takesDecimals = purchaseOfferInputSchema.safeParse({ price: '1.5', currency: 'EUR' }).success;
  const decimals = isCurrencyCode(currency) ? minorUnits(currency) : 2;
  if (!takesDecimals || decimals === 0) return `A whole amount of ${currency}, such as 4500.`;
  return `Up to ${decimals} decimals, such as 4500.${'5'.padEnd(decimals, '0')}.`;
}

/** The amount as the offer would read, once what is typed is a number. */
function preview(typed: string, currency: string): string | null {
  const v = typedAmount(typed);
  if (!/^\d+(\.\d+)?$/.test(v) || Number(v) <= 0) return null;
  return formatPrice({ price: v, currency });
}

/** No mail with the link: send it again from here, without leaving the offer. */
function ResendLink() {
  const resend = useMutation({ mutationFn: () => api('POST /api/auth/verify-email/resend') });
  if (resend.isSuccess) return <p className="mt-1">A new link is on its way.</p>;
  return (
    <Button
      size="sm"
      variant="outline"
      className="mt-2"
      disabled={resend.isPending}
      onClick={() => resend.mutate()}
    >
      Send the link again
    </Button>
  );
}

/** The server's refusals, each said with what to do next. */
function OfferError({ error }: { error: unknown }) {
  if (!error) return null;
  const code = error instanceof ApiError ? error.body?.code : undefined;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p>{errorText(error, 'The offer could not be sent. Please try again.')}</p>
      {code === 'PURCHASE_OFFER_OPEN' && (
        <p className="mt-1">
          <Link to="/offers" className="font-medium underline">
            See your offers
          </Link>
        </p>
      )}
      {code === 'EMAIL_NOT_VERIFIED' && <ResendLink />}
    </div>
  );
}

export function MakeOfferForm({ instrument, done }: { instrument: OfferTarget; done: () => void }) {
  const client = useQueryClient();
  const [price, setPrice] = useState('');
  const [currency, setCurrency] = useState(instrument.listing.currency ?? 'EUR');
  const [message, setMessage] = useState('');
  // The day it would close if sent now: fixed when the dialog opens.
  const [until] = useState(() => formatDay(new Date(Date.now() + PURCHASE_OFFER_DAYS * DAY_MS)));
  const send = useSchemaSubmit(
    purchaseOfferInputSchema,
    useMutation({
      mutationFn: (body: { price: number | string; currency: string; message: string | null }) =>
        api('POST /api/registry/instruments/:id/purchase-offers', { params: { id: instrument.id }, body }),
      onSuccess: () => invalidateReads(client, 'GET /api/purchase-offers'),
    }),
  );
  if (send.data) return <OfferSent offer={send.data} done={done} />;
  const { fields } = send;
  const shown = preview(price, currency);
  return (
    <form
      className="mt-4 grid gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send.submitValues({ price: typedAmount(price), currency, message: message.trim() || null });
      }}
    >
      <OfferError error={Object.keys(fields).length ? null : send.error} />
      <div className="grid grid-cols-[1fr_auto] gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="offer-price">Your offer</Label>
          <Input
            id="offer-price"
            inputMode="decimal"
            autoComplete="off"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            aria-invalid={fields.price ? true : undefined}
            aria-describedby={fields.price ? 'offer-price-error' : 'offer-price-hint'}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="offer-currency">Currency</Label>
          <Select
            id="offer-currency"
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
            aria-invalid={fields.currency ? true : undefined}
            aria-describedby={fields.currency ? 'offer-currency-error' : undefined}
          >
            {CURRENCY_CHOICES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <p id="offer-price-hint" className="text-xs text-stone-600">
        {amountHint(currency)}
        {instrument.listing.currency && currency !== instrument.listing.currency
          ? ` The listing asks in ${instrument.listing.currency}.`
          : ''}
      </p>
      <FieldError id="offer-price-error" message={fields.price} />
      <FieldError id="offer-currency-error" message={fields.currency} />
      <Label htmlFor="offer-message">Message to the seller (optional)</Label>
      <Textarea
        id="offer-message"
        value={message}
        maxLength={PURCHASE_OFFER_MESSAGE_MAX}
        onChange={(e) => setMessage(e.target.value)}
        aria-invalid={fields.message ? true : undefined}
        aria-describedby={fields.message ? 'offer-message-error' : undefined}
      />
      <FieldError id="offer-message-error" message={fields.message} />
      <p className="rounded-md bg-stone-50 p-3 text-sm text-stone-800">
        {shown ? (
          <>
            You offer <strong>{shown}</strong>.{' '}
          </>
        ) : null}
        The offer stays open for {PURCHASE_OFFER_DAYS} days, until {until}. If the seller accepts, the
        registry offers you the ownership transfer at that price; the sale completes when you accept it.
      </p>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : shown ? `Offer ${shown}` : 'Send offer'}
      </Button>
    </form>
  );
}

function OfferSent({ offer, done }: { offer: PurchaseOffer; done: () => void }) {
  const amount = formatPrice({ price: String(offer.price), currency: offer.currency });
  return (
    <div className="mt-4 grid gap-3" role="status">
      <p className="text-stone-900">
        Your offer of <strong>{amount}</strong> is sent. It is open until {formatDay(offer.expiresAt)}; the
        seller is told by mail and in their inbox.
      </p>
      <p className="text-sm text-stone-700">
        Follow it on{' '}
        <Link to="/offers" className="font-medium text-wood-800 underline">
          Your offers
        </Link>
        {offer.conversationId && (
          <>
            {' '}
            or in{' '}
            <Link to={`/messages/${offer.conversationId}`} className="font-medium text-wood-800 underline">
              the conversation with the seller
            </Link>
          </>
        )}
        .
      </p>
      <Button variant="outline" className="justify-self-start" onClick={done}>
        Close
      </Button>
    </div>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '../../../presentation/money';
import type { PurchaseOffer } from '../../../contract/purchase-offers';
import { Pencil, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  editInstrumentSchema,
  transferOfferSchema,
  type EditInstrumentInput,
  type InstrumentDetail,
  type TransferOfferInput,
} from '../../../contract/registry';
import { isCurrencyCode, minorUnits } from '../../../contract/currencies';
import { ACQUISITION_METHODS, CONDITIONS } from '../../../contract/registry-values';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { FieldError, Input, Label, Select } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { FormError } from '../../components/form-parts';
import { errorText } from '../../lib/api';
import { apiQuery } from '../../lib/api-client';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import {
  editInstrument,
  instrumentKey,
  markRecovered,
  offerTransfer,
  useMyRegistry,
  useRegistryMutation,
} from './api';
import { InstrumentForm } from './instrument-form';
import { amountOf, CurrencySelect, MoneyField, useUsualCurrency } from './money-field';
import { ValueOptions } from './value-options';
import { OwnerPrivacy } from './owner-privacy';
import { PendingOffer, usePendingOffer } from './pending-offer';
import { StolenDialog } from './stolen-dialog';

/** Saves an edit of the passport: the fresh detail replaces the cached one, then `done` runs. */
/** Saves build details or the owner's facts, checked first against the schema the server uses. */
function useSaveInstrument(id: string, done: () => void) {
  const client = useQueryClient();
  return useSchemaSubmit(
    editInstrumentSchema,
    useRegistryMutation((body: EditInstrumentInput) => editInstrument(id, body), {
      onSuccess: (fresh) => {
        client.setQueryData(instrumentKey(id), fresh);
        done();
        toast({ title: 'Changes saved', description: 'Each change is recorded in the passport log.' });
      },
    }),
  );
}

function EditDialog({ instrument }: { instrument: InstrumentDetail }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const save = useSaveInstrument(instrument.id, () => setOpen(false));
  // Asked only while the owner's form is open (the value's currency starts at the one they usually use).
  const usualCurrency = useUsualCurrency(open && instrument.viewer.isOwner);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogTitle className="text-2xl text-wood-900">Edit build details</DialogTitle>
        <DialogDescription className="mb-4">
          Every change is recorded in the passport log with its old and new value.
        </DialogDescription>
        {Boolean(save.error) && !Object.keys(save.fields).length && (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {errorText(save.error)}
          </p>
        )}
        {instrument.verified && (
          <p className="mb-4 text-sm text-wood-800">
            Changing its name, model, serial number, year, type, category, woods, strings or scale removes the
            Verified badge until an admin checks it again. Finish, description, condition and value do not.
          </p>
        )}
        {instrument.viewer.correctionRequired && (
          <div className="mb-4">
            <Label htmlFor="correction-reason">Reason for a correction</Label>
            <Input
              id="correction-reason"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
            <p className="mt-1 text-xs text-wood-700">
              This instrument has changed hands: a change of its name, model, serial number, year, woods,
              scale or strings is a correction, shown with this reason in its history.
            </p>
            <FieldError id="correction-reason-error" message={save.fields.reason} />
          </div>
        )}
        <InstrumentForm
          mode="edit"
          instrument={instrument}
          ownerFields={instrument.viewer.isOwner}
          defaultCurrency={usualCurrency}
          pending={save.isPending}
          fieldErrors={save.fields}
          onSubmit={(body) => save.submitValues(reason.trim() ? { ...body, reason: reason.trim() } : body)}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The current owner's own facts: condition and estimated value (the maker's build details are not theirs). The
 * form mounts with the dialog, so it always starts from the passport's current values.
 */
function OwnerDetailsForm({ instrument, done }: { instrument: InstrumentDetail; done: () => void }) {
  const [condition, setCondition] = useState(instrument.condition ?? '');
  const [value, setValue] = useState(instrument.estimatedValue?.toString() ?? '');
  const usualCurrency = useUsualCurrency();
  const [chosenCurrency, setCurrency] = useState(instrument.estimatedValueCurrency);
  const currency = chosenCurrency ?? usualCurrency;
  const save = useSaveInstrument(instrument.id, done);
  const { fields } = save;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const amount = amountOf(value);
        save.submitValues({
          condition: condition || null,
          estimatedValue: amount,
          estimatedValueCurrency: amount != null ? currency : null,
        });
      }}
    >
      <FormError error={save.error} />
      <div className="grid gap-1.5">
        <Label htmlFor="owner-condition">Condition</Label>
        <Select
          id="owner-condition"
          value={condition}
          onChange={(e) => setCondition(e.target.value)}
          aria-invalid={fields.condition ? true : undefined}
          aria-describedby={fields.condition ? 'owner-condition-error' : undefined}
        >
          <option value="">Not stated</option>
          <ValueOptions values={CONDITIONS} />
        </Select>
        <FieldError id="owner-condition-error" message={fields.condition} />
      </div>
      <MoneyField
        id="owner-value"
        label="Estimated value (optional, private)"
        hint="A whole amount. Only you see it; the passport log keeps it sealed."
        amount={value}
        currency={currency}
        onAmount={setValue}
        onCurrency={setCurrency}
        amountError={fields.estimatedValue}
        currencyError={fields.estimatedValueCurrency}
      />
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

function OwnerDetailsDialog({ instrument }: { instrument: InstrumentDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden /> Condition &amp; value
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle className="text-2xl text-wood-900">Condition and value</DialogTitle>
        <DialogDescription className="mb-4">
          As the owner you keep these current. Each change goes into the passport&apos;s history; the public
          log keeps the value sealed.
        </DialogDescription>
        <OwnerDetailsForm instrument={instrument} done={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** What the price field takes in this currency: "¥" amounts are whole, "€" have cents, "KWD" three decimals. */
function pricingHint(currency: string): string {
  const decimals = isCurrencyCode(currency) ? minorUnits(currency) : 2;
  return decimals === 0
    ? `A whole amount of ${currency}.`
    : `An amount such as 4,600.50 (at most ${decimals} decimals in ${currency}).`;
}

function TransferDialog({ instrument }: { instrument: InstrumentDetail }) {
  const [open, setOpen] = useState(false);
  const [recipient, setRecipient] = useState('');
  const [method, setMethod] = useState('purchase');
  const [price, setPrice] = useState('');
  // The price's currency: what the owner chose here, else the instrument's listing's, else the one they usually
  // price in, else US dollars (what every price meant before currencies).
  const mine = useMyRegistry();
  const [chosenCurrency, setCurrency] = useState<string | null>(null);
  const currency = chosenCurrency ?? instrument.listing?.currency ?? mine.data?.usualCurrency ?? 'USD';
  const offer = useSchemaSubmit(
    transferOfferSchema,
    useRegistryMutation((input: TransferOfferInput) => offerTransfer(instrument.id, input), {
      onSuccess: () => {
        setOpen(false);
        setRecipient('');
        setPrice('');
        toast({ title: 'Transfer offered', description: 'The recipient has 14 days to accept it.' });
      },
    }),
  );
  const { fields } = offer;
  // A listed instrument with a buyer's offer waiting: the transfer can take that buyer and price.
  const waiting = useQuery({
    ...apiQuery('GET /api/purchase-offers', { query: { role: 'seller', instrumentId: instrument.id } }),
    enabled: open && instrument.listing?.status === 'for-sale',
  }).data?.offers.filter((o) => o.status === 'open' || o.status === 'countered');
  const fillFrom = (o: PurchaseOffer) => {
    if (o.buyerHandle) setRecipient(`@${o.buyerHandle}`);
    setMethod('purchase');
    setPrice(String(o.price));
    setCurrency(o.currency);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Send aria-hidden /> Transfer
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle className="text-2xl text-wood-900">Transfer ownership</DialogTitle>
        <DialogDescription className="mt-1">
          The recipient accepts or declines from their dashboard or the emailed link within 14 days.
        </DialogDescription>
        {waiting?.length ? (
          <ul aria-label="Offers waiting for your answer" className="mt-4 grid gap-2">
            {waiting.map((o) => (
              <li key={o.id} className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm">
                <p className="text-emerald-950">
                  {o.buyerName} offers{' '}
                  <strong>{formatPrice({ price: String(o.price), currency: o.currency })}</strong>.
                </p>
                {o.buyerHandle ? (
                  <Button size="sm" variant="outline" className="mt-2" onClick={() => fillFrom(o)}>
                    Fill in {o.buyerName} and this price
                  </Button>
                ) : (
                  <p className="mt-1 text-emerald-950">
                    Accept it on{' '}
                    <Link to="/offers?role=seller" className="underline">
                      Your offers
                    </Link>{' '}
                    to make this transfer with its price.
                  </p>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        <form
          className="mt-4 flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            // Sent as typed ("4,600.50"): the shared schema reads it exactly, as the listing editor's price.
            const amount = price.trim();
            offer.submitValues({
              recipient,
              method,
              price: amount || null,
              currency: amount ? currency : null,
            });
          }}
          noValidate
        >
          <Label htmlFor="t-recipient">Recipient email or handle</Label>
          <Input
            id="t-recipient"
            value={recipient}
            onChange={(e) => setRecipient(e.target.value)}
            aria-invalid={Boolean(fields.recipient) || undefined}
            aria-describedby={fields.recipient ? 't-recipient-error' : undefined}
          />
          <FieldError id="t-recipient-error" message={fields.recipient} />
          <Label htmlFor="t-method">Acquisition method</Label>
          <Select id="t-method" value={method} onChange={(e) => setMethod(e.target.value)}>
            <ValueOptions values={ACQUISITION_METHODS} />
          </Select>
          <div className="grid grid-cols-[1fr_auto] gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor="t-price">Price (optional, private)</Label>
              <Input
                id="t-price"
                inputMode="decimal"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                aria-invalid={Boolean(fields.price) || undefined}
                aria-describedby={fields.price ? 't-price-error' : 't-price-hint'}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="t-currency">Currency</Label>
              <CurrencySelect
                id="t-currency"
                value={currency}
                onChange={(e) => setCurrency(e.target.value)}
                aria-invalid={Boolean(fields.currency) || undefined}
                aria-describedby={fields.currency ? 't-currency-error' : undefined}
              />
            </div>
          </div>
          <p id="t-price-hint" className="text-xs text-stone-600">
            {pricingHint(currency)} Only you and the recipient see it; the passport log keeps it sealed.
          </p>
          <FieldError id="t-price-error" message={fields.price} />
          <FieldError id="t-currency-error" message={fields.currency} />
          {Boolean(offer.error) && !Object.keys(fields).length && (
            <p role="alert" className="text-sm text-red-700">
              {errorText(offer.error)}
            </p>
          )}
          <Button type="submit" disabled={offer.isPending}>
            {offer.isPending ? 'Sending...' : 'Send offer'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Maker: edit. Owner: condition and value, transfer, report stolen or recovered, privacy. */
export function PassportActions({ instrument: i }: { instrument: InstrumentDetail }) {
  const status = useRegistryMutation(() => markRecovered(i.id), {
    onError: (error) => toast({ title: 'Error', description: errorText(error), variant: 'destructive' }),
  });
  const pending = usePendingOffer(i.id, i.viewer.isOwner);
  if (!i.viewer.isMaker && !i.viewer.isOwner) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {i.viewer.isMaker && <EditDialog instrument={i} />}
        {i.viewer.isOwner && !i.viewer.isMaker && <OwnerDetailsDialog instrument={i} />}
        {i.viewer.isOwner &&
          i.status === 'active' &&
          (pending ? <PendingOffer transferId={pending.id} /> : <TransferDialog instrument={i} />)}
        {i.viewer.isOwner &&
          (i.status === 'stolen' ? (
            <Button variant="outline" disabled={status.isPending} onClick={() => status.mutate()}>
              Mark as recovered
            </Button>
          ) : (
            <StolenDialog instrument={i} />
          ))}
      </div>
      {i.viewer.isOwner && <OwnerPrivacy />}
    </div>
  );
}

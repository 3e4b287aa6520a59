import { useId, useState } from 'react';
import { formatPrice } from '../../../presentation/money';
import { LISTING_NOTE_MAX, listingInputSchema, type Listing } from '../../../contract/listings';
import type { InstrumentDetail } from '../../../contract/registry';
import { FormError, formText } from '../../components/form-parts';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Select, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useSetListing } from './listing-api';
import { ListingForBuyer } from './listing-for-buyer';
import { CurrencySelect, useUsualCurrency } from './money-field';

type Status = 'for-sale' | 'commission-open' | 'not-listed';

/** What the listing says, in one line: "For sale · €4,500.00". */
export function listingLine(listing: Listing): string {
  if (listing.status === 'for-sale') return `For sale · ${formatPrice(listing)}`;
  return listing.price ? `Commissions open · from ${formatPrice(listing)}` : 'Commissions open';
}

/**
 * The listing on the instrument's page: its current owner lists it for sale (price and currency of their choice)
 * or as open to commissions, or takes it off; everyone else sees what it is listed as.
 */
export function ListingEditor({ instrument: i }: { instrument: InstrumentDetail }) {
  const listing = i.listing ?? null;
  if (!i.viewer.isOwner)
    return listing ? (
      <ListingForBuyer code={i.passportCode} listing={listing} line={listingLine(listing)} />
    ) : null;
  return <OwnerListing id={i.id} listing={listing} canList={i.status === 'active'} />;
}

function OwnerListing({ id, listing, canList }: { id: string; listing: Listing | null; canList: boolean }) {
  const save = useSchemaSubmit(listingInputSchema, useSetListing(id));
  const [status, setStatus] = useState<Status>(listing?.status ?? 'not-listed');
  // A new listing starts in the currency the owner usually prices in (for a new shop, its country's).
  const usualCurrency = useUsualCurrency(!listing?.currency);
  const currency = listing?.currency ?? usualCurrency;
  const f = useId();
  const { fields } = save;
  return (
    <section aria-labelledby={`${f}-title`} className="mt-4 rounded-lg border border-stone-200 bg-white p-4">
      <h2 id={`${f}-title`} className="font-semibold text-stone-900">
        Listing: {listing ? listingLine(listing) : 'not listed'}
      </h2>
      {!canList && !listing ? (
        <p className="mt-1 text-sm text-stone-700">A stolen or destroyed instrument cannot be listed.</p>
      ) : (
        <form
          className="mt-3 grid gap-3 sm:grid-cols-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const text = (name: string) => formText(data, name);
            save.submitValues(
              status === 'not-listed'
                ? { status }
                : { status, price: text('price'), currency: text('currency'), note: text('note') },
              {
                onSuccess: () =>
                  toast({ title: status === 'not-listed' ? 'Listing removed' : 'Listing saved' }),
              },
            );
          }}
        >
          <FormError error={save.error} />
          <div className="grid gap-1.5">
            <Label htmlFor={`${f}-status`}>Show it as</Label>
            <Select id={`${f}-status`} value={status} onChange={(e) => setStatus(e.target.value as Status)}>
              <option value="not-listed">Not listed</option>
              <option value="for-sale">For sale</option>
              <option value="commission-open">Commissions open (make one like it)</option>
            </Select>
          </div>
          {status !== 'not-listed' && (
            <>
              {/* The whole row: in one of the form's two columns the amount was squeezed to 60 px. */}
              <div className="grid grid-cols-[minmax(8rem,1fr)_auto] gap-2 sm:col-span-2">
                <div className="grid gap-1.5">
                  <Label htmlFor={`${f}-price`}>
                    {status === 'for-sale' ? 'Price (empty: on request)' : 'From (optional)'}
                  </Label>
                  <Input
                    id={`${f}-price`}
                    name="price"
                    inputMode="decimal"
                    defaultValue={listing?.price ?? ''}
                    aria-invalid={fields.price ? true : undefined}
                    aria-describedby={fields.price ? `${f}-price-error` : undefined}
                  />
                  <FieldError id={`${f}-price-error`} message={fields.price} />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={`${f}-currency`}>Currency</Label>
                  <CurrencySelect
                    // Starts again in the usual currency once it is known (it is read after the page).
                    key={currency}
                    id={`${f}-currency`}
                    name="currency"
                    defaultValue={currency}
                    aria-invalid={fields.currency ? true : undefined}
                    aria-describedby={fields.currency ? `${f}-currency-error` : undefined}
                  />
                  <FieldError id={`${f}-currency-error`} message={fields.currency} />
                </div>
              </div>
              <div className="grid gap-1.5 sm:col-span-2">
                <Label htmlFor={`${f}-note`}>Note for buyers (optional)</Label>
                <Textarea
                  id={`${f}-note`}
                  name="note"
                  maxLength={LISTING_NOTE_MAX}
                  defaultValue={listing?.note ?? ''}
                  aria-invalid={fields.note ? true : undefined}
                  aria-describedby={fields.note ? `${f}-note-error` : undefined}
                />
                <FieldError id={`${f}-note-error`} message={fields.note} />
              </div>
            </>
          )}
          {status === 'not-listed' && !listing ? (
            // Nothing to take off: say what listing it does instead of offering a button that does nothing.
            <p className="text-sm text-stone-700 sm:col-span-2">
              Choose For sale or Commissions open to show it on your shop page, under the registry’s For sale
              filter and beside its public passport.
            </p>
          ) : (
            <Button type="submit" className="justify-self-start sm:col-span-2" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : status === 'not-listed' ? 'Take off the listing' : 'Save listing'}
            </Button>
          )}
        </form>
      )}
    </section>
  );
}

import { lazy, Suspense } from 'react';
import { formatPrice } from '../../presentation/money';
import type { OfferTarget } from './make-offer';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog';
import { Spinner } from './ui/spinner';

const MakeOfferForm = lazy(() => import('./make-offer-form').then((m) => ({ default: m.MakeOfferForm })));

/** The open "Make an offer" dialog: its own chunk, loaded by the first click on the button. */
export function MakeOfferDialog({ instrument, close }: { instrument: OfferTarget; close: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogTitle className="text-2xl text-wood-900">Make an offer</DialogTitle>
        <DialogDescription className="mt-1">
          For {instrument.name}
          {instrument.listing.price ? `, listed at ${formatPrice(instrument.listing)}` : ''}. The seller can
          accept it, answer with another price or decline it.
        </DialogDescription>
        <Suspense fallback={<Spinner label="Loading the offer form…" />}>
          <MakeOfferForm instrument={instrument} done={close} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

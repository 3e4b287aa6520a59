import { HandCoins } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { openAuthDialog, useAuth } from '../lib/auth';
import { Button } from './ui/button';
import { formatPrice } from '../../presentation/money';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog';
import { Spinner } from './ui/spinner';

// The form (and the contract's schemas it checks with) loads only when someone opens it: the public passport and
// the storefront stay as light as they were for everyone who only reads them.
const MakeOfferForm = lazy(() => import('./make-offer-form').then((m) => ({ default: m.MakeOfferForm })));

/** The query parameter that brings a guest back to this dialog once signed in. */
const OFFER_PARAM = 'offer';

export interface OfferTarget {
  id: string;
  name: string;
  listing: { price: string | null; currency: string | null };
}

/**
 * "Make an offer" on an instrument listed for sale (public passport, storefront card, registry card). A guest is
 * sent to sign in and comes back to the same page with the dialog open (`?offer={instrument id}`).
 */
export function MakeOffer({
  instrument,
  size = 'default',
  className,
}: {
  instrument: OfferTarget;
  size?: 'sm' | 'default';
  className?: string;
}) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const returning = params.get(OFFER_PARAM) === instrument.id;
  useEffect(() => {
    if (!returning || !user) return;
    setOpen(true);
    setParams(
      (p) => {
        p.delete(OFFER_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [returning, user, setParams]);
  const start = () => {
    if (user) return setOpen(true);
    const back = new URLSearchParams(params);
    back.set(OFFER_PARAM, instrument.id);
    openAuthDialog('signin', `${pathname}?${back.toString()}`);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size={size} className={className} onClick={start}>
        <HandCoins aria-hidden /> Make an offer
      </Button>
      <DialogContent>
        <DialogTitle className="text-2xl text-wood-900">Make an offer</DialogTitle>
        <DialogDescription className="mt-1">
          For {instrument.name}
          {instrument.listing.price ? `, listed at ${formatPrice(instrument.listing)}` : ''}. The seller can
          accept it, answer with another price or decline it.
        </DialogDescription>
        {open && (
          <Suspense fallback={<Spinner label="Loading the offer form…" />}>
            <MakeOfferForm instrument={instrument} done={() => setOpen(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}

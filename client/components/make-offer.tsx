import { HandCoins } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { openAuthDialog, useAuth } from '../lib/auth';
import { Button } from './ui/button';

// The dialog and its form (with the contract's schemas it checks with) load only when someone opens it: the public
// passport and the storefront stay as light as they were for everyone who only reads them.
const MakeOfferDialog = lazy(() =>
  import('./make-offer-dialog').then((m) => ({ default: m.MakeOfferDialog })),
);

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
    <>
      <Button size={size} className={className} onClick={start}>
        <HandCoins aria-hidden /> Make an offer
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MakeOfferDialog instrument={instrument} close={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

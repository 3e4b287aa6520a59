import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PurchaseOffer } from '../../../contract/purchase-offers';
import { TRANSFER_DAYS } from '../../../contract/registry';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { offerAmount, useOffers, type OfferRole, type OfferStep } from './api';
import { OfferItem } from './offer-item';

/** What a step did and what happens next, said once at the top of the list. */
function stepNotice(o: PurchaseOffer, step: OfferStep): string {
  const amount = offerAmount(o);
  switch (step.kind) {
    case 'accept':
      return o.role === 'seller'
        ? `You accepted ${amount} for ${o.instrument.name}. The registry offered the ownership transfer to ${o.buyerName} at that price: nothing to retype. The sale completes when they accept it within ${TRANSFER_DAYS} days; the listing then closes and other open offers are declined.`
        : `You accepted ${amount} for ${o.instrument.name}. The ownership transfer is offered to you: accept it to complete the purchase.`;
    case 'counter':
      return `Your counter-offer of ${amount} is sent to ${o.buyerName}.`;
    case 'decline':
      return `You declined ${amount} for ${o.instrument.name}; ${o.buyerName} is told.`;
    case 'withdraw':
      return `You withdrew your offer of ${amount} for ${o.instrument.name}; ${o.sellerName} is told.`;
    case 'show-price':
      return step.shown
        ? `Your storefront shows that ${o.instrument.name} sold for ${amount}.`
        : `Your storefront shows ${o.instrument.name} as sold, without the price.`;
  }
}

function OfferList({ role, onStep }: { role: OfferRole; onStep: (o: PurchaseOffer, s: OfferStep) => void }) {
  const { data, isError } = useOffers(role);
  if (isError)
    return (
      <p role="alert" className="text-red-700">
        Your offers could not be loaded. Please try again.
      </p>
    );
  if (!data) return <Spinner label="Loading offers…" />;
  if (!data.offers.length)
    return (
      <p className="text-stone-700">
        {role === 'buyer'
          ? 'You have made no offers yet. "Make an offer" is on every instrument listed for sale.'
          : 'Nobody has made an offer on your listed instruments yet.'}
      </p>
    );
  return (
    <ul className="grid gap-3" aria-label={role === 'buyer' ? 'Offers you made' : 'Offers you received'}>
      {data.offers.map((o) => (
        <OfferItem key={o.id} offer={o} onStep={onStep} />
      ))}
    </ul>
  );
}

/** /offers: the offers a person made (buyer) and received (seller), each with its state and next steps. */
export function OffersView() {
  const [params, setParams] = useSearchParams();
  const role: OfferRole = params.get('role') === 'seller' ? 'seller' : 'buyer';
  const [notice, setNotice] = useState<string | null>(null);
  const onStep = (o: PurchaseOffer, step: OfferStep) => setNotice(stepNotice(o, step));
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Your offers</h1>
      <p role="status" className={notice ? 'rounded-md bg-emerald-50 p-3 text-emerald-950' : 'sr-only'}>
        {notice}
      </p>
      <Tabs
        value={role}
        onValueChange={(value) => {
          setNotice(null);
          setParams(value === 'seller' ? { role: 'seller' } : {}, { replace: true });
        }}
      >
        <TabsList aria-label="Your side">
          <TabsTrigger value="buyer">As buyer</TabsTrigger>
          <TabsTrigger value="seller">As seller</TabsTrigger>
        </TabsList>
        <TabsContent value="buyer">
          <OfferList role="buyer" onStep={onStep} />
        </TabsContent>
        <TabsContent value="seller">
          <OfferList role="seller" onStep={onStep} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

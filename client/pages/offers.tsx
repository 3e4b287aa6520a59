import { OffersView } from '../features/purchase-offers/offers-view';
import { useDocumentTitle } from '../lib/use-document-title';

/** /offers: offers made and received on instruments listed for sale. */
export function OffersPage() {
  useDocumentTitle('Your offers');
  return <OffersView />;
}

import { MakersFrontDoor } from '../features/static/makers-front-door';
import { useDocumentTitle } from '../lib/use-document-title';

/** /for-luthiers: the makers' front door — open a shop, meet the other makers, check a passport. */
export function ForLuthiersPage() {
  useDocumentTitle('For Luthiers');
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10">
      <div className="grid gap-2">
        <h1 className="font-serif text-3xl font-bold text-wood-900 sm:text-4xl">For Luthiers</h1>
        <p className="max-w-2xl text-stone-700">
          Give every instrument you build a passport buyers can check, sell from your own storefront, and
          answer buyers in conversations that never show your email address.
        </p>
      </div>
      <MakersFrontDoor heading="h2" />
    </div>
  );
}

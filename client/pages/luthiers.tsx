import { Link } from 'react-router';
import { MakersDirectory } from '../features/profiles/makers-directory';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/luthiers`: the makers directory. */
export function LuthiersPage() {
  useDocumentTitle('Luthiers');
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <h1 className="font-serif text-2xl font-bold text-wood-900 md:text-4xl">Luthiers</h1>
      <p className="mt-1 max-w-2xl text-sm text-stone-700 md:text-base">
        Makers with a shop on the registry. Their instruments are in the{' '}
        <Link to="/registry" className="font-medium text-wood-700 underline">
          registry
        </Link>
        .
      </p>
      <div className="mt-4">
        <MakersDirectory />
      </div>
    </div>
  );
}

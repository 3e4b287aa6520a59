import { Link } from 'react-router';
import { RegistryBrowser } from '../features/registry/registry-browser';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/registry`: every passport, searchable by anyone. */
export function RegistryPage() {
  useDocumentTitle('Registry');
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <h1 className="font-serif text-2xl font-bold text-wood-900 md:text-4xl">Instrument Registry</h1>
      <p className="mt-1 max-w-2xl text-sm text-stone-700 md:mt-2 md:text-base">
        Passports of handmade instruments: who built them, who has owned them and every repair since. Buying
        one?{' '}
        <Link to="/check" className="font-medium text-wood-800 underline">
          Check a passport code or serial number
        </Link>
        .
      </p>
      <div className="mt-4 md:mt-8">
        <RegistryBrowser />
      </div>
    </div>
  );
}

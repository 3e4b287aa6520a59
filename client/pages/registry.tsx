import { RegistryBrowser } from '../features/registry/registry-browser';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/registry`: every passport, searchable by anyone. */
export function RegistryPage() {
  useDocumentTitle('Registry');
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900 md:text-4xl">Instrument Registry</h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        Passports of handmade instruments: who built them, who has owned them and every repair since.
      </p>
      <div className="mt-8">
        <RegistryBrowser />
      </div>
    </div>
  );
}

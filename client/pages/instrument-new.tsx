import { useNavigate } from 'react-router';
import { createInstrumentSchema, type CreateInstrumentInput } from '../../contract/registry';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { createInstrument, useMyRegistry, useRegistryMutation } from '../features/registry/api';
import { InstrumentForm } from '../features/registry/instrument-form';
import { errorText } from '../lib/api';
import { useSchemaSubmit } from '../lib/use-schema-submit';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/instruments/new`: a luthier with a shop registers an instrument they built. */
export function InstrumentNewPage() {
  useDocumentTitle('Register instrument');
  const { user, isLoading } = useAuth();
  const mine = useMyRegistry(Boolean(user));
  const navigate = useNavigate();
  const create = useSchemaSubmit(
    createInstrumentSchema,
    useRegistryMutation((body: CreateInstrumentInput) => createInstrument(body), {
      onSuccess: (created) => {
        toast({
          title: 'Instrument registered',
          description: `Passport ${created.passportCode} is ready. Add photos in the Gallery.`,
        });
        void navigate(`/instruments/${created.id}`);
      },
    }),
  );
  if (isLoading) return <Spinner />;
  // The route guard shows guests the sign-in prompt; this page renders only for a signed-in person.
  if (!user) return null;
  if (mine.isPending) return <Spinner />;
  if (user.role !== 'luthier' || !mine.data?.shop)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="font-serif text-3xl font-bold text-wood-900">Register instrument</h1>
        <p className="mt-3 text-stone-700">
          Only luthiers with a shop can register instruments. Finish your onboarding as a luthier to open your
          shop.
        </p>
      </div>
    );
  const { fields } = create;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Register instrument</h1>
      <p className="mt-2 text-stone-700">
        Made by {mine.data.shop.name}. Name, type, category and year are required; everything else can follow.
      </p>
      {Boolean(create.error) && !Object.keys(fields).length && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {errorText(create.error)}
        </p>
      )}
      <div className="mt-6 rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
        <InstrumentForm
          mode="create"
          pending={create.isPending}
          fieldErrors={fields}
          // What was typed (empty fields left out) is checked against the server's schema first; its messages,
          // or the server's, show beside each field.
          onSubmit={(body) => create.submitValues(body)}
        />
      </div>
    </div>
  );
}

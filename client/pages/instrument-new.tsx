import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Certificate } from '../../contract/certificates';
import { createInstrumentSchema, type CreateInstrumentInput } from '../../contract/registry';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { useInvalidateCertificates, useMyCertificates } from '../features/academy/api';
import { createInstrument, useMyRegistry, useRegistryMutation } from '../features/registry/api';
import { InstrumentForm } from '../features/registry/instrument-form';
import { errorText } from '../lib/api';
import { useSchemaSubmit } from '../lib/use-schema-submit';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** What a passport built in a course starts from: the course's instrument. */
function prefillFrom(certificate: Certificate | undefined): Record<string, string> | undefined {
  const builds = certificate?.builds;
  if (!certificate || !builds) return undefined;
  return {
    instrumentType: builds.instrumentType,
    category: builds.category,
    ...(builds.numberOfStrings ? { numberOfStrings: String(builds.numberOfStrings) } : {}),
    description: `Built in the academy course “${certificate.course.title}”.`,
  };
}

/**
 * `/instruments/new`: a luthier with a shop registers an instrument they built. With `?certificate={id}` (from a
 * certificate of a course that builds an instrument) the form starts from the course and the passport links to it.
 */
export function InstrumentNewPage() {
  useDocumentTitle('Register instrument');
  const { user, isLoading } = useAuth();
  const mine = useMyRegistry(Boolean(user));
  const [search] = useSearchParams();
  const certificateParam = search.get('certificate');
  const certificates = useMyCertificates(Boolean(user && certificateParam));
  const certificate = certificates.data?.find((c) => c.id === certificateParam && c.builds);
  const navigate = useNavigate();
  const invalidateCertificates = useInvalidateCertificates();
  const create = useSchemaSubmit(
    createInstrumentSchema,
    useRegistryMutation((body: CreateInstrumentInput) => createInstrument(body), {
      onSuccess: (created) => {
        // A passport built in a course is listed on its certificate.
        if (created.builtIn) void invalidateCertificates();
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
  if (mine.isPending || (certificateParam && certificates.isPending)) return <Spinner />;
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
      {certificate && (
        <p
          role="status"
          className="mt-3 rounded-lg border border-wood-200 bg-wood-50 p-3 text-sm text-stone-800"
        >
          Built in the course{' '}
          <Link to={`/certificates/${certificate.id}`} className="font-medium text-wood-800 underline">
            {certificate.course.title}
          </Link>
          : the form starts from the course, and the passport will show it was built there.
        </p>
      )}
      {certificateParam && !certificate && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          That certificate is not one of yours for a course that builds an instrument; this passport will not
          be linked to a course.
        </p>
      )}
      {Boolean(create.error) && !Object.keys(fields).length && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {errorText(create.error)}
        </p>
      )}
      <div className="mt-6 rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
        <InstrumentForm
          mode="create"
          defaultCurrency={mine.data.usualCurrency ?? undefined}
          pending={create.isPending}
          fieldErrors={fields}
          // What was typed (empty fields left out) is checked against the server's schema first; its messages,
          // or the server's, show beside each field.
          prefill={prefillFrom(certificate)}
          onSubmit={(body) =>
            create.submitValues(certificate ? { ...body, certificateId: certificate.id } : body)
          }
        />
      </div>
    </div>
  );
}

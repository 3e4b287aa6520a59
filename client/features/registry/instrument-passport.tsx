import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ownerDossierUrl, useInstrument } from './api';
import { describeKind } from '../../../contract/registry-values';
import { GalleryTab } from './gallery-tab';
import { OverviewTab } from './overview-tab';
import { PassportActions } from './passport-actions';
import { PortfolioToggle } from './portfolio-toggle';
import { ListingEditor } from './listing-editor';
import { VerifiedBadge } from './verified-badge';
import { ProvenanceTab } from './provenance-tab';
import { ServiceTab } from './service-tab';
import { BuiltInCourse } from '../../components/built-in-course';
import { formatDate } from './format';

function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Instrument Not Found</h1>
      <p className="mt-3 text-stone-700">The requested instrument could not be found in our registry.</p>
      <Link to="/registry" className={`${buttonClasses('outline')} mt-6`}>
        <ArrowLeft aria-hidden /> Back to registry
      </Link>
    </div>
  );
}

/** An instrument passport: Overview, Gallery, Provenance and Service History tabs. */
export function InstrumentPassport({ id }: { id: string }) {
  const query = useInstrument(id);
  useDocumentTitle(query.data?.name ?? (query.isError ? 'Instrument Not Found' : 'Instrument'));
  if (query.isPending) return <Spinner label="Loading instrument…" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          Failed to fetch instrument
        </p>
        <Link to="/registry" className={`${buttonClasses('outline')} mt-6`}>
          Back to registry
        </Link>
      </div>
    );
  }
  const i = query.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link to="/registry" className="inline-flex items-center gap-1 text-sm text-wood-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Back to registry
      </Link>
      <header className="mt-4 flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="font-serif text-3xl font-bold text-wood-900 md:text-4xl">{i.name}</h1>
            {i.status === 'stolen' && <Badge className="bg-red-700">Reported stolen</Badge>}
          </div>
          <VerifiedBadge instrument={i} />
          {i.stolen && (
            <p role="status" className="mt-1 text-sm font-medium text-red-800">
              Reported stolen on {formatDate(i.stolen.date)} in {i.stolen.place}
              {i.stolen.policeReference ? ` · police reference ${i.stolen.policeReference}` : ''}
            </p>
          )}
          <p className="mt-1 text-stone-700">
            {describeKind(i.instrumentType, i.category)} · {i.yearMade}
            {i.luthier ? ` · ${i.luthier.businessName}` : ''}
          </p>
          <BuiltInCourse builtIn={i.builtIn} className="mt-1 text-sm text-stone-700" />
          <p className="mt-1 font-mono text-sm text-stone-600">
            Passport {i.passportCode} ·{' '}
            <Link to={`/p/${i.passportCode}`} className="font-sans text-wood-800 underline">
              Public passport (share)
            </Link>
            {' · '}
            {/* The label to stick inside the instrument: its QR code opens the public passport. */}
            <Link to={`/p/${i.passportCode}/label`} className="font-sans text-wood-800 underline">
              QR label (print)
            </Link>
            {(i.viewer.isOwner || i.viewer.isAdmin) && (
              <>
                {' · '}
                <a href={ownerDossierUrl(i.id)} download className="font-sans text-wood-800 underline">
                  Owner’s dossier (PDF, with private values)
                </a>
              </>
            )}
          </p>
          <PortfolioToggle instrument={i} />
          <ListingEditor instrument={i} />
        </div>
        <PassportActions instrument={i} />
      </header>
      <Tabs defaultValue="overview" className="mt-8">
        <TabsList aria-label="Passport sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="gallery">Gallery</TabsTrigger>
          <TabsTrigger value="provenance">Provenance</TabsTrigger>
          <TabsTrigger value="service">Service History</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab instrument={i} />
        </TabsContent>
        <TabsContent value="gallery">
          <GalleryTab instrument={i} />
        </TabsContent>
        <TabsContent value="provenance">
          <ProvenanceTab instrument={i} />
        </TabsContent>
        <TabsContent value="service">
          <ServiceTab instrument={i} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

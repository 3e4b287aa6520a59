import { AlertTriangle, ShieldCheck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { MakerLine } from '../features/public-passport/maker-line';
import { BuiltInCourse } from '../components/built-in-course';
import { buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { usePublicListing, usePublicPassport } from '../features/public-passport/api';
import {
  BuildFacts,
  Gallery,
  Provenance,
  ServiceHistory,
} from '../features/public-passport/passport-sections';
import { PassportHistory } from '../features/public-passport/passport-history';
import { VerifyPanel } from '../features/public-passport/verify-panel';
import { formatDay } from '../lib/format-date';
import { ForSalePanel } from '../features/public-passport/for-sale-panel';
import { useDocumentTitle } from '../lib/use-document-title';

/** The public passport: readable by anyone, no account needed. */
export function PublicPassportPage() {
  const { code = '' } = useParams();
  const { data: p, isError } = usePublicPassport(code);
  // Both reads start with the page (the server preloads them); the passport shows when both are in (a failed
  // listing read shows none), so "For sale" never appears above the passport after it has been drawn.
  const listing = usePublicListing(code);
  useDocumentTitle(p ? `${p.name} · ${p.passportCode}` : 'Passport');
  if (isError)
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 p-12 text-center">
        <h1 className="font-serif text-3xl font-bold text-wood-900">Passport not found</h1>
        <p className="text-stone-700">No passport with the code {code.toUpperCase()} is in the registry.</p>
        <Link to="/check" className={buttonClasses()}>
          Check another code
        </Link>
      </div>
    );
  if (!p || listing.isPending) return <Spinner label="Loading passport…" />;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      {p.stolen && (
        <div role="alert" className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
          <AlertTriangle className="size-6 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">
              This instrument was reported stolen on {formatDay(p.stolen.reportedOn)}.
            </p>
            {(p.stolen.date || p.stolen.place) && (
              <p>
                Stolen {p.stolen.date ? `on ${formatDay(p.stolen.date)}` : ''}{' '}
                {p.stolen.place ? `in ${p.stolen.place}` : ''}
              </p>
            )}
            <p>If it is offered to you, do not buy it; contact the police.</p>
          </div>
        </div>
      )}
      <header>
        <p className="font-mono text-sm text-stone-600">Passport {p.passportCode}</p>
        <h1 className="font-serif text-4xl font-bold text-wood-900">{p.name}</h1>
        <p className="mt-1 text-stone-700">
          <MakerLine p={p} /> ·{' '}
          {p.status === 'active' ? 'Active' : p.status === 'stolen' ? 'Reported stolen' : 'Destroyed'} ·
          registered {formatDay(p.registeredOn)} · {p.eventsCount} logged events
        </p>
        <BuiltInCourse builtIn={p.builtIn} className="mt-1 text-stone-700" />
        <nav aria-label="Passport documents" className="mt-3 flex flex-wrap gap-2">
          <Link to={`/p/${p.passportCode}/label`} className={buttonClasses('outline', 'sm')}>
            QR label
          </Link>
          <a href={`/p/${p.passportCode}/dossier.pdf`} className={buttonClasses('outline', 'sm')}>
            Provenance dossier (PDF)
          </a>
        </nav>
      </header>
      {p.verification && (
        <section
          aria-label="Verification"
          className="flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4"
        >
          <ShieldCheck className="size-6 shrink-0 text-emerald-800" aria-hidden />
          <p className="text-emerald-950">
            <span className="font-semibold">
              Verified{p.verification.adminName ? ` by ${p.verification.adminName}` : ''} on{' '}
              {formatDay(p.verification.verifiedOn)}.
            </span>{' '}
            {p.verification.statement}{' '}
            <Link to="/verified" className="text-emerald-900 underline">
              What Verified means
            </Link>
          </p>
        </section>
      )}
      {p.status === 'active' && <ForSalePanel data={listing.data} name={p.name} />}
      <Gallery p={p} />
      <BuildFacts p={p} />
      <Provenance p={p} />
      <ServiceHistory p={p} />
      <PassportHistory p={p} />
      <VerifyPanel code={p.passportCode} />
    </div>
  );
}

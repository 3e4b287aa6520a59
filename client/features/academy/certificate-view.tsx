import { typeLabel } from '../../../contract/registry-values';
import { useState } from 'react';
import { Award, Download, ExternalLink, Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { linkedInAddUrl, type PublicCertificate } from '../../../contract/certificates';
import { SettingCheckbox } from '../../components/setting-checkbox';
import { buttonClasses } from '../../components/ui/button';
import { apiUrl } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { certificateDate } from './certificate-date';
import { certificatePdfUrl, useCertificateKeys, useCertificateSettings } from './api';
import { useBrowserCheck, VerifyStatus } from './certificate-check';

function ProfileToggle({ certificate }: { certificate: PublicCertificate }) {
  const settings = useCertificateSettings(certificate.id);
  // Shown at once; a failure puts it back.
  const [shown, setShown] = useState(certificate.showOnProfile ?? false);
  return (
    <SettingCheckbox
      label="Show this certificate on my public profile"
      checked={shown}
      error={settings.error}
      onChange={(next) => {
        setShown(next);
        settings.mutate({ showOnProfile: next }, { onError: () => setShown(!next) });
      }}
    />
  );
}

/** A certificate as anyone with its link sees it, checked in the browser against the published keys. */
export function CertificateView({ certificate }: { certificate: PublicCertificate }) {
  const keys = useCertificateKeys();
  const check = useBrowserCheck(certificate.jwt, keys.data);
  const pageUrl = `${window.location.origin}/certificates/${certificate.id}`;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <article
        aria-labelledby="certificate-heading"
        className="rounded-2xl border-4 border-double border-wood-300 bg-white px-6 py-10 text-center shadow-sm sm:px-12"
      >
        <Award className="mx-auto size-10 text-wood-700" aria-hidden />
        <p className="mt-3 text-sm font-semibold tracking-widest text-wood-700 uppercase">
          Luthier Registry Academy
        </p>
        <h1 id="certificate-heading" className="mt-2 font-serif text-3xl font-bold text-wood-900 sm:text-4xl">
          Certificate of completion
        </h1>
        <p className="mt-6 text-stone-700">This certifies that</p>
        <p className="mt-1 font-serif text-3xl font-semibold break-words text-stone-900">
          {certificate.learnerHandle ? (
            <Link to={`/u/${certificate.learnerHandle}`} className="underline">
              {certificate.learnerName}
            </Link>
          ) : (
            certificate.learnerName
          )}
        </p>
        <p className="mt-4 text-stone-700">completed every lesson of the course</p>
        <p className="mt-1 font-serif text-2xl font-semibold break-words text-wood-900">
          <Link to={`/listing/${certificate.course.slug}`} className="underline">
            {certificate.course.title}
          </Link>
        </p>
        <p className="mt-4 text-stone-700">
          on <time dateTime={certificate.issuedAt}>{certificateDate(certificate.issuedAt)}</time>
        </p>
        <p className="mt-6 font-mono text-xs text-stone-600">Certificate {certificate.id}</p>
      </article>

      <section aria-labelledby="check-heading" className="rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="check-heading" className="font-serif text-xl font-semibold text-wood-900">
          Check this certificate
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          It is an Open Badges 3.0 credential signed by the academy. Your browser fetches the academy’s public
          keys and checks the signature itself, without trusting this page.
        </p>
        <div aria-live="polite" className="mt-3 text-sm">
          <VerifyStatus check={check} keysError={keys.error} keyRevokedAt={certificate.keyRevokedAt} />
        </div>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-wood-800 underline">The signed credential</summary>
          <p className="mt-2 text-stone-700">
            Compact VC-JWT; keys at{' '}
            <a href={apiUrl('GET /.well-known/jwks.json')} className="text-wood-800 underline">
              /.well-known/jwks.json
            </a>
            .
          </p>
          <pre className="mt-2 max-h-48 overflow-auto rounded bg-stone-100 p-3 text-xs break-all whitespace-pre-wrap">
            {certificate.jwt}
          </pre>
        </details>
      </section>

      <nav aria-label="Certificate actions" className="flex flex-wrap gap-2">
        <a href={certificatePdfUrl(certificate.id)} className={buttonClasses('outline')}>
          <Download aria-hidden /> Download PDF
        </a>
        {certificate.mine && (
          <a
            href={linkedInAddUrl({
              courseTitle: certificate.course.title,
              issuedAt: certificate.issuedAt,
              certificateUrl: pageUrl,
              certificateId: certificate.id,
            })}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline')}
          >
            <ExternalLink aria-hidden /> Add to LinkedIn
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </nav>

      {certificate.mine && (
        <section
          aria-label="Your certificate"
          className="space-y-4 rounded-xl border border-stone-200 bg-white p-5"
        >
          <ProfileToggle certificate={certificate} />
          {certificate.builds && (
            <div>
              <p className="text-sm text-stone-700">
                This course builds a {certificate.builds.category}{' '}
                {typeLabel(certificate.builds.instrumentType)}. Give the one you built its passport: the form
                starts from the course, and the passport shows it was built here.
              </p>
              <Link
                to={`/instruments/new?certificate=${certificate.id}`}
                className={cn(buttonClasses('default', 'sm'), 'mt-3')}
              >
                <Hammer aria-hidden /> Register the instrument I built in this course
              </Link>
            </div>
          )}
        </section>
      )}

      {certificate.instruments.length > 0 && (
        <section aria-labelledby="built-heading">
          <h2 id="built-heading" className="font-serif text-xl font-semibold text-wood-900">
            Built in this course
          </h2>
          <ul className="mt-2 list-disc pl-5">
            {certificate.instruments.map((i) => (
              <li key={i.passportCode}>
                <Link to={`/p/${i.passportCode}`} className="text-wood-800 underline">
                  {i.name}
                </Link>{' '}
                <span className="font-mono text-sm text-stone-600">({i.passportCode})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

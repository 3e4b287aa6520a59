import { Link, useParams } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { usePublicCertificate } from '../features/academy/api';
import { CertificateView } from '../features/academy/certificate-view';
import { ApiError, errorText } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/certificates/{id}`: a certificate of completion, public to anyone with its link. */
export function CertificatePage() {
  const { id = '' } = useParams();
  const certificate = usePublicCertificate(id);
  const c = certificate.data;
  useDocumentTitle(c ? `${c.learnerName} · ${c.course.title}` : 'Certificate');
  if (certificate.isError)
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 p-12 text-center">
        <h1 className="font-serif text-3xl font-bold text-wood-900">Certificate not found</h1>
        <p role="alert" className="text-stone-700">
          {certificate.error instanceof ApiError && certificate.error.status === 404
            ? 'No certificate has this address. Check the link you were given.'
            : errorText(certificate.error, 'The certificate could not be loaded.')}
        </p>
        <Link to="/explore" className={buttonClasses()}>
          Explore the academy
        </Link>
      </div>
    );
  if (!c) return <Spinner label="Loading certificate…" />;
  return <CertificateView certificate={c} />;
}

import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('404 Page Not Found');
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="font-serif text-3xl font-bold text-wood-900">404 Page Not Found</h1>
      <p className="text-stone-700">
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </p>
      <Link to="/" className={buttonClasses()}>
        Back to Home
      </Link>
    </div>
  );
}

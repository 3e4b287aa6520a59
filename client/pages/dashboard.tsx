import { BookOpen, Guitar } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** The signed-in home (`/` and `/dashboard`). Each area adds its section here. */
export function DashboardPage() {
  const { user } = useAuth();
  useDocumentTitle('Dashboard');
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900">
        Welcome back{user ? `, ${user.firstName || user.displayName}` : ''}
      </h1>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/learn" className={buttonClasses()}>
          <BookOpen aria-hidden /> Continue learning
        </Link>
        <Link to="/registry" className={buttonClasses('outline')}>
          <Guitar aria-hidden /> Browse the registry
        </Link>
      </div>
    </div>
  );
}

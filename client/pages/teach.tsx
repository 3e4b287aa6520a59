import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { TeachCourses } from '../features/authoring/teach-courses';
import { useMyRegistry } from '../features/registry/api';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/teach`: a luthier's courses (drafts, published, unpublished with the reason) and a new one. */
export function TeachPage() {
  useDocumentTitle('Teach');
  const { user } = useAuth();
  const mine = useMyRegistry(Boolean(user));
  // The route guard shows guests the sign-in prompt; this page renders only for a signed-in person.
  if (!user) return null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Teach</h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        Write a course about what you know of the craft: sections of video and reading lessons. It stays a
        draft only you can see until you publish it, and it is free for learners.
      </p>
      <div className="mt-6">
        {mine.isPending ? (
          <Spinner />
        ) : mine.data?.shop ? (
          <TeachCourses />
        ) : (
          <div className="grid gap-3 rounded-xl border border-stone-200 bg-white p-5">
            <p className="text-stone-800">Courses are written by luthiers with a shop on the registry.</p>
            <Link to="/onboarding" className={buttonClasses('outline') + ' justify-self-start'}>
              Open your shop
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}

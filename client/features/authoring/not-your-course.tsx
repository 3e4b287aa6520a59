import { Link } from 'react-router';

/** A course that is not there for this person (the server answers 404 to anyone but its author). */
export function NotYourCourse() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 p-12 text-center">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Course not found</h1>
      <p className="text-stone-700">There is no such course among the ones you write.</p>
      <Link to="/teach" className="font-medium text-wood-700 underline">
        Back to your courses
      </Link>
    </div>
  );
}

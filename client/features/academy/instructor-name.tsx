import { Link } from 'react-router';

/** An instructor's name: a link to their profile (/u/{handle}) when they have one, plain text otherwise. */
export function InstructorName({
  course,
}: {
  course: { instructor: string; instructorHandle: string | null };
}) {
  return course.instructorHandle ? (
    <Link
      to={`/u/${course.instructorHandle}`}
      className="font-medium text-wood-800 underline hover:text-wood-900"
    >
      {course.instructor}
    </Link>
  ) : (
    <>{course.instructor}</>
  );
}

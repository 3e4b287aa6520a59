import { GraduationCap } from 'lucide-react';
import { Link } from 'react-router';
import type { BuiltIn } from '../../contract/certificates';
import { cn } from '../lib/cn';

/** "Built in {course}" on a passport, linked to the certificate its maker earned in that course. */
export function BuiltInCourse({ builtIn, className }: { builtIn: BuiltIn; className?: string }) {
  if (!builtIn) return null;
  return (
    <p className={cn('flex flex-wrap items-center gap-x-1', className)}>
      <GraduationCap className="size-4 text-wood-700" aria-hidden />
      <span>Built in</span>
      <Link to={`/certificates/${builtIn.certificateId}`} className="font-medium text-wood-800 underline">
        {builtIn.courseTitle}
      </Link>
      <span className="sr-only"> (the maker’s academy certificate)</span>
    </p>
  );
}

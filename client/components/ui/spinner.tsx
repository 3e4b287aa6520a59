import { LoaderIcon } from './core-icons';
import { cn } from '../../lib/cn';

/** A loading indicator with a text for screen readers. */
export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 p-8 text-stone-600', className)}>
      <LoaderIcon className="size-5 animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}

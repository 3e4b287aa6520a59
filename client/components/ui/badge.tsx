import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'bg-wood-700 text-white',
  secondary: 'bg-wood-100 text-wood-900',
  outline: 'border border-stone-300 text-stone-800',
  success: 'bg-emerald-700 text-white',
  warning: 'bg-amber-100 text-amber-900',
} as const;

export function Badge({
  className,
  variant = 'default',
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

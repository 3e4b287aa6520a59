import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'bg-wood-700 text-white hover:bg-wood-800',
  secondary: 'bg-wood-100 text-wood-900 hover:bg-wood-200',
  outline: 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-100',
  ghost: 'text-stone-800 hover:bg-stone-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  link: 'text-wood-700 underline-offset-4 hover:underline',
} as const;

const sizes = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 px-3 text-sm',
  lg: 'h-11 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

export function buttonClasses(
  variant: keyof typeof variants = 'default',
  size: keyof typeof sizes = 'default',
) {
  return cn(
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors',
    'disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
  );
}

/** A button; a link that looks like one uses `buttonClasses` (Radix's Slot stays out of the first script). */
export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return (
    <button className={cn(buttonClasses(variant, size), className)} type={type ?? 'button'} {...props} />
  );
}

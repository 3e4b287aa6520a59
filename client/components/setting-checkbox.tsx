import { useId, type ReactNode } from 'react';
import { errorText } from '../lib/api';
import { cn } from '../lib/cn';

/**
 * One on/off setting saved as it is changed (a portfolio piece, a certificate on the profile): the checkbox, an
 * optional hint, and the server's refusal in place.
 */
export function SettingCheckbox({
  label,
  checked,
  onChange,
  hint,
  error,
  className,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  /** The failed save, if the last one failed. */
  error?: unknown;
  className?: string;
}) {
  const hintId = useId();
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label className="inline-flex items-center gap-2 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          className="size-4 accent-wood-700"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hint ? hintId : undefined}
        />
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      {Boolean(error) && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(error, 'The setting could not be saved.')}
        </p>
      )}
    </div>
  );
}

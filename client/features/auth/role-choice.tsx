import { Guitar, Music } from 'lucide-react';
import { cn } from '../../lib/cn';

const ROLES = [
  {
    value: 'user',
    label: 'Music Enthusiast',
    description: 'Learn about instruments & luthiers',
    icon: Music,
  },
  { value: 'luthier', label: 'Luthier', description: 'Create profiles & register instruments', icon: Guitar },
] as const;

/** The sign-up role, shown as two labelled radio cards; user by default. */
export function RoleChoice({
  value,
  onChange,
  error,
}: {
  value: 'user' | 'luthier';
  onChange: (role: 'user' | 'luthier') => void;
  error?: string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium text-stone-800">I am a</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {ROLES.map((role) => (
          <label
            key={role.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-wood-500',
              value === role.value ? 'border-wood-600 bg-wood-50' : 'border-stone-300 hover:bg-stone-50',
            )}
          >
            <input
              type="radio"
              name="role"
              value={role.value}
              checked={value === role.value}
              onChange={() => onChange(role.value)}
              className="sr-only"
            />
            <role.icon className="mt-0.5 size-5 shrink-0 text-wood-700" aria-hidden />
            <span className="grid">
              <span className="font-semibold text-stone-900">{role.label}</span>
              <span className="text-stone-600">{role.description}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

import { useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api';
import { usePassportPrivacy, useSetPassportPrivacy } from './api';
import { SettingsCard } from './settings-card';

const CHOICES = [
  {
    value: 'private',
    label: 'Private owner',
    hint: 'Passports you own show “Owner 2 · Country · years”, never your name, city or profile.',
  },
  {
    value: 'public',
    label: 'Show my name',
    hint: 'Passports you own show your display name and city, linked to your public page.',
  },
] as const;
type Choice = (typeof CHOICES)[number]['value'];

/** Whether the passports someone owns name them. Until they choose, they are a private owner. */
export function PrivacySection() {
  const state = usePassportPrivacy();
  const save = useSetPassportPrivacy();
  // The choice shows as soon as it is made (a controlled radio would otherwise spring back until the save
  // answers); a refused save falls back to what the server holds.
  const [picked, setPicked] = useState<Choice | null>(null);
  // Someone who never chose is shown as a private owner, but has not chosen that: no radio claims a choice
  // nobody made, and picking "Private owner" records one.
  const saved = state.data?.chosen ? (state.data.ownerPrivacy ? 'private' : 'public') : null;
  const current = picked ?? saved;
  const choose = (value: Choice) => {
    setPicked(value);
    save.mutate({ ownerPrivacy: value === 'private' }, { onError: () => setPicked(null) });
  };
  return (
    <SettingsCard
      title="Passport privacy"
      description="How you appear on the public passports of instruments you own. Registry logs never carry your name either way."
    >
      {state.isLoading ? (
        <Spinner />
      ) : state.error || !state.data ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(state.error, 'Could not load this setting.')}
        </p>
      ) : (
        <fieldset className="flex flex-col gap-3" disabled={save.isPending}>
          <legend className="sr-only">Show me on passports as</legend>
          {CHOICES.map((c) => (
            <label key={c.value} className="flex items-start gap-2 text-sm text-stone-800">
              <input
                type="radio"
                name="owner-privacy"
                className="mt-1 size-4 accent-wood-700"
                checked={current === c.value}
                onChange={() => choose(c.value)}
              />
              <span>
                <span className="font-medium">{c.label}</span>
                <span className="block text-xs text-stone-600">{c.hint}</span>
              </span>
            </label>
          ))}
          <p className="flex flex-col text-sm text-stone-700" aria-live="polite">
            <span>
              {current
                ? `You chose: ${current === 'private' ? 'Private owner' : 'show my name'}.`
                : 'You have not chosen yet, so you are shown as a private owner.'}
            </span>
            <span>
              {current === 'public'
                ? 'Visitors of your passports see your display name and city.'
                : 'Visitors of your passports see “Private owner”, never your name.'}
            </span>
          </p>
          {Boolean(save.error) && (
            <p role="alert" className="text-sm text-red-700">
              {errorText(save.error, 'The setting could not be saved.')}
            </p>
          )}
        </fieldset>
      )}
    </SettingsCard>
  );
}

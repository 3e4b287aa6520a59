import { useState } from 'react';
import { Link } from 'react-router';
import { profileUpdateSchema, type Account } from '../../../contract/account';
import { EXPERIENCE_LEVELS, type Experience } from '../../../contract/auth';
import { Button } from '../../components/ui/button';
import { Label, Select, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { Field, FormError, formText } from '../../components/form-parts';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useUpdateProfile } from './api';
import { SettingsCard, splitTags } from './settings-card';

export function ProfileSection({ account }: { account: Account }) {
  const update = useSchemaSubmit(profileUpdateSchema, useUpdateProfile());
  const { fields } = update;
  const [experience, setExperience] = useState(account.experience ?? '');
  return (
    <SettingsCard title="Profile" description="Shown on your public page.">
      {account.handle && (
        <p className="mb-4 text-sm text-stone-700">
          Public address:{' '}
          <Link to={`/u/${account.handle}`} className="font-mono text-wood-700 underline">
            /u/{account.handle}
          </Link>
        </p>
      )}
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const get = (name: string) => formText(data, name);
          update.submit(
            {
              displayName: get('displayName'),
              bio: get('bio'),
              location: get('location'),
              experience: experience as Experience | '',
              interests: splitTags(get('interests')),
              favoriteStyles: splitTags(get('favoriteStyles')),
              specialties: splitTags(get('specialties')),
            },
            { onSuccess: () => toast({ title: 'Profile saved' }) },
          );
        }}
      >
        <FormError error={update.error} />
        <Field
          id="s-name"
          name="displayName"
          label="Display name"
          defaultValue={account.displayName}
          error={fields.displayName}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="s-bio">Bio</Label>
          <Textarea id="s-bio" name="bio" defaultValue={account.bio ?? ''} maxLength={1000} />
          {fields.bio && <p className="text-sm text-red-700">{fields.bio}</p>}
        </div>
        <Field
          id="s-location"
          name="location"
          label="Location"
          defaultValue={account.location ?? ''}
          error={fields.location}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="s-experience">Experience level</Label>
          <Select id="s-experience" value={experience} onChange={(e) => setExperience(e.target.value)}>
            <option value="">Not specified</option>
            {EXPERIENCE_LEVELS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </Select>
        </div>
        <Field
          id="s-interests"
          name="interests"
          label="Interests (comma separated)"
          defaultValue={account.interests.join(', ')}
          error={fields.interests}
        />
        <Field
          id="s-styles"
          name="favoriteStyles"
          label="Favorite styles (comma separated)"
          defaultValue={account.favoriteStyles.join(', ')}
          error={fields.favoriteStyles}
        />
        {account.role === 'luthier' && (
          <Field
            id="s-specialties"
            name="specialties"
            label="Specialties (comma separated)"
            defaultValue={account.specialties.join(', ')}
            error={fields.specialties}
          />
        )}
        <Button type="submit" className="justify-self-start" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save profile'}
        </Button>
      </form>
    </SettingsCard>
  );
}

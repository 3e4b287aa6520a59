import { Camera, ClipboardList, ShieldCheck } from 'lucide-react';
import { EXPERIENCE_LEVELS, type Experience } from '../../../contract/auth';
import { Input, Label, Select, Textarea } from '../../components/ui/input';
import type { OnboardingAnswers } from '../../lib/onboarding-draft';
import { TagPicker } from './tag-picker';

type StepProps = { draft: OnboardingAnswers; update: (patch: Partial<OnboardingAnswers>) => void };

export function AboutStep({ draft, update }: StepProps) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor="bio">Bio</Label>
        <Textarea
          id="bio"
          value={draft.bio}
          maxLength={1000}
          placeholder="A few words about you and your music"
          onChange={(e) => update({ bio: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="location">Location</Label>
        <Input
          id="location"
          value={draft.location}
          maxLength={120}
          placeholder="City, Country"
          onChange={(e) => update({ location: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="experience">Experience level</Label>
        <Select
          id="experience"
          value={draft.experience}
          onChange={(e) => update({ experience: e.target.value as Experience | '' })}
        >
          <option value="">Choose a level</option>
          {EXPERIENCE_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

const SPECIALTIES = [
  'classical',
  'acoustic',
  'electric',
  'flamenco',
  'violin',
  'viola',
  'cello',
  'double bass',
  'mandolin',
  'banjo',
  'ukulele',
  'lute',
  'oud',
  'harp',
  'repair',
  'restoration',
];
const PREFERRED_STYLES = ['traditional', 'modern', 'vintage', 'archtop', 'fingerstyle', 'jazz'];
const INTERESTS = [
  'guitar',
  'violin',
  'cello',
  'mandolin',
  'banjo',
  'ukulele',
  'harp',
  'instrument care',
  'luthiery',
  'collecting',
];
const FAVORITE_STYLES = [
  'classical',
  'folk',
  'blues',
  'jazz',
  'rock',
  'flamenco',
  'bluegrass',
  'fingerstyle',
];

export function CraftStep({ draft, update }: StepProps) {
  return (
    <div className="grid gap-6">
      <TagPicker
        legend="Specialties"
        options={SPECIALTIES}
        value={draft.specialties}
        onChange={(specialties) => update({ specialties })}
      />
      <TagPicker
        legend="Preferred styles"
        options={PREFERRED_STYLES}
        value={draft.favoriteStyles}
        onChange={(favoriteStyles) => update({ favoriteStyles })}
      />
    </div>
  );
}

export function InterestsStep({ draft, update }: StepProps) {
  return (
    <div className="grid gap-6">
      <TagPicker
        legend="Musical interests"
        options={INTERESTS}
        value={draft.interests}
        onChange={(interests) => update({ interests })}
      />
      <TagPicker
        legend="Favorite styles"
        options={FAVORITE_STYLES}
        value={draft.favoriteStyles}
        onChange={(favoriteStyles) => update({ favoriteStyles })}
      />
    </div>
  );
}

/** Luthier step 3: what registering a first instrument involves, before choosing the shop handle. */
export function FirstInstrumentStep() {
  const points = [
    {
      icon: ClipboardList,
      title: 'Build details',
      text: 'Woods, scale length, finish and the year it left your bench.',
    },
    {
      icon: Camera,
      title: 'Photos',
      text: 'Upload a few photos; we strip location data and resize them for you.',
    },
    {
      icon: ShieldCheck,
      title: 'A passport for life',
      text: 'Every later owner and repair is added to the same record.',
    },
  ];
  return (
    <div className="grid gap-4">
      <p className="text-stone-700">
        Once your shop is set up you can register your first instrument from your dashboard. Each instrument
        gets a passport that follows it from owner to owner.
      </p>
      <ul className="grid gap-3">
        {points.map((p) => (
          <li key={p.title} className="flex gap-3 rounded-lg border border-stone-200 p-3">
            <p.icon className="mt-0.5 size-5 shrink-0 text-wood-700" aria-hidden />
            <div>
              <p className="font-semibold text-stone-900">{p.title}</p>
              <p className="text-sm text-stone-600">{p.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

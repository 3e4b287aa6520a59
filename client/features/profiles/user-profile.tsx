import { Award, CalendarDays, MapPin, Store } from 'lucide-react';
import { Link } from 'react-router';
import type { UserProfile } from '../../../contract/profiles';
import { Badge } from '../../components/ui/badge';
import { Avatar } from '../../components/ui/avatar';
import { formatDate } from '../../lib/format-date';
import { Section, TagList } from './profile-parts';

/** /u/{slug}: a person's public page. */
export function UserProfileView({ profile }: { profile: UserProfile }) {
  const name = profile.displayName?.trim() || 'Anonymous User';
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-col gap-5 rounded-xl bg-gradient-to-br from-wood-100 to-wood-50 p-6 sm:flex-row sm:items-center">
        <Avatar url={profile.profileImageUrl} name={name} />
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="font-serif text-3xl font-bold text-wood-900">{name}</h1>
            <Badge>{profile.role === 'luthier' ? 'Luthier' : 'Enthusiast'}</Badge>
          </div>
          {profile.shop && (
            <p className="flex items-center gap-1.5 text-sm text-stone-700">
              <Store className="size-4" aria-hidden />
              <Link to={`/l/${profile.shop.slug}`} className="font-medium text-wood-800 underline">
                {profile.shop.name}
              </Link>
            </p>
          )}
          <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-stone-700">
            {profile.location && (
              <span className="flex items-center gap-1.5">
                <MapPin className="size-4" aria-hidden /> {profile.location}
              </span>
            )}
            <span className="flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden /> Joined {formatDate(profile.joinedAt)}
            </span>
          </div>
        </div>
      </div>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <Section title="About">
            <p className="whitespace-pre-line">{profile.bio || 'No bio yet.'}</p>
          </Section>
        </div>
        <Section title="Interests">
          <TagList tags={profile.interests} empty="No interests listed yet." />
        </Section>
        <Section title="Favorite Styles">
          <TagList tags={profile.favoriteStyles} empty="No favorite styles listed yet." />
        </Section>
        <Section title="Experience">
          <p>{profile.experience || 'Not specified.'}</p>
        </Section>
        {profile.certificates.length > 0 && (
          <Section title="Academy Certificates">
            <ul className="grid gap-2">
              {profile.certificates.map((c) => (
                <li key={c.id} className="flex items-start gap-2">
                  <Award className="mt-0.5 size-4 shrink-0 text-wood-700" aria-hidden />
                  <span>
                    <Link to={`/certificates/${c.id}`} className="font-medium text-wood-800 underline">
                      {c.courseTitle}
                    </Link>{' '}
                    <span className="text-sm text-stone-600">· {formatDate(c.issuedAt)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </Section>
        )}
      </div>
    </div>
  );
}

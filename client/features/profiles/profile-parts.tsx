import { SearchX, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Image } from '../../components/ui/image';

export function Avatar({ url, name, size = 'lg' }: { url: string | null; name: string; size?: 'lg' | 'sm' }) {
  const box = size === 'lg' ? 'size-24' : 'size-12';
  const px = size === 'lg' ? 96 : 48;
  return url ? (
    // The large avatar heads a profile page, above the fold: fetched at once rather than lazily.
    <Image
      src={url}
      alt={`${name}'s photo`}
      width={px}
      height={px}
      sizes={`${px}px`}
      priority={size === 'lg'}
      className={`${box} shrink-0 rounded-full object-cover ring-4 ring-white`}
    />
  ) : (
    <div
      role="img"
      aria-label={`${name} has no photo`}
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-wood-200 text-wood-800 ring-4 ring-white`}
    >
      <UserRound className="size-1/2" aria-hidden />
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-serif text-lg font-semibold text-wood-900">{title}</h2>
      </CardHeader>
      <CardContent className="text-stone-700">{children}</CardContent>
    </Card>
  );
}

export function TagList({ tags, empty }: { tags: string[]; empty: string }) {
  if (!tags.length) return <p className="text-stone-500">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {tags.map((t) => (
        <li key={t}>
          <Badge variant="secondary" className="capitalize">
            {t}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

export const formatDate = (
  iso: string,
  options: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' },
) => new Intl.DateTimeFormat('en', options).format(new Date(iso));

/** The named not-found screens of seed §8 ("Profile Not Found", "Shop Not Found"). */
export function ProfileNotFound({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <SearchX className="size-10 text-wood-600" aria-hidden />
      <h1 className="font-serif text-3xl font-bold text-wood-900">{title}</h1>
      <p className="text-stone-700">{text}</p>
      <Link to="/explore" className={buttonClasses()}>
        Explore Luthiers
      </Link>
    </div>
  );
}

import { UserRound } from 'lucide-react';
import { Image } from './image';

/** A person's or shop's round photo, or a placeholder naming who has none. */
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

import { CalendarDays, Hammer, Link2, MapPin, ShieldCheck, Store } from 'lucide-react';
import { Link } from 'react-router';
import type { ShopProfile } from '../../../contract/profiles';
import { Badge } from '../../components/ui/badge';
import { Avatar, Section, TagList } from './profile-parts';

/** /l/{slug}: every element of seed §2 for a luthier's shop. */
export function ShopProfileView({ shop }: { shop: ShopProfile }) {
  const url = `${window.location.origin}/l/${shop.slug}`;
  const established = shop.establishedYear ?? new Date(shop.createdAt).getFullYear();
  const ownerName = shop.owner.displayName?.trim() || 'Anonymous User';
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="grid gap-3 rounded-xl bg-gradient-to-br from-wood-800 to-wood-600 p-6 text-white">
        <div className="flex flex-wrap gap-2">
          <Badge className="bg-white text-wood-900">
            <Store aria-hidden /> Luthier Shop
          </Badge>
          {shop.published && <Badge variant="success">Published</Badge>}
          {shop.verified && (
            <Badge className="bg-amber-100 text-amber-900">
              <ShieldCheck aria-hidden /> Verified
            </Badge>
          )}
        </div>
        <h1 className="font-serif text-3xl font-bold sm:text-4xl">{shop.name}</h1>
        <p className="flex items-center gap-1.5 text-sm text-wood-100">
          <Link2 className="size-4" aria-hidden />
          <span className="font-mono">{url}</span>
        </p>
        <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-wood-50">
          {shop.location && (
            <span className="flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden /> {shop.location}
            </span>
          )}
          <span className="flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden /> Established {established}
          </span>
        </div>
      </div>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <div className="grid gap-4 md:col-span-2">
          <Section title="About the shop">
            <p className="whitespace-pre-line">{shop.bio || 'No description yet.'}</p>
          </Section>
          <Section title="Workshop">
            <p className="whitespace-pre-line">{shop.workshopBio || 'No workshop description yet.'}</p>
          </Section>
          <Section title="Portfolio">
            <div className="flex items-center gap-3 rounded-lg border border-dashed border-stone-300 p-6 text-stone-600">
              <Hammer className="size-6 shrink-0 text-wood-600" aria-hidden />
              <p>
                A curated portfolio is coming soon. Meanwhile,{' '}
                <Link
                  to={`/registry?search=${encodeURIComponent(shop.name)}`}
                  className="font-medium text-wood-700 underline"
                >
                  see this workshop&rsquo;s instruments in the registry
                </Link>
                .
              </p>
            </div>
          </Section>
        </div>
        <div className="grid content-start gap-4">
          <Section title="The luthier">
            <div className="flex items-center gap-3">
              <Avatar url={shop.owner.profileImageUrl} name={ownerName} size="sm" />
              <p className="font-semibold text-stone-900">{ownerName}</p>
            </div>
            <p className="mt-3 whitespace-pre-line text-sm">{shop.owner.bio || 'No bio yet.'}</p>
          </Section>
          <Section title="Specializations">
            <TagList tags={shop.specializations} empty="None listed yet." />
          </Section>
        </div>
      </div>
    </div>
  );
}

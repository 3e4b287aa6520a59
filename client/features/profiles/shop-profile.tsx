import { CalendarDays, MapPin, ShieldCheck, Store } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ShopPage } from '../../../contract/profiles';
import { Badge } from '../../components/ui/badge';
import { ContactMaker } from './contact-maker';
import { showContactForm } from './show-contact-form';
import { Avatar } from '../../components/ui/avatar';
import { Image } from '../../components/ui/image';
import { Section, TagList } from './profile-parts';
import { ShopCourses, ShopInstruments, ShopPortfolio } from './shop-sections';
import { ShopListings } from './shop-listings';
import { ShopSold } from './shop-sold';
import { formatDay } from '../../lib/format-date';
import { useAuth } from '../../lib/auth';

/** What the shop's Verified badge rests on: who checked what, and when. */
function verifiedStatement(shop: ShopPage): string {
  const v = shop.verification;
  return v ? `Verified by ${v.adminName} on ${formatDay(v.at)}: ${v.note}` : 'Verified by a registry admin.';
}

/** /l/{slug}: the maker's storefront — who and where, what they built, what they teach, and a way to write. */
export function ShopProfileView({ shop }: { shop: ShopPage }) {
  const ownerName = shop.owner.displayName?.trim() || 'Anonymous User';
  const { user } = useAuth();
  const isOwnShop = Boolean(user?.handle && user.handle === shop.owner.slug);
  // "Write to {shop} about it" on a public passport arrives with ?about={instrument id}.
  const [params] = useSearchParams();
  const [about, setAbout] = useState<{ id: string; name: string } | null>(() => {
    const id = params.get('about');
    const found = [...shop.listings, ...shop.instruments].find((i) => i.id === id);
    return found ? { id: found.id, name: found.name } : null;
  });
  const commissionsOpen = shop.listings.some((l) => l.listing.status === 'commission-open');
  const ask = (instrument: { id: string; name: string }) => {
    setAbout(instrument);
    showContactForm();
  };
  // Arriving from a passport's "Write to … about it", the visitor came to write: the form, not the page top. Once,
  // on arrival (what the first render held); later choices go through ask().
  const arrivedToAsk = useRef(about !== null);
  useEffect(() => {
    if (arrivedToAsk.current) showContactForm();
  }, []);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 md:py-10">
      {shop.cover && (
        <Image
          src={shop.cover.url}
          alt={shop.cover.alt}
          width={1280}
          height={400}
          sizes="(min-width: 1024px) 992px, 100vw"
          priority
          className="mb-4 aspect-[16/5] w-full rounded-xl bg-wood-100 object-cover"
        />
      )}
      <div className="flex flex-col gap-4 rounded-xl bg-gradient-to-br from-wood-800 to-wood-600 p-6 text-white sm:flex-row sm:items-center">
        <Avatar url={shop.owner.profileImageUrl} name={ownerName} />
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <Badge className="bg-white text-wood-900">
              <Store aria-hidden /> Luthier Shop
            </Badge>
            {shop.verified && (
              <Badge className="bg-amber-100 text-amber-900" title={verifiedStatement(shop)}>
                <ShieldCheck aria-hidden /> Verified
              </Badge>
            )}
            {commissionsOpen && <Badge className="bg-emerald-100 text-emerald-900">Commissions open</Badge>}
          </div>
          <h1 className="font-serif text-3xl font-bold sm:text-4xl">{shop.name}</h1>
          <p className="text-wood-50">
            by{' '}
            {shop.owner.slug ? (
              <Link to={`/u/${shop.owner.slug}`} className="font-semibold text-white underline">
                {ownerName}
              </Link>
            ) : (
              <span className="font-semibold">{ownerName}</span>
            )}
          </p>
          <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-wood-50">
            {shop.location && (
              <span className="flex items-center gap-1.5">
                <MapPin className="size-4" aria-hidden /> {shop.location}
              </span>
            )}
            {shop.establishedYear && (
              <span className="flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden /> Established {shop.establishedYear}
              </span>
            )}
          </div>
          <p className="text-sm text-wood-50">
            {shop.verified ? verifiedStatement(shop) : 'The registry has not verified this maker yet.'}{' '}
            <Link to="/verified" className="text-white underline">
              What Verified means
            </Link>
          </p>
        </div>
      </div>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <div className="grid content-start gap-4 md:col-span-2">
          {shop.listings.length > 0 && (
            <Section title="Shop">
              <ShopListings shop={shop} onAsk={ask} canOffer={!isOwnShop} />
            </Section>
          )}
          <ShopSold slug={shop.slug} />
          {shop.policies && (
            <Section title="Shop policies">
              <p className="whitespace-pre-line">{shop.policies}</p>
            </Section>
          )}
          {shop.portfolio.length > 0 && (
            <Section title="Portfolio">
              <ShopPortfolio shop={shop} />
            </Section>
          )}
          <Section title={`Instruments by this maker (${shop.instrumentCount})`}>
            <ShopInstruments shop={shop} />
          </Section>
          <Section title="About the shop">
            <p className="whitespace-pre-line">{shop.bio || 'No description yet.'}</p>
          </Section>
          {shop.workshopBio && (
            <Section title="Workshop">
              <p className="whitespace-pre-line">{shop.workshopBio}</p>
            </Section>
          )}
          <Section title="Courses">
            <ShopCourses shop={shop} />
          </Section>
        </div>
        <div className="grid content-start gap-4">
          <Section title="Contact the maker">
            <ContactMaker
              slug={shop.slug}
              ownerHandle={shop.owner.slug}
              shopName={shop.name}
              about={about}
              onClearAbout={() => setAbout(null)}
            />
          </Section>
          <Section title="Specializations">
            <TagList tags={shop.specializations} empty="None listed yet." />
          </Section>
          {shop.owner.bio && (
            <Section title="The luthier">
              <p className="whitespace-pre-line text-sm">{shop.owner.bio}</p>
            </Section>
          )}
        </div>
      </div>
    </div>
  );
}

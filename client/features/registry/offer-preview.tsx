import { Link } from 'react-router';
import type { OfferPreview } from '../../../contract/registry';
import { Badge } from '../../components/ui/badge';
import { Image } from '../../components/ui/image';
import { capitalize, formatDate } from './format';

const METHOD_WORDS: Record<OfferPreview['method'], string> = {
  purchase: 'a sale',
  commission: 'a commission',
  gift: 'a gift',
  inheritance: 'an inheritance',
  trade: 'a trade',
};

/** Who offers which instrument, with its photo and passport: what the mailed link shows before anyone answers. */
export function OfferPreviewCard({ offer }: { offer: OfferPreview }) {
  const pending = offer.status === 'pending';
  const { instrument } = offer;
  return (
    <article
      aria-label={`Offer of ${instrument.name}`}
      className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:flex-row"
    >
      {instrument.imageUrl && (
        <Image
          src={instrument.imageUrl}
          alt={`Photo of ${instrument.name}`}
          width={160}
          height={160}
          sizes="160px"
          priority
          className="size-40 shrink-0 self-center rounded-lg bg-stone-50 object-cover sm:self-start"
        />
      )}
      <div className="grid content-start gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-serif text-xl font-semibold text-wood-900">{instrument.name}</h2>
          <Badge variant={pending ? 'warning' : 'outline'}>{capitalize(offer.status)}</Badge>
        </div>
        <p className="text-stone-800">
          <strong>{offer.fromName}</strong> offers you its ownership, as {METHOD_WORDS[offer.method]}.
        </p>
        <p className="text-sm text-stone-700">
          Passport <span className="font-mono">{instrument.passportCode}</span>:{' '}
          <Link to={`/p/${instrument.passportCode}`} className="font-medium text-wood-800 underline">
            read its public passport
          </Link>{' '}
          (maker, build facts, photos and whole history) before you answer.
        </p>
        {pending ? (
          <p className="text-sm text-stone-600">Open until {formatDate(offer.expiresAt)}.</p>
        ) : (
          <p className="text-sm text-stone-700">This offer is no longer open.</p>
        )}
      </div>
    </article>
  );
}

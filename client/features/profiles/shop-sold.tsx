import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatPrice } from '../../../presentation/money';
import { apiQuery } from '../../lib/api-client';
import { formatDay } from '../../lib/format-date';
import { Section } from './profile-parts';

/**
 * "Sold": instruments the shop's owner sold through the registry (an offer that became the transfer). The price
 * shows only where the seller chose to show it; otherwise the line says the sale without the amount.
 */
export function ShopSold({ slug }: { slug: string }) {
  const { data } = useQuery({
    ...apiQuery('GET /api/profile/l/:slug/sold', { params: { slug } }),
    retry: false,
  });
  if (!data?.sold.length) return null;
  return (
    <Section title="Sold">
      <ul aria-label="Sold through the registry" className="grid gap-2">
        {data.sold.map((s) => (
          <li
            key={`${s.instrument.passportCode}-${s.soldAt}`}
            className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-lg border border-stone-200 p-3"
          >
            <Link to={`/p/${s.instrument.passportCode}`} className="font-semibold text-wood-800 underline">
              {s.instrument.name}
            </Link>
            <span className="text-sm text-stone-700">
              Sold {formatDay(s.soldAt)}
              {s.price != null && s.currency
                ? ` for ${formatPrice({ price: String(s.price), currency: s.currency })}`
                : ''}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

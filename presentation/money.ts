// Money as a person reads it: a listing's or an offer's price in the reader's locale, with its currency's decimals.
import { isCurrencyCode, minorUnits } from '../contract/currencies';
import { numberFormat } from './intl-formats';

/** "€4,500.00", in the reader's locale; "Price on request" without a price. */
export function formatPrice(
  listing: { price: string | null; currency: string | null },
  locale?: string,
): string {
  if (!listing.price || !listing.currency) return 'Price on request';
  const decimals = isCurrencyCode(listing.currency) ? minorUnits(listing.currency) : 2;
  // Intl formats a string amount exactly (no float rounding) in Node 20 and every current browser.
  return numberFormat(locale, {
    style: 'currency',
    currency: listing.currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(listing.price as unknown as number);
}

import { z } from 'zod';
import { isCurrencyCode, type CurrencyCode } from './currencies';

// Apart from currencies.ts, which the public pages load for formatPrice and which stays free of zod.

/** A field that takes an ISO 4217 code in any case ("eur"); empty is no currency. */
export const currencyFieldSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || isCurrencyCode(v), 'Choose a currency (an ISO 4217 code such as EUR).')
  .transform((v): CurrencyCode | null => (isCurrencyCode(v) ? v : null));

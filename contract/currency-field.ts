import { z } from 'zod';
import { decimalsError, isCurrencyCode, type CurrencyCode } from './currencies';

// Apart from currencies.ts, which the public pages load for formatPrice and which stays free of zod.

/** A field that takes an ISO 4217 code in any case ("eur"); empty is no currency. */
export const currencyFieldSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || isCurrencyCode(v), 'Choose a currency (an ISO 4217 code such as EUR).')
  .transform((v): CurrencyCode | null => (isCurrencyCode(v) ? v : null));

/** Twelve digits before the point and at most three after: numeric(15, 3) in the database. */
const AMOUNT = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,3})?$/;

/**
 * An exact amount of money, kept as its decimal text: a string as people type it ("4,600.50", commas grouping
 * thousands) or a JSON number; empty is none (null). Its decimals are checked against the currency with
 * `amountFitsCurrency`, as the currency may be another field or the server's to choose.
 */
export const amountFieldSchema = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim().replace(/,/g, '')))
  .refine((v) => v === '' || AMOUNT.test(v), 'Enter an amount, such as 4500 or 4500.50.')
  .transform((v) => v || null);

/** A refinement: the amount at `amount` has no more decimals than the currency at `currency` allows. */
export const amountFitsCurrency =
  <K extends string, C extends string>(amount: K, currency: C) =>
  (v: Partial<Record<K, string | null> & Record<C, string | null>>, ctx: z.RefinementCtx) => {
    const value = v[amount];
    const code = v[currency];
    if (!value || !code) return;
    const message = decimalsError(value, code);
    if (message) ctx.addIssue({ code: 'custom', path: [amount], message });
  };

// ISO 4217 currencies in circulation (the 2024 list, without fund codes, precious metals, SDR and the test
// code), with their minor units where they are not 2. A price is stored exactly (a decimal) and may have at most
// as many decimals as its currency has minor units: ¥1500, €4500.50, KWD 120.750.

// prettier-ignore
export const CURRENCY_CODES = [
  'AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD',
  'BIF', 'BMD', 'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY',
  'COP', 'CRC', 'CUP', 'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP',
  'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR',
  'IQD', 'IRR', 'ISK', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT',
  'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR',
  'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK',
  'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD',
  'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY',
  'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VES', 'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XOF',
  'XPF', 'YER', 'ZAR', 'ZMW', 'ZWG',
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

// prettier-ignore
const MINOR_UNITS: Partial<Record<CurrencyCode, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, VND: 0, VUV: 0,
  XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

/** How many decimals a price in this currency may have. */
export const minorUnits = (currency: CurrencyCode): number => MINOR_UNITS[currency] ?? 2;

/**
 * Why an amount ("4600.50") has too many decimals for its currency, or null when it fits: ¥ has none, € two,
 * KWD three. The one rule of listings, transfers and purchase offers.
 */
export function decimalsError(amount: string, currency: string): string | null {
  if (!isCurrencyCode(currency)) return null;
  const decimals = amount.split('.')[1]?.length ?? 0;
  const allowed = minorUnits(currency);
  if (decimals <= allowed) return null;
  return allowed === 0
    ? `${currency} amounts have no decimals: enter a whole amount.`
    : `${currency} amounts have at most ${allowed} decimals.`;
}

const CODES: ReadonlySet<string> = new Set(CURRENCY_CODES);
export const isCurrencyCode = (value: string): value is CurrencyCode => CODES.has(value);

/** A stored amount (numeric(15, 3), "4500.500") with its currency's decimals ("4500.50"). */
export function priceText(amount: string, currency: string): string {
  const decimals = isCurrencyCode(currency) ? minorUnits(currency) : 2;
  const [whole = '0', fraction = ''] = amount.split('.');
  return decimals === 0 ? whole : `${whole}.${fraction.padEnd(decimals, '0').slice(0, decimals)}`;
}

/** The currencies most people price in first, then every other ISO 4217 code: the order of currency menus. */
const COMMON: readonly CurrencyCode[] = ['EUR', 'USD', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD'];
export const CURRENCY_CHOICES: readonly CurrencyCode[] = [
  ...COMMON,
  ...CURRENCY_CODES.filter((c) => !COMMON.includes(c)),
];

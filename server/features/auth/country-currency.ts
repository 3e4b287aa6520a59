// The currency of a country named at the end of a location written "City, Country" (the form every location
// field asks for): in English or in the country's own language, or its ISO 3166 code. Only a starting point for
// a new amount, so a country missing here starts in US dollars, as before, and the person picks another.

// prettier-ignore
const EUR = [
  'austria', 'österreich', 'at', 'belgium', 'belgië', 'belgique', 'be', 'croatia', 'hrvatska', 'hr', 'cyprus',
  'cy', 'estonia', 'eesti', 'ee', 'finland', 'suomi', 'fi', 'france', 'fr', 'germany', 'deutschland', 'de',
  'greece', 'ελλάδα', 'gr', 'ireland', 'éire', 'ie', 'italy', 'italia', 'it', 'latvia', 'latvija', 'lv',
  'lithuania', 'lietuva', 'lt', 'luxembourg', 'lu', 'malta', 'mt', 'netherlands', 'the netherlands', 'holland',
  'nederland', 'nl', 'portugal', 'pt', 'slovakia', 'slovensko', 'sk', 'slovenia', 'slovenija', 'si', 'spain',
  'españa', 'es', 'monaco', 'andorra', 'san marino', 'vatican', 'montenegro', 'kosovo',
];

// prettier-ignore
const OTHERS: Record<string, string> = {
  'united kingdom': 'GBP', uk: 'GBP', gb: 'GBP', 'great britain': 'GBP', england: 'GBP', scotland: 'GBP',
  wales: 'GBP', 'northern ireland': 'GBP',
  'united states': 'USD', 'united states of america': 'USD', usa: 'USD', us: 'USD', 'puerto rico': 'USD',
  ecuador: 'USD', 'el salvador': 'USD', panama: 'USD',
  canada: 'CAD', ca: 'CAD', mexico: 'MXN', méxico: 'MXN', mx: 'MXN', brazil: 'BRL', brasil: 'BRL', br: 'BRL',
  argentina: 'ARS', ar: 'ARS', chile: 'CLP', cl: 'CLP', colombia: 'COP', co: 'COP', peru: 'PEN', perú: 'PEN',
  uruguay: 'UYU', paraguay: 'PYG', bolivia: 'BOB', venezuela: 'VES', cuba: 'CUP',
  switzerland: 'CHF', schweiz: 'CHF', suisse: 'CHF', svizzera: 'CHF', ch: 'CHF', liechtenstein: 'CHF',
  sweden: 'SEK', sverige: 'SEK', se: 'SEK', norway: 'NOK', norge: 'NOK', no: 'NOK', denmark: 'DKK',
  danmark: 'DKK', dk: 'DKK', iceland: 'ISK', ísland: 'ISK', poland: 'PLN', polska: 'PLN', pl: 'PLN',
  'czech republic': 'CZK', czechia: 'CZK', česko: 'CZK', cz: 'CZK', hungary: 'HUF', magyarország: 'HUF',
  hu: 'HUF', romania: 'RON', românia: 'RON', ro: 'RON', bulgaria: 'BGN', bg: 'BGN', serbia: 'RSD',
  ukraine: 'UAH', україна: 'UAH', ua: 'UAH', turkey: 'TRY', türkiye: 'TRY', tr: 'TRY', russia: 'RUB',
  israel: 'ILS', il: 'ILS', egypt: 'EGP', morocco: 'MAD', 'south africa': 'ZAR', za: 'ZAR', nigeria: 'NGN',
  kenya: 'KES', india: 'INR', in: 'INR', pakistan: 'PKR', china: 'CNY', cn: 'CNY', japan: 'JPY', 日本: 'JPY',
  jp: 'JPY', 'south korea': 'KRW', korea: 'KRW', kr: 'KRW', taiwan: 'TWD', tw: 'TWD', 'hong kong': 'HKD',
  hk: 'HKD', singapore: 'SGD', sg: 'SGD', indonesia: 'IDR', malaysia: 'MYR', thailand: 'THB', vietnam: 'VND',
  philippines: 'PHP', australia: 'AUD', au: 'AUD', 'new zealand': 'NZD', nz: 'NZD', 'united arab emirates': 'AED',
  uae: 'AED', 'saudi arabia': 'SAR', iran: 'IRR', lebanon: 'LBP', jordan: 'JOD',
};

const BY_COUNTRY = new Map<string, string>([
  ...EUR.map((c) => [c, 'EUR'] as const),
  ...Object.entries(OTHERS),
]);

/** "Córdoba, Spain" → "EUR"; null when the location names no country this list knows. */
export function currencyOfLocation(location: string | null | undefined): string | null {
  const country = location?.split(',').at(-1)?.trim().toLowerCase();
  return (country && BY_COUNTRY.get(country)) || null;
}

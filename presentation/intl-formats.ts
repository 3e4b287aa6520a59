// Intl formatters, made once per locale and options and then reused. Constructing an Intl.DateTimeFormat or
// Intl.NumberFormat loads locale data and resolves options each time: on a public passport with a few dozen dates
// and prices, making one per call was a third of a second of a throttled phone's main thread (Lighthouse's
// mobile preset), more than the rest of the page's own code. No zod and no imports: public pages load this.

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
/** Far more than the product's shapes × the locales one process meets; past it the cache starts again. */
const MOST = 500;

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    if (formats.size >= MOST) formats.clear();
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, once per locale and options (undefined: the reader's locale). */
export const dateTimeFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions) =>
  cached(`d|${locale ?? ''}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

/** `new Intl.NumberFormat(locale, options)`, once per locale and options (undefined: the reader's locale). */
export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions) =>
  cached(`n|${locale ?? ''}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats';

describe('cached Intl formatters', () => {
  it('gives one formatter per locale and options, formatting as a new one would', () => {
    const options: Intl.DateTimeFormatOptions = {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    };
    const a = dateTimeFormat('en-GB', options);
    expect(dateTimeFormat('en-GB', { ...options })).toBe(a);
    expect(dateTimeFormat('de', options)).not.toBe(a);
    expect(dateTimeFormat('en-GB', { ...options, year: undefined })).not.toBe(a);
    const day = new Date('2026-11-26T00:00:00Z');
    expect(a.format(day)).toBe(new Intl.DateTimeFormat('en-GB', options).format(day));
    expect(a.format(day)).toBe('26 November 2026');

    const euros: Intl.NumberFormatOptions = { style: 'currency', currency: 'EUR' };
    expect(numberFormat('en-US', euros)).toBe(numberFormat('en-US', { ...euros }));
    expect(numberFormat('en-US', { style: 'currency', currency: 'JPY' })).not.toBe(
      numberFormat('en-US', euros),
    );
    expect(numberFormat('en-US', euros).format(4500.5)).toBe('€4,500.50');
    // A date and a number formatter with the same locale and options are different things.
    expect(numberFormat('en-GB', {})).not.toBe(dateTimeFormat('en-GB', {}));
  });

  it('stays bounded: past 500 shapes it starts again', () => {
    const first = numberFormat('en', { minimumIntegerDigits: 1 });
    for (let i = 2; i <= 21; i++)
      for (const locale of [
        'en',
        'de',
        'fr',
        'ja',
        'pt',
        'es',
        'it',
        'nl',
        'sv',
        'pl',
        'tr',
        'ko',
        'zh',
        'ar',
        'ru',
        'fi',
        'da',
        'nb',
        'cs',
        'hu',
        'el',
        'he',
        'th',
        'id',
        'vi',
      ])
        numberFormat(locale, { minimumIntegerDigits: i });
    expect(numberFormat('en', { minimumIntegerDigits: 1 })).not.toBe(first);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mailSafeText } from './mail-text';

// What a mail client turns into a link: a scheme, "www.", a bare domain or an address, in any script.
const LINKLIKE =
  /[a-z][a-z0-9+.-]*:\/\/|www\.|[\p{L}\p{N}_-]+\.\p{L}{2,}(?![\p{L}\p{N}])|[\p{L}\p{N}.+_-]+@[\p{L}\p{N}_-]+\.[\p{L}\p{N}_-]+/iu;
/** What a client may read a text as: compatibility forms folded and every IDNA full stop taken for a dot. */
const asAClientReadsIt = (text: string) => text.normalize('NFKC').replace(/[\u3002\uff0e\uff61]/g, '.');

describe('mailSafeText', () => {
  it('defangs links, domains and addresses, and drops control characters', () => {
    expect(mailSafeText('Visit https://evil.example/login now')).toBe(
      'Visit https[:]//evil[.]example/login now',
    );
    expect(mailSafeText('www.evil.example')).toBe('www[.]evil[.]example');
    expect(mailSafeText('write to me@evil.example')).toBe('write to me[at]evil[.]example');
    expect(mailSafeText('Ana\u202e\u0000 Guitars\nLine two')).toBe('Ana Guitars\nLine two');
    expect(mailSafeText('A 2019 guitar, 650 mm scale, v1.2')).toBe('A 2019 guitar, 650 mm scale, v1.2');
  });

  it.each([
    // The three the assessment sent.
    ['evil．com', 'evil[.]com'],
    ['https：//evil.example', 'https[:]//evil[.]example'],
    ['pay＠evil。com', 'pay[at]evil[.]com'],
    // Whole links typed in fullwidth forms, and the other stops IDNA reads as a dot.
    ['ｈｔｔｐｓ：／／ｅｖｉｌ．ｃｏｍ／ｌｏｇｉｎ', 'https[:]//evil[.]com/login'],
    ['ｗｗｗ．evil．com', 'www[.]evil[.]com'],
    ['evil｡com', 'evil[.]com'],
    ['evil。com', 'evil[.]com'],
    ['evil\u2024com', 'evil[.]com'], // one dot leader
    ['evil\ufe52com', 'evil[.]com'], // small full stop
    ['me\ufe6bevil.com', 'me[at]evil[.]com'], // small commercial at
    ['https\ufe55//evil.com', 'https[:]//evil[.]com'], // small colon
    // Invisible characters that would split a dot from its domain in the text but not in a link.
    ['evil\u00ad.com', 'evil[.]com'],
    ['evil.\u200bcom', 'evil[.]com'],
    ['evil\u034f.com', 'evil[.]com'],
    ['pay@\ufe0fevil.com', 'pay[at]evil[.]com'],
    // Domains and addresses in other scripts.
    ['пример.рф', 'пример[.]рф'],
    ['例え。テスト', '例え[.]テスト'],
    ['ана@пример.рф', 'ана[at]пример[.]рф'],
  ])('defangs %s as %s', (typed, shown) => {
    expect(mailSafeText(typed)).toBe(shown);
    expect(asAClientReadsIt(mailSafeText(typed))).not.toMatch(LINKLIKE);
  });

  it('keeps ordinary text in any script as it was written', () => {
    expect(mailSafeText('ありがとうございます。よろしく')).toBe('ありがとうございます[.]よろしく');
    expect(mailSafeText('ありがとうございます。\nまた。')).toBe('ありがとうございます。\nまた。');
    expect(mailSafeText('Zoë Łukasiewicz, 3.5 mm')).toBe('Zoë Łukasiewicz, 3.5 mm');
    expect(mailSafeText('Гитара «Мастер» 🎸')).toBe('Гитара «Мастер» 🎸');
  });

  it('never leaves anything link-like, whatever the text, as typed or as a client folds it', () => {
    const piece = fc.constantFrom(
      'https://',
      'http://',
      'https：//',
      'ｈｔｔｐ：／／',
      'www.',
      'ｗｗｗ．',
      '.',
      '．',
      '。',
      '｡',
      '\u2024',
      '@',
      '＠',
      '\ufe6b',
      '\u00ad',
      '\u200b',
      '\u034f',
      'evil',
      'ｅｖｉｌ',
      'example',
      'com',
      'рф',
      ' ',
      '/',
      ':',
      'x',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string()), { maxLength: 12 }), (parts) => {
        const safe = mailSafeText(parts.join(''));
        expect(safe).not.toMatch(LINKLIKE);
        expect(asAClientReadsIt(safe)).not.toMatch(LINKLIKE);
      }),
      { numRuns: 1000 },
    );
  });
});

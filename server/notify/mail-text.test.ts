import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mailSafeText } from './mail-text';

// What a mail client turns into a link: a scheme, "www.", a bare domain or an address.
const LINKLIKE = /[a-z][a-z0-9+.-]*:\/\/|www\.|\b[\w-]+\.[a-z]{2,}\b|[\w.+-]+@[\w-]+\.[\w-]+/i;

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

  it('never leaves anything link-like, whatever the text', () => {
    const piece = fc.constantFrom(
      'https://',
      'http://',
      'www.',
      '.',
      '@',
      'evil',
      'example',
      'com',
      ' ',
      '/',
      ':',
      'x',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string()), { maxLength: 12 }), (parts) => {
        expect(mailSafeText(parts.join(''))).not.toMatch(LINKLIKE);
      }),
      { numRuns: 500 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { shopUpdateSchema } from './account';
import { displayNameSchema, locationSchema, tagListSchema, bioSchema } from './auth';
import { claimSchema } from './handles';
import { buildFieldsSchema, imagePatchSchema, stolenReportSchema } from './registry';
import { CONTROL_CHAR_MESSAGE, isCleanLine, isCleanText } from './text';

/** One hostile text per class of character a name must not hold. */
const HOSTILE_TEXTS: Record<string, string> = {
  'a NUL byte (Cc)': 'Ana\u0000B',
  'a line break (Cc)': 'Ana\nBcc: x',
  'a carriage return (Cc)': 'Ana\rB',
  'a bell (Cc)': 'Ana\u0007B',
  'a next-line (Cc)': 'Ana\u0085B',
  'a right-to-left override (Cf)': 'Ana\u202eelgoog',
  'a bidi isolate (Cf)': 'Ana\u2066x',
  'a left-to-right mark (Cf)': 'Ana\u200eB',
  'an Arabic letter mark (Cf)': 'Ana\u061cB',
  'a zero-width space (Cf)': 'A\u200bna',
  'a zero-width joiner (Cf)': 'A\u200dna',
  'a zero-width non-joiner (Cf)': 'A\u200cna',
  'a word joiner (Cf)': 'A\u2060na',
  'a soft hyphen (Cf)': 'Ana\u00adB',
  'a byte-order mark (Cf)': 'A\ufeffna',
  'a Mongolian vowel separator (Cf)': 'Ana\u180eB',
  'an interlinear annotation (Cf)': 'Ana\ufff9B',
  'a private-use character (Co)': 'Ana\ue000B',
  'a supplementary private-use character (Co)': 'Ana\u{f0000}B',
  'an unassigned code point (Cn)': 'Ana\u0378B',
  'a noncharacter (Cn)': 'Ana\uffffB',
  'a lone surrogate (Cs)': 'Ana\ud800B',
  'the Hangul choseong filler': 'Ana\u115fB',
  'the Hangul jungseong filler': 'Ana\u1160B',
  'the Hangul filler': '\u3164',
  'the halfwidth Hangul filler': 'Ana\uffa0B',
  'the Braille blank': 'Ana\u2800B',
  'a tag character': 'Ana\u{e0041}B',
  'a cancel tag': 'Ana\u{e007f}B',
  'three combining marks in a row (Mn)': 'Ana\u0301\u0302\u0303',
  'a pile of enclosing marks (Me)': 'A\u20dd\u20de\u20df',
  'a pile of spacing marks (Mc)': 'क\u093e\u093e\u093e',
  'Zalgo text': 'Z\u0336\u0335\u0337a\u0335\u0336l\u0337g\u0338\u0335\u0336o',
  'a combining grapheme joiner (Mn, default-ignorable)': 'Ana\u034fB',
  'a variation selector (Mn, default-ignorable)': 'Ana\ufe0fB',
  'a text variation selector (Mn, default-ignorable)': 'A\ufe0ena',
  'a supplementary variation selector (Mn, default-ignorable)': 'Ana\u{e0100}B',
  'a Khmer inherent vowel (Mn, default-ignorable)': 'Ana\u17b4B',
  'a Mongolian free variation selector (Mn, default-ignorable)': 'Ana\u180bB',
  'the fourth Mongolian free variation selector (Mn, default-ignorable)': 'Ana\u180fB',
  'a line separator (Zl)': 'Ana\u2028B',
  'a paragraph separator (Zp)': 'Ana\u2029B',
  'a reserved default-ignorable (Cn)': 'Ana\ufff0B',
};

/** Every code point Unicode says to draw as nothing, and the two separators that break a line without a line break. */
const IGNORABLE_AND_SEPARATORS = Array.from({ length: 0x110000 }, (_, c) => c)
  .filter(
    (c) =>
      (c < 0xd800 || c > 0xdfff) &&
      /[\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]/u.test(String.fromCodePoint(c)),
  )
  .map((c) => String.fromCodePoint(c));

/** What the assessment listed by name. */
const LISTED = [
  0x34f, 0xfe00, 0xfe01, 0xfe0e, 0xfe0f, 0x17b4, 0x17b5, 0x180b, 0x180c, 0x180d, 0x180e, 0x180f, 0x2028,
  0x2029,
].map((c) => String.fromCodePoint(c));

/** Names and texts in the world's scripts that must keep passing. */
const LEGITIMATE = [
  'Zoë Łukasiewicz-Ó Briain',
  'Łukasz Żółć',
  'José Núñez',
  'François Müller-Lüdenscheidt',
  '東京',
  'Гитара «Мастер»',
  'محمد الأحمد',
  'שלמה כהן',
  'Nguyễn Thị Minh Khai',
  'Ελένη Παπαδοπούλου',
  'देवनागरी',
  'ภาษาไทย',
  '한국어 기타',
  'Ana 🎸',
  '👍🏽',
  '🇪🇸',
  'e\u0301\u0302', // two combining marks: still fine
  "O'Brien & Sons, Luthiers (est. 1972)",
];

describe('names and short texts refuse invisible and unusual characters', () => {
  it.each(Object.entries(HOSTILE_TEXTS))('refuses %s', (_label, text) => {
    expect(isCleanLine(text)).toBe(false);
    expect(displayNameSchema.safeParse(text).error?.issues[0]?.message).toBe(CONTROL_CHAR_MESSAGE);
  });

  it.each(LEGITIMATE)('keeps %s', (text) => {
    expect(isCleanLine(text)).toBe(true);
    expect(isCleanText(text)).toBe(true);
    expect(displayNameSchema.safeParse(text).success).toBe(true);
  });

  it('refuses every default-ignorable code point and the line and paragraph separators, in names and texts', () => {
    // 4,174 default-ignorables (Unicode 15) and U+2028, U+2029: a wrong property name or a dropped class shows here.
    expect(IGNORABLE_AND_SEPARATORS.length).toBeGreaterThan(4000);
    for (const c of LISTED) expect(IGNORABLE_AND_SEPARATORS).toContain(c);
    for (const c of IGNORABLE_AND_SEPARATORS) {
      const hex = c.codePointAt(0)!.toString(16);
      for (const text of [`Ana${c}B`, `${c}Ana`, `Ana${c}`, `1${c}2`]) {
        expect(isCleanLine(text), hex).toBe(false);
        expect(isCleanText(text), hex).toBe(false);
      }
    }
  });

  it('names refuse emoji that need a variation selector or a joiner; longer texts keep them', () => {
    for (const emoji of [
      '❤️',
      '☺️',
      '1️⃣',
      '👩\u200d🔧',
      '🏳️\u200d🌈',
      '👨\u200d👩\u200d👧',
      '❤️\u200d🔥',
      '🧑🏽\u200d🦰',
    ]) {
      expect(isCleanLine(`Ana ${emoji}`), emoji).toBe(false);
      expect(displayNameSchema.safeParse(`Ana ${emoji}`).success, emoji).toBe(false);
      expect(isCleanText(`Thanks ${emoji}\nAna`), emoji).toBe(true);
      expect(bioSchema.safeParse(`Thanks ${emoji}`).success, emoji).toBe(true);
    }
    // Outside an emoji the same characters are hidden, in texts too.
    for (const text of [
      'A\ufe0fna',
      'Ana\u200d🎸',
      '🎸\u200dAna',
      '🎸\ufe0f\ufe0f',
      '🎸\u200d\u200d🎸',
      'evil\ufe0f.example',
    ])
      expect(isCleanText(text), JSON.stringify(text)).toBe(false);
  });

  it('refuses emoji joined by a zero-width joiner and flag tag sequences in names (a joiner is invisible)', () => {
    expect(isCleanLine('👨\u200d👩\u200d👧')).toBe(false);
    expect(isCleanLine('🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}')).toBe(false);
    // Country flags are pairs of regional indicators, not tags: they stay.
    expect(isCleanLine('🇪🇸 Granada')).toBe(true);
  });

  it('longer texts keep their line breaks and tabs, and refuse the rest', () => {
    expect(isCleanText('Line one\nLine two\twith a tab\r\n')).toBe(true);
    for (const [label, text] of Object.entries(HOSTILE_TEXTS)) {
      const expected = ['a line break (Cc)', 'a carriage return (Cc)'].includes(label);
      expect(isCleanText(text), label).toBe(expected);
    }
  });

  it('every name and short-text field uses the rule, with the same message', () => {
    for (const text of Object.values(HOSTILE_TEXTS)) {
      expect(displayNameSchema.safeParse(text).success).toBe(false);
      expect(locationSchema.safeParse(text).success).toBe(false);
      expect(tagListSchema.safeParse([text]).success).toBe(false);
      expect(claimSchema.safeParse({ slug: 'ana-b', displayName: text }).success).toBe(false);
      expect(claimSchema.safeParse({ slug: 'ana-b', shopName: text }).success).toBe(false);
      const fields = { name: text, instrumentType: 'guitar', category: 'acoustic', yearMade: 2020 };
      expect(buildFieldsSchema.safeParse(fields).success).toBe(false);
      for (const key of ['model', 'serialNumber', 'bodyWood'])
        expect(buildFieldsSchema.safeParse({ ...fields, name: 'Guitar', [key]: text }).success).toBe(false);
      expect(imagePatchSchema.safeParse({ caption: text }).success).toBe(false);
      expect(stolenReportSchema.safeParse({ date: '2024-01-01', place: `Lyon ${text}` }).success).toBe(false);
    }
    const shop = {
      name: 'Ana\u200dB',
      bio: '',
      workshopBio: '',
      location: '',
      establishedYear: null,
      specializations: [],
      published: true,
    };
    const refused = shopUpdateSchema.safeParse(shop);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['name'], message: CONTROL_CHAR_MESSAGE });
    expect(shopUpdateSchema.safeParse({ ...shop, name: 'Ana Guitars' }).success).toBe(true);
    expect(bioSchema.safeParse('First paragraph.\n\nSecond.').success).toBe(true);
    expect(bioSchema.safeParse('First\u00adparagraph.').success).toBe(false);
    expect(displayNameSchema.parse('  Zoë Ó Briain  ')).toBe('Zoë Ó Briain');
  });
});

import { describe, expect, it } from 'vitest';
import { shopUpdateSchema } from './account';
import { displayNameSchema, locationSchema, tagListSchema, bioSchema } from './auth';
import { claimSchema } from './handles';
import { buildFieldsSchema } from './registry';
import { isCleanLine, isCleanText } from './text';

const hostile = [
  'Ana\u0000B',
  'Ana\nBcc: x',
  'Ana\rB',
  'Ana\u0007B',
  'Ana\u202eelgoog',
  'Ana\u2066x',
  'A\u200bna',
  'A\ufeffna',
  'Ana\u0085B',
];

describe('names and short texts refuse control characters and invisible marks', () => {
  it('isCleanLine / isCleanText', () => {
    for (const text of hostile) expect(isCleanLine(text), JSON.stringify(text)).toBe(false);
    expect(isCleanLine('Zoë Łukasiewicz-Ó Briain 🎸')).toBe(true);
    expect(isCleanText('Line one\nLine two\twith a tab')).toBe(true);
    expect(isCleanText('Line\u202e')).toBe(false);
    expect(isCleanText('Bell\u0007')).toBe(false);
  });

  it('every name and short-text field uses the rule', () => {
    for (const text of hostile) {
      expect(displayNameSchema.safeParse(text).success).toBe(false);
      expect(locationSchema.safeParse(text).success).toBe(false);
      expect(tagListSchema.safeParse([text]).success).toBe(false);
      expect(claimSchema.safeParse({ slug: 'ana-b', displayName: text }).success).toBe(false);
      expect(claimSchema.safeParse({ slug: 'ana-b', shopName: text }).success).toBe(false);
      const fields = { name: text, instrumentType: 'guitar', category: 'acoustic', yearMade: 2020 };
      expect(buildFieldsSchema.safeParse(fields).success).toBe(false);
      expect(buildFieldsSchema.safeParse({ ...fields, name: 'Guitar', model: text }).success).toBe(false);
    }
    const shop = {
      name: 'Ana\u202eB',
      bio: '',
      workshopBio: '',
      location: '',
      establishedYear: null,
      specializations: [],
      published: true,
    };
    expect(shopUpdateSchema.safeParse(shop).success).toBe(false);
    expect(shopUpdateSchema.safeParse({ ...shop, name: 'Ana Guitars' }).success).toBe(true);
    // Longer texts keep their line breaks.
    expect(bioSchema.safeParse('First paragraph.\n\nSecond.').success).toBe(true);
    expect(displayNameSchema.parse('  Zoë Ó Briain  ')).toBe('Zoë Ó Briain');
  });
});

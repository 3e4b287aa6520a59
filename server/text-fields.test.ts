import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHAR_MESSAGE } from '../contract/text';
import { createShop } from './db/builders/accounts';
import { shops, users } from './db/schema';
import { api } from './features/registry/registry-test-kit';
import { createTestApp, postFrom, signedInUser, type TestApp } from './test/test-app';

// Names other people read refuse characters that show nothing or pile up: an attacker sends one of each class
// through the real endpoints and gets 400 with the field's message, and nothing is stored.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const CLASSES: [string, string][] = [
  ['a zero-width joiner (Cf)', 'Ana\u200dMaría'],
  ['a right-to-left override (Cf)', 'Ana\u202eairaM'],
  ['a soft hyphen (Cf)', 'Ana\u00adMaría'],
  ['a tag character', 'Ana\u{e0041}María'],
  ['a private-use character (Co)', 'Ana\ue000María'],
  ['an unassigned code point (Cn)', 'Ana\u0378María'],
  ['the Hangul filler', 'Ana\u3164María'],
  ['the Braille blank', 'Ana\u2800María'],
  ['three combining marks in a row', 'Ana\u0301\u0302\u0303María'],
];

// The default-ignorable characters and separators an outside assessment found accepted.
const IGNORABLES = [
  0x34f,
  ...Array.from({ length: 16 }, (_, i) => 0xfe00 + i),
  0x17b4,
  0x17b5,
  0x180b,
  0x180c,
  0x180d,
  0x180e,
  0x180f,
  0x2028,
  0x2029,
  0xe0100,
].map((c) => [`U+${c.toString(16).toUpperCase().padStart(4, '0')}`, String.fromCodePoint(c)] as const);

describe('every name refuses invisible and unusual characters', () => {
  it.each(CLASSES)('sign-up display name with %s → 400 on displayName', async (_label, name) => {
    const email = `text-${Math.random().toString(36).slice(2)}@example.test`;
    const res = await postFrom(t, '/api/auth/register', {
      email,
      password: 'a long enough passphrase',
      displayName: name,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ displayName: CONTROL_CHAR_MESSAGE });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it.each(CLASSES)('shop name with %s → 400 on name', async (_label, name) => {
    const maker = await signedInUser(t, { role: 'luthier', handle: `shop-text-${Date.now().toString(36)}` });
    const shop = await createShop(t.db, maker.user.id, { name: 'Plain Guitars' });
    const res = await api(t, maker.cookie).patch('/api/account/shop', {
      name,
      bio: '',
      workshopBio: '',
      location: '',
      establishedYear: null,
      specializations: [],
      published: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ name: CONTROL_CHAR_MESSAGE });
    const [kept] = await t.db.select({ name: shops.name }).from(shops).where(eq(shops.id, shop.id));
    expect(kept?.name).toBe('Plain Guitars');
  });

  it.each(CLASSES)('instrument name and serial number with %s → 400 on the field', async (_label, text) => {
    const maker = await signedInUser(t, { role: 'luthier', handle: `inst-text-${Date.now().toString(36)}` });
    await createShop(t.db, maker.user.id, { name: 'Instrument Text Guitars' });
    const base = { name: 'Plain Guitar', instrumentType: 'guitar', category: 'acoustic', yearMade: 2020 };
    const byName = await api(t, maker.cookie).post('/api/registry/instruments', { ...base, name: text });
    expect(byName.statusCode).toBe(400);
    expect(byName.json().fields).toEqual({ name: CONTROL_CHAR_MESSAGE });
    const bySerial = await api(t, maker.cookie).post('/api/registry/instruments', {
      ...base,
      serialNumber: text,
    });
    expect(bySerial.statusCode).toBe(400);
    expect(bySerial.json().fields).toEqual({ serialNumber: CONTROL_CHAR_MESSAGE });
  });

  it('every listed default-ignorable or separator is refused in a display name, an instrument name and a serial', async () => {
    const maker = await signedInUser(t, { role: 'luthier', handle: `ignorable-${Date.now().toString(36)}` });
    await createShop(t.db, maker.user.id, { name: 'Ignorable Guitars' });
    const base = { name: 'Plain Guitar', instrumentType: 'guitar', category: 'acoustic', yearMade: 2020 };
    for (const [label, c] of IGNORABLES) {
      const email = `ignorable-${Math.random().toString(36).slice(2)}@example.test`;
      const register = await postFrom(t, '/api/auth/register', {
        email,
        password: 'a long enough passphrase',
        displayName: `Ana${c}María`,
      });
      expect([register.statusCode, register.json().fields], label).toEqual([
        400,
        { displayName: CONTROL_CHAR_MESSAGE },
      ]);
      expect(await t.db.select().from(users).where(eq(users.email, email)), label).toEqual([]);
      const byName = await api(t, maker.cookie).post('/api/registry/instruments', {
        ...base,
        name: `Tor${c}res`,
      });
      expect([byName.statusCode, byName.json().fields], label).toEqual([400, { name: CONTROL_CHAR_MESSAGE }]);
      const bySerial = await api(t, maker.cookie).post('/api/registry/instruments', {
        ...base,
        serialNumber: `SN-${c}1234`,
      });
      expect([bySerial.statusCode, bySerial.json().fields], label).toEqual([
        400,
        { serialNumber: CONTROL_CHAR_MESSAGE },
      ]);
    }
    // The same requests without the character go through: the refusal is the character's.
    const plain = await api(t, maker.cookie).post('/api/registry/instruments', {
      ...base,
      serialNumber: 'SN-1234',
    });
    expect(plain.statusCode).toBe(201);
  });

  it('names in the world’s scripts still pass', async () => {
    for (const displayName of [
      'Łukasz Żółć',
      '東京 ギター',
      '«Гитара»',
      'محمد الأحمد',
      'שלמה כהן',
      'Zoë 🎸',
    ]) {
      const res = await postFrom(t, '/api/auth/register', {
        email: `ok-${Math.random().toString(36).slice(2)}@example.test`,
        password: 'a long enough passphrase',
        displayName,
      });
      expect(res.statusCode, displayName).toBe(201);
      expect(res.json().displayName).toBe(displayName);
    }
  });
});

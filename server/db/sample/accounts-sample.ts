import type { Db } from '../client';
import { createShop, createUser } from '../builders/accounts';
import type { SampleStep } from './load-sample';

/** The demo sign-ins printed in the README; they exist only outside production. */
export const DEMO_ACCOUNTS = {
  luthier: {
    email: 'luthier@example.com',
    password: 'luthier-demo-2026',
    displayName: 'Elena Marquez',
    handle: 'elena-marquez',
  },
  enthusiast: {
    email: 'enthusiast@example.com',
    password: 'enthusiast-demo-2026',
    displayName: 'Sam Carter',
    handle: 'sam-carter',
  },
} as const;

/** Ten makers on several continents; the registry's sample instruments are theirs. */
export const SAMPLE_LUTHIERS = [
  {
    handle: 'hauser-werkstatt',
    name: 'Johanna Hauser',
    shop: 'Hauser Werkstatt',
    location: 'Markneukirchen, Germany',
    year: 1978,
    specs: ['classical', 'violin', 'double bass'],
    bio: 'Third-generation maker of classical guitars and violins in the Vogtland.',
  },
  {
    handle: 'cremona-liuteria',
    name: 'Marco Bellandi',
    shop: 'Liuteria Bellandi',
    location: 'Cremona, Italy',
    year: 1991,
    specs: ['violin', 'cello', 'lute', 'restoration'],
    bio: 'Violins and violas after the Cremonese tradition, varnished by hand.',
  },
  {
    handle: 'nashville-strings',
    name: 'Ruth Calloway',
    shop: 'Calloway Strings',
    location: 'Nashville, USA',
    year: 2004,
    specs: ['acoustic', 'mandolin', 'banjo'],
    bio: 'Flat-tops, mandolins and open-back banjos for working musicians.',
  },
  {
    handle: 'granada-guitarras',
    name: 'Antonio Ruiz',
    shop: 'Guitarras Ruiz',
    location: 'Granada, Spain',
    year: 1969,
    specs: ['flamenco', 'classical'],
    bio: 'Cypress flamenco guitars and spruce classicals from the Realejo.',
  },
  {
    handle: 'kyoto-gengakki',
    name: 'Aiko Tanaka',
    shop: 'Tanaka Gengakki',
    location: 'Kyoto, Japan',
    year: 1999,
    specs: ['classical', 'acoustic'],
    bio: 'Quiet, precise instruments with Japanese cedar tops.',
  },
  {
    handle: 'melbourne-luthiers',
    name: 'Liam O’Connor',
    shop: 'Southern Cross Luthiers',
    location: 'Melbourne, Australia',
    year: 2010,
    specs: ['electric', 'acoustic', 'ukulele'],
    bio: 'Blackwood acoustics and hand-wound electric guitars.',
  },
  {
    handle: 'sao-paulo-violoes',
    name: 'Beatriz Souza',
    shop: 'Violões Souza',
    location: 'São Paulo, Brazil',
    year: 1987,
    specs: ['classical', 'acoustic'],
    bio: 'Seven-string violões for choro and samba.',
  },
  {
    handle: 'lagos-workshop',
    name: 'Chidi Okafor',
    shop: 'Okafor Workshop',
    location: 'Lagos, Nigeria',
    year: 2015,
    specs: ['electric', 'repair'],
    bio: 'Electric guitars built and repaired for the Afrobeat scene.',
  },
  {
    handle: 'montreal-lutherie',
    name: 'Claire Dubois',
    shop: 'Lutherie Dubois',
    location: 'Montréal, Canada',
    year: 2001,
    specs: ['violin', 'viola', 'mandolin'],
    bio: 'Violins, violas and carved-top mandolins from Québec maple.',
  },
  {
    handle: 'dublin-instruments',
    name: 'Niamh Byrne',
    shop: 'Byrne Instruments',
    location: 'Dublin, Ireland',
    year: 1995,
    specs: ['mandolin', 'banjo', 'harp', 'acoustic'],
    bio: 'Tenor banjos, mandolins and bouzoukis for Irish traditional music.',
  },
] as const;

export const SAMPLE_PASSWORD = 'sample-maker-2026';

async function loadMakers(db: Db): Promise<void> {
  for (const m of SAMPLE_LUTHIERS) {
    const user = await createUser(db, {
      email: `${m.handle}@makers.example.com`,
      password: SAMPLE_PASSWORD,
      displayName: m.name,
      role: 'luthier',
      handle: m.handle,
      onboardingComplete: true,
      // Makers trade under their names: each chose to be named on the passports they own.
      ownerPrivacy: false,
      location: m.location,
      bio: m.bio,
      experience: 'Advanced',
      specialties: [...m.specs],
    });
    await createShop(db, user.id, {
      name: m.shop,
      location: m.location,
      establishedYear: m.year,
      bio: m.bio,
      workshopBio: `${m.shop} works from a small bench in ${m.location.split(',')[0]}.`,
      specializations: [...m.specs],
      published: true,
      verified: m.year < 2000,
    });
  }
}

async function loadDemoAccounts(db: Db): Promise<void> {
  const l = DEMO_ACCOUNTS.luthier;
  const luthier = await createUser(db, {
    ...l,
    role: 'luthier',
    onboardingComplete: true,
    ownerPrivacy: false,
    location: 'Seville, Spain',
    bio: 'I build classical and flamenco guitars.',
    experience: 'Advanced',
    specialties: ['classical', 'flamenco'],
  });
  await createShop(db, luthier.id, {
    name: 'Marquez Guitar Workshop',
    location: 'Seville, Spain',
    establishedYear: 2012,
    bio: 'Classical and flamenco guitars built one at a time.',
    workshopBio: 'A two-bench workshop near the Triana bridge.',
    specializations: ['classical', 'flamenco'],
    policies:
      'Shipping: worldwide, insured, in a hard case; Europe in 3–5 days.\nReturns: within 14 days of delivery, in the condition it arrived.\nCommissions: a 30% deposit holds a place on the bench; about six months from deposit to delivery.',
    published: true,
  });
  const e = DEMO_ACCOUNTS.enthusiast;
  await createUser(db, {
    ...e,
    role: 'user',
    onboardingComplete: true,
    // Never chose: shown as "Private owner" on the passports they own, as every new account is.
    location: 'Bristol, UK',
    bio: 'Weekend fingerstyle player learning to set up my own guitars.',
    experience: 'Intermediate',
    interests: ['fingerstyle', 'guitar setup'],
    favoriteStyles: ['folk', 'blues'],
  });
}

export const accountsSample: SampleStep[] = [
  { name: 'accounts:makers', run: loadMakers },
  { name: 'accounts:demo', demoOnly: true, run: loadDemoAccounts },
];

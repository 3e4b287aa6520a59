import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { createUser } from '../builders/accounts';
import { addServiceRecord, createInstrument, type OwnershipSeed } from '../builders/registry';
import { certificates, instrumentListings, instruments, shops, users } from '../schema';
import { COURSE_BUILDER } from './academy-sample';
import { DEMO_ACCOUNTS } from './accounts-sample';
import { drawingUrl } from './drawings';
import type { SampleStep } from './load-sample';
import type { InstrumentCategory, InstrumentType } from '../../../contract/registry-values';
import type { CurrencyCode } from '../../../contract/currencies';

export const DEMO_ADMIN = {
  email: 'admin@example.com',
  password: 'admin-demo-2026',
  displayName: 'Registry Admin',
};

type Wood = 'spruce' | 'cedar' | 'maple' | 'mahogany';
type Row = [
  handle: string,
  name: string,
  type: InstrumentType,
  category: InstrumentCategory,
  model: string,
  body: string,
  neck: string,
  board: string,
  year: number,
  value: number,
  drawing: Wood,
];

// prettier-ignore
const ROWS: Row[] = [
  ['hauser-werkstatt', 'Vogtland Concert Classical', 'guitar', 'classical', 'Konzert 650', 'Indian rosewood, spruce top', 'Spanish cedar', 'Ebony', 2019, 9800, 'spruce'],
  ['hauser-werkstatt', 'Markneukirchen Violin No. 41', 'violin', 'classical', 'Stradivari 1715 model', 'Flamed maple, spruce top', 'Maple', 'Ebony', 2015, 14500, 'maple'],
  ['hauser-werkstatt', 'Hauser Student Violin', 'violin', 'classical', 'Studio', 'Maple, spruce top', 'Maple', 'Ebony', 2021, 3200, 'spruce'],
  ['hauser-werkstatt', 'Hauser Archtop Jazz', 'guitar', 'archtop', 'Jazz 17', 'Carved maple, spruce top', 'Maple', 'Ebony', 2012, 11800, 'maple'],
  ['cremona-liuteria', 'Cremona Guarneri Copy', 'violin', 'classical', 'del Gesù 1743', 'Balkan maple, alpine spruce', 'Maple', 'Ebony', 2010, 28000, 'maple'],
  ['cremona-liuteria', 'Bellandi Viola d’Amore Violin', 'violin', 'classical', 'Amati', 'Maple, spruce top', 'Maple', 'Ebony', 2018, 16500, 'mahogany'],
  ['cremona-liuteria', 'Cremonese Bowl Mandolin', 'mandolin', 'bowl-back', 'Napoletano', 'Maple ribs, spruce top', 'Walnut', 'Rosewood', 2016, 4200, 'maple'],
  ['cremona-liuteria', 'Bellandi Concert Violin', 'violin', 'classical', 'Stradivari Messiah', 'Flamed maple, spruce top', 'Maple', 'Ebony', 2022, 22000, 'cedar'],
  ['nashville-strings', 'Music Row Dreadnought', 'guitar', 'acoustic', 'D-18 style', 'Mahogany, Adirondack spruce', 'Mahogany', 'Ebony', 2017, 5400, 'spruce'],
  ['nashville-strings', 'Calloway F-5 Mandolin', 'mandolin', 'archtop', 'F-5', 'Red maple, red spruce', 'Maple', 'Ebony', 2014, 9600, 'maple'],
  ['nashville-strings', 'Cumberland Open-Back Banjo', 'banjo', 'open-back', 'Clawhammer 12"', 'Cherry rim', 'Cherry', 'Ebony', 2019, 2800, 'cedar'],
  ['nashville-strings', 'Calloway Resonator Banjo', 'banjo', 'resonator', 'Bluegrass 5', 'Maple resonator', 'Maple', 'Rosewood', 2020, 3900, 'maple'],
  ['granada-guitarras', 'Realejo Flamenca Blanca', 'guitar', 'flamenco', 'Blanca 1960', 'Cypress, spruce top', 'Spanish cedar', 'Ebony', 2018, 7600, 'spruce'],
  ['granada-guitarras', 'Ruiz Flamenca Negra', 'guitar', 'flamenco', 'Negra', 'Indian rosewood, spruce top', 'Spanish cedar', 'Ebony', 2011, 9200, 'mahogany'],
  ['granada-guitarras', 'Alhambra Concert Classical', 'guitar', 'classical', 'Torres FE17', 'Madagascar rosewood, cedar top', 'Spanish cedar', 'Ebony', 2008, 12500, 'cedar'],
  ['granada-guitarras', 'Ruiz Estudio Classical', 'guitar', 'classical', 'Estudio', 'Sapele, cedar top', 'Cedar', 'Rosewood', 2022, 2600, 'cedar'],
  ['kyoto-gengakki', 'Kamo River Classical', 'guitar', 'classical', 'Kamo 640', 'Rosewood, Japanese cedar top', 'Cedar', 'Ebony', 2016, 8800, 'cedar'],
  ['kyoto-gengakki', 'Tanaka Parlour', 'guitar', 'acoustic', 'Parlour 12', 'Walnut, spruce top', 'Mahogany', 'Ebony', 2020, 4100, 'spruce'],
  ['kyoto-gengakki', 'Tanaka Hinoki Classical', 'guitar', 'classical', 'Hinoki', 'Hinoki cypress, spruce top', 'Cedar', 'Ebony', 2013, 7300, 'spruce'],
  ['kyoto-gengakki', 'Tanaka Octave Mandolin', 'mandolin', 'acoustic', 'Octave', 'Maple, spruce top', 'Maple', 'Ebony', 2021, 3600, 'spruce'],
  ['melbourne-luthiers', 'Southern Cross Blackwood OM', 'guitar', 'acoustic', 'OM Blackwood', 'Tasmanian blackwood, bunya top', 'Queensland maple', 'Ebony', 2019, 5200, 'mahogany'],
  ['melbourne-luthiers', 'Yarra Hollow Electric', 'guitar', 'electric', 'Hollow 339', 'Silky oak', 'Maple', 'Rosewood', 2021, 3800, 'maple'],
  ['melbourne-luthiers', 'Southern Cross Solid Body', 'guitar', 'electric', 'SB-1', 'Queensland maple', 'Maple', 'Gidgee', 2017, 2900, 'maple'],
  ['melbourne-luthiers', 'Otway Archtop', 'guitar', 'archtop', 'Otway 16', 'Carved blackwood', 'Maple', 'Ebony', 2015, 8900, 'mahogany'],
  ['sao-paulo-violoes', 'Choro Sete Cordas', 'guitar', 'classical', 'Sete Cordas', 'Jacaranda, cedar top', 'Cedar', 'Ebony', 2012, 8400, 'mahogany'],
  ['sao-paulo-violoes', 'Souza Violão de Concerto', 'guitar', 'classical', 'Concerto', 'Indian rosewood, spruce top', 'Cedar', 'Ebony', 2018, 6900, 'spruce'],
  ['sao-paulo-violoes', 'Samba Cavaquinho Mandolin', 'mandolin', 'acoustic', 'Bandolim', 'Rosewood, spruce top', 'Cedar', 'Ebony', 2020, 2400, 'cedar'],
  ['sao-paulo-violoes', 'Souza Steel-String', 'guitar', 'acoustic', 'Folk 000', 'Mahogany, spruce top', 'Mahogany', 'Rosewood', 2016, 3500, 'spruce'],
  ['lagos-workshop', 'Afrobeat Semi-Hollow', 'guitar', 'electric', 'Fela 335', 'Iroko', 'Mahogany', 'African ebony', 2019, 3100, 'mahogany'],
  ['lagos-workshop', 'Okafor Highlife Electric', 'guitar', 'electric', 'Highlife S', 'Mahogany', 'Maple', 'Rosewood', 2021, 2500, 'mahogany'],
  ['lagos-workshop', 'Lagos Bass VI', 'guitar', 'electric', 'Bass VI', 'Ash', 'Maple', 'Maple', 2016, 2700, 'maple'],
  ['lagos-workshop', 'Okafor Travel Acoustic', 'guitar', 'acoustic', 'Traveller', 'Sapele, spruce top', 'Mahogany', 'Ebony', 2022, 1400, 'spruce'],
  ['montreal-lutherie', 'Québec Maple Violin', 'violin', 'classical', 'Dubois 2', 'Québec maple, spruce', 'Maple', 'Ebony', 2013, 12800, 'maple'],
  ['montreal-lutherie', 'Dubois A-Style Mandolin', 'mandolin', 'archtop', 'A-5', 'Québec maple, red spruce', 'Maple', 'Ebony', 2017, 5600, 'maple'],
  ['montreal-lutherie', 'Saint-Laurent Violin', 'violin', 'classical', 'Guarneri', 'Maple, spruce top', 'Maple', 'Ebony', 2020, 9900, 'cedar'],
  ['montreal-lutherie', 'Dubois Fiddle', 'violin', 'classical', 'Folk fiddle', 'Maple, spruce top', 'Maple', 'Ebony', 2009, 4300, 'mahogany'],
  ['dublin-instruments', 'Liffey Tenor Banjo', 'banjo', 'acoustic', 'Tenor 19', 'Walnut resonator', 'Maple', 'Ebony', 2015, 3300, 'mahogany'],
  ['dublin-instruments', 'Byrne Session Mandolin', 'mandolin', 'acoustic', 'Session A', 'Maple, spruce top', 'Maple', 'Rosewood', 2018, 2900, 'spruce'],
  ['dublin-instruments', 'Byrne Irish Bouzouki Guitar', 'guitar', 'acoustic', 'Bouzouki', 'Walnut, spruce top', 'Mahogany', 'Rosewood', 2011, 4700, 'cedar'],
  ['dublin-instruments', 'Byrne Five-String Banjo', 'banjo', 'acoustic', 'Celtic 5', 'Maple rim', 'Maple', 'Ebony', 2022, 2200, 'maple'],
  // The other families: the rest of the violin family, plucked instruments beyond the seed's four.
  ['cremona-liuteria', 'Bellandi Concert Cello', 'cello', 'classical', 'Montagnana 1740', 'Poplar back, spruce top', 'Maple', 'Ebony', 2019, 38000, 'mahogany'],
  ['montreal-lutherie', 'Saint-Laurent Viola', 'viola', 'classical', 'Tertis 16½"', 'Québec maple, spruce', 'Maple', 'Ebony', 2016, 11200, 'maple'],
  ['hauser-werkstatt', 'Vogtland Orchestra Bass', 'double-bass', 'classical', 'Busetto ¾', 'Flamed maple, spruce top', 'Maple', 'Ebony', 2014, 24000, 'cedar'],
  ['cremona-liuteria', 'Liuto Rinascimentale', 'lute', 'renaissance', 'Venere 7-course', 'Yew ribs, spruce top', 'Pear', 'Ebony', 2012, 6800, 'spruce'],
  ['melbourne-luthiers', 'Southern Cross Tenor Ukulele', 'ukulele', 'tenor', 'Tenor T1', 'Tasmanian blackwood', 'Queensland maple', 'Ebony', 2023, 1600, 'maple'],
  ['dublin-instruments', 'Liffey Lever Harp', 'harp', 'lever', 'Clarsach 34', 'Cherry, spruce soundboard', 'Cherry', 'Maple', 2020, 5200, 'cedar'],
];

const STRINGS: Partial<Record<InstrumentType, number>> = {
  guitar: 6,
  violin: 4,
  mandolin: 8,
  banjo: 5,
  viola: 4,
  cello: 4,
  'double-bass': 4,
  lute: 13,
  ukulele: 4,
  harp: 34,
};
const SCALE: Partial<Record<InstrumentType, number>> = {
  guitar: 650,
  violin: 328,
  mandolin: 350,
  banjo: 670,
  viola: 380,
  cello: 690,
  'double-bass': 1040,
  lute: 600,
  ukulele: 432,
};
const CONDITIONS = ['mint', 'excellent', 'excellent', 'good', 'fair'] as const;
const OWNERS = [
  ['Hélène Martin', 'Lyon, France'],
  ['David Okonkwo', 'Abuja, Nigeria'],
  ['Mei Chen', 'Taipei, Taiwan'],
  ['Lucas Almeida', 'Porto, Portugal'],
  ['Sarah Goldberg', 'Chicago, USA'],
  ['Tomás Herrera', 'Buenos Aires, Argentina'],
  ['Ingrid Larsen', 'Oslo, Norway'],
  ['Kenji Watanabe', 'Osaka, Japan'],
] as const;

/** The sample's listings are in euros, dollars and pounds (README): this demo piece is the one in pounds. */
const IN_POUNDS = 'Marquez Requinto';
const POUNDS_NOTE = 'Priced in pounds for a buyer in London; ships insured from Seville.';

/**
 * Values and costs in the currency of the workshop's country (the ROWS figures are dollars, converted roughly and
 * rounded as a person would state them): a luthier in Cremona prices in euros, one in Kyoto in yen.
 */
const EURO = { currency: 'EUR', rate: 0.9, valueStep: 100, costStep: 5 } as const;
const MAKER_CURRENCIES: Record<
  string,
  { currency: CurrencyCode; rate: number; valueStep: number; costStep: number }
> = {
  'hauser-werkstatt': EURO,
  'cremona-liuteria': EURO,
  'granada-guitarras': EURO,
  'kyoto-gengakki': { currency: 'JPY', rate: 150, valueStep: 10_000, costStep: 500 },
};
function inMakersCurrency(handle: string, dollars: number, of: 'value' | 'cost') {
  const local = MAKER_CURRENCIES[handle];
  if (!local) return { amount: dollars, currency: 'USD' as CurrencyCode };
  const step = of === 'value' ? local.valueStep : local.costStep;
  return { amount: Math.round((dollars * local.rate) / step) * step, currency: local.currency };
}

/** Ownership histories cycle through commission, purchase, gift and inheritance. */
function historyFor(
  i: number,
  maker: { userId: string; name: string; location: string | null },
  year: number,
) {
  const a = OWNERS[i % OWNERS.length]!;
  const b = OWNERS[(i + 3) % OWNERS.length]!;
  const built: OwnershipSeed = {
    userId: maker.userId,
    ownerName: maker.name,
    location: maker.location,
    startDate: `${year}-03-01`,
    endDate: `${year}-06-15`,
  };
  const first: OwnershipSeed = {
    ownerName: a[0],
    location: a[1],
    startDate: `${year}-06-15`,
    acquisitionMethod: i % 2 ? 'purchase' : 'commission',
    purchasePrice: 1000 + (i % 7) * 450,
  };
  if (i % 4 === 0 || year >= 2022) return [built, first];
  const then = Math.min(year + 2, 2025);
  return [
    built,
    { ...first, endDate: `${then}-09-01` },
    {
      ownerName: b[0],
      location: b[1],
      startDate: `${then}-09-01`,
      acquisitionMethod: (['purchase', 'gift', 'inheritance'] as const)[i % 3],
      purchasePrice: i % 3 === 0 ? 2000 + i * 50 : null,
    },
  ];
}

const SERVICES = [
  ['setup', 'Full setup for the new owner', 'Leveled frets, adjusted action and nut slots, new strings.'],
  ['maintenance', 'Seasonal humidity check', 'Cleaned and oiled fretboard, checked top for cracks.'],
  ['repair', 'Crack repair on the lower bout', 'Glued and cleated a 6 cm crack, touched up the finish.'],
  ['restoration', 'Varnish restoration', 'Retouched worn varnish and replaced the bridge.'],
] as const;

async function shopByHandle(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: shops.id,
      userId: shops.ownerId,
      name: users.displayName,
      shopName: shops.name,
      location: shops.location,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(eq(shops.slug, slug));
  if (!row) throw new Error(`sample maker ${slug} is missing`);
  return row;
}

async function loadInstruments(db: Db): Promise<void> {
  for (const [i, row] of ROWS.entries()) {
    const [handle, name, type, category, model, body, neck, board, year, value, drawing] = row;
    const maker = await shopByHandle(db, handle);
    const estimate = inMakersCurrency(handle, value, 'value');
    const inst = await createInstrument(db, {
      makerShopId: maker.id,
      name,
      instrumentType: type,
      category,
      model,
      serialNumber: `${handle.slice(0, 3).toUpperCase()}-${year}-${String(i + 1).padStart(3, '0')}`,
      bodyWood: body,
      neckWood: neck,
      fretboardWood: board,
      finishType: i % 3 === 0 ? 'French polish' : i % 3 === 1 ? 'Oil varnish' : 'Nitrocellulose lacquer',
      numberOfStrings: name.includes('Sete') ? 7 : (STRINGS[type] ?? null),
      scaleLength: SCALE[type] ?? null,
      description: `${name}, built by ${maker.shopName} in ${year}. ${model} pattern in ${body.toLowerCase()}.`,
      yearMade: year,
      estimatedValue: estimate.amount,
      estimatedValueCurrency: estimate.currency,
      condition: CONDITIONS[i % CONDITIONS.length],
      verified: i % 3 !== 2,
      // Every fourth piece is one its maker shows in the storefront's portfolio.
      portfolio: i % 4 === 0,
      history: historyFor(i, maker, year),
      images: [
        { staticUrl: drawingUrl(type, category, drawing), caption: `${name}, front` },
        { staticUrl: drawingUrl(type, category, i % 2 ? 'spruce' : 'cedar'), caption: 'Wood study' },
      ],
    });
    if (i % 2 === 0) {
      const servicerHandle = i % 4 === 0 ? handle : ROWS[(i + 5) % ROWS.length]![0];
      const servicer = await shopByHandle(db, servicerHandle);
      const [serviceType, description, workPerformed] = SERVICES[(i / 2) % SERVICES.length]!;
      const cost = inMakersCurrency(servicerHandle, serviceType === 'setup' ? 120 : 80 + i * 10, 'cost');
      await addServiceRecord(db, inst.id, {
        servicerName: servicer.shopName,
        servicerShopId: servicer.id,
        recordedById: servicer.userId,
        serviceType,
        description,
        workPerformed,
        serviceDate: `${Math.min(year + 1, 2025)}-10-0${(i % 9) + 1}`,
        cost: cost.amount,
        costCurrency: cost.currency,
      });
    }
  }
}

/** Demo-only: the admin account, and the demo luthier's instruments, some owned by the demo enthusiast. */
async function loadDemo(db: Db): Promise<void> {
  await createUser(db, { ...DEMO_ADMIN, role: 'admin', onboardingComplete: true, handle: 'registry-admin' });
  const maker = await shopByHandle(db, DEMO_ACCOUNTS.luthier.handle);
  const [fan] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.enthusiast.email));
  if (!fan) throw new Error('demo enthusiast is missing');
  const demo = [
    ['Triana Flamenca', 'flamenco', 2021, 'cypress', 'spruce', fan, 'commission'],
    ['Marquez Concert Classical', 'classical', 2019, 'rosewood', 'cedar', fan, 'purchase'],
    ['Sevilla Estudio', 'classical', 2023, 'sapele', 'cedar', fan, 'gift'],
    ['Marquez Flamenca Negra', 'flamenco', 2024, 'rosewood', 'mahogany', null, null],
    [IN_POUNDS, 'classical', 2025, 'cypress', 'cedar', null, null],
  ] as const;
  for (const [name, category, year, wood, drawing, owner, method] of demo) {
    const built: OwnershipSeed = {
      userId: maker.userId,
      ownerName: maker.name,
      location: maker.location,
      startDate: `${year}-02-01`,
    };
    const history: OwnershipSeed[] = owner
      ? [
          { ...built, endDate: `${year}-05-20` },
          {
            userId: owner.id,
            ownerName: owner.displayName,
            location: owner.location,
            startDate: `${year}-05-20`,
            acquisitionMethod: method,
            purchasePrice: method === 'purchase' ? 5400 : null,
            purchaseCurrency: 'EUR',
          },
        ]
      : [built];
    const inst = await createInstrument(db, {
      makerShopId: maker.id,
      name,
      instrumentType: 'guitar',
      category,
      model: category === 'flamenco' ? 'Flamenca' : 'Concierto',
      serialNumber: `EM-${year}-0${demo.findIndex((d) => d[0] === name) + 1}`,
      bodyWood: `${wood[0]!.toUpperCase()}${wood.slice(1)}, spruce top`,
      neckWood: 'Spanish cedar',
      fretboardWood: 'Ebony',
      finishType: 'French polish',
      numberOfStrings: 6,
      scaleLength: 650,
      description: `${name}: a ${category} guitar from the Marquez workshop in Seville.`,
      yearMade: year,
      // The Seville workshop and its buyers price in euros.
      estimatedValue: 3000 + (year - 2019) * 500,
      estimatedValueCurrency: 'EUR',
      condition: 'excellent',
      verified: year < 2023,
      history,
      images: [{ staticUrl: drawingUrl('guitar', category, drawing), caption: `${name}, front` }],
    });
    if (owner)
      await addServiceRecord(db, inst.id, {
        servicerName: maker.shopName,
        servicerShopId: maker.id,
        recordedById: maker.userId,
        serviceType: 'setup',
        description: 'First setup after the finish cured',
        workPerformed: 'Action set to 3.0/2.5 mm at the 12th fret, saddle compensated.',
        serviceDate: `${year}-06-01`,
        cost: 0,
        costCurrency: 'EUR',
      });
  }
}

/** The classical guitar Chidi Okafor built in the academy's building course, linked to his certificate. */
async function loadCourseBuild(db: Db): Promise<void> {
  const maker = await shopByHandle(db, COURSE_BUILDER.handle);
  const [certificate] = await db
    .select({ id: certificates.id, issuedAt: certificates.issuedAt })
    .from(certificates)
    .where(and(eq(certificates.userId, maker.userId), eq(certificates.courseId, COURSE_BUILDER.courseId)));
  if (!certificate) return;
  const year = certificate.issuedAt.getUTCFullYear();
  await createInstrument(db, {
    makerShopId: maker.id,
    name: 'Okafor Course Classical',
    instrumentType: 'guitar',
    category: 'classical',
    model: 'Torres pattern',
    serialNumber: `LAG-${year}-C01`,
    bodyWood: 'Indian rosewood, cedar top',
    neckWood: 'Spanish cedar',
    fretboardWood: 'Ebony',
    finishType: 'French polish',
    numberOfStrings: 6,
    scaleLength: 650,
    description:
      'My first classical guitar, built step by step in the academy course: fan-braced cedar top, solera neck joint.',
    yearMade: year,
    condition: 'excellent',
    builtInCertificateId: certificate.id,
    images: [
      { staticUrl: drawingUrl('guitar', 'classical', 'cedar'), caption: 'Okafor Course Classical, front' },
    ],
  });
}

/**
 * The instruments their makers still own (most sample pieces have changed hands), listed for sale in the makers'
 * own currencies, so the registry's For sale filter and the storefronts have something for a buyer to find.
 * Listings are the owner's offer and never enter the log (decision 017).
 */

async function loadListings(db: Db): Promise<void> {
  const own = await db
    .select({
      id: instruments.id,
      name: instruments.name,
      ownerId: shops.ownerId,
      value: instruments.estimatedValue,
      valueCurrency: instruments.estimatedValueCurrency,
    })
    .from(instruments)
    .innerJoin(shops, eq(shops.id, instruments.makerShopId))
    .where(and(eq(instruments.currentOwnerId, shops.ownerId), eq(instruments.status, 'active')))
    .orderBy(asc(instruments.name));
  const notes = [
    'Hard case included. Try it at the workshop by appointment.',
    'Ships insured worldwide; two weeks to decide.',
    null,
  ];
  for (const [i, row] of own.entries()) {
    const note = notes[i % notes.length] ?? null;
    // Asking what the maker estimates it is worth, in the estimate's currency (dollars without an estimate);
    // the demo workshop's requinto is offered in pounds, to the London buyer who asked about it.
    const price = row.value ?? 2800 + i * 450;
    const currency = row.value != null && row.valueCurrency ? row.valueCurrency : 'USD';
    const asking =
      row.name === IN_POUNDS
        ? { price: String(Math.round((price * 0.85) / 50) * 50), currency: 'GBP', note: POUNDS_NOTE }
        : { price: String(price), currency, note };
    await db.insert(instrumentListings).values({
      instrumentId: row.id,
      ownerId: row.ownerId,
      status: 'for-sale',
      ...asking,
    });
  }
}

export const registrySample: SampleStep[] = [
  { name: 'registry:instruments', run: loadInstruments },
  { name: 'registry:demo', demoOnly: true, run: loadDemo },
  { name: 'registry:course-builds', run: loadCourseBuild },
  { name: 'registry:listings', run: loadListings },
];

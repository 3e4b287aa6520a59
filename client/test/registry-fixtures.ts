import type { z } from 'zod';
import type {
  InstrumentDetail,
  myRegistrySchema,
  ownershipSchema,
  PrivacyInput,
  Transfer,
} from '../../contract/registry';
import type { MockAnswer } from './render';

type Ownership = z.infer<typeof ownershipSchema>;
type MyRegistry = z.infer<typeof myRegistrySchema>;

/** The passport the registry's tests open, unless they say otherwise. */
export const INSTRUMENT_ID = '11111111-1111-4111-8111-111111111111';

/** One of a passport's ownership records, whole (the contract check refuses partial ones), with `over` on top. */
export const ownershipRecord = (over: Partial<Ownership> = {}): Ownership => ({
  id: 'o1',
  ownerName: 'Sam Carter',
  ownerHandle: null,
  location: null,
  startDate: '2015-01-01',
  endDate: null,
  acquisitionMethod: null,
  ...over,
});

/**
 * GET /api/registry/instruments/{id} as a signed-in stranger sees it: a verified violin with two owners, no photos,
 * not listed; `over` on top, and `viewer` merged into the stranger's (so `{ viewer: { isOwner: true } }` is enough).
 */
export function instrumentFixture(
  over: Partial<Omit<InstrumentDetail, 'viewer'>> & { viewer?: Partial<InstrumentDetail['viewer']> } = {},
): InstrumentDetail {
  const { viewer, ...rest } = over;
  return {
    id: INSTRUMENT_ID,
    passportCode: 'LR-AAAA-BBBB',
    name: 'Amber Violin',
    instrumentType: 'violin',
    category: 'classical',
    model: 'Strad',
    serialNumber: null,
    bodyWood: 'Maple',
    neckWood: null,
    fretboardWood: null,
    finishType: null,
    numberOfStrings: 4,
    scaleLength: 328,
    description: null,
    yearMade: 2015,
    estimatedValue: 14500,
    estimatedValueCurrency: 'EUR',
    condition: 'mint',
    verified: true,
    status: 'active',
    luthier: null,
    currentOwner: { name: 'Sam Carter', handle: null, location: 'Bristol, UK' },
    images: [],
    ownershipHistory: [
      ownershipRecord({ id: 'o1', ownerName: 'Elena Marquez', endDate: '2016-01-01' }),
      ownershipRecord({
        id: 'o2',
        location: 'Bristol, UK',
        startDate: '2016-01-01',
        acquisitionMethod: 'purchase',
      }),
    ],
    serviceRecords: [],
    events: [{ id: 'e1', type: 'created', data: {}, createdAt: '2015-01-01T00:00:00Z' }],
    verification: null,
    portfolio: false,
    builtIn: null,
    stolen: null,
    ...rest,
    viewer: {
      isMaker: false,
      isOwner: false,
      isAdmin: false,
      canRecordService: false,
      correctionRequired: false,
      ...viewer,
    },
  };
}

/** A passport's maker (its shop and the person behind it, with a public profile), with `over` on top. */
export const luthierFixture = (
  over: Partial<NonNullable<InstrumentDetail['luthier']>> = {},
): NonNullable<InstrumentDetail['luthier']> => ({
  id: 's1',
  businessName: 'Marquez Violins',
  contactName: 'Elena Marquez',
  ownerHandle: 'elena',
  location: 'Cremona, Italy',
  establishedYear: 2001,
  verified: true,
  specializations: [],
  slug: 'marquez-violins',
  ...over,
});

/** GET /api/registry/me for a person with no passports, no shop and no privacy choice yet; `over` on top. */
export const myRegistry = (over: Partial<MyRegistry> = {}): MyRegistry => ({
  owned: [],
  registered: [],
  shop: null,
  ownerPrivacy: true,
  ownerPrivacyChosen: false,
  usualCurrency: null,
  ...over,
});

/** A pending incoming offer of the Amber Violin (GET /api/registry/transfers' items), with `over` on top. */
export const transferFixture = (over: Partial<Transfer> = {}): Transfer => ({
  id: 't1',
  instrument: { id: 'i1', name: 'Amber Violin', passportCode: 'LR-AAAA-BBBB', imageUrl: null },
  direction: 'incoming',
  fromName: 'Elena Marquez',
  method: 'purchase',
  price: '8200.00',
  currency: 'GBP',
  status: 'pending',
  expiresAt: '2026-12-01T00:00:00Z',
  createdAt: '2026-11-17T00:00:00Z',
  ...over,
});

/** What differs in the offer a new buyer gets from a shop (transfer and verify-email pages): no price. */
export const BUYER_OFFER: Partial<Transfer> = {
  fromName: 'Marquez Violins',
  price: null,
  currency: null,
  expiresAt: '2026-12-10T00:00:00.000Z',
  createdAt: '2026-11-26T00:00:00.000Z',
};

type Handlers = Record<string, (body: unknown, url: URL) => MockAnswer>;

/**
 * What an owner's or maker's pages read besides what a test looks at: GET /api/registry/me (`me`, over
 * myRegistry()'s) and GET /api/registry/transfers (none unless given). Spread into mockFetch's handlers.
 */
export function registryReads({
  me = {},
  transfers = { incoming: [], outgoing: [] },
}: {
  me?: Partial<MyRegistry>;
  transfers?:
    { incoming: Transfer[]; outgoing: Transfer[] } | (() => { incoming: Transfer[]; outgoing: Transfer[] });
} = {}): Handlers {
  return {
    'GET /api/registry/me': () => ({ json: myRegistry(me) }),
    'GET /api/registry/transfers': () => ({
      json: typeof transfers === 'function' ? transfers() : transfers,
    }),
  };
}

/**
 * The passport-privacy setting as the server keeps it: GET /api/registry/privacy (settings) and GET
 * /api/registry/me (the owner's passport page) answer what PUT /api/registry/privacy last saved, as a choice.
 * Never chosen (private) unless `initial` says otherwise.
 */
export function privacyRoutes(initial = { ownerPrivacy: true, chosen: false }): Handlers {
  let state = initial;
  return {
    'GET /api/registry/privacy': () => ({ json: state }),
    'GET /api/registry/me': () => ({
      json: myRegistry({ ownerPrivacy: state.ownerPrivacy, ownerPrivacyChosen: state.chosen }),
    }),
    'PUT /api/registry/privacy': (body) => {
      state = { ownerPrivacy: (body as PrivacyInput).ownerPrivacy, chosen: true };
      return { json: state };
    },
  };
}

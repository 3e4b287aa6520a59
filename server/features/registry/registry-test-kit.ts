import { createShop } from '../../db/builders/accounts';
import { createInstrument, type InstrumentSeed } from '../../db/builders/registry';
import { signedInUser, type TestApp } from '../../test/test-app';

let n = 0;

/** A signed-in luthier with a published shop. */
export async function luthierWithShop(t: TestApp, shopName = 'Test Workshop') {
  n += 1;
  const handle = `maker-${Date.now().toString(36)}-${n}`;
  const signed = await signedInUser(t, {
    role: 'luthier',
    handle,
    displayName: `Maker ${n}`,
    onboardingComplete: true,
  });
  const shop = await createShop(t.db, signed.user.id, { name: shopName, location: 'Cremona, Italy' });
  return { ...signed, shop };
}

/** An instrument made by `shopId`, owned by its maker unless a history is given. */
export function instrumentOf(t: TestApp, shopId: string, seed: Partial<InstrumentSeed> = {}) {
  return createInstrument(t.db, {
    name: 'Test Guitar',
    instrumentType: 'guitar',
    category: 'acoustic',
    yearMade: 2020,
    makerShopId: shopId,
    ...seed,
  });
}

export function api(t: TestApp, cookie: string | null) {
  const headers = cookie ? { cookie } : {};
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers, payload }),
    patch: (url: string, payload: object) => t.app.inject({ method: 'PATCH', url, headers, payload }),
    put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers, payload }),
    del: (url: string) => t.app.inject({ method: 'DELETE', url, headers }),
  };
}

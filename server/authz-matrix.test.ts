import { afterAll, describe, expect, it } from 'vitest';
import { academyMatrix } from './test/authz/academy.matrix';
import { accountsMatrix } from './test/authz/accounts.matrix';
import { authoringMatrix } from './test/authz/authoring.matrix';
import { createMatrixKit, declaredAuth, needsSession, routeKeysOf } from './test/authz/matrix-kit';
import { publicMatrix } from './test/authz/public.matrix';
import { purchaseOffersMatrix } from './test/authz/purchase-offers.matrix';
import { registryMatrix } from './test/authz/registry.matrix';
import { createTestApp } from './test/test-app';

/*
 * The authorisation matrix's tables, one per area in server/test/authz/ (each checked, cell by cell, by its own test
 * file beside it): every route of the app has exactly one entry, a case or a reason to skip, and a guest's
 * expectation agrees with the operation's declared auth. A new route fails here until its row is added.
 */
const t = await createTestApp();
afterAll(async () => t.close());

// The tables are only read here (no world is built): their requests never run.
const kit = createMatrixKit(t);
const tables = {
  accounts: accountsMatrix(kit),
  academy: academyMatrix(kit),
  authoring: authoringMatrix(),
  public: publicMatrix(kit),
  registry: registryMatrix(kit),
  purchaseOffers: purchaseOffersMatrix(kit),
};
const entries = Object.entries(tables).flatMap(([area, table]) =>
  Object.entries(table).map(([route, entry]) => ({ area, route, entry })),
);
const routeKeys = routeKeysOf(t);

describe('authorisation matrix', () => {
  it('has an entry (a case or a reason to skip) for every route, and none for a route that does not exist', () => {
    const missing = routeKeys.filter((key) => !entries.some((e) => e.route === key));
    const stale = entries.filter((e) => !routeKeys.includes(e.route)).map((e) => `${e.route} (${e.area})`);
    const twice = entries
      .filter((e) => entries.filter((other) => other.route === e.route).length > 1)
      .map((e) => `${e.route} (${e.area})`);
    expect({ missing, stale, twice }).toEqual({ missing: [], stale: [], twice: [] });
  });

  it('expects 401 from a guest exactly where the declaration asks for a session', () => {
    const disagreeing = entries.flatMap(({ route, entry }) => {
      if ('skip' in entry) return [];
      const guest = [entry.expect.guest].flat();
      const refusesGuests = guest.length === 1 && guest[0] === 401;
      return refusesGuests === needsSession(route)
        ? []
        : [`${route} (${declaredAuth.get(route) ?? 'undeclared'})`];
    });
    expect(disagreeing).toEqual([]);
  });
});

import { today } from '../../db/builders/registry';
import type { InstrumentSeed } from '../../db/builders/registry';
import type { TestApp } from '../../test/test-app';
import { instrumentOf, type luthierWithShop } from './registry-test-kit';

type Maker = Awaited<ReturnType<typeof luthierWithShop>>;

/** An instrument its maker built and that has since passed to `owner` (two ownership records). */
export function createOwnership(
  t: TestApp,
  maker: Maker,
  owner: { id: string; displayName: string },
  seed: Partial<InstrumentSeed> = {},
) {
  return instrumentOf(t, maker.shop.id, {
    yearMade: 2015,
    history: [
      {
        userId: maker.user.id,
        ownerName: maker.user.displayName,
        location: null,
        startDate: '2015-05-01',
        endDate: today(),
      },
      {
        userId: owner.id,
        ownerName: owner.displayName,
        location: null,
        startDate: today(),
        acquisitionMethod: 'purchase',
      },
    ],
    ...seed,
  });
}

import { createTestApp } from '../test-app';
import { purchaseOffersMatrix } from './purchase-offers.matrix';
import { checkMatrix } from './matrix-kit';

// The authorisation matrix's cells for purchase offers, on a world of their own (server/test/authz/matrix-kit.ts).
checkMatrix(await createTestApp(), 'purchase offers', purchaseOffersMatrix);

import { createTestApp } from '../test-app';
import { academyMatrix } from './academy.matrix';
import { checkMatrix } from './matrix-kit';

// The authorisation matrix's cells for the academy, on a world of their own (server/test/authz/matrix-kit.ts).
checkMatrix(await createTestApp(), 'academy', academyMatrix);

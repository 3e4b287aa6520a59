import { createTestApp } from '../test-app';
import { publicMatrix } from './public.matrix';
import { checkMatrix } from './matrix-kit';

// The authorisation matrix's cells for what is public by design, on a world of their own (server/test/authz/matrix-kit.ts).
checkMatrix(await createTestApp(), 'public', publicMatrix);

import { createTestApp } from '../test-app';
import { registryMatrix } from './registry.matrix';
import { checkMatrix } from './matrix-kit';

// The authorisation matrix's cells for the registry and its verification, on a world of their own (server/test/authz/matrix-kit.ts).
checkMatrix(await createTestApp(), 'registry', registryMatrix);

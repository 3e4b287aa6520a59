import { createTestApp } from '../test-app';
import { accountsMatrix } from './accounts.matrix';
import { checkMatrix } from './matrix-kit';

// The authorisation matrix's cells for accounts, handles, profiles, settings, notifications, conversations, on a world of their own (server/test/authz/matrix-kit.ts).
checkMatrix(await createTestApp(), 'accounts', accountsMatrix);

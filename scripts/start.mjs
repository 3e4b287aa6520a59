// `npm start`: builds the client if it has not been built (or its sources are newer), then runs the server.
import { buildClientIfStale } from './build-client.mjs';

const status = buildClientIfStale();
if (status !== 0) process.exit(status);

// The server runs in this process (TypeScript through tsx), so signals and exit codes are its own.
const { register } = await import('tsx/esm/api');
register();
await import('../server/index.ts');

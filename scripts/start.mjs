// `npm start`: builds the client and compiles the server if either has not been built (or its sources are
// newer), then serves the compiled JavaScript (dist/server/index.js): no TypeScript loader in this process.
import { buildClientIfStale } from './build-client.mjs';
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, serverBundle } from './build-server.mjs';

const status = buildClientIfStale() || buildServerIfStale();
if (status !== 0) process.exit(status);

// Stack traces name the TypeScript sources (dist/server/index.js.map).
process.setSourceMapsEnabled(true);
// The server runs in this process, so signals and exit codes are its own.
await import(pathToFileURL(serverBundle).href);

import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const SERVER_TESTS = [
  'server/**/*.test.ts',
  'contract/**/*.test.ts',
  'presentation/**/*.test.ts',
  'scripts/**/*.test.ts',
];

/**
 * On PostgreSQL (TEST_DB=postgres) the server project runs only the files whose database is the backend under
 * test (they use server/test/test-app or test-db; the authorisation matrix's files in server/test/authz/ too); pure units, lint checks and scripts with their own embedded
 * data folder ran already in the PGlite run. So do files that say so in a line starting `// One backend:` with
 * the reason (process-heavy tests of code that never touches the database, such as the verifier's command line).
 */
function backendIndependentTests(): string[] {
  if (process.env.TEST_DB !== 'postgres') return [];
  return ['server', 'contract', 'presentation', 'scripts']
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`))
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return !/(\btest\/|'\.\.\/)test-(app|db)\b/.test(text) || /^\/\/ One backend:/m.test(text);
    });
}

/** VITEST_TIMEOUT_SCALE=10 gives every test and hook ten times longer: for a machine many people share at once. */
const timeoutScale = Number(process.env.VITEST_TIMEOUT_SCALE ?? 1);

// Two projects: server, contract and presentation tests in Node (API tests drive buildApp().inject() on a fresh database per
// file), and client tests in jsdom. TEST_DB=postgres runs the server project on PostgreSQL instead of PGlite.
export default defineConfig({
  test: {
    // Vitest's default on a two-core machine is one worker; the server files mostly wait on databases and child
    // processes, so two run side by side.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: SERVER_TESTS,
          exclude: ['**/node_modules/**', ...backendIndependentTests()],
          setupFiles: ['server/test/setup.ts'],
          globalSetup: ['server/test/global-setup.ts', 'server/test/build-bundles.ts'],
          testTimeout: 30_000 * timeoutScale,
          hookTimeout: 60_000 * timeoutScale,
          pool: 'forks',
          // Files share a worker's module cache (each still gets its own app and database): the suite spent a
          // fifth of its time importing the app again per file. VITEST_ISOLATE=true restores isolation.
          isolate: process.env.VITEST_ISOLATE === 'true',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: ['client/test/setup.ts'],
          testTimeout: 15_000,
          // As for the server: one jsdom per worker rather than per file (57 s -> 17 s here, the same 120 tests).
          isolate: process.env.VITEST_ISOLATE === 'true',
        },
      },
    ],
  },
});

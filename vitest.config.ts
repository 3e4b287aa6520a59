import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: server/contract tests in Node (API tests drive buildApp().inject() on a fresh database per
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
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['server/test/setup.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
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
        },
      },
    ],
  },
});

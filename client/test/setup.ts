import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { takeContractDrift, unexpectedFetch } from './contract-fixtures';

// findBy and waitFor give up after 5 s rather than 1 s: on a shared two-core machine a page's first render can take
// longer than a second, and a query that succeeds returns as soon as it does, so quiet runs are no slower.
configure({ asyncUtilTimeout: 5000 });

// A console.error during a test fails it.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

// Every test starts with no answers: one that fetches without mockFetch fails, whatever the test before it mocked
// (files share a worker, so globalThis.fetch would otherwise be the last file's mock).
beforeEach(() => {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    return unexpectedFetch(init?.method ?? 'GET', url.replace(/^https?:\/\/[^/]+/, ''));
  };
});

afterEach(() => {
  cleanup();
  // A mocked answer the contract does not allow fails its test even when the page handled the rejected fetch.
  const drift = takeContractDrift();
  if (drift.length) {
    errors.length = 0;
    throw new Error(drift.join('\n'));
  }
  if (errors.length) {
    const printed = errors.map((args) => args.map(String).join(' ')).join('\n');
    errors.length = 0;
    throw new Error(`console.error was called during the test:\n${printed}`);
  }
});

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { takeContractDrift } from './contract-fixtures';

// A console.error during a test fails it.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
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

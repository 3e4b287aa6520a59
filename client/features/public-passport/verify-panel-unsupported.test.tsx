import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { resetEd25519ForTests } from '../../../contract/log/ed25519';
import { mockFetch } from '../../test/render';
import bundle from './fixtures/log-bundle.json';
import { VerifyPanel } from './verify-panel';

// The fallback library cannot be loaded (offline, blocked) and WebCrypto has no Ed25519: nothing can be checked.
beforeEach(() =>
  resetEd25519ForTests(() => Promise.reject(new Error('the fallback script could not be loaded'))),
);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetEd25519ForTests();
});

it('says this browser cannot check, never that the log was tampered with', async () => {
  const original = crypto.subtle.importKey.bind(crypto.subtle);
  vi.spyOn(crypto.subtle, 'importKey').mockImplementation(((...args: Parameters<typeof original>) => {
    const algorithm = args[2] as { name?: string } | string;
    if ((typeof algorithm === 'string' ? algorithm : algorithm.name) === 'Ed25519')
      return Promise.reject(new DOMException('Unrecognized name', 'NotSupportedError'));
    return original(...args);
  }) as typeof crypto.subtle.importKey);
  mockFetch({
    'GET /api/log/key': () => ({ text: bundle.vkey }),
    [`GET /api/public/passports/${bundle.code}/log`]: () => ({ json: bundle.log }),
  });
  render(<VerifyPanel code={bundle.code} />);
  await userEvent.click(screen.getByRole('button', { name: 'Verify this passport' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'This browser cannot check the signatures. Nothing was found wrong:',
  );
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByText(/Verification failed/)).toBeNull();
});

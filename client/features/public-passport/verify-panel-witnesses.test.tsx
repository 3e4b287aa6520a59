import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEd25519ForTests } from '../../../contract/log/ed25519';
import { mockFetch } from '../../test/render';
import bundle from './fixtures/log-bundle.json';
import { VerifyPanel } from './verify-panel';
import { makeWitness, type TestWitness } from './witness-kit';

/*
 * The real two-event bundle of verify-panel.test.tsx, with a witness policy and cosignatures added by two test
 * witnesses: the panel must say who witnessed and when, say "not yet witnessed" short of the quorum, and tell a
 * browser without Ed25519 apart from a tampered log.
 */
type Log = typeof bundle.log & { witnesses?: unknown };
let alpha: TestWitness;
let beta: TestWitness;
const T1 = Date.UTC(2026, 10, 26, 20, 10) / 1000;
const T2 = Date.UTC(2026, 10, 26, 20, 11) / 1000;

beforeAll(async () => {
  resetEd25519ForTests();
  alpha = await makeWitness('alpha.example');
  beta = await makeWitness('beta.example');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetEd25519ForTests();
});

const policy = (quorum: string) => ({
  quorum,
  witnesses: [
    { name: 'alpha', vkey: alpha.vkey },
    { name: 'beta', vkey: beta.vkey },
  ],
  groups: [{ name: 'both', threshold: 2, members: ['alpha', 'beta'] }],
});

async function verify(log: Log) {
  mockFetch({
    'GET /api/log/key': () => ({ text: bundle.vkey }),
    [`GET /api/public/passports/${bundle.code}/log`]: () => ({ json: log }),
  });
  render(<VerifyPanel code={bundle.code} />);
  await userEvent.click(screen.getByRole('button', { name: 'Verify this passport' }));
}

const cosigned = (...by: [TestWitness, number][]) =>
  by.reduce((note, [w, t]) => w.cosign(note, t), bundle.log.checkpoint);

describe('VerifyPanel with witnesses', () => {
  it('names each witness that cosigned and when, once the quorum is met', async () => {
    await verify({ ...bundle.log, checkpoint: cosigned([alpha, T1], [beta, T2]), witnesses: policy('both') });
    expect(await screen.findByText('Witnessed by 2 of 2', { exact: false })).toHaveTextContent(
      'Witnessed by 2 of 2 (alpha, 2026-11-26 20:10 UTC; beta, 2026-11-26 20:11 UTC).',
    );
    expect(screen.getByText(/2 events, chain intact/)).not.toHaveTextContent('Not yet witnessed');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "not yet witnessed", not verified, when the quorum is missing', async () => {
    await verify({ ...bundle.log, checkpoint: cosigned([alpha, T1]), witnesses: policy('both') });
    expect(await screen.findByText(/^Not yet witnessed\. 2 events, chain intact/)).toBeInTheDocument();
    expect(screen.getByText(/Not yet witnessed: 1 of 2 so far/)).toHaveTextContent(
      'Not yet witnessed: 1 of 2 so far (alpha, 2026-11-26 20:10 UTC).',
    );
    expect(screen.queryByText(/Witnessed by/)).toBeNull();
  });

  it('counts one witness as enough when the policy says so', async () => {
    await verify({ ...bundle.log, checkpoint: cosigned([beta, T2]), witnesses: policy('beta') });
    expect(await screen.findByText(/Witnessed by 1 of 2/)).toHaveTextContent(
      'Witnessed by 1 of 2 (beta, 2026-11-26 20:11 UTC).',
    );
  });

  it('refuses a cosignature of a named witness that does not verify', async () => {
    const note = cosigned([alpha, T1], [beta, T2]);
    const lines = note.split('\n');
    const last = lines.length - 2;
    const sig = lines[last]!;
    lines[last] = `${sig.slice(0, -6)}${sig.slice(-6, -5) === 'A' ? 'B' : 'A'}${sig.slice(-5)}`;
    await verify({ ...bundle.log, checkpoint: lines.join('\n'), witnesses: policy('both') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verification failed. A witness’s cosignature does not verify: the cosignature by beta does not verify.',
    );
  });

  it('says when the registry names no witnesses', async () => {
    await verify({ ...bundle.log, witnesses: { quorum: 'none', witnesses: [], groups: [] } });
    expect(
      await screen.findByText(
        'This registry names no independent witnesses: the check rests on the registry’s own signature.',
      ),
    ).toBeInTheDocument();
  });
});

describe('VerifyPanel in a browser without Ed25519 in WebCrypto', () => {
  function withoutEd25519() {
    const original = crypto.subtle.importKey.bind(crypto.subtle);
    return vi.spyOn(crypto.subtle, 'importKey').mockImplementation(((
      ...args: Parameters<typeof original>
    ) => {
      const algorithm = args[2] as { name?: string } | string;
      const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
      if (name === 'Ed25519')
        return Promise.reject(new DOMException('Unrecognized name', 'NotSupportedError'));
      return original(...args);
    }) as typeof crypto.subtle.importKey);
  }

  it('verifies through the fallback library, witnesses included', async () => {
    const importKey = withoutEd25519();
    await verify({ ...bundle.log, checkpoint: cosigned([alpha, T1], [beta, T2]), witnesses: policy('both') });
    expect(await screen.findByText(/Witnessed by 2 of 2/)).toBeInTheDocument();
    expect(screen.getByText(/2 events, chain intact/)).toBeInTheDocument();
    expect(importKey).toHaveBeenCalled();
  });

  it('still calls a forged checkpoint tampered, not unsupported', async () => {
    withoutEd25519();
    const lines = bundle.log.checkpoint.split('\n');
    lines[1] = String(Number(lines[1]) + 1);
    await verify({ ...bundle.log, checkpoint: lines.join('\n') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verification failed. The checkpoint’s signature does not verify',
    );
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/render';
import bundle from './fixtures/log-bundle.json';
import { VerifyPanel } from './verify-panel';

/*
 * A real passport's log bundle (two events, the checkpoint signed by a test key), as the server wrote it; each
 * case alters one part the way a forger or a faulty mirror would and expects the panel to say exactly what failed.
 */
type Bundle = typeof bundle;
const copy = (): Bundle => JSON.parse(JSON.stringify(bundle)) as Bundle;
const b64 = {
  decode: (s: string) => new TextDecoder().decode(Uint8Array.from(atob(s), (c) => c.charCodeAt(0))),
  encode: (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s))),
};

function serve(b: Bundle, status = 200) {
  mockFetch({
    'GET /api/log/key': () => ({ status, text: b.vkey }),
    [`GET /api/public/passports/${b.code}/log`]: () =>
      status === 200
        ? { json: b.log }
        : { status, json: { error: 'The log is not available.', code: 'SERVICE_UNAVAILABLE' } },
  });
}

async function verify(b: Bundle) {
  serve(b);
  render(<VerifyPanel code={b.code} />);
  await userEvent.click(screen.getByRole('button', { name: 'Verify this passport' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('VerifyPanel', () => {
  it('reports what it checked for an intact passport', async () => {
    await verify(copy());
    const size = Number(bundle.log.checkpoint.split('\n')[1]).toLocaleString('en-US');
    const when = `${bundle.log.signedAt.slice(0, 10)} ${bundle.log.signedAt.slice(11, 16)} UTC`;
    expect(
      await screen.findByText(
        `2 events, chain intact, included in the registry log at size ${size}, checkpoint signed ${when}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names a rewritten event that the signed log does not contain', async () => {
    const b = copy();
    const last = b.log.entries.at(-1)!;
    last.leafBase64 = b64.encode(b64.decode(last.leafBase64).replace('"setup"', '"restoration"'));
    await verify(b);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Verification failed. An event is not included in the signed log: log entry ${last.index} is not included in the signed checkpoint`,
    );
  });

  it('names a broken chain when an event is missing', async () => {
    const b = copy();
    const [first, second] = b.log.entries;
    b.log.entries = [second!];
    await verify(b);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Verification failed. The passport’s chain of events is broken: log entry ${second!.index} has seq 1 where 0 was expected`,
    );
    expect(first).toBeDefined();
  });

  it('refuses a checkpoint whose signature does not match its text', async () => {
    const b = copy();
    const lines = b.log.checkpoint.split('\n');
    lines[1] = String(Number(lines[1]) + 1);
    b.log.checkpoint = lines.join('\n');
    await verify(b);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verification failed. The checkpoint’s signature does not verify',
    );
  });

  it('refuses a verifier key that is not the registry’s', async () => {
    const b = copy();
    b.vkey = b.vkey.replace(/\+[0-9a-f]{8}\+/, '+00000000+');
    await verify(b);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verification failed. The registry’s verifier key is not valid',
    );
  });

  it('says it could not run when the log cannot be fetched', async () => {
    serve(copy(), 503);
    render(<VerifyPanel code={bundle.code} />);
    await userEvent.click(screen.getByRole('button', { name: 'Verify this passport' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Verification could not run:');
  });
});

import { useState } from 'react';
import { ShieldCheck, ShieldAlert } from 'lucide-react';
import { verifyPassportLog, type PassportLogResult } from '../../../contract/log/verify-passport';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api';
import { fetchLogBundle } from './api';
import { VerifiedEvents } from './verified-events';

type State =
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'done'; result: PassportLogResult; signedAt: string }
  | { phase: 'error'; message: string };

const STEP: Record<string, string> = {
  key: 'The registry’s verifier key is not valid',
  checkpoint: 'The checkpoint’s signature does not verify',
  leaf: 'A log entry is not a well-formed passport event',
  chain: 'The passport’s chain of events is broken',
  inclusion: 'An event is not included in the signed log',
};

const signedTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Recomputes, in this browser, every leaf hash, the prev chain, each inclusion proof and the checkpoint signature. */
export function VerifyPanel({ code }: { code: string }) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const run = async () => {
    setState({ phase: 'checking' });
    try {
      const { vkey, log } = await fetchLogBundle(code);
      const result = await verifyPassportLog({
        vkey,
        checkpoint: log.checkpoint,
        entries: log.entries,
        passport: code,
      });
      setState({ phase: 'done', result, signedAt: log.signedAt });
    } catch (e) {
      setState({ phase: 'error', message: errorText(e, 'The registry log could not be fetched.') });
    }
  };
  return (
    <section aria-labelledby="verify-heading" className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="verify-heading" className="font-serif text-xl font-semibold text-wood-900">
        Verify this passport yourself
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Every event of this passport is a leaf of the registry’s public, append-only log. Your browser fetches
        the leaves, recomputes their hashes and chain, checks each against the log’s signed checkpoint, and
        reports what it found. Nothing here trusts this page’s own claims.
      </p>
      <Button className="mt-4" onClick={() => void run()} disabled={state.phase === 'checking'}>
        {state.phase === 'checking' ? 'Verifying…' : 'Verify this passport'}
      </Button>
      <div aria-live="polite" className="mt-4 text-sm">
        {state.phase === 'done' && state.result.ok && (
          <div className="flex gap-2 rounded-lg bg-emerald-50 p-3 text-emerald-900">
            <ShieldCheck className="size-5 shrink-0" aria-hidden />
            <div>
              <p className="font-semibold">
                {state.result.events} {state.result.events === 1 ? 'event' : 'events'}, chain intact, included
                in the registry log at size {state.result.treeSize.toLocaleString('en-US')}, checkpoint signed{' '}
                {signedTime(state.signedAt)}.
              </p>
              <p className="mt-1 break-all text-emerald-800">
                Log {state.result.origin}, key {state.result.keyHash}, root {state.result.rootBase64}
              </p>
            </div>
          </div>
        )}
        {state.phase === 'done' && !state.result.ok && (
          <div role="alert" className="flex gap-2 rounded-lg bg-red-50 p-3 text-red-900">
            <ShieldAlert className="size-5 shrink-0" aria-hidden />
            <p>
              <span className="font-semibold">Verification failed. {STEP[state.result.step]}:</span>{' '}
              {state.result.message}.
            </p>
          </div>
        )}
        {state.phase === 'error' && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
            Verification could not run: {state.message}
          </p>
        )}
      </div>
      <VerifiedEvents events={state.phase === 'done' && state.result.ok ? state.result.verified : null} />
    </section>
  );
}

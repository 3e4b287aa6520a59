import { useState } from 'react';
import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import type { PassportLogResult } from '../../../contract/log/verify-passport';
import type { WitnessVerdict } from '../../../contract/log/witnessed';
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
  witness: 'A witness’s cosignature does not verify',
  leaf: 'A log entry is not a well-formed passport event',
  chain: 'The passport’s chain of events is broken',
  inclusion: 'An event is not included in the signed log',
};

const signedTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const cosignedTime = (seconds: number) => signedTime(new Date(seconds * 1000).toISOString());

/** "Witnessed by 2 of 2 (witness-a, 2026-11-26 20:10 UTC; witness-b, …)", or why it is not. */
export function WitnessLine({ verdict }: { verdict: WitnessVerdict | null }) {
  if (!verdict || verdict.named === 0)
    return (
      <p className="mt-1">
        This registry names no independent witnesses: the check rests on the registry’s own signature.
      </p>
    );
  const names = verdict.cosigned.map((c) => `${c.name}, ${cosignedTime(c.timestamp)}`).join('; ');
  const count = `${verdict.cosigned.length} of ${verdict.named}`;
  return (
    <p className="mt-1 font-semibold">
      {verdict.quorumMet ? `Witnessed by ${count}` : `Not yet witnessed: ${count} so far`}
      {names && <span className="font-normal"> ({names})</span>}.
    </p>
  );
}

/** Recomputes, in this browser, every leaf hash, the prev chain, each inclusion proof and the checkpoint signature. */
export function VerifyPanel({ code }: { code: string }) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const run = async () => {
    setState({ phase: 'checking' });
    try {
      // The verifier (the log's formats, hashing, zod for the leaves) loads on the click, beside the log itself:
      // most visitors never press the button, and its code would otherwise weigh on every passport's first load.
      const [{ vkey, log }, { verifyPassportLog }] = await Promise.all([
        fetchLogBundle(code),
        import('../../../contract/log/verify-passport'),
      ]);
      const result = await verifyPassportLog({
        vkey,
        checkpoint: log.checkpoint,
        entries: log.entries,
        passport: code,
        ...(log.witnesses ? { witnesses: log.witnesses } : {}),
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
          <Verified result={state.result} signedAt={state.signedAt} />
        )}
        {state.phase === 'done' && !state.result.ok && state.result.step === 'browser' && (
          <div role="status" className="flex gap-2 rounded-lg bg-stone-100 p-3 text-stone-900">
            <ShieldQuestion className="size-5 shrink-0" aria-hidden />
            <p>
              <span className="font-semibold">This browser cannot check the signatures.</span> Nothing was
              found wrong: {state.result.message}. Try a current browser, or check the dossier with{' '}
              <code>npm run verify</code>.
            </p>
          </div>
        )}
        {state.phase === 'done' && !state.result.ok && state.result.step !== 'browser' && (
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

type Verified = Extract<PassportLogResult, { ok: true }>;

/** The checked result: green when the witnesses' quorum cosigned, amber ("not yet witnessed") when it did not. */
function Verified({ result, signedAt }: { result: Verified; signedAt: string }) {
  const witnessed = !result.witnessed || result.witnessed.quorumMet;
  const Icon = witnessed ? ShieldCheck : ShieldQuestion;
  return (
    <div
      className={`flex gap-2 rounded-lg p-3 ${witnessed ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-950'}`}
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">
          {witnessed ? '' : 'Not yet witnessed. '}
          {result.events} {result.events === 1 ? 'event' : 'events'}, chain intact, included in the registry
          log at size {result.treeSize.toLocaleString('en-US')}, checkpoint signed {signedTime(signedAt)}.
        </p>
        <WitnessLine verdict={result.witnessed} />
        {!witnessed && (
          <p className="mt-1">
            The registry’s own signature checks out, but its witnesses have not cosigned this checkpoint yet,
            so a split view is not ruled out. Witnesses usually cosign within a minute: verify again shortly.
          </p>
        )}
        <p className={`mt-1 break-all ${witnessed ? 'text-emerald-800' : 'text-amber-900'}`}>
          Log {result.origin}, key {result.keyHash}, root {result.rootBase64}
        </p>
      </div>
    </div>
  );
}

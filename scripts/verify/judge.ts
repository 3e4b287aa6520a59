// Judges a checkpoint against a policy: who signed it, which witnesses cosigned it and when, whether that is
// enough. A signature by a key the policy names that does not verify is tampering (exit 1); a key or a quorum the
// policy does not give is "not established" (exit 3), never trusted on first use.
import { createPublicKey, verify } from 'node:crypto';
import { parseCheckpointBody, type Checkpoint } from '../../contract/log/note';
import { quorumMet, quorumWords, type TrustPolicy } from './policy';

export class Tampered extends Error {}
export class NotEstablished extends Error {}
export class CouldNotCheck extends Error {}

export interface Judgement {
  checkpoint: Checkpoint;
  /** Sentences for the report. */
  lines: string[];
  /** Why the checkpoint is not trusted; empty when the policy's log key signed it and its quorum cosigned it. */
  missing: string[];
  /** The newest verified cosignature time of a policy witness (POSIX seconds), null when none. */
  newestCosignature: number | null;
}

const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
const ed25519 = (publicKey: Uint8Array, sig: Buffer, msg: string) =>
  verify(
    null,
    Buffer.from(msg, 'utf8'),
    createPublicKey({ key: Buffer.concat([SPKI_ED25519, publicKey]), format: 'der', type: 'spki' }),
    sig,
  );

export const utc = (seconds: number) =>
  `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function split(note: string): { body: string; sigs: { name: string; sig: Buffer }[] } {
  if ([...note].some((c) => c < ' ' && c !== '\n'))
    throw new Tampered('the checkpoint has control characters');
  const at = note.lastIndexOf('\n\n');
  if (at < 0 || !note.endsWith('\n')) throw new Tampered('the checkpoint is not a signed note');
  const sigs = note
    .slice(at + 2, -1)
    .split('\n')
    .map((line) => {
      const m = /^\u2014 (\S+) ([A-Za-z0-9+/]+={0,2})$/u.exec(line);
      if (!m) throw new Tampered('the checkpoint has a malformed signature line');
      return { name: m[1]!, sig: Buffer.from(m[2]!, 'base64') };
    });
  return { body: note.slice(0, at + 1), sigs };
}

export function judgeCheckpoint(note: string, policy: TrustPolicy): Judgement {
  const { body, sigs } = split(note);
  let checkpoint: Checkpoint;
  try {
    checkpoint = parseCheckpointBody(body);
  } catch (e) {
    throw new Tampered(`the checkpoint ${(e as Error).message}`);
  }
  const lines = [`Checkpoint of ${checkpoint.origin} at size ${checkpoint.size.toLocaleString('en-US')}`];
  const missing: string[] = [];
  const logs = policy.logs.filter((l) => l.key.name === checkpoint.origin);
  let signedBy: string | null = null;
  for (const s of sigs) {
    const log = logs.find(
      (l) => s.name === l.key.name && s.sig.subarray(0, 4).toString('hex') === l.key.keyHash,
    );
    if (!log) continue;
    if (s.sig.length !== 68 || !ed25519(log.key.publicKey, s.sig.subarray(4), body))
      throw new Tampered(
        `the checkpoint's signature by the log key ${log.key.name}+${log.key.keyHash} does not verify`,
      );
    signedBy = `${log.key.name}+${log.key.keyHash}`;
  }
  if (signedBy) lines.push(`  signed by the log key ${signedBy}, which the policy names`);
  else {
    const claimed = sigs.find((s) => s.name === checkpoint.origin);
    const by = claimed
      ? `key ${checkpoint.origin}+${claimed.sig.subarray(0, 4).toString('hex')}`
      : 'no key at all';
    missing.push(
      logs.length
        ? `the checkpoint is signed by ${by}, not by the key the policy names for ${checkpoint.origin} (${logs.map((l) => l.key.keyHash).join(', ')}): a look-alike log or an unannounced key`
        : `the policy names no log key for ${checkpoint.origin} (it is signed by ${by})`,
    );
  }
  const cosigned = new Set<string>();
  let newestCosignature: number | null = null;
  for (const s of sigs) {
    const w = policy.witnesses.find(
      (x) => x.keyName === s.name && x.keyId === s.sig.subarray(0, 4).toString('hex'),
    );
    if (!w) continue;
    const stamp = s.sig.length === 76 ? s.sig.readBigUInt64BE(4) : 0n;
    const message = `cosignature/v1\ntime ${stamp}\n${body}`;
    if (stamp === 0n || stamp >= 2n ** 63n || !ed25519(w.publicKey, s.sig.subarray(12), message))
      throw new Tampered(`the cosignature by witness ${w.name} (${w.keyName}) does not verify`);
    cosigned.add(w.name);
    newestCosignature = Math.max(newestCosignature ?? 0, Number(stamp));
    lines.push(`  cosigned by witness ${w.name} (${w.keyName}) at ${utc(Number(stamp))}`);
  }
  const absent = policy.witnesses.filter((w) => !cosigned.has(w.name)).map((w) => w.name);
  if (quorumMet(policy, cosigned))
    lines.push(
      `  quorum ${quorumWords(policy)}: met (${cosigned.size} of ${policy.witnesses.length} witnesses)`,
    );
  else
    missing.push(
      `quorum ${quorumWords(policy)} is not met: ${cosigned.size ? `only ${[...cosigned].join(', ')} cosigned` : 'no witness of the policy cosigned'}${absent.length ? `; no cosignature by ${absent.join(', ')}` : ''} (not yet witnessed, or witnesses unreachable)`,
    );
  return { checkpoint, lines, missing, newestCosignature };
}

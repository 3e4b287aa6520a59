// C2SP tlog-proof@v1: an offline proof that an entry is in a log, carrying the (cosigned) checkpoint it is proved
// against. Written by the server, read by `npm run verify`; pure, so the browser could read it too.
import { fromBase64 } from './bytes';

export const TLOG_PROOF_HEADER = 'c2sp.org/tlog-proof@v1';

export interface TlogProof {
  /** Opaque, unauthenticated extra data (base64 decoded), when the proof carries an `extra` line. */
  extra: Uint8Array | null;
  index: number;
  /** The RFC 6962 inclusion proof, leaf's sibling first. */
  proof: Uint8Array[];
  /** The checkpoint as a signed note, verbatim (its signature and cosignature lines included). */
  checkpoint: string;
}

/** The proof file: header, `index <n>`, one base64 hash per line, an empty line, the checkpoint note. */
export function formatTlogProof(input: { index: number; proof: string[]; checkpoint: string }): string {
  return `${TLOG_PROOF_HEADER}\nindex ${input.index}\n${input.proof.map((p) => `${p}\n`).join('')}\n${input.checkpoint}`;
}

/** Reads a proof file strictly; anything that is not the format throws one sentence. */
export function parseTlogProof(text: string): TlogProof {
  const lines = text.split('\n');
  if (lines[0] !== TLOG_PROOF_HEADER) throw new Error(`the proof does not start with ${TLOG_PROOF_HEADER}`);
  let at = 1;
  let extra: Uint8Array | null = null;
  if (lines[at]?.startsWith('extra ')) {
    try {
      extra = fromBase64(lines[at]!.slice('extra '.length));
    } catch {
      throw new Error('the proof has an extra line that is not base64');
    }
    at++;
  }
  const indexMatch = /^index (0|[1-9][0-9]*)$/.exec(lines[at] ?? '');
  if (!indexMatch || !Number.isSafeInteger(Number(indexMatch[1])))
    throw new Error('the proof has no valid index line');
  at++;
  const proof: Uint8Array[] = [];
  for (; at < lines.length && lines[at] !== ''; at++) {
    let hash: Uint8Array;
    try {
      hash = fromBase64(lines[at]!);
    } catch {
      throw new Error(`the proof's line ${at + 1} is not a base64 hash`);
    }
    if (hash.length !== 32) throw new Error(`the proof's line ${at + 1} is not a SHA-256 hash`);
    proof.push(hash);
  }
  if (at >= lines.length) throw new Error('the proof has no empty line before its checkpoint');
  if (proof.length > 63) throw new Error('the proof has more than 63 hashes');
  const checkpoint = lines.slice(at + 1).join('\n');
  if (!checkpoint) throw new Error('the proof carries no checkpoint');
  return { extra, index: Number(indexMatch[1]), proof, checkpoint };
}

// Verifies one passport's log entries end to end, with nothing but WebCrypto: runs in the browser and in Node.
import { fromBase64, toHex } from './bytes';
import { decodeLeaf, type PassportLeaf } from './leaf';
import { leafHash, verifyInclusion } from './merkle';
import { SignatureCheckUnavailable } from './ed25519';
import { parseVerifierKey, verifyCheckpoint } from './note';
import { checkWitnesses, type WitnessQuorum, type WitnessVerdict } from './witnessed';

export interface PassportLogEntryInput {
  index: number;
  leafBase64: string;
  /** Base64 RFC 6962 audit path, leaf level first, against the checkpoint's tree size. */
  proof: string[];
}

export interface PassportLogInput {
  /** The verifier key, `<origin>+<8 hex>+<base64(0x01 ‖ Ed25519 key)>`. */
  vkey: string;
  /** The signed note `<origin>\n<size>\n<base64 root>\n\n— <origin> <signature>\n`. */
  checkpoint: string;
  entries: PassportLogEntryInput[];
  /** When given, every leaf must belong to this passport code. */
  passport?: string;
  /** The log's witness policy: when given, the checkpoint's cosignatures are checked against it. */
  witnesses?: WitnessQuorum;
}

/** `browser`: this environment could check no signature (not a sign of tampering); `witness`: a cosignature by a
 * witness of the policy does not verify. */
export type PassportLogStep = 'key' | 'checkpoint' | 'witness' | 'leaf' | 'chain' | 'inclusion' | 'browser';

export interface VerifiedEvent {
  index: number;
  seq: number;
  type: string;
  at: string;
  /** Hex leaf hash. */
  hash: string;
  leaf: PassportLeaf;
}

export type PassportLogResult =
  | {
      ok: true;
      passport: string;
      /** Number of events checked (all of the passport's leaves, seq 0..events-1). */
      events: number;
      chainIntact: true;
      treeSize: number;
      rootBase64: string;
      origin: string;
      keyHash: string;
      verified: VerifiedEvent[];
      /** Which of the policy's witnesses cosigned the checkpoint; null when no policy was given. */
      witnessed: WitnessVerdict | null;
    }
  | {
      ok: false;
      step: PassportLogStep;
      /** Log index of the entry that failed, when one did. */
      index?: number;
      /** One sentence a person can act on, e.g. "leaf 41 is not included in the checkpoint of size 90". */
      message: string;
    };

const fail = (step: PassportLogStep, message: string, index?: number): PassportLogResult =>
  index === undefined ? { ok: false, step, message } : { ok: false, step, index, message };

/**
 * verifyPassportLog({vkey, checkpoint, entries, passport?}) → PassportLogResult.
 *
 * Checks, in this order, and stops at the first failure: the verifier key is well formed and its hash matches;
 * the checkpoint is a signed note by that key whose origin is the key's name; when a witness policy is given, every
 * cosignature by one of its witnesses verifies (the verdict says whether they make the quorum); each leaf is canonical JSON of
 * {passport, seq, type, data, at, prev}; the leaves are one passport's whole chain (seq 0, 1, 2… with each prev
 * the hex leaf hash of the one before, null first); each leaf's inclusion proof leads to the checkpoint's root.
 * The checkpoint's time is not signed, so it is not part of this result.
 */
export async function verifyPassportLog(input: PassportLogInput): Promise<PassportLogResult> {
  let key;
  try {
    key = await parseVerifierKey(input.vkey);
  } catch (e) {
    return fail('key', (e as Error).message);
  }
  let checkpoint;
  try {
    checkpoint = await verifyCheckpoint(input.checkpoint, key);
  } catch (e) {
    return fail(e instanceof SignatureCheckUnavailable ? 'browser' : 'checkpoint', (e as Error).message);
  }
  let witnessed: WitnessVerdict | null = null;
  if (input.witnesses) {
    try {
      witnessed = await checkWitnesses(input.checkpoint, input.witnesses);
    } catch (e) {
      return fail(e instanceof SignatureCheckUnavailable ? 'browser' : 'witness', (e as Error).message);
    }
  }
  if (!input.entries.length) return fail('chain', 'there are no log entries for this passport');
  const entries = [...input.entries].sort((a, b) => a.index - b.index);
  const verified: VerifiedEvent[] = [];
  let prevHash: string | null = null;
  for (const entry of entries) {
    let bytes: Uint8Array;
    let leaf: PassportLeaf;
    try {
      bytes = fromBase64(entry.leafBase64);
      leaf = decodeLeaf(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch (e) {
      return fail('leaf', `log entry ${entry.index}: ${(e as Error).message}`, entry.index);
    }
    const passport = input.passport ?? verified[0]?.leaf.passport ?? leaf.passport;
    if (leaf.passport !== passport)
      return fail(
        'chain',
        `log entry ${entry.index} belongs to ${leaf.passport}, not ${passport}`,
        entry.index,
      );
    if (leaf.seq !== verified.length)
      return fail(
        'chain',
        `log entry ${entry.index} has seq ${leaf.seq} where ${verified.length} was expected (an event is missing or repeated)`,
        entry.index,
      );
    if (leaf.prev !== prevHash)
      return fail(
        'chain',
        `log entry ${entry.index} points to previous leaf ${leaf.prev ?? 'none'}, but the previous leaf hashes to ${prevHash ?? 'none'}`,
        entry.index,
      );
    const hash = await leafHash(bytes);
    let proof: Uint8Array[];
    try {
      proof = entry.proof.map((p) => fromBase64(p));
    } catch {
      return fail('inclusion', `log entry ${entry.index}: its proof is not base64`, entry.index);
    }
    if (!(await verifyInclusion(entry.index, checkpoint.size, hash, proof, checkpoint.root)))
      return fail(
        'inclusion',
        `log entry ${entry.index} is not included in the signed checkpoint of size ${checkpoint.size}`,
        entry.index,
      );
    prevHash = toHex(hash);
    verified.push({ index: entry.index, seq: leaf.seq, type: leaf.type, at: leaf.at, hash: prevHash, leaf });
  }
  const first = verified[0]!;
  return {
    ok: true,
    passport: first.leaf.passport,
    events: verified.length,
    chainIntact: true,
    treeSize: checkpoint.size,
    rootBase64: checkpoint.body.split('\n')[2]!,
    origin: checkpoint.origin,
    keyHash: key.keyHash,
    verified,
    witnessed,
  };
}

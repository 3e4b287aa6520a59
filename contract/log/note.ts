// C2SP signed notes (the format of Go's golang.org/x/mod/sumdb/note) carrying a C2SP tlog-checkpoint body.
import { concatBytes, fromBase64, sha256, toBase64, toHex, utf8 } from './bytes';
import { ed25519Verify } from './ed25519';

const ALG_ED25519 = 1;
const SIG_PREFIX = '\u2014 ';

export interface VerifierKey {
  name: string;
  /** The 4-byte key hash as 8 lowercase hex digits. */
  keyHash: string;
  publicKey: Uint8Array;
}

export interface Checkpoint {
  origin: string;
  size: number;
  root: Uint8Array;
  /** The signed text: origin, size and root lines (plus any extension lines), each ending in a newline. */
  body: string;
}

function validName(name: string): boolean {
  return name !== '' && !/[\s+]/u.test(name);
}

/** First 4 bytes of SHA-256(name ‖ "\n" ‖ 0x01 ‖ public key), as note key hashes are defined. */
export async function noteKeyHash(name: string, publicKey: Uint8Array): Promise<string> {
  const digest = await sha256(concatBytes(utf8(`${name}\n`), new Uint8Array([ALG_ED25519]), publicKey));
  return toHex(digest.slice(0, 4));
}

/** `<name>+<8 hex key hash>+<base64(0x01 ‖ Ed25519 public key)>`. */
export async function formatVerifierKey(name: string, publicKey: Uint8Array): Promise<string> {
  const key = toBase64(concatBytes(new Uint8Array([ALG_ED25519]), publicKey));
  return `${name}+${await noteKeyHash(name, publicKey)}+${key}`;
}

export async function parseVerifierKey(vkey: string): Promise<VerifierKey> {
  // The base64 key may itself contain '+': split at the first two only, as Go's note.NewVerifier does.
  const match = /^([^+]*)\+([^+]*)\+(.*)$/s.exec(vkey.trim());
  if (!match) throw new Error('verifier key is not <name>+<hash>+<key>');
  const [, name, keyHash, key64] = match as unknown as [string, string, string, string];
  if (!validName(name)) throw new Error('verifier key has an invalid name');
  if (!/^[0-9a-f]{8}$/i.test(keyHash)) throw new Error('verifier key hash is not 8 hex digits');
  let key: Uint8Array;
  try {
    key = fromBase64(key64);
  } catch {
    throw new Error('verifier key is not base64');
  }
  if (key[0] !== ALG_ED25519 || key.length !== 33) throw new Error('verifier key is not an Ed25519 key');
  const publicKey = key.slice(1);
  if ((await noteKeyHash(name, publicKey)) !== keyHash.toLowerCase())
    throw new Error('verifier key hash does not match its name and key');
  return { name, keyHash: keyHash.toLowerCase(), publicKey };
}

/**
 * Opens a signed note: checks a signature line by the given key and returns the signed text. Signatures by other
 * keys are ignored (a note may be cosigned); a note with none by this key is refused.
 */
export async function openNote(note: string, key: VerifierKey): Promise<string> {
  if ([...note].some((c) => c < ' ' && c !== '\n')) throw new Error('signed note has control characters');
  const split = note.lastIndexOf('\n\n');
  if (split < 0) throw new Error('signed note has no signature block');
  const text = note.slice(0, split + 1);
  const sigs = note.slice(split + 2);
  if (!sigs.endsWith('\n')) throw new Error('signed note does not end with a newline');
  let found = false;
  for (const line of sigs.slice(0, -1).split('\n')) {
    if (!line.startsWith(SIG_PREFIX)) throw new Error('signed note has a malformed signature line');
    const [name, b64, extra] = line.slice(SIG_PREFIX.length).split(' ');
    if (!name || !b64 || extra !== undefined) throw new Error('signed note has a malformed signature line');
    let sig: Uint8Array;
    try {
      sig = fromBase64(b64);
    } catch {
      throw new Error('signed note signature is not base64');
    }
    if (name !== key.name || sig.length < 5 || toHex(sig.slice(0, 4)) !== key.keyHash) continue;
    if (sig.length !== 68 || !(await ed25519Verify(key.publicKey, sig.slice(4), utf8(text))))
      throw new Error(`the checkpoint signature by ${name} is invalid`);
    found = true;
  }
  if (!found) throw new Error(`the checkpoint carries no signature by ${key.name}+${key.keyHash}`);
  return text;
}

/** `<origin>\n<size>\n<base64 root>\n`, optionally followed by extension lines. */
export function parseCheckpointBody(text: string): Checkpoint {
  const lines = text.split('\n');
  if (lines.length < 4 || lines[lines.length - 1] !== '') throw new Error('checkpoint body is malformed');
  const [origin, sizeText, root64] = lines as [string, string, string];
  if (!origin) throw new Error('checkpoint has no origin');
  if (!/^(0|[1-9][0-9]*)$/.test(sizeText)) throw new Error('checkpoint size is not a decimal number');
  const size = Number(sizeText);
  if (!Number.isSafeInteger(size)) throw new Error('checkpoint size is too large');
  let root: Uint8Array;
  try {
    root = fromBase64(root64);
  } catch {
    throw new Error('checkpoint root is not base64');
  }
  if (root.length !== 32) throw new Error('checkpoint root is not a SHA-256 hash');
  return { origin, size, root, body: text };
}

/** Opens the signed note with the key, then requires its origin line to be the key's name. */
export async function verifyCheckpoint(note: string, key: VerifierKey): Promise<Checkpoint> {
  const checkpoint = parseCheckpointBody(await openNote(note, key));
  if (checkpoint.origin !== key.name)
    throw new Error(`checkpoint origin ${checkpoint.origin} is not the key's name ${key.name}`);
  return checkpoint;
}

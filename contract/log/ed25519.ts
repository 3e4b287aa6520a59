// Ed25519 signature checks that run in Node and in every browser: WebCrypto where it has Ed25519 (Node, Chrome 137+,
// Firefox 129+, Safari 17+), else the audited @noble/curves implementation, loaded only when needed.
import type { ed25519 } from '@noble/curves/ed25519.js';

/** This environment can check no Ed25519 signature at all: neither WebCrypto nor the fallback could be loaded. */
export class SignatureCheckUnavailable extends Error {
  constructor(cause: string) {
    super(`this browser cannot check Ed25519 signatures (${cause})`);
    this.name = 'SignatureCheckUnavailable';
  }
}

type Verify = (publicKey: Uint8Array, sig: Uint8Array, msg: Uint8Array) => Promise<boolean>;

let chosen: Promise<Verify> | null = null;
type NobleModule = { ed25519: typeof ed25519 };
const loadNoble = (): Promise<NobleModule> => import('@noble/curves/ed25519.js');
let importNoble = loadNoble;

async function webCryptoVerify(publicKey: Uint8Array, sig: Uint8Array, msg: Uint8Array): Promise<boolean> {
  const key = await crypto.subtle.importKey(
    'raw',
    publicKey as Uint8Array<ArrayBuffer>,
    { name: 'Ed25519' },
    false,
    ['verify'],
  );
  return crypto.subtle.verify(
    { name: 'Ed25519' },
    key,
    sig as Uint8Array<ArrayBuffer>,
    msg as Uint8Array<ArrayBuffer>,
  );
}

/** Whether WebCrypto here knows Ed25519: importing a valid public key (the base point's encoding) succeeds. */
async function webCryptoHasEd25519(): Promise<boolean> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return false;
  const basePoint = new Uint8Array(32).fill(0x66);
  basePoint[0] = 0x58;
  try {
    await crypto.subtle.importKey('raw', basePoint, { name: 'Ed25519' }, false, ['verify']);
    return true;
  } catch {
    return false;
  }
}

/** Loads the fallback; a failure to load (offline, blocked) is "cannot check", never "does not verify". */
export const loadFallback = async (): Promise<Verify> => {
  try {
    const { ed25519 } = await importNoble();
    return async (publicKey, sig, msg) => {
      try {
        return ed25519.verify(sig, msg, publicKey);
      } catch {
        return false;
      }
    };
  } catch (e) {
    throw new SignatureCheckUnavailable((e as Error).message || 'the fallback could not be loaded');
  }
};

async function choose(): Promise<Verify> {
  return (await webCryptoHasEd25519()) ? webCryptoVerify : await loadFallback();
}

/**
 * Checks an Ed25519 signature. Resolves false for a signature that does not verify; rejects with
 * SignatureCheckUnavailable when this environment has no way to check one.
 */
export async function ed25519Verify(
  publicKey: Uint8Array,
  sig: Uint8Array,
  msg: Uint8Array,
): Promise<boolean> {
  chosen ??= choose();
  let verify: Verify;
  try {
    verify = await chosen;
  } catch (e) {
    chosen = null; // Let a later attempt (back online) load the fallback again.
    throw e;
  }
  return verify(publicKey, sig, msg);
}

/**
 * Forgets the implementation chosen, so tests can change what the environment offers; `fallback` replaces how the
 * fallback library is loaded (a test of a browser where it cannot be).
 */
export function resetEd25519ForTests(fallback: () => Promise<NobleModule> = loadNoble): void {
  chosen = null;
  importNoble = fallback;
}

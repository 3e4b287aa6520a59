// Test witnesses for the Verify panel: Ed25519 keys made with @noble/curves (not the code under test), cosignature/v1
// lines over a checkpoint body as C2SP tlog-cosignature defines them.
import { ed25519 } from '@noble/curves/ed25519.js';
import { concatBytes, sha256, toBase64, toHex, utf8 } from '../../../contract/log/bytes';

export interface TestWitness {
  name: string;
  vkey: string;
  cosign: (note: string, timestamp: number) => string;
}

export async function makeWitness(name: string): Promise<TestWitness> {
  const secret = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secret);
  const keyId = (await sha256(concatBytes(utf8(`${name}\n`), new Uint8Array([4]), publicKey))).slice(0, 4);
  const vkey = `${name}+${toHex(keyId)}+${toBase64(concatBytes(new Uint8Array([4]), publicKey))}`;
  const cosign = (note: string, timestamp: number) => {
    const body = note.slice(0, note.lastIndexOf('\n\n') + 1);
    const stamp = new Uint8Array(8);
    new DataView(stamp.buffer).setBigUint64(0, BigInt(timestamp));
    const sig = ed25519.sign(utf8(`cosignature/v1\ntime ${timestamp}\n${body}`), secret);
    return `${note}\u2014 ${name} ${toBase64(concatBytes(keyId, stamp, sig))}\n`;
  };
  return { name, vkey, cosign };
}

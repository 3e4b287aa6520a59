import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cosignerVkey } from '../../log/cosignature';

export interface TestWitness {
  name: string;
  keyName: string;
  seed: Buffer;
  vkey: string;
}

/** A witness identity: a fresh Ed25519 seed and its cosigner vkey. */
export function makeWitness(name: string): TestWitness {
  const seed = randomBytes(32);
  const keyName = `witness.test/${name.toLowerCase()}`;
  return { name, keyName, seed, vkey: cosignerVkey(keyName, seed) };
}

/** Writes a tlog-policy file naming the witnesses (with their URLs when given) and returns its path. */
export function writePolicy(witnesses: (TestWitness & { url?: string })[], tail: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-policy-'));
  const file = path.join(dir, 'policy');
  const lines = witnesses.map((w) => `witness ${w.name} ${w.vkey}${w.url ? ` ${w.url}` : ''}`);
  fs.writeFileSync(file, `# test witnesses\n${lines.join('\n')}\n${tail}`);
  return file;
}

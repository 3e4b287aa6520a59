import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeWitness } from '../features/log/witness-kit';
import { cosignatureLine, CosignatureError, parseSignatureLine, verifyCosignatureLine } from './cosignature';
import { parsePolicy } from '../../contract/log/policy';

const a = makeWitness('A');
const b = makeWitness('B');
const policy = parsePolicy(`witness A ${a.vkey}\nwitness B ${b.vkey}\nquorum A\n`);
const body = 'registry.test/log\n5\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n';
const NOW = 1_790_000_000;

describe('cosignature/v1 (Ed25519)', () => {
  it('is key id ‖ big-endian u64 timestamp ‖ an Ed25519 signature over the header, time line and body', () => {
    const line = cosignatureLine(body, a.keyName, a.seed, NOW);
    const { keyName, sig } = parseSignatureLine(line)!;
    expect(keyName).toBe('witness.test/a');
    expect(sig).toHaveLength(76);
    expect(sig.subarray(0, 4).toString('hex')).toBe(a.vkey.split('+')[1]);
    expect(Number(sig.readBigUInt64BE(4))).toBe(NOW);
    // The base64 key may itself hold a '+': everything after the second one.
    const raw = Buffer.from(a.vkey.split('+').slice(2).join('+'), 'base64');
    expect(raw[0]).toBe(0x04);
    const key = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw.subarray(1)]),
      format: 'der',
      type: 'spki',
    });
    const message = Buffer.from(`cosignature/v1\ntime ${NOW}\n${body}`);
    expect(verify(null, message, key, sig.subarray(12))).toBe(true);
    expect(verifyCosignatureLine(line, body, policy.witnesses, NOW)).toMatchObject({
      witness: { name: 'A' },
      timestamp: NOW,
    });
  });

  it('throws for a listed key whose signature does not verify (another body, another time, another key)', () => {
    const line = cosignatureLine(body, a.keyName, a.seed, NOW);
    expect(() => verifyCosignatureLine(line, body.replace('\n5\n', '\n6\n'), policy.witnesses, NOW)).toThrow(
      CosignatureError,
    );
    const sig = parseSignatureLine(line)!.sig;
    sig.writeBigUInt64BE(BigInt(NOW - 1), 4);
    expect(() =>
      verifyCosignatureLine(`\u2014 ${a.keyName} ${sig.toString('base64')}`, body, policy.witnesses, NOW),
    ).toThrow('does not verify');
    // B's key signing under A's name and key id: a forgery, not an unknown key.
    const forged = parseSignatureLine(cosignatureLine(body, a.keyName, b.seed, NOW))!.sig;
    forged.set(sig.subarray(0, 4), 0);
    expect(() =>
      verifyCosignatureLine(`\u2014 ${a.keyName} ${forged.toString('base64')}`, body, policy.witnesses, NOW),
    ).toThrow('does not verify');
  });

  it('ignores keys the policy does not list, and refuses a zero or future timestamp', () => {
    const stranger = makeWitness('C');
    expect(
      verifyCosignatureLine(
        cosignatureLine(body, stranger.keyName, stranger.seed, NOW),
        body,
        policy.witnesses,
        NOW,
      ),
    ).toBeNull();
    // B's name with C's key: the key id does not match B's, so it is someone else's signature.
    expect(
      verifyCosignatureLine(
        cosignatureLine(body, b.keyName, stranger.seed, NOW),
        body,
        policy.witnesses,
        NOW,
      ),
    ).toBeNull();
    expect(() =>
      verifyCosignatureLine(cosignatureLine(body, a.keyName, a.seed, 0), body, policy.witnesses, NOW),
    ).toThrow('no valid timestamp');
    expect(() =>
      verifyCosignatureLine(
        cosignatureLine(body, a.keyName, a.seed, NOW + 3600),
        body,
        policy.witnesses,
        NOW,
      ),
    ).toThrow('in the future');
    expect(() => verifyCosignatureLine('— x', body, policy.witnesses, NOW)).toThrow(
      'not a note signature line',
    );
  });
});

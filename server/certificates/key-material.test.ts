import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../env';
import { parseRsaPrivateKey } from './key-material';

describe('CERTIFICATE_SIGNING_KEY', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const pem = String(rsa.export({ format: 'pem', type: 'pkcs8' }));
  const der = rsa.export({ format: 'der', type: 'pkcs8' }).toString('base64');

  it('takes an RSA key of 2048 bits as PKCS#8 PEM (newlines or \\n escapes) or base64 DER', () => {
    for (const given of [pem, pem.replace(/\n/g, '\\n'), der])
      expect(parseRsaPrivateKey(given)?.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(readEnv({ NODE_ENV: 'test', CERTIFICATE_SIGNING_KEY: der }).CERTIFICATE_SIGNING_KEY).toBe(der);
  });

  it('refuses a short RSA key, an Ed25519 PKCS#8 key and text, with a sentence saying what it needs', () => {
    const short = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    const ed = generateKeyPairSync('ed25519').privateKey;
    for (const key of [short, ed])
      expect(parseRsaPrivateKey(key.export({ format: 'der', type: 'pkcs8' }).toString('base64'))).toBeNull();
    expect(parseRsaPrivateKey('not a key')).toBeNull();
    expect(() => readEnv({ NODE_ENV: 'test', CERTIFICATE_SIGNING_KEY: 'not a key' })).toThrow(
      /must be an RSA private key of 2048 bits or more/,
    );
  });
});

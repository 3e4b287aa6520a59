import { generateKeyPairSync } from 'node:crypto';

/** A fresh RSA private key as CERTIFICATE_SIGNING_KEY takes it: base64 of PKCS#8 DER. */
export const rsaSigningKey = (): string =>
  generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ format: 'der', type: 'pkcs8' })
    .toString('base64');

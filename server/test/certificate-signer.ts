import { loadCertificateSigner, type CertificateSigner } from '../certificates/signing';
import type { Db } from '../db/client';
import { readEnv } from '../env';

/** The certificate signer a start would load for this database (generated and stored on first use). */
export const testCertificateSigner = (db: Db): Promise<CertificateSigner> =>
  loadCertificateSigner(db, readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));

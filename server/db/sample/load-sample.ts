import { eq } from 'drizzle-orm';
import type { CertificateSigner } from '../../certificates/signing';
import type { Db } from '../client';
import { appMeta } from '../schema';
import { academySample } from './academy-sample';
import { accountsSample } from './accounts-sample';
import { historyBackfill } from './history-backfill';
import { purchaseOffersSample } from './purchase-offers-sample';
import { registrySample } from './registry-sample';

export interface SampleStep {
  /** Stable name; a step runs once per database, recorded in app_meta as `sample:<name>`. */
  name: string;
  /** Demo-only steps (accounts with published passwords) run only when demo accounts are allowed (env.ts). */
  demoOnly?: boolean;
  run(db: Db, context: SampleContext): Promise<void>;
}

/** What sample steps need beyond the database: the key that signs the sample learners' certificates. */
export interface SampleContext {
  certificates: CertificateSigner;
}

/** Every area's sample content, in dependency order. Later areas append their steps here. */
export const sampleSteps: SampleStep[] = [
  ...accountsSample,
  ...academySample,
  ...registrySample,
  ...historyBackfill,
  ...purchaseOffersSample,
];

/**
 * Loads each sample step not yet recorded, each in its own transaction with its record, so a crash mid-way
 * leaves nothing half-loaded and a restart finishes the job. Returns the names of the steps that ran.
 */
export async function loadSampleContent(
  db: Db,
  options: { demoAccounts: boolean; certificates: CertificateSigner; steps?: SampleStep[] },
): Promise<string[]> {
  const ran: string[] = [];
  for (const step of options.steps ?? sampleSteps) {
    if (step.demoOnly && !options.demoAccounts) continue;
    const key = `sample:${step.name}`;
    const done = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, key));
    if (done.length) continue;
    await db.transaction(async (tx) => {
      await step.run(tx, { certificates: options.certificates });
      await tx
        .insert(appMeta)
        .values({ key, value: { loadedAt: new Date().toISOString() } })
        .onConflictDoNothing();
    });
    ran.push(step.name);
  }
  return ran;
}

import { z } from 'zod';

/** One witness of the log's policy and how its cosigning stands. */
export const logWitnessSchema = z.object({
  /** The witness's name in the policy. */
  name: z.string(),
  /** Its cosigner verifier key (tlog-cosignature, Ed25519 cosignature/v1). */
  vkey: z.string(),
  /** Its submission prefix; null for a witness listed for verification only. */
  url: z.string().nullable(),
  /** The largest tree size it has cosigned; null before its first cosignature. */
  size: z.number().int().nullable(),
  /** When it signed that cosignature (the cosignature's own timestamp). */
  cosignedAt: z.string().nullable(),
  /** Why the last submission to it failed, in words; null when the last one succeeded or none was made. */
  lastError: z.string().nullable(),
});

export const logWitnessesSchema = z.object({
  /** The policy's quorum: a witness or group name, or `none`. */
  quorum: z.string(),
  witnesses: z.array(logWitnessSchema),
});
export type LogWitnesses = z.infer<typeof logWitnessesSchema>;

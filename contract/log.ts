// Bodies of the transparency log API (/api/log/*) and of a passport's log bundle.
import { z } from 'zod';

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);
const index = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const logEntryParamsSchema = z.object({ index });
export const inclusionQuerySchema = z.strictObject({ index, size: index });
export const consistencyQuerySchema = z.strictObject({ from: index, to: index });

export const logEntrySchema = z.object({
  index: z.number().int().nonnegative(),
  leafBase64: base64,
  /** The leaf's text: RFC 8785 canonical JSON of {passport, seq, type, data, at, prev}. */
  leaf: z.string(),
});

export const logProofSchema = z.object({ proof: z.array(base64) });

export const passportLogEntrySchema = z.object({
  index: z.number().int().nonnegative(),
  leafBase64: base64,
  proof: z.array(base64),
});

/** What a reader needs of the log's witness policy to count a checkpoint's cosignatures (see /log/policy). */
export const witnessQuorumSchema = z.object({
  /** A witness or group name, or `none`. */
  quorum: z.string(),
  witnesses: z.array(z.object({ name: z.string(), vkey: z.string() })),
  groups: z.array(
    z.object({ name: z.string(), threshold: z.number().int().nonnegative(), members: z.array(z.string()) }),
  ),
});

export const passportLogSchema = z.object({
  /**
   * The signed note every proof below is checked against, with the witnesses' cosignatures after the log's own
   * signature: the newest checkpoint cosigned to quorum that covers the passport's last event, else the newest.
   */
  checkpoint: z.string(),
  /** When the server signed that checkpoint (ISO 8601); reported by the server, not covered by the signature. */
  signedAt: z.string(),
  /** The log's witness policy (absent from dossiers made before witnesses were named). */
  witnesses: witnessQuorumSchema.optional(),
  entries: z.array(passportLogEntrySchema),
});

/**
 * A private value of a leaf, opened: the value and the salt of its commitment (SHA-256 of salt ‖ canonical JSON
 * of the value), at a dot path inside the leaf's `data`. Only the owner's copy of a dossier carries them.
 */
export const revealedValueSchema = z.object({
  index: z.number().int().nonnegative(),
  path: z.string().min(1),
  salt: z.string().regex(/^[0-9a-f]{64}$/),
  value: z.unknown(),
});

/** What a dossier embeds as `passport-log.json`, enough to verify offline. */
export const passportLogBundleSchema = passportLogSchema.extend({
  /** The site's origin (PUBLIC_URL, e.g. `https://registry.example.com`), where the log API answers. */
  origin: z.string(),
  vkey: z.string(),
  signedAt: z.string().optional(),
  /** The owner's copy: private values with the salts that open their commitments. */
  revealed: z.array(revealedValueSchema).optional(),
});

/** A verifiable-index lookup (docs/decisions/032): a passport's complete list of log indices at a log size. */
export const indexLookupSchema = z.object({
  code: z.string(),
  /** Every log index of the passport's entries below inputSize, ascending; empty for a code with none. */
  indices: z.array(z.number().int().nonnegative()),
  inputSize: z.number().int().nonnegative(),
  /** The passport log's root at inputSize. */
  inputRoot: base64,
  indexRoot: base64,
  /** 32-byte bitmap of non-empty siblings, then those hashes (proves presence with these indices, or absence). */
  lookupProof: base64,
  /** The output log's checkpoint (signed note with cosignatures) whose last leaf is this revision. */
  outputCheckpoint: z.string(),
  outputIndex: z.number().int().nonnegative(),
  outputProof: z.array(base64),
});

export type IndexLookup = z.output<typeof indexLookupSchema>;

/** What a dossier attaches as `passport-index.json`: the lookup, and each listed entry's proof at inputSize. */
export const passportIndexFileSchema = indexLookupSchema.extend({
  entryProofs: z.array(z.object({ index: z.number().int().nonnegative(), proof: z.array(base64) })),
});
export type PassportLog = z.output<typeof passportLogSchema>;
export type PassportLogBundle = z.output<typeof passportLogBundleSchema>;
export type RevealedValue = z.output<typeof revealedValueSchema>;

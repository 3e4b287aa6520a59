// What a failed submission is called in the witness status, and who is told: an inconsistency is evidence that two
// histories of this log exist (a fork, a rollback or a stolen key), so it is an error and the admins hear of it.
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { logWitnessStatus } from '../db/schema';
import { notifyAdmins } from '../notify/notifications';
import { witnessKeyOf } from './cosignature';
import type { PolicyWitness } from '../../contract/log/policy';

export interface WitnessLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export const INCONSISTENT = 'refused as inconsistent';

export const refusalWords = {
  unreachable: (reason: string) => `unreachable (${reason})`,
  refused(status: number, text: string): string {
    if (status === 422)
      return `${INCONSISTENT}: the checkpoint does not extend the one it cosigned before${text ? ` (${text.trim()})` : ''}`;
    if (status === 404) return 'unknown origin: the witness does not know this log';
    if (status === 403) return "refused the log's signature: the witness does not trust this log's key";
    if (status === 400) return 'refused the request as malformed';
    return `answered HTTP ${status}`;
  },
  ahead: (theirs: number, ours: number) =>
    `${INCONSISTENT}: the witness has cosigned a tree of ${theirs} entries and this log has only ${ours}`,
  badCosignature: (why: string) => `answered with a cosignature that ${why.replace(/^from \S+ /, '')}`,
  conflicts: () => 'kept answering 409 with a changing tree size',
};

export async function reportRefusal(
  ctx: AppContext,
  log: WitnessLog,
  witness: PolicyWitness,
  error: string,
  inconsistent: boolean,
): Promise<void> {
  if (!inconsistent) {
    log.warn({ witness: witness.name, url: witness.url }, `witness ${witness.name}: ${error}`);
    return;
  }
  log.error({ witness: witness.name, url: witness.url }, `witness ${witness.name}: ${error}`);
  // Told once per incident: the mark stays until the witness cosigns again.
  const witnessKey = witnessKeyOf(witness);
  const marked = await ctx.db
    .update(logWitnessStatus)
    .set({ inconsistentAt: new Date() })
    .where(and(eq(logWitnessStatus.witnessKey, witnessKey), isNull(logWitnessStatus.inconsistentAt)))
    .returning({ at: logWitnessStatus.inconsistentAt });
  if (!marked.length) return;
  await notifyAdmins(ctx, ctx.db, {
    kind: 'log_witness_refused',
    title: `Witness ${witness.name} refused the transparency log as inconsistent`,
    body: `${error}. Another history of this log may exist under its key (a fork, a restored backup or a stolen key): compare /log/checkpoint with what the witness holds before anything else.`,
    link: null,
  });
}

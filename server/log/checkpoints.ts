// Checkpoints are signed lazily: when one is asked for and the tree has grown since the last one.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { readHead } from './append';
import type { LogSigner } from './signing';
import { PASSPORT_LOG, type LogStore } from './store';
import { foldRight } from './tree';

export interface StoredCheckpoint {
  size: number;
  /** Base64 root hash. */
  root: string;
  note: string;
  createdAt: Date;
}

/** Whether a stored checkpoint was signed by this signer (same origin and key): only those are served. */
export const byThisKey = (c: StoredCheckpoint, signer: LogSigner) =>
  c.note.startsWith(`${signer.origin}\n`) &&
  c.note.includes(`\n\u2014 ${signer.origin} `) &&
  Buffer.from(c.note.slice(c.note.lastIndexOf(' ') + 1).trim(), 'base64')
    .subarray(0, 4)
    .toString('hex') === signer.keyHash;

/** The checkpoint of the current tree, signed now if the newest stored one is older (or by a retired key). */
export async function latestCheckpoint(
  db: Db,
  signer: LogSigner,
  store: LogStore = PASSPORT_LOG,
): Promise<StoredCheckpoint> {
  const logCheckpoints = store.checkpoints;
  const head = await readHead(db, store);
  const [newest] = await db.select().from(logCheckpoints).orderBy(desc(logCheckpoints.size)).limit(1);
  if (newest && newest.size === head.size && byThisKey(newest, signer)) return newest;
  const root = Buffer.from(foldRight(head.frontier), 'hex').toString('base64');
  const note = signer.signNote(`${signer.origin}\n${head.size}\n${root}\n`);
  const fresh = { size: head.size, root, note, createdAt: new Date() };
  await db.insert(logCheckpoints).values(fresh).onConflictDoNothing();
  const [stored] = await db.select().from(logCheckpoints).where(eq(logCheckpoints.size, head.size));
  // A checkpoint stored at this size under a retired key (or another origin) cannot be replaced: serve a fresh one.
  return stored && byThisKey(stored, signer) ? stored : fresh;
}

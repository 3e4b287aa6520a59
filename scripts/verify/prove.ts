// Proves entries into their checkpoints and a passport's events into one chain; collects what is not established.
import { toHex } from '../../contract/log/bytes';
import { decodeLeaf, type PassportLeaf } from '../../contract/log/leaf';
import { leafHash, verifyInclusion } from '../../contract/log/merkle';
import { parseCheckpointBody } from '../../contract/log/note';
import { judgeCheckpoint, Tampered, type Judgement } from './judge';
import type { TrustPolicy } from './policy';

/** One entry to prove: its leaf bytes, its inclusion proof and the (cosigned) checkpoint it is proved against. */
export interface ProofItem {
  index: number;
  leaf: Uint8Array;
  proof: Uint8Array[];
  checkpoint: string;
}

export interface Proved {
  lines: string[];
  /** Reasons the result is not established (exit 3); empty when everything is. */
  missing: string[];
  origin: string;
  /** Checkpoint size per proved index. */
  sizes: Map<number, number>;
}

/** The origin line of a checkpoint note, before anything is trusted (to know where its policy lives). */
export function originOf(note: string): string {
  return note.slice(0, note.indexOf('\n'));
}

export async function proveItems(items: ProofItem[], policy: TrustPolicy | null): Promise<Proved> {
  const lines: string[] = [];
  const missing = new Set<string>();
  const judged = new Map<string, Judgement['checkpoint']>();
  const sizes = new Map<number, number>();
  const origin = originOf(items[0]?.checkpoint ?? '');
  for (const item of items) {
    let checkpoint = judged.get(item.checkpoint);
    if (!checkpoint) {
      if (policy) {
        const j = judgeCheckpoint(item.checkpoint, policy);
        lines.push(...j.lines);
        for (const m of j.missing) missing.add(m);
        checkpoint = j.checkpoint;
      } else {
        const at = item.checkpoint.lastIndexOf('\n\n');
        try {
          checkpoint = parseCheckpointBody(item.checkpoint.slice(0, at + 1));
        } catch (e) {
          throw new Tampered(`the checkpoint ${(e as Error).message}`);
        }
        lines.push(
          `Checkpoint of ${checkpoint.origin} at size ${checkpoint.size.toLocaleString('en-US')} (signatures not checked: no policy)`,
        );
      }
      judged.set(item.checkpoint, checkpoint);
    }
    if (checkpoint.origin !== origin)
      throw new Tampered(`entries are proved against two logs: ${origin} and ${checkpoint.origin}`);
    const ok = await verifyInclusion(
      item.index,
      checkpoint.size,
      await leafHash(item.leaf),
      item.proof,
      checkpoint.root,
    );
    if (!ok)
      throw new Tampered(
        `log entry ${item.index} is not included in the checkpoint of size ${checkpoint.size}`,
      );
    sizes.set(item.index, checkpoint.size);
  }
  return { lines, missing: [...missing], origin, sizes };
}

export interface ChainEvent {
  index: number;
  leaf: PassportLeaf;
}

/** One passport's leaves in index order must be its whole chain: seq 0, 1, 2… each pointing to the one before. */
export async function checkChain(entries: { index: number; leaf: Uint8Array }[]): Promise<ChainEvent[]> {
  const events: ChainEvent[] = [];
  let prev: string | null = null;
  for (const e of [...entries].sort((a, b) => a.index - b.index)) {
    let leaf: PassportLeaf;
    try {
      leaf = decodeLeaf(new TextDecoder('utf-8', { fatal: true }).decode(e.leaf));
    } catch (err) {
      throw new Tampered(`log entry ${e.index}: ${(err as Error).message}`);
    }
    const first = events[0]?.leaf.passport ?? leaf.passport;
    if (leaf.passport !== first)
      throw new Tampered(`log entry ${e.index} belongs to ${leaf.passport}, not ${first}`);
    if (leaf.seq !== events.length)
      throw new Tampered(
        `log entry ${e.index} has seq ${leaf.seq} where ${events.length} was expected (an event is missing or repeated)`,
      );
    if (leaf.prev !== prev)
      throw new Tampered(
        `log entry ${e.index} does not point to the passport's previous leaf: the chain is broken`,
      );
    prev = toHex(await leafHash(e.leaf));
    events.push({ index: e.index, leaf });
  }
  return events;
}

// One C2SP tlog-witness add-checkpoint request, and its answer sorted into what the submitter acts on.

/** How long a witness may take to answer before the attempt counts as failed. */
export const WITNESS_TIMEOUT_MS = 10_000;
/** The spec's limit on consistency proof lines. */
const MAX_PROOF_LINES = 63;

export type WitnessAnswer =
  | { kind: 'cosigned'; lines: string[] }
  /** 409: the witness's latest cosigned size for this log is not the `old` sent. */
  | { kind: 'conflict'; size: number }
  | { kind: 'refused'; status: number; text: string }
  | { kind: 'unreachable'; reason: string };

export interface Submission {
  oldSize: number;
  /** Base64 hashes of the consistency proof from oldSize to the checkpoint's size. */
  proof: string[];
  /** The signed checkpoint note. */
  note: string;
}

export function addCheckpointBody({ oldSize, proof, note }: Submission): string {
  if (proof.length > MAX_PROOF_LINES) throw new Error('consistency proof is longer than 63 lines');
  return `old ${oldSize}\n${proof.map((p) => `${p}\n`).join('')}\n${note}`;
}

export async function addCheckpoint(
  url: string,
  submission: Submission,
  timeoutMs = WITNESS_TIMEOUT_MS,
  stop?: AbortSignal,
): Promise<WitnessAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${url}/add-checkpoint`, {
      method: 'POST',
      body: addCheckpointBody(submission),
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      redirect: 'error',
      signal: stop ? AbortSignal.any([stop, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      kind: 'unreachable',
      reason: timedOut ? `no answer within ${timeoutMs / 1000} s` : (cause ?? (error as Error).message),
    };
  }
  if (res.status === 200) {
    const lines = text.split('\n').filter((l) => l !== '');
    return { kind: 'cosigned', lines };
  }
  if (res.status === 409) {
    const type = res.headers.get('content-type') ?? '';
    const match = /^(0|[1-9][0-9]*)\n$/.exec(text);
    if (type.split(';')[0]!.trim() === 'text/x.tlog.size' && match && Number.isSafeInteger(Number(match[1])))
      return { kind: 'conflict', size: Number(match[1]) };
    return { kind: 'refused', status: 409, text: 'answered 409 without a tree size' };
  }
  return { kind: 'refused', status: res.status, text: text.slice(0, 200) };
}

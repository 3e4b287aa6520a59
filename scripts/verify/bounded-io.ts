// Every read of the verifier is bounded in size and time (SECURITY.md): the file or the answer it checks may be
// hostile, and a verifier that hangs or fills memory gives its user no verdict at all.
import fs from 'node:fs';
import { CouldNotCheck } from './judge';

/** A dossier PDF, a proof, a leaf or a policy: a dossier of a long-lived passport with its proofs stays far below. */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;
/** One answer of the registry (a passport's log, a proof, a checkpoint, a policy). */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;

/** How long one request may take, headers and body: VERIFY_TIMEOUT_MS, 15 s unless set. */
export function requestTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.VERIFY_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

/** Reads at most `max` bytes of a file; more (a huge file, /dev/zero, a pipe that never ends) is refused. */
export function readFileBounded(file: string, max = MAX_INPUT_BYTES): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, max + 1 - total));
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) return Buffer.concat(chunks, total);
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > max) throw new CouldNotCheck(`${file} is larger than ${max / 1024 / 1024} MiB`);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** A GET whose answer must arrive within the timeout and weigh at most `max` bytes. */
export async function getBounded(
  f: typeof fetch,
  url: string,
  { timeoutMs = requestTimeoutMs(), max = MAX_RESPONSE_BYTES } = {},
): Promise<{ status: number; text: string }> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await f(url, {
      headers: { accept: 'text/plain, application/json' },
      redirect: 'error',
      signal,
    });
    const declared = Number(res.headers.get('content-length'));
    if (declared > max) {
      await res.body?.cancel();
      throw new CouldNotCheck(`${url} answers more than ${max} bytes`);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    const reader = res.body?.getReader();
    for (;;) {
      const next = reader ? await reader.read() : { done: true as const };
      if (next.done) break;
      total += next.value.byteLength;
      if (total > max) {
        await reader?.cancel().catch(() => {});
        throw new CouldNotCheck(`${url} answers more than ${max} bytes`);
      }
      chunks.push(next.value);
    }
    return { status: res.status, text: Buffer.concat(chunks).toString('utf8') };
  } catch (e) {
    if (e instanceof CouldNotCheck) throw e;
    if (signal.aborted)
      throw new CouldNotCheck(`${url} did not answer within ${timeoutMs / 1000} s (VERIFY_TIMEOUT_MS)`);
    const cause = (e as { cause?: { code?: string } }).cause?.code;
    throw new CouldNotCheck(`${url} is unreachable (${cause ?? (e as Error).message})`);
  }
}

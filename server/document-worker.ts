import { parentPort } from 'node:worker_threads';
import { documentJobs, type DocumentJob } from './document-jobs';

// A document build thread (server/plugins/document-pool.ts): pdf-lib, font subsetting and HarfBuzz shaping are
// synchronous, so they run here rather than on the event loop that answers requests. One job at a time.

interface Job {
  id: number;
  job: DocumentJob;
  input: unknown;
}

const port = parentPort;
if (!port) throw new Error('server/document-worker.ts runs as a worker thread');

port.on('message', ({ id, job, input }: Job) => {
  const run = documentJobs[job] as (input: unknown) => Promise<Uint8Array>;
  run(input).then(
    (bytes) => {
      // The bytes' own buffer moves to the main thread (no copy) when they are all of it.
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      port.postMessage({ id, bytes }, whole ? [bytes.buffer as ArrayBuffer] : []);
    },
    (err: unknown) =>
      port.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});

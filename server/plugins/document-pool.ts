import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DocumentJob, JobInput } from '../document-jobs';

// Document builds off the event loop (docs/decisions/029-documents-built-once.md): a few worker threads, started on
// the first build, each running one job at a time from a queue. Inputs and bytes cross as structured clones.

export interface DocumentPool {
  run<J extends DocumentJob>(job: J, input: JobInput<J>): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** One fewer than the cores, so that requests keep one; at least one. */
export const defaultDocumentWorkers = () => Math.max(1, os.availableParallelism() - 1);

/**
 * The worker's entry: beside the compiled server (dist/server/document-worker.js, or .mjs in the test bundles),
 * else the TypeScript source through its tsx bootstrap (`npm run dev`, vitest).
 */
function workerEntry(): URL {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return new URL('../document-worker.dev.mjs', import.meta.url);
  return new URL(`./document-worker${path.extname(here)}`, import.meta.url);
}

interface Pending {
  id: number;
  job: DocumentJob;
  input: unknown;
  resolve: (bytes: Uint8Array) => void;
  reject: (err: Error) => void;
}

/**
 * `size` 0 builds in this thread (the in-process tests); otherwise that many workers, running `entry` (default:
 * the one beside this module, compiled or through tsx).
 */
export function createDocumentPool(size: number, entry: URL = workerEntry()): DocumentPool {
  if (size <= 0) {
    return {
      async run(job, input) {
        const { documentJobs } = await import('../document-jobs');
        return (documentJobs[job] as (input: unknown) => Promise<Uint8Array>)(input);
      },
      async close() {},
    };
  }
  const queue: Pending[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  let started = 0;
  let nextId = 0;
  let closed = false;

  const start = () => {
    started += 1;
    const worker = new Worker(entry);
    worker.on('message', (message: { id: number; bytes?: Uint8Array; error?: string }) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      if (pending && pending.id === message.id) {
        if (message.bytes) pending.resolve(message.bytes);
        else pending.reject(new Error(`document build failed in its worker: ${message.error}`));
      }
      idle.push(worker);
      worker.unref();
      dispatch();
    });
    // A worker that dies fails its one job and is replaced on the next one.
    const lost = (err: Error) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      if (started > 0) started -= 1;
      pending?.reject(err);
      if (!closed) dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (busy.has(worker) || idle.includes(worker)) lost(new Error(`document worker exited with ${code}`));
    });
    idle.push(worker);
  };

  const dispatch = () => {
    while (queue.length && !closed) {
      if (!idle.length && started < size) start();
      const worker = idle.pop();
      if (!worker) return;
      const pending = queue.shift()!;
      busy.set(worker, pending);
      worker.ref();
      worker.postMessage({ id: pending.id, job: pending.job, input: pending.input });
    }
  };

  return {
    run(job, input) {
      if (closed) return Promise.reject(new Error('the document pool is closed'));
      return new Promise<Uint8Array>((resolve, reject) => {
        queue.push({ id: (nextId += 1), job, input, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const p of queue.splice(0)) p.reject(new Error('the document pool is closed'));
      const workers = [...idle, ...busy.keys()];
      idle.length = 0;
      for (const [, p] of busy) p.reject(new Error('the document pool is closed'));
      busy.clear();
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

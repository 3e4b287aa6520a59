// The document worker from its TypeScript source (`npm run dev`, tests that start workers in-process): a worker
// thread does not inherit the parent's `--import tsx`, so tsx's loader is registered in this thread first.
import { register } from 'tsx/esm/api';

register();
await import('./document-worker.ts');

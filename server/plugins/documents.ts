import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes } from '../../contract/errors';
import {
  strongEtag,
  type DocumentStore,
  type StoredDocument,
  type StoredDocumentAt,
} from '../media/document-store';
import { AppError } from './errors';
import { sharedResponse } from './etag';
import type { DocumentJob, JobInput } from '../document-jobs';
import type { DocumentPool } from './document-pool';

// Rendered documents are built once per content and kept (docs/decisions/029-documents-built-once.md): a request
// gathers what the document is made from (a few reads), hashes it, and serves the stored bytes under that hash;
// only a document never built before is rendered, and those builds are bounded per address and in all.

/**
 * Part of every key: bump it when a document's layout, fonts or drawing code changes, so that documents built by
 * the previous code are built again instead of served.
 */
export const RENDERING = 1;

export interface DocumentLimits {
  /** Builds one client address may have running at once. */
  perAddress: number;
  /** Builds running at once in this instance, from everyone. */
  inFlight: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  perAddress: 2,
  inFlight: Math.max(1, os.availableParallelism()),
};

export interface DocumentSpec<F = unknown> {
  /** What the document is of ("dossier:LR-…"): a newer build of the same subject replaces the older one. */
  subject: string;
  contentType: string;
  /** How long browsers may keep it without asking again (default 0: they revalidate with the ETag). */
  maxAgeSeconds?: number;
  /**
   * A cheap stand-in for the inputs (a few small reads), when gathering them is not: a stored document found
   * under it is served without `gather`. It must change whenever the bytes would; when in doubt, put it in.
   */
  identity?: unknown;
  /** Reads what the document is made from. */
  gather: () => Promise<F> | F;
  /** Those facts as JSON for the key: everything the bytes are made from (bytes as their digest); nothing else. */
  inputs: (facts: F) => unknown;
  /** The bytes, normally `app.documents.run(job, …)`: in a build worker. */
  build: (facts: F) => Promise<Uint8Array>;
  /** Told the key of the document served (stored or just built), to point a cheaper alias at it. */
  served?: (key: string) => Promise<void>;
}

export interface Documents {
  /** Sends the stored document for these inputs (a 304 when the client has it), building it first if needed. */
  send<F>(request: FastifyRequest, reply: FastifyReply, spec: DocumentSpec<F>): Promise<FastifyReply>;
  /**
   * Sends a document whose row one read already found (a 304 when the client has it): true once sent, false
   * when its bytes are gone, for the caller to take the full path.
   */
  sendStored(
    request: FastifyRequest,
    reply: FastifyReply,
    document: StoredDocumentAt,
    maxAgeSeconds?: number,
  ): Promise<boolean>;
  /** Points `alias` at the stored document `key`; a failure only costs a later request the full path. */
  alias(request: FastifyRequest, alias: string, key: string): Promise<void>;
  /** Runs a build that is never stored or shared (a viewer's own copy), under the same bounds. */
  buildPrivate(request: FastifyRequest, build: () => Promise<Uint8Array>): Promise<Buffer>;
  /** Runs one build job off the event loop (in a worker thread when the pool has any). */
  run<J extends DocumentJob>(job: J, input: JobInput<J>): Promise<Uint8Array>;
  /** Builds started by this instance: what the cache saves is observable. */
  readonly built: number;
  /** Times a document's inputs were gathered: what its identity saves is observable. */
  readonly gathered: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    documents: Documents;
  }
}

/** The SHA-256 of some bytes, to stand for them among a document's inputs. */
export const digest = (bytes: Uint8Array | null) => (bytes ? crypto.hash('sha256', bytes, 'hex') : null);

export const documentKey = (subject: string, inputs: unknown) =>
  crypto.hash('sha256', `${RENDERING}\n${subject}\n${JSON.stringify(inputs)}`, 'hex');

/** The alias a document's identity maps to its key by (in a namespace of its own: never equal to a key). */
export const documentAlias = (subject: string, identity: unknown) =>
  crypto.hash('sha256', `${RENDERING}\nidentity\n${subject}\n${JSON.stringify(identity)}`, 'hex');

const notModified = (request: FastifyRequest, etag: string) =>
  request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag) ?? false;

export function registerDocuments(
  app: FastifyInstance,
  store: DocumentStore,
  limits: DocumentLimits,
  pool: DocumentPool,
): void {
  app.addHook('onClose', () => pool.close());
  let gathered = 0;
  const byAddress = new Map<string, number>();
  let inFlight = 0;
  let built = 0;
  const running = new Map<string, Promise<{ stored: StoredDocument; bytes: Buffer }>>();

  /** A build slot for this address, or a 429: the work one address (and everyone) can start is bounded. */
  const acquire = (address: string) => {
    const mine = byAddress.get(address) ?? 0;
    if (mine >= limits.perAddress || inFlight >= limits.inFlight)
      throw new AppError(
        429,
        ErrorCodes.RATE_LIMITED,
        mine >= limits.perAddress
          ? 'You are already downloading documents. Please wait for them, then try again.'
          : 'Many documents are being prepared right now. Please try again in a moment.',
        { retryAfter: 2 },
      );
    byAddress.set(address, mine + 1);
    inFlight += 1;
    built += 1;
    return () => {
      inFlight -= 1;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    };
  };

  const bounded = async (request: FastifyRequest, build: () => Promise<Uint8Array>) => {
    const release = acquire(request.ip);
    try {
      return Buffer.from(await build());
    } finally {
      release();
    }
  };

  /** One build per key at a time in this instance: requests for a document being built wait for that build. */
  const buildAndStore = <F>(request: FastifyRequest, key: string, spec: DocumentSpec<F>, facts: F) => {
    const pending = running.get(key);
    if (pending) return pending;
    const release = acquire(request.ip);
    const build = (async () => {
      try {
        const bytes = Buffer.from(await spec.build(facts));
        const document = { key, subject: spec.subject, contentType: spec.contentType, bytes };
        // A store that cannot keep it (a full disk) costs the next request a build, not this one its answer.
        const stored = await store.save(document).catch((err: unknown) => {
          request.log.warn({ err, subject: spec.subject }, 'document not stored');
          return { contentType: spec.contentType, etag: strongEtag(bytes) };
        });
        return { stored, bytes };
      } finally {
        release();
        running.delete(key);
      }
    })();
    running.set(key, build);
    return build;
  };

  const documents: Documents = {
    async send(request, reply, spec) {
      const respond = (stored: StoredDocument, bytes: Buffer | null) => {
        sharedResponse(reply, spec.maxAgeSeconds).type(stored.contentType).header('etag', stored.etag);
        if (notModified(request, stored.etag)) return reply.code(304).send();
        return reply.send(bytes);
      };
      // Found by its identity: a read or two, nothing gathered, nothing hashed but the identity.
      const alias = spec.identity === undefined ? null : documentAlias(spec.subject, spec.identity);
      if (alias) {
        const hit = await store.findByAlias(alias);
        const bytes = hit && !notModified(request, hit.etag) ? await store.read(hit.key) : null;
        if (hit && (bytes || notModified(request, hit.etag))) {
          await spec.served?.(hit.key);
          return respond(hit, bytes);
        }
      }
      gathered += 1;
      const facts = await spec.gather();
      const key = documentKey(spec.subject, spec.inputs(facts));
      let stored = await store.find(key);
      let bytes: Buffer | null = null;
      // A revalidation that matches is answered without reading the bytes.
      if (stored && !notModified(request, stored.etag)) {
        bytes = await store.read(key);
        if (!bytes) stored = null;
      }
      if (!stored) ({ stored, bytes } = await buildAndStore(request, key, spec, facts));
      if (alias)
        await store.addAlias(alias, key).catch((err: unknown) => {
          request.log.warn({ err, subject: spec.subject }, 'document alias not stored');
        });
      await spec.served?.(key);
      return respond(stored, bytes);
    },
    async sendStored(request, reply, document, maxAgeSeconds) {
      const fresh = notModified(request, document.etag);
      const bytes = fresh ? null : await store.readAt(document);
      if (!fresh && !bytes) return false;
      sharedResponse(reply, maxAgeSeconds).type(document.contentType).header('etag', document.etag);
      // Not the reply itself: a reply is a thenable, which an async function would wait for.
      if (fresh) reply.code(304).send();
      else reply.send(bytes);
      return true;
    },
    async alias(request, alias, key) {
      await store.addAlias(alias, key).catch((err: unknown) => {
        request.log.warn({ err }, 'document alias not stored');
      });
    },
    buildPrivate: bounded,
    run: (job, input) => pool.run(job, input),
    get built() {
      return built;
    },
    get gathered() {
      return gathered;
    },
  };
  app.decorate('documents', documents);
}

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documentAliases, documents } from '../db/schema';

// Rendered documents, kept once per content (docs/decisions/029-documents-built-once.md): the bytes on disk
// beside the media (embedded default) or in the database (shared PostgreSQL), so they outlive a restart and
// every instance serves the one copy.

export interface StoredDocument {
  contentType: string;
  /** Strong: the same bytes always carry the same tag. */
  etag: string;
}

/** A stored document with where its bytes are: what one read of its row tells. */
export interface StoredDocumentAt extends StoredDocument {
  key: string;
  storage: 'fs' | 'db';
}

export interface DocumentStore {
  /** What is stored under `key` (without reading the bytes), or null. */
  find(key: string): Promise<StoredDocument | null>;
  read(key: string): Promise<Buffer | null>;
  /** The bytes of a document whose row was already read: the file itself, without asking the database again. */
  readAt(document: StoredDocumentAt): Promise<Buffer | null>;
  /** The stored document an alias (a cheap stand-in for the key) points at, without its bytes; or null. */
  findByAlias(alias: string): Promise<(StoredDocument & { key: string }) | null>;
  /** Points `alias` at the stored document `key` (kept while that document is). */
  addAlias(alias: string, key: string): Promise<void>;
  /** Stores a built document under `key` and drops every older version of the same subject. */
  save(document: {
    key: string;
    subject: string;
    contentType: string;
    bytes: Buffer;
  }): Promise<StoredDocument>;
}

/** A strong ETag: the SHA-256 of the bytes, base64url. */
export const strongEtag = (bytes: Buffer) => `"${crypto.hash('sha256', bytes, 'base64url')}"`;

const KEY_PATTERN = /^[0-9a-f]{64}$/;

export function createDocumentStore(db: Db, options: { storage: 'fs' | 'db'; dir: string }): DocumentStore {
  const dir = path.join(options.dir, 'documents');
  const file = (key: string) => {
    // Keys are hashes this module made; anything else never reaches the file system.
    if (!KEY_PATTERN.test(key)) throw new Error('not a document key');
    return path.join(dir, key);
  };
  return {
    async find(key) {
      const [row] = await db
        .select({ contentType: documents.contentType, etag: documents.etag })
        .from(documents)
        .where(eq(documents.key, key));
      return row ?? null;
    },
    async findByAlias(alias) {
      const [row] = await db
        .select({ key: documents.key, contentType: documents.contentType, etag: documents.etag })
        .from(documentAliases)
        .innerJoin(documents, eq(documents.key, documentAliases.key))
        .where(eq(documentAliases.alias, alias));
      return row ?? null;
    },
    async addAlias(alias, key) {
      await db.insert(documentAliases).values({ alias, key }).onConflictDoUpdate({
        target: documentAliases.alias,
        set: { key },
      });
    },
    async read(key) {
      const [row] = await db
        .select({ storage: documents.storage, bytes: documents.bytes })
        .from(documents)
        .where(eq(documents.key, key));
      if (!row) return null;
      if (row.storage === 'db') return row.bytes;
      return fs.readFile(file(key)).catch(() => null);
    },
    async readAt(document) {
      if (document.storage === 'db') return this.read(document.key);
      return fs.readFile(file(document.key)).catch(() => null);
    },
    async save({ key, subject, contentType, bytes }) {
      const etag = strongEtag(bytes);
      if (options.storage === 'fs') {
        await fs.mkdir(dir, { recursive: true });
        // Written under a name of its own, then renamed: a reader never sees half a file.
        const temporary = `${file(key)}.${crypto.randomBytes(4).toString('hex')}.tmp`;
        await fs.writeFile(temporary, bytes);
        await fs.rename(temporary, file(key));
      }
      await db
        .insert(documents)
        .values({
          key,
          subject,
          contentType,
          etag,
          storage: options.storage,
          bytes: options.storage === 'db' ? bytes : null,
        })
        .onConflictDoNothing();
      const older = await db
        .delete(documents)
        .where(and(eq(documents.subject, subject), ne(documents.key, key)))
        .returning({ key: documents.key, storage: documents.storage });
      for (const old of older) if (old.storage === 'fs') await fs.rm(file(old.key), { force: true });
      return { contentType, etag };
    },
  };
}

import { z, type ZodType } from 'zod';

/** One HTTP operation of the API as it is published: the server validates, serialises and documents from it. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify style, e.g. /api/registry/instruments/:id */
  path: string;
  summary: string;
  /** Only where the name made from the method and path would repeat another operation's. */
  operationId?: string;
  tag: string;
  /** none: anyone; optional: answers differ for a signed-in caller; session: signed in; admin: an admin. */
  auth: 'none' | 'optional' | 'session' | 'admin';
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /**
   * The most bytes the body may have, for a route whose largest valid body exceeds DEFAULT_BODY_LIMIT (every
   * string at its maximum length, 3 UTF-8 bytes a character): a test checks each declaration covers its schema.
   */
  bodyLimit?: number;
  /** The success answer; a JSON schema here is what the body is stripped down to and checked against. */
  response?: {
    readonly status: number;
    readonly schema?: ZodType;
    readonly contentType?: string;
    /** Headers the success answer carries, by name: what each says and its JSON schema. */
    readonly headers?: Readonly<Record<string, { readonly description: string; readonly schema: object }>>;
  };
  /** Failure statuses the operation answers with on purpose, each with the shared error body. */
  errors: readonly number[];
}

/** What any request body may weigh unless its route declares more (`bodyLimit`). */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** X-Total-Count: how many items match in all, beyond the page answered. */
export const TOTAL_COUNT_HEADER = {
  'X-Total-Count': {
    description: 'How many match in all (the answer holds one page of them)',
    schema: { type: 'integer', minimum: 0 },
  },
} as const;

/** The answer of an action that has nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });

/**
 * A path parameter documented as text. Handlers look such ids up themselves and answer 404 for anything they
 * cannot find, malformed or not, so the declaration must not turn a malformed id into a 400.
 */
export const pathText = (description: string) => z.string().describe(description);

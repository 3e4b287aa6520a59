import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { ErrorCodes, zodFields, type ErrorBody } from '../../contract/errors';

/** An expected failure: its message and code are shown to the caller as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Partial<Pick<ErrorBody, 'fields' | 'requiresAuth'>> & { retryAfter?: number } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, ErrorCodes.VALIDATION, message, fields ? { fields } : {});
export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError(401, ErrorCodes.UNAUTHENTICATED, message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError(403, ErrorCodes.FORBIDDEN, message);
export const notFound = (message = 'Not found.') => new AppError(404, ErrorCodes.NOT_FOUND, message);
export const conflict = (message: string, code: string = ErrorCodes.CONFLICT) =>
  new AppError(409, code, message);

export { zodFields };

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const err = error as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (!err || typeof err !== 'object') return false;
  if (typeof err.code === 'string' && DB_DOWN_CODES.has(err.code)) return true;
  if (
    typeof err.message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      err.message,
    )
  )
    return true;
  return err.cause ? isDatabaseUnavailable(err.cause) : false;
}

/** The SQLSTATE of a database error, looking through the wrappers Drizzle adds. */
function sqlState(error: unknown): string | null {
  for (
    let e = error as { code?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

/** A unique constraint refused the write (an email or handle taken, say): the caller turns it into a 409. */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/**
 * Input the database itself refuses (a NUL byte, a malformed id or number, text too long for its column) is the
 * caller's mistake, not ours: 400, never a 500. A lost serialization race is worth a retry: 503.
 */
function fromDatabaseError(error: unknown): AppError | null {
  const state = sqlState(error);
  if (!state) return null;
  if (state.startsWith('22')) return badRequest('The request contains a value that is not valid.');
  if (state === '23505') return conflict('This conflicts with something that already exists.');
  if (state === '40001' || state === '40P01') {
    return new AppError(503, ErrorCodes.UNAVAILABLE, 'The service is busy. Please try again.', {
      retryAfter: 1,
    });
  }
  return null;
}

function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, ErrorCodes.TOO_LARGE, 'The request is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA, 'This content type is not supported here.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest('The request body is not valid JSON.');
    default:
      break;
  }
  if (error instanceof SyntaxError || error.statusCode === 400)
    return badRequest('The request is not valid.');
  if (error.statusCode === 413) return new AppError(413, ErrorCodes.TOO_LARGE, 'The request is too large.');
  if (error.statusCode === 415)
    return new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA, 'This content type is not supported here.');
  return null;
}

/** One error handler for the whole API: known errors keep their message, anything else is a bare 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((rawError: unknown, request, reply) => {
    let error: AppError;
    if (rawError instanceof AppError) error = rawError;
    else if (rawError instanceof ZodError) {
      // Input is checked by the declared route schemas, which answer 400 themselves. A bare ZodError is an
      // answer that failed its own schema: our mistake, and its field names are internal.
      error = new AppError(500, ErrorCodes.INTERNAL, 'Something went wrong on our side.');
      request.log.error({ err: rawError }, 'a response did not match its schema');
    } else if (isDatabaseUnavailable(rawError)) {
      error = new AppError(
        503,
        ErrorCodes.UNAVAILABLE,
        'The service is briefly unavailable. Please try again.',
        { retryAfter: 5 },
      );
      request.log.warn({ err: rawError }, 'database unavailable');
    } else {
      error =
        fromDatabaseError(rawError) ??
        fromFastifyError(rawError as FastifyError) ??
        new AppError(500, ErrorCodes.INTERNAL, 'Something went wrong on our side.');
      if (error.statusCode >= 500) request.log.error({ err: rawError }, 'unhandled error');
    }
    if (error.extra.retryAfter) reply.header('retry-after', String(error.extra.retryAfter));
    const { retryAfter: _ignored, ...extra } = error.extra;
    void reply
      .status(error.statusCode)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send({ error: error.message, code: error.code, ...extra } satisfies ErrorBody);
  });
}

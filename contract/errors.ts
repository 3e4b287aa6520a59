import { z } from 'zod';

/** Every failure body of the API (docs/decisions/002-error-shape.md). */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requiresAuth: z.boolean().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Field messages keyed by the dotted path of each zod issue (the first issue per field wins): the server's 400
 * `fields`, and the same messages a form shows before sending, from the same schema.
 */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export const ErrorCodes = {
  VALIDATION: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_DEEP: 'JSON_TOO_DEEP',
  QUERY_TOO_LARGE: 'QUERY_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  CROSS_ORIGIN: 'CROSS_ORIGIN_REFUSED',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL_ERROR',
} as const;

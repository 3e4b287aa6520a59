/** A non-ok response (requests go through api() in api-client.ts). Its message is "{status}: {body text or status text}". */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The JSON body of the failure, when it has one: `{error, code, fields?, requiresAuth?}`. */
  get body(): {
    error?: string;
    code?: string;
    fields?: Record<string, string>;
    requiresAuth?: boolean;
  } | null {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      return parsed && typeof parsed === 'object' ? parsed : null;
    } catch {
      return null;
    }
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, text, res.statusText);
  }
}

/** The human sentence of a failure: the body's error field, else the fallback. */
export function errorText(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return error.body?.error ?? fallback;
  return fallback;
}

/** Field messages of a 400 validation failure, if any. */
export function errorFields(error: unknown): Record<string, string> {
  return error instanceof ApiError ? (error.body?.fields ?? {}) : {};
}

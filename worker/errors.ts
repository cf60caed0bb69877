import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The one error a route throws for a client-facing failure: the app answers it as JSON
 * `{ error: code, ...details }` with its status (worker/index.ts, `onError`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

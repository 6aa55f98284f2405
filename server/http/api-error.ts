import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An expected failure: its message (Italian) reaches the client in the envelope, with `status`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

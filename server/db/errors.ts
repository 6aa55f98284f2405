/**
 * An error and the errors it wraps, outermost first: Drizzle 0.45 wraps driver errors
 * (DrizzleQueryError), so the SQLSTATE and the socket code are on `cause`.
 */
export function* causeChain(
  error: unknown,
  depth = 4,
): Generator<{ code?: unknown; message?: unknown; name?: unknown }> {
  for (let e: unknown = error, level = 0; e && typeof e === 'object' && level < depth; level++) {
    yield e as { code?: unknown; message?: unknown; name?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** The SQLSTATE of a failed query, wherever it sits in the chain. */
export function sqlState(error: unknown): string | undefined {
  for (const { code } of causeChain(error)) if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  return undefined;
}

/** The constraint a failed query broke (node-postgres and PGlite both name it), wherever it sits in the chain. */
export function sqlConstraint(error: unknown): string | undefined {
  for (let e: unknown = error, level = 0; e && typeof e === 'object' && level < 4; level++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/** SQLSTATEs of a transaction the database gave up so that it may be run again. */
const RETRYABLE_STATES = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

export const isRetryableTransactionError = (error: unknown): boolean => RETRYABLE_STATES.has(sqlState(error) ?? '');

/** Socket errors of a connection the server dropped or never accepted. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/** Messages node-postgres gives a query whose connection went away (they carry no code). */
const DROPPED_CONNECTION =
  /Connection terminated|connection error and is not queryable|Client was closed|timeout exceeded when trying to connect|terminating connection/i;

/**
 * True when the error means "the database is not reachable right now" rather than "this query is
 * wrong": class 08 (connection exception), 57P01–57P03 (the server shutting down or starting),
 * 53300 (too many connections), a socket error, or node-postgres' dropped-connection messages.
 * The API answers those with 503 and `Retry-After`, and recovers by itself when the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causeChain(error)) {
    if (typeof code === 'string') {
      if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300')
        return true;
      if (NETWORK_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && DROPPED_CONNECTION.test(message)) return true;
  }
  return false;
}

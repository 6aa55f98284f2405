import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { STALE_TIMES } from '../../contract/constants';

/** A JSON reply rendered once and sent many times, with its entity tag. */
export interface CachedReply {
  body: string;
  etag: string;
}

export function renderReply(value: unknown): CachedReply {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** If-None-Match (RFC 9110 §13.1.2): weak comparison, `*` matches any. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Sends a catalogue reply: fresh for SPEC §9's services stale time, shared caches welcome (it is
 * the same for everyone), 304 without a body when the client already has this entity.
 */
export function sendCached(c: Context, reply: CachedReply): Response {
  const headers = {
    ETag: reply.etag,
    'Cache-Control': `public, max-age=${Math.round(STALE_TIMES.services / 1000)}`,
  };
  if (matches(c.req.header('if-none-match'), reply.etag)) return c.body(null, 304, headers);
  return c.body(reply.body, 200, { ...headers, 'Content-Type': 'application/json' });
}

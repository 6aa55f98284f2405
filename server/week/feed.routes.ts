import { Hono, type Context } from 'hono';
import { ok } from '../../contract/envelope';
import {
  CALENDAR_FEED_ROUTE,
  proCalendarFeedCall,
  PRO_WEEK_MESSAGES,
  regenerateProCalendarFeedCall,
  regenerateTeamCalendarFeedCall,
  teamCalendarFeedCall,
} from '../../contract/pro-week';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/env';
import { parseInput } from '../http/input';
import { enforceRateLimit } from '../http/rate-limit';
import { FEED_FILE, feedCalendar, feedOf, feedView, matchesEtag, regenerateFeed } from './calendar-feed';
import { herself, teamOn } from './week.routes';

/**
 * Her calendar feed (issue 40, calendar-feed.ts): its address for herself (`/pro/calendar-feed`) or
 * the team (`/pro/team/professionals/:id/calendar-feed`), with the week's rules (401, 403, 404,
 * 'proSide'), and the feed itself, `GET /calendar/<token>.ics`: no bearer (the token is the key),
 * limited per address and per token ('calendarFeed', 429), 404 for a token that is no one's.
 */
export const feedRoutes = new Hono<AppEnv>();

/** The API's own address as the caller reached it (behind a trusted proxy, as the proxy was reached). */
function apiOrigin(c: Context<AppEnv>): string {
  const forwardedHost = c.var.deps.config.trustProxy ? c.req.header('x-forwarded-host') : undefined;
  if (forwardedHost) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() || 'https';
    return `${proto}://${forwardedHost.split(',')[0]!.trim()}`;
  }
  return new URL(c.req.url).origin;
}

feedRoutes.get(proCalendarFeedCall.route, async (c) => {
  const { pro } = await herself(c);
  const { db, now } = c.var.deps;
  return c.json(ok({ feed: feedView(await feedOf(db, pro, now()), apiOrigin(c)) }));
});

feedRoutes.post(regenerateProCalendarFeedCall.route, async (c) => {
  const { pro } = await herself(c);
  const { db, now } = c.var.deps;
  return c.json(ok({ feed: feedView(await regenerateFeed(db, pro, now()), apiOrigin(c)) }));
});

feedRoutes.get(teamCalendarFeedCall.route, async (c) => {
  const { professionalId } = parseInput(teamCalendarFeedCall.params, c.req.param());
  const { pro } = await teamOn(c, professionalId);
  const { db, now } = c.var.deps;
  return c.json(ok({ feed: feedView(await feedOf(db, pro, now()), apiOrigin(c)) }));
});

feedRoutes.post(regenerateTeamCalendarFeedCall.route, async (c) => {
  const { professionalId } = parseInput(regenerateTeamCalendarFeedCall.params, c.req.param());
  const { pro } = await teamOn(c, professionalId);
  const { db, now } = c.var.deps;
  return c.json(ok({ feed: feedView(await regenerateFeed(db, pro, now()), apiOrigin(c)) }));
});

feedRoutes.get(CALENDAR_FEED_ROUTE, async (c) => {
  const token = FEED_FILE.exec(c.req.param('feedFile'))?.[1];
  await enforceRateLimit(c, 'calendarFeed', token, 'token');
  if (!token) throw new ApiError(404, PRO_WEEK_MESSAGES.feedNotFound);
  const { db, now } = c.var.deps;
  const feed = await feedCalendar(db, token, now());
  if (!feed) throw new ApiError(404, PRO_WEEK_MESSAGES.feedNotFound);
  // Calendar apps poll: they may keep it, privately, and must ask again each time (the ETag answers).
  const headers = { ETag: feed.etag, 'Cache-Control': 'private, no-cache' };
  if (matchesEtag(c.req.header('if-none-match'), feed.etag)) return c.body(null, 304, headers);
  return c.body(feed.ics, 200, { ...headers, 'Content-Type': 'text/calendar; charset=utf-8' });
});

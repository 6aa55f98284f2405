import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { proCalendarFeedCall, PRO_WEEK_MESSAGES } from '../../../contract/pro-week';
import type { RateLimitConfig } from '../../../server/config/config';
import { users } from '../../../server/db/schema/accounts';
import { seedProAccounts, TEAM_EMAIL } from '../../../server/db/seed/accounts';
import { describeEachDb } from '../helpers/databases';
import { call, createUser, dataOf, errorOf, tokenFor } from '../helpers/fixtures';
import { GENEROUS_RATE_LIMITS } from '../helpers/test-app';
import { bookingPayload, PIEGA, professionalId, seedBookingData, WEDNESDAY } from './booking-fixtures';

/**
 * Issue 40, her calendar feed: a private address calendar apps poll. The test clock starts on Monday
 * 2 March 2026, 10:00 in Rome. Martina Rinaldi (Torino, hours on request) is the only one working at
 * 08:00 on WEDNESDAY, so a piega then is hers and waits for her answer. The file is read back by
 * ical.js (an iCalendar parser of its own, not our writer) and held to RFC 5545's rules on lines.
 */
describeEachDb('her calendar feed', (t) => {
  const THURSDAY = '2026-03-05';

  async function setup(config?: { rateLimits: RateLimitConfig }) {
    await seedBookingData(t.db);
    await seedProAccounts(t.db);
    const app = t.app(config ? { config } : undefined);
    const signIn = async (email: string) => {
      const [user] = await t.db.select().from(users).where(eq(users.email, email));
      return tokenFor(t.db, user!, t.clock.now());
    };
    return {
      app,
      martina: await signIn('martina.rinaldi@professioniste.musa.example'),
      beatrice: await signIn('beatrice.villa@professioniste.musa.example'),
      team: await signIn(TEAM_EMAIL),
      customer: await tokenFor(t.db, await createUser(t.db), t.clock.now()),
      martinaId: await professionalId(t.db, 'pro-martina-rinaldi'),
    };
  }
  type Setup = Awaited<ReturnType<typeof setup>>;

  /** Her feed's address, as the screen shows it. */
  const feedAddress = async (s: Setup) =>
    v.parse(proCalendarFeedCall.response, dataOf(await call(s.app, 'GET', '/pro/calendar-feed', { token: s.martina })))
      .feed;

  /** The feed's path on the API (the address without its origin). */
  const pathOf = (url: string) => new URL(url).pathname;

  /** What a calendar app gets: status, headers and the text (no bearer). */
  const poll = async (s: Setup, url: string, headers: Record<string, string> = {}) => {
    const res = await s.app.request(pathOf(url), { headers });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };

  /** A visitor's piega through the store; its booking id. */
  const book = async (s: Setup, date: string, startTime: string) => {
    const reply = await call(s.app, 'POST', '/bookings/store', {
      body: bookingPayload({ services: [PIEGA], startDate: date, startTime, email: 'lucia.neri@example.it' }),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return dataOf<{ booking: { _id: string } }>(reply).booking._id;
  };

  /** The feed's events as ical.js reads them. */
  const eventsIn = (text: string) => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    // Its own VTIMEZONE is what ical.js reads the TZID times with (a calendar app does the same).
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    return {
      calendar,
      events: calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component)),
    };
  };

  it('gives her agenda as a calendar: the waiting appointment TENTATIVE, confirmed once accepted, her day off busy, in Europe/Rome', async () => {
    const s = await setup();
    const bookingId = await book(s, WEDNESDAY, '08:00');
    const created = await call(s.app, 'POST', '/pro/time-off', {
      token: s.martina,
      body: { kind: 'days', startDate: THURSDAY, endDate: THURSDAY, reason: 'Visita medica' },
    });
    expect(created.status).toBe(201);

    const feed = await feedAddress(s);
    expect(feed.url).toMatch(/^http:\/\/localhost\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace(/^http:/, 'webcal:'));

    const waiting = await poll(s, feed.url);
    expect(waiting.status).toBe(200);
    expect(waiting.headers.get('content-type')).toMatch(/^text\/calendar/);
    const before = eventsIn(waiting.text);
    expect(before.calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Rome');
    expect(before.events).toHaveLength(2);
    const [appointment, dayOff] = before.events;
    expect(appointment!.uid).toContain(bookingId);
    expect(appointment!.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    // 08:00 in Rome on 4 March (CET) is 07:00 UTC; a piega lasts 45 minutes.
    expect(appointment!.startDate.toJSDate().toISOString()).toBe('2026-03-04T07:00:00.000Z');
    expect(appointment!.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Rome');
    expect(appointment!.endDate.toJSDate().getTime() - appointment!.startDate.toJSDate().getTime()).toBe(45 * 60_000);
    expect(appointment!.summary).toContain('Piega');
    expect(appointment!.location).toContain('Torino');
    // What the customer told only the professional in the app stays out of a synced calendar.
    expect(waiting.text).not.toMatch(/allerg|\+39/i);
    // The day off: a whole day, busy, without the reason (the team's to read).
    expect(dayOff!.startDate.isDate).toBe(true);
    expect(dayOff!.startDate.toString()).toBe(THURSDAY);
    expect(dayOff!.endDate.toString()).toBe('2026-03-06');
    expect(dayOff!.component.getFirstPropertyValue('transp')).toBe('OPAQUE');
    expect(waiting.text).not.toContain('Visita medica');

    const accepted = await call(s.app, 'POST', `/pro/requests/${bookingId}/accept`, { token: s.martina });
    expect(accepted.status).toBe(200);
    const confirmed = eventsIn((await poll(s, feed.url)).text).events[0]!;
    expect(confirmed.uid).toBe(appointment!.uid);
    expect(confirmed.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('follows RFC 5545’s lines: CRLF, at most 75 octets, the required properties of each event', async () => {
    const s = await setup();
    await book(s, WEDNESDAY, '08:00');
    const { text } = await poll(s, (await feedAddress(s)).url);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines.filter((line) => line.includes('\n') || line.includes('\r'))).toEqual([]);
    expect(lines.filter((line) => new TextEncoder().encode(line).length > 75)).toEqual([]);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    const { calendar, events } = eventsIn(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    // A feed is subscribed to, not an invitation: no METHOD (RFC 5545 §3.7.2).
    expect(calendar.getFirstProperty('method')).toBeNull();
    for (const event of events)
      for (const name of ['uid', 'dtstamp', 'dtstart', 'dtend'])
        expect(event.component.getFirstProperty(name), name).not.toBeNull();
  });

  it('answers 304 to a poll with its ETag while nothing changed, and a new file once it has', async () => {
    const s = await setup();
    const feed = await feedAddress(s);
    const first = await poll(s, feed.url);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await poll(s, feed.url, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await poll(s, feed.url, { 'if-none-match': `W/${etag!}, "other"` })).status).toBe(304);
    // An hour later, the same agenda: the same file (each event's stamp is its last change).
    t.clock.advance(60 * 60_000);
    expect((await poll(s, feed.url, { 'if-none-match': etag! })).status).toBe(304);

    await book(s, WEDNESDAY, '08:00');
    const changed = await poll(s, feed.url, { 'if-none-match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(eventsIn(changed.text).events).toHaveLength(1);
  });

  it('keeps one address until she regenerates it; then the old one answers 404 at once', async () => {
    const s = await setup();
    const feed = await feedAddress(s);
    expect((await feedAddress(s)).url).toBe(feed.url);
    const regenerated = v.parse(
      proCalendarFeedCall.response,
      dataOf(await call(s.app, 'POST', '/pro/calendar-feed/regenerate', { token: s.martina })),
    ).feed;
    expect(regenerated.url).not.toBe(feed.url);
    const old = await s.app.request(pathOf(feed.url));
    expect(old.status).toBe(404);
    expect(((await old.json()) as { result: { error: { message: string } } }).result.error.message).toBe(
      PRO_WEEK_MESSAGES.feedNotFound,
    );
    expect((await poll(s, regenerated.url)).status).toBe(200);
    expect((await feedAddress(s)).url).toBe(regenerated.url);
    // An address of the right shape that is no one's, and one of another shape: 404 too.
    expect((await s.app.request('/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics')).status).toBe(404);
    expect((await s.app.request('/calendar/nonvalido')).status).toBe(404);
  });

  it('is hers to read: the team reads and regenerates anyone’s, a customer and a visitor are refused', async () => {
    const s = await setup();
    const hers = await feedAddress(s);
    const byTeam = await call(s.app, 'GET', `/pro/team/professionals/${s.martinaId}/calendar-feed`, { token: s.team });
    expect(dataOf<{ feed: { url: string } }>(byTeam).feed.url).toBe(hers.url);
    const renewed = await call(s.app, 'POST', `/pro/team/professionals/${s.martinaId}/calendar-feed/regenerate`, {
      token: s.team,
    });
    expect(dataOf<{ feed: { url: string } }>(renewed).feed.url).not.toBe(hers.url);
    expect((await poll(s, hers.url)).status).toBe(404);

    expect((await call(s.app, 'GET', '/pro/calendar-feed')).status).toBe(401);
    expect((await call(s.app, 'GET', '/pro/calendar-feed', { token: s.customer })).status).toBe(403);
    const notTeam = await call(s.app, 'GET', `/pro/team/professionals/${s.martinaId}/calendar-feed`, {
      token: s.beatrice,
    });
    expect(notTeam.status).toBe(403);
    expect(errorOf(notTeam)).toBe(PRO_WEEK_MESSAGES.teamOnly);
    const unknown = await call(
      s.app,
      'GET',
      '/pro/team/professionals/00000000-0000-4000-8000-000000000000/calendar-feed',
      { token: s.team },
    );
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toBe(PRO_WEEK_MESSAGES.unknownProfessional);
  });

  it('is rate-limited per feed token, and per address against guessing tokens', async () => {
    const MINUTE = 60_000;
    const s = await setup({
      rateLimits: {
        ...GENEROUS_RATE_LIMITS,
        calendarFeed: { perIp: { limit: 5, windowMs: 10 * MINUTE }, perEmail: { limit: 3, windowMs: 10 * MINUTE } },
      },
    });
    const feed = await feedAddress(s);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < 3; i++) expect((await poll(s, feed.url, from(`10.0.0.${i + 1}`))).status).toBe(200);
    const limited = await poll(s, feed.url, from('10.0.0.9'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Guesses from one address: refused after 5, whatever the tokens.
    const guesser = from('10.0.1.1');
    for (let i = 0; i < 5; i++)
      expect((await s.app.request(`/calendar/${'B'.repeat(31)}${i}.ics`, { headers: guesser })).status).toBe(404);
    expect((await s.app.request(`/calendar/${'B'.repeat(32)}.ics`, { headers: guesser })).status).toBe(429);
  });
});

import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { createBookingCall, waitlistOfferCall } from '../../../contract/calls';
import { SAVED_DRAFT_VERSION } from '../../../contract/draft';
import { MESSAGES } from '../../../contract/messages';
import { users } from '../../../server/db/schema/accounts';
import { waitlist } from '../../../server/db/schema/waitlist';
import { API_MESSAGES } from '../../../server/http/messages';
import { sha256 } from '../../../server/accounts/secrets';
import { OUTBOX_JOBS } from '../../../server/app';
import { deliverOutbox } from '../../../server/jobs/outbox';
import { describeEachDb } from '../helpers/databases';
import { TEST_APP_URL } from '../helpers/test-app';
import { call, dataOf, errorOf, PALERMO, TORINO, tokenFor } from '../helpers/fixtures';
import { bookingPayload, PIEGA, seedBookingData, WEDNESDAY } from './booking-fixtures';

/**
 * Issue 16, waitlist: 'Avvisami se si libera un orario' takes the e-mail for a day; when a
 * cancellation or a move frees time on that day, the customers waiting get an e-mail (those whose
 * address and services now have a free slot), in the order they joined, once.
 */
describeEachDb('waitlist', (t) => {
  const join = (body: Record<string, unknown>) => call(t.app(), 'POST', '/waitlist', { body });
  const entry = (email: string, overrides: Record<string, unknown> = {}) => ({
    email,
    location: TORINO,
    date: WEDNESDAY,
    services: [PIEGA],
    hairLength: 'long',
    ...overrides,
  });
  const outboxRound = () =>
    deliverOutbox({
      db: t.db,
      mailer: t.mailer,
      logger: t.logger,
      appUrl: TEST_APP_URL,
      now: t.clock.now,
      jobs: OUTBOX_JOBS,
    });
  const offers = () => t.mailer.sent.filter((m) => m.subject.startsWith('Si è liberato un orario'));

  async function booked() {
    const reply = await call(t.app(), 'POST', '/bookings/store', { body: bookingPayload() });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const { booking } = v.parse(createBookingCall.response, dataOf(reply));
    const [user] = await t.db.select().from(users).where(eq(users.id, booking.userId));
    return { id: booking._id, bearer: await tokenFor(t.db, user!, t.clock.now()) };
  }

  it('takes the e-mail for a day; bad input is refused in Italian', async () => {
    await seedBookingData(t.db);
    expect((await join(entry('Anna@Example.it'))).status).toBe(200);
    const [row] = await t.db.select().from(waitlist);
    expect(row).toMatchObject({ email: 'anna@example.it', date: WEDNESDAY, services: [PIEGA], notifiedAt: null });
    const noServices = await join(entry('anna@example.it', { services: [] }));
    expect(noServices.status).toBe(400);
    expect(errorOf(noServices)).toBe(MESSAGES.selectAtLeastOneService);
    const unknown = await join(entry('anna@example.it', { services: ['non-esiste'] }));
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toBe(MESSAGES.serviceUnavailable);
    // Joining again updates her entry: still one.
    expect((await join(entry('anna@example.it', { hairLength: 'short' }))).status).toBe(200);
    expect(await t.db.select().from(waitlist)).toHaveLength(1);
  });

  it('a cancellation that day tells those waiting, in the order they joined, once; other days and unserved addresses are not told', async () => {
    await seedBookingData(t.db);
    const { id, bearer } = await booked();
    await join(entry('prima@example.it'));
    t.clock.advance(1000);
    await join(entry('seconda@example.it'));
    await join(entry('altro.giorno@example.it', { date: '2026-03-05' }));
    await join(entry('palermo@example.it', { location: PALERMO }));

    expect((await call(t.app(), 'POST', `/appointments/${id}/cancel`, { token: bearer })).status).toBe(200);
    // The outbox's round delivers the word (the reply only sends the customer's own e-mail).
    await outboxRound();
    expect(offers().map((m) => m.to)).toEqual(['prima@example.it', 'seconda@example.it']);
    expect(offers()[0]!.subject).toBe('Si è liberato un orario mercoledì 4 marzo');
    expect(offers()[0]!.text).toContain('Via Roma, 2, Torino');

    // A second freed time that day: they were told already.
    const again = await booked();
    await call(t.app(), 'POST', `/appointments/${again.id}/cancel`, { token: again.bearer });
    await outboxRound();
    expect(offers()).toHaveLength(2);
  });

  /** What the wizard saves (contract/draft.ts): Torino, hair, long, that Wednesday. */
  const DRAFT = {
    version: SAVED_DRAFT_VERSION,
    draft: { location: TORINO, participants: 'default', hair: 'long', category: 'hair', date: WEDNESDAY },
    services: null,
  };
  const openOffer = (entryId: string, token?: string) =>
    call(t.app(), 'GET', `/waitlist/${entryId}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`);
  /** The offer e-mail's link, as the entry id and its token. */
  const offerLinkIn = (mail: { text: string; link?: string }) => {
    const found = /(https?:\/\/\S+\/waitlist\/[^\s?]+\?token=\S+)/.exec(mail.text);
    expect(found, mail.text).not.toBeNull();
    const url = new URL(found![1]!);
    expect(mail.link).toBe(url.toString());
    return { entryId: url.pathname.split('/').at(-1)!, token: url.searchParams.get('token')! };
  };

  it('keeps the draft she left; a draft the contract refuses is a 400', async () => {
    await seedBookingData(t.db);
    expect((await join(entry('anna@example.it', { draft: DRAFT }))).status).toBe(200);
    const [row] = await t.db.select().from(waitlist);
    expect(row!.draft).toMatchObject({ version: 1, draft: { hair: 'long', category: 'hair', date: WEDNESDAY } });
    const wrongVersion = await join(entry('anna@example.it', { draft: { ...DRAFT, version: 2 } }));
    expect(wrongVersion.status).toBe(400);
    expect(errorOf(wrongVersion)).toBe(MESSAGES.invalidValue);
    const wrongDate = await join(
      entry('anna@example.it', { draft: { ...DRAFT, draft: { ...DRAFT.draft, date: '2026-02-30' } } }),
    );
    expect(wrongDate.status).toBe(400);
    expect(errorOf(wrongDate)).toBe(MESSAGES.invalidDate);
    // Joining again without one forgets it.
    expect((await join(entry('anna@example.it'))).status).toBe(200);
    const [again] = await t.db.select().from(waitlist);
    expect(again!.draft).toBeNull();
  });

  it('the offer e-mail’s link gives back the day and her draft, to her entry only, until the end of that day', async () => {
    await seedBookingData(t.db);
    const { id, bearer } = await booked();
    await join(entry('prima@example.it', { draft: DRAFT }));
    t.clock.advance(1000);
    await join(entry('seconda@example.it'));
    expect((await call(t.app(), 'POST', `/appointments/${id}/cancel`, { token: bearer })).status).toBe(200);
    await outboxRound();
    const [first, second] = offers();
    expect(first!.to).toBe('prima@example.it');
    expect(first!.text).not.toContain('/booking/location');
    const mine = offerLinkIn(first!);
    const hers = offerLinkIn(second!);
    const [row] = await t.db.select().from(waitlist).where(eq(waitlist.email, 'prima@example.it'));
    expect(mine.entryId).toBe(row!.id);
    // Only the token's sha256 is stored.
    expect(row!.offerTokenHash).toBe(sha256(mine.token));

    const reply = await openOffer(mine.entryId, mine.token);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const offer = v.parse(waitlistOfferCall.response, dataOf(reply));
    expect(offer.date).toBe(WEDNESDAY);
    expect(offer.draft).toMatchObject({
      version: SAVED_DRAFT_VERSION,
      draft: { location: TORINO, hair: 'long', category: 'hair', date: WEDNESDAY, participants: 'default' },
      services: null,
    });
    expect(v.parse(waitlistOfferCall.response, dataOf(await openOffer(hers.entryId, hers.token)))).toEqual({
      date: WEDNESDAY,
      draft: null,
    });

    // A wrong token, another entry's token, an id that is no entry: the same 404.
    for (const refused of [
      await openOffer(mine.entryId, 'indovinato'),
      await openOffer(mine.entryId, hers.token),
      await openOffer('0b6a3c1e-5d2f-4a8b-9c7d-1e2f3a4b5c6d', mine.token),
      await openOffer('non-un-id', mine.token),
    ]) {
      expect(refused.status).toBe(404);
      expect(errorOf(refused)).toBe(API_MESSAGES.invalidLink);
    }
    const missing = await openOffer(mine.entryId);
    expect(missing.status).toBe(400);
    expect(errorOf(missing)).toBe(MESSAGES.required);

    // Valid until the end of Wednesday in Rome (23:00 UTC in March), then no more.
    t.clock.set('2026-03-04T22:59:59.999Z');
    expect((await openOffer(mine.entryId, mine.token)).status).toBe(200);
    t.clock.set('2026-03-04T23:00:00.000Z');
    const expired = await openOffer(mine.entryId, mine.token);
    expect(expired.status).toBe(404);
    expect(errorOf(expired)).toBe(API_MESSAGES.invalidLink);
  });
});

import * as v from 'valibot';
import { expect, it } from 'vitest';
import { createBookingCall } from '../../../contract/calls';
import { users } from '../../../server/db/schema/accounts';
import { API_MESSAGES } from '../../../server/http/messages';
import { eq } from 'drizzle-orm';
import { describeEachDb } from '../helpers/databases';
import { call, createUser, dataOf, errorOf, PASSWORD, tokenFor } from '../helpers/fixtures';
import { TEST_APP_URL } from '../helpers/test-app';
import { bookingPayload, seedBookingData } from './booking-fixtures';

type Stored = v.InferOutput<typeof createBookingCall.response>;
type MeNext = { nextBookings: { services: { name: string }[] }[] };

/**
 * A booking made by someone who is not signed in, with the e-mail of an account that already
 * exists, must neither open that account to the visitor nor put the booking into it before the
 * account's owner says so from her mailbox (issue: account takeover of guest customers).
 */
describeEachDb('bookings with the e-mail of an existing account', (t) => {
  const store = (body: Record<string, unknown>) => call(t.app(), 'POST', '/bookings/store', { body });
  const stored = (reply: Awaited<ReturnType<typeof store>>): Stored => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return v.parse(createBookingCall.response, dataOf(reply));
  };
  const nextBookings = async (token: string) =>
    dataOf<MeNext>(await call(t.app(), 'GET', '/me/next', { token })).nextBookings;
  const tokenIn = (link: string) => new URL(link).searchParams.get('token')!;

  it('gives a visitor no token for a guest customer’s account, and her mailbox the link to complete it', async () => {
    await seedBookingData(t.db);
    // Sara booked once as a guest: her account exists, with no password yet, and her phone.
    const sara = await createUser(t.db, { email: 'sara@example.it', password: null, phoneNumber: '+393330001111' });

    const reply = stored(await store(bookingPayload({ email: 'sara@example.it', phoneNumber: '+393479998888' })));
    expect(reply.signupToken).toBeUndefined();
    expect(reply.redirectUrl).toBe(`${TEST_APP_URL}/login`);
    // Nothing in the reply completes her account.
    const attempt = await call(t.app(), 'POST', '/complete-signup', {
      body: { signupToken: 'x'.repeat(43), password: 'Presa-in-ostaggio-1' },
    });
    expect(attempt.status).toBe(400);
    // Her own details are not overwritten by the visitor's.
    const [row] = await t.db.select().from(users).where(eq(users.id, sara.id));
    expect(row!.phoneNumber).toBe('+393330001111');
    expect(row!.passwordHash).toBeNull();

    // The link went to her mailbox; with it she completes her account and sees the booking.
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('sara@example.it');
    expect(mail.text).toContain('Completa il tuo account');
    expect(mail.text).toContain('Se non sei stata tu, ignora questa email.');
    expect(mail.link).toMatch(new RegExp(`^${TEST_APP_URL}/reset-password\\?token=.+&email=sara%40example.it$`));
    const completed = await call(t.app(), 'POST', '/complete-signup', {
      body: { signupToken: tokenIn(mail.link!), password: 'Mia-password-2026' },
    });
    expect(completed.status).toBe(200);
    const { token } = dataOf<{ token: string }>(completed);
    expect(await nextBookings(token)).toHaveLength(1);
  });

  it('keeps a visitor’s booking out of a registered customer’s area until she confirms it from her mailbox', async () => {
    await seedBookingData(t.db);
    const anna = await createUser(t.db, { email: 'anna@example.it' });
    const session = await tokenFor(t.db, anna, t.clock.now());

    const reply = stored(await store(bookingPayload({ email: 'anna@example.it' })));
    expect(reply.signupToken).toBeUndefined();
    expect(reply.redirectUrl).toBe(`${TEST_APP_URL}/login`);

    // Not in her area, not in her professional filter.
    expect(await nextBookings(session)).toEqual([]);
    const providers = dataOf<{ providers: unknown[] }>(
      await call(t.app(), 'GET', `/users/${anna.id}/providers`, { token: session }),
    );
    expect(providers.providers).toEqual([]);

    // The confirmation link signs her in once and brings the booking into her account.
    const mail = t.mailer.sent[0]!;
    expect(mail.text).toContain('Conferma la prenotazione');
    expect(mail.link).toMatch(new RegExp(`^${TEST_APP_URL}/login\\?token=`));
    const claimed = await call(t.app(), 'POST', '/login/token', { body: { token: tokenIn(mail.link!) } });
    expect(claimed.status).toBe(200);
    expect(dataOf<{ user: { email: string } }>(claimed).user.email).toBe('anna@example.it');
    expect(await nextBookings(session)).toHaveLength(1);

    // Single use.
    const again = await call(t.app(), 'POST', '/login/token', { body: { token: tokenIn(mail.link!) } });
    expect(again.status).toBe(401);
    expect(errorOf(again)).toBe(API_MESSAGES.invalidLink);
  });

  it('still hands a brand-new customer her completion token (the account is made from what she typed)', async () => {
    await seedBookingData(t.db);
    const reply = stored(await store(bookingPayload({ email: 'nuova@example.it' })));
    expect(typeof reply.signupToken).toBe('string');
    const completed = await call(t.app(), 'POST', '/complete-signup', {
      body: { signupToken: reply.signupToken, password: PASSWORD },
    });
    expect(completed.status).toBe(200);
    expect(await nextBookings(dataOf<{ token: string }>(completed).token)).toHaveLength(1);
  });

  it('lets a signed-in customer book for herself at once', async () => {
    await seedBookingData(t.db);
    const anna = await createUser(t.db, { email: 'anna@example.it' });
    const session = await tokenFor(t.db, anna, t.clock.now());
    const reply = await call(t.app(), 'POST', '/bookings/store', { body: bookingPayload(), token: session });
    expect(reply.status).toBe(201);
    expect(await nextBookings(session)).toHaveLength(1);
  });
});

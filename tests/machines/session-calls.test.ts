/**
 * What the session sends to the server, and what it keeps after an answer (SPEC §2, §4, §6 and
 * issue 16): the generated paths answer every call whatever it carries, so these tests read the
 * calls' inputs on the real root machine.
 */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../machines/app/context';
import { pathOf, routeEvent } from '../../machines/app/routing';
import { TODAY, USER, VALID_PROFILE_FORM } from '../../machines/testing/fixtures';
import { createHarness, type Harness } from './harness';

const context = (h: Harness) => h.actor.getSnapshot().context as AppContext;
const sent = (h: Harness, src: string) => h.pending.find((call) => call.src === src)?.input;

describe('the session forms send what the person typed, without the spaces around the e-mail', () => {
  it('LOGIN', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/login'));
    await h.send({ type: 'session.login', email: '  anna@example.it ', password: ' Segreta1! ' });
    expect(sent(h, 'login')).toEqual({ email: 'anna@example.it', password: ' Segreta1! ' });
    await h.settle('login', 'ok');
    // Signed in: the credential is stored and the profile kept (SPEC §4).
    expect(context(h)).toMatchObject({ hasCredential: true, user: USER });
  });

  it('INVIA EMAIL', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/ask-reset-password'));
    await h.send({ type: 'session.askReset', email: ' anna@example.it  ' });
    expect(sent(h, 'askResetPassword')).toEqual({ email: 'anna@example.it' });
  });
});

describe("an e-mail link's token goes to the server", () => {
  it('/login?token= logs in with it; a refused one is forgotten', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/login', '?token=tok-1'));
    expect(sent(h, 'loginWithToken')).toEqual({ token: 'tok-1' });
    await h.settle('loginWithToken', 'failed');
    expect(pathOf(h.actor.getSnapshot())).toBe('/login');
    expect(context(h)).toMatchObject({ token: null, tokenEmail: null, user: null, hasCredential: false });
  });

  it('/reset-password checks it, then CREA ACCOUNT sends it with the names trimmed', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/reset-password', '?token=tok-2&email=altra%40example.it'));
    expect(sent(h, 'checkSignupToken')).toEqual({ token: 'tok-2' });
    expect(context(h).tokenEmail).toBe('altra@example.it');
    await h.settle('checkSignupToken', 'requireName');
    // The form shows the e-mail the server knows the link by.
    expect(context(h).tokenEmail).toBe('anna@example.it');
    await h.send({ type: 'session.completeSignup', firstName: ' Anna ', lastName: ' Rossi', password: 'Segreta1!' });
    expect(sent(h, 'completeSignup')).toEqual({
      token: 'tok-2',
      password: 'Segreta1!',
      firstName: 'Anna',
      lastName: 'Rossi',
    });
  });

  it('without a name to ask, CREA ACCOUNT sends none', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/reset-password', '?token=tok-3&email=anna%40example.it'));
    await h.answer('checkSignupToken', { email: 'anna@example.it', requireName: false });
    await h.send({ type: 'session.completeSignup', password: 'Segreta1!' });
    expect(sent(h, 'completeSignup')).toEqual({ token: 'tok-3', password: 'Segreta1!', firstName: '', lastName: '' });
  });
});

describe("issue 16's links read what their URL names", () => {
  it("an appointment's manage link loads that appointment with its token", async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/appointments/b-7', '?token=m-1'));
    expect(sent(h, 'loadAppointment')).toEqual({ key: { id: 'b-7', token: 'm-1' } });
  });

  it("moving it asks for that appointment, with the customer's id", async () => {
    const h = createHarness({ today: TODAY, hasCredential: true });
    await h.send(routeEvent('/appointments/b-7/reschedule'));
    await h.settle('loadProfile', 'ok');
    const move = h.child('reschedule')?.getSnapshot().context as { userId: string | null; key: unknown } | undefined;
    expect(move).toMatchObject({ userId: USER.id, key: { id: 'b-7', token: null } });
  });

  it("a waitlist offer's link reads that entry with its token", async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/waitlist/w-9', '?token=o-1'));
    expect(sent(h, 'loadWaitlistOffer')).toEqual({ entryId: 'w-9', token: 'o-1' });
    // The link's screen: the shell keeps its token in the URL while it is shown (src/shell/route-sync.ts).
    expect(context(h).screen).toBe('waitlistOffer');
  });

  it('an appointment asked for while the profile loads is the one opened', async () => {
    const h = createHarness({ today: TODAY, hasCredential: true });
    await h.send(routeEvent('/booking/location'));
    await h.send(routeEvent('/appointments/b-8'));
    await h.settle('loadProfile', 'ok');
    expect(pathOf(h.actor.getSnapshot())).toBe('/appointments/b-8');
    expect(sent(h, 'loadAppointment')).toEqual({ key: { id: 'b-8', token: null } });
  });
});

describe('the profile (SPEC §4)', () => {
  it('is kept once loaded, on every screen the URL asked for', async () => {
    for (const url of ['/', '/booking/location', '/pagina-inesistente', '/appointments/b-1', '/waitlist/w-1']) {
      const h = createHarness({ today: TODAY, hasCredential: true });
      await h.send(routeEvent(url, url.startsWith('/waitlist') ? '?token=o-1' : ''));
      await h.settle('loadProfile', 'ok');
      expect(context(h).user, url).toEqual(USER);
    }
  });

  it('a failed load forgets the stored credential', async () => {
    const h = createHarness({ today: TODAY, hasCredential: true });
    await h.send(routeEvent('/'));
    await h.settle('loadProfile', 'failed');
    expect(context(h)).toMatchObject({ user: null, hasCredential: false });
  });
});

describe('the profile dialog (SPEC §2 /: the address with an edit button)', () => {
  it("opens on the customer's own id and address", async () => {
    const h = createHarness({ today: TODAY, hasCredential: true });
    await h.send(routeEvent('/'));
    await h.settle('loadProfile', 'ok');
    const dialog = h.child('profileDialog')?.getSnapshot().context as { userId: string; location: unknown };
    expect(dialog).toMatchObject({ userId: USER.id, location: USER.location });
  });

  it('SALVA keeps the profile the server answered with', async () => {
    const h = createHarness({ today: TODAY, hasCredential: true });
    await h.send(routeEvent('/'));
    await h.settle('loadProfile', 'ok');
    await h.send({ type: 'profile.open' });
    await h.send({ type: 'profile.submit', form: VALID_PROFILE_FORM });
    await h.answer('updateProfile', { ...USER, firstName: 'Annalisa' });
    expect(context(h).user).toEqual({ ...USER, firstName: 'Annalisa' });
  });
});

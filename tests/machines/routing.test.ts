/**
 * The URLs a person types or follows (SPEC §2 routes, issue 16's links), read the way the router
 * reports them: trailing slashes, paths that only contain a route, links without their token,
 * escapes that do not decode.
 */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../machines/app/context';
import { completeSignupErrors } from '../../machines/app/guards';
import {
  appointmentKeyOf,
  resolveStep,
  routeEvent,
  screenOf,
  searchKept,
  stepOfPath,
  waitlistOfferOf,
} from '../../machines/app/routing';
import { createDraft } from '../../machines/shared/draft';
import { MESSAGES } from '../../contract/messages';
import { TODAY } from '../../machines/testing/fixtures';

describe('a URL with trailing slashes is the same URL', () => {
  it.each([
    ['/login/', 'login'],
    ['/ask-reset-password//', 'askResetPassword'],
    ['/booking/hair/service/', 'booking'],
    ['/appointments/b-1/', 'appointment'],
    ['/', 'home'],
  ] as const)('%s → %s', (path, screen) => {
    expect(screenOf(path)).toBe(screen);
  });

  it('names the same step', () => {
    expect(stepOfPath('/booking/hair/service/')).toBe('hair-service');
    expect(stepOfPath('/booking/make-up/data//')).toBe('make-up-data');
  });
});

describe('the booking start', () => {
  it('/booking alone is the first step', () => {
    expect(stepOfPath('/booking')).toBe('location');
    expect(stepOfPath('/booking/')).toBe('location');
    expect(screenOf('/booking')).toBe('booking');
  });

  it('a URL that names no step resolves to none, whatever the draft', () => {
    expect(resolveStep(createDraft(TODAY), null, '/login')).toBeNull();
    expect(resolveStep(createDraft(TODAY), null, '/booking/hair/details')).toBeNull();
  });
});

describe("issue 16's links are whole paths", () => {
  it.each([
    '/appointments/b-1/altro',
    '/x/appointments/b-1',
    '/appointments/b-1/reschedule/altro',
    '/waitlist/w-1/altro',
    '/x/waitlist/w-1',
  ])('%s is no page', (path) => {
    expect(screenOf(path, '?token=t')).toBe('notFound');
    expect(appointmentKeyOf(path, '?token=t')).toBeNull();
    expect(waitlistOfferOf(path, '?token=t')).toBeNull();
  });

  it("reads an appointment's id (decoded) and its link's token", () => {
    expect(appointmentKeyOf('/appointments/b%201', '?token=t-1')).toEqual({ id: 'b 1', token: 't-1' });
    expect(appointmentKeyOf('/appointments/b-1/reschedule')).toEqual({ id: 'b-1', token: null });
    expect(appointmentKeyOf('/appointments/b-1', '?token=')).toEqual({ id: 'b-1', token: null });
    expect(screenOf('/appointments/b-1/reschedule')).toBe('appointmentReschedule');
    // Issue 27: a declined request's 'Prenota di nuovo' names its appointment too.
    expect(screenOf('/appointments/b-1/rebook', '?token=t-1')).toBe('appointmentRebook');
    expect(appointmentKeyOf('/appointments/b-1/rebook', '?token=t-1')).toEqual({ id: 'b-1', token: 't-1' });
    expect(screenOf('/appointments/b-1/rebooks')).toBe('notFound');
    // Issue 29: the invitation to rate names its appointment too.
    expect(screenOf('/appointments/b-1/rating', '?token=r-1')).toBe('appointmentRating');
    expect(screenOf('/appointments/b-1/rating/')).toBe('appointmentRating');
    expect(appointmentKeyOf('/appointments/b-1/rating', '?token=r-1')).toEqual({ id: 'b-1', token: 'r-1' });
    expect(appointmentKeyOf('/appointments/b-1/rating')).toEqual({ id: 'b-1', token: null });
    expect(screenOf('/appointments/b-1/ratings')).toBe('notFound');
  });

  it('keeps an id whose escape does not decode as it is', () => {
    expect(appointmentKeyOf('/appointments/%E0%A4%A')).toEqual({ id: '%E0%A4%A', token: null });
    expect(waitlistOfferOf('/waitlist/%E0%A4%A', '?token=t')).toEqual({ entryId: '%E0%A4%A', token: 't' });
  });

  it("reads a waitlist offer's entry and token; without a token it is no offer", () => {
    expect(waitlistOfferOf('/waitlist/w%2D1', '?token=t-2')).toEqual({ entryId: 'w-1', token: 't-2' });
    expect(waitlistOfferOf('/waitlist/w-1')).toBeNull();
    expect(waitlistOfferOf('/waitlist/w-1', '?token=')).toBeNull();
    expect(waitlistOfferOf('/booking/location', '?token=t')).toBeNull();
    expect(screenOf('/waitlist/w-1', '?token=t')).toBe('waitlistOffer');
  });
});

describe('the event a URL change sends', () => {
  it('carries the path and the query string (empty when there is none)', () => {
    expect(routeEvent('/booking/location')).toEqual({ type: 'route.changed', path: '/booking/location', search: '' });
    expect(routeEvent('/login', '?token=t')).toEqual({ type: 'route.changed', path: '/login', search: '?token=t' });
  });

  it('says when it is a reload, and only then', () => {
    expect(routeEvent('/', '', true)).toEqual({ type: 'route.changed', path: '/', search: '', reload: true });
    expect('reload' in routeEvent('/', '', false)).toBe(false);
  });
});

describe('account completion asks the name when the server requires it (SPEC §2 /reset-password)', () => {
  const context = (requireName: boolean) => ({ requireName }) as AppContext;

  it('a name left out is required', () => {
    const errors = completeSignupErrors(context(true), { type: 'session.completeSignup', password: 'Password1!' });
    expect(errors).toEqual({ firstName: MESSAGES.required, lastName: MESSAGES.required });
  });

  it('no name is asked otherwise', () => {
    expect(completeSignupErrors(context(false), { type: 'session.completeSignup', password: 'Password1!' })).toEqual(
      {},
    );
  });
});

/**
 * The query a URL keeps when the app follows the machine (the shell's route sync and the model's
 * browser read this one rule): SPEC §2 keeps the query string on the way to the booking start; an
 * e-mail link's secret (`token`, `email`, issue 16) stays only while its own screen shows on its own
 * path, and leaves the URL with it (nothing secret is left in the history or a shared link).
 */
describe('the query string a URL keeps', () => {
  it.each([
    ['loginWithToken', '/login', '?token=t1&email=a%40b.it'],
    ['loginWithToken', '/login/', '?token=t1&email=a%40b.it'],
    ['resetPassword', '/reset-password', '?token=t1&email=a%40b.it'],
    ['appointment', '/appointments/b-1', '?token=t1'],
    ['appointmentReschedule', '/appointments/b-1/reschedule', '?token=t1&ab=2'],
    ['waitlistOffer', '/waitlist/w-1', '?token=t1'],
    ['appointmentRebook', '/appointments/b-1/rebook', '?token=t1'],
    ['appointmentRating', '/appointments/b-1/rating', '?token=t1'],
  ] as const)("%s on %s keeps the link's whole query", (screen, target, search) => {
    expect(searchKept(screen, target, search)).toBe(search);
  });

  it.each([
    ['booking', '/login', 'another screen on a link path'],
    ['appointment', '/booking/location', "a link's screen going elsewhere"],
    [null, '/appointments/b-1', 'no screen yet'],
    ['appointment', '/appointments/b-1/x', 'a longer path'],
    ['appointment', '/x/appointments/b-1', 'a path that only contains one'],
    ['appointment', '/appointments/', 'no id'],
    ['appointmentReschedule', '/appointments/b-1/reschedul', 'not the reschedule path'],
    ['waitlistOffer', '/waitlist/', 'no entry'],
    ['waitlistOffer', '/waitlist/w-1/x', 'a longer waitlist path'],
    ['appointmentRating', '/appointments/b-1/ratings', 'not the rating path'],
    ['appointmentRating', '/booking/location', 'the rating screen going elsewhere'],
  ] as const)('%s on %s (%s) drops the token and the e-mail, keeps the rest', (screen, target, _why) => {
    expect(searchKept(screen, target, '?ab=2&token=t1&email=a%40b.it')).toBe('?ab=2');
  });

  it('nothing left: no question mark', () => {
    expect(searchKept('booking', '/booking/location', '?token=t1&email=a%40b.it')).toBe('');
    expect(searchKept('booking', '/booking/location', '')).toBe('');
  });

  it('a query without a secret is kept as it is on any screen', () => {
    expect(searchKept('booking', '/booking/location', '?ab=2&utm_source=mail')).toBe('?ab=2&utm_source=mail');
  });
});

/**
 * The real appointments and waitlist offer behind a generated path's fixture ids (issue 16).
 *
 * The model names an appointment `b-1` (another e-mail's `b-2`), its manage link's token `tok-m`
 * and a waitlist offer's link `/waitlist/w-1?token=tok-w` (machines/testing/fixtures.ts). In the
 * browser each path has real ones, made for it through the API before its replay and never shared:
 *
 * - `b-1`: a booking of Piega liscia at the seeded Torino address by the path's own new customer,
 *   on the Saturday of its own week (two days after the path's today, as the fixture's 'the day after
 *   tomorrow'), at 20:00, the time only Valentina Greco (who keeps her calendar: instant, 'Confermato';
 *   she also works the path's Thursday and Friday, the days its moves look at) can take. Its manage
 *   token is the one of the confirmation e-mail's 'Gestisci appuntamento' link, read from the outbox.
 *   A path whose first answer for it is `late` gets one less than 24 hours ahead instead (the API's
 *   today, 1 December, the first instant time); a path that keeps her professional and picks a time
 *   to be confirmed gets one with Martina Rinaldi (07:30, the only one working then: her times all
 *   wait for her confirmation), which she then accepts through the professionals' API (issue 27); a
 *   path whose first answer is `offered` gets the same request, answered by her with another of her
 *   free times of that day.
 * - `b-2`: a booking of a second new customer, with its own link: Piega liscia at 20:00 on the path's
 *   Friday, which only Valentina Greco can take (Sara Costa stops at 20:00; b-1's 20:00 is Saturday's),
 *   so that a move of it that keeps her professional finds times on the path's Thursday too (the
 *   first instant time of Saturday went to Sara Costa, who works Friday to Sunday only: a generated
 *   path asking b-2's times of today with her kept found none).
 * - A path with a session that opens an appointment signs in as b-1's customer (her account
 *   completed through the booking's signup token): `/appointments/b-1` without a token is hers.
 * - `w-1`: her entry on the waitlist of the path's Friday (the model's 'tomorrow', with the wizard's
 *   draft of that day, or none when the path's first answer is `noDraft`), a booking of that day made
 *   and cancelled by someone else, and the link of the offer's e-mail.
 *
 * Where the model asks of that one real booking what it cannot give on demand, the answer is
 * forced from the real one (`RealLinks.overrides`, each with its reason).
 */
import { createInitialDraft } from '../../contract/booking';
import type { Location } from '../../contract/location';
import type { Service, ServiceList } from '../../contract/service';
import type { AvailableTime } from '../../contract/slot';
import { SAVED_DRAFT_VERSION, type SavedDraft } from '../../contract/draft';
import { PATH_INPUTS, type GeneratedPath } from '../../machines/paths';
import { APPOINTMENT_ID, MANAGE_TOKEN, SERVICES, WAITLIST_ENTRY } from '../../machines/testing/fixtures';
import { REQUEST, SALOTTO } from '../../machines/testing/pro-fixtures';
import { initialSystem, step, type SystemSnapshot } from '../../machines/testing/system';
import { askSalotto, call, data, torinoAddress } from '../support/api';
import { API_URL, DEMO, PRO_MARTINA } from '../support/app';
import { E2E_NOW } from '../support/clock';
import { linkIn, waitForMail } from '../support/outbox';
import { realServiceName } from './catalogue';
import { appointmentOf, envelopeData, withData, type Answer, type Json, type Obtain } from './answers';

/** What a path asks of the real world, read from its events replayed on the model. */
export interface LinkNeeds {
  /** The fixture appointment ids its URLs name, and whether one of them carries the manage token. */
  appointments: Map<string, { token: boolean }>;
  /**
   * How b-1 is made: more than 24 hours ahead, less, with a professional whose times wait for her
   * (confirmed by her), or (issue 27) asked of her and answered with another time offered.
   */
  first: 'ahead' | 'late' | 'keptToConfirm' | 'offered';
  /** A session opens b-1 without its token: b-1's customer is the one signed in. */
  ownSession: boolean;
  /** The waitlist link: its entry with the draft, without, a link that never worked (only refused), or none. */
  offer: 'draft' | 'noDraft' | 'refused' | null;
  /**
   * Issue 27: the professionals' side. `request`: a request waiting for Martina (its URL named, or
   * her lists read); `salotto`: a salotto waiting for the team (its URL named).
   */
  pro: { request: boolean; salotto: boolean };
}

const APPOINTMENT_URL = /^\/appointments\/([^/]+)(\/reschedule|\/rebook)?$/;
const PRO_REQUEST_URL = /^\/pro\/requests\/([^/]+)$/;
const WAITLIST_URL = /^\/waitlist\/([^/]+)$/;

/** The real bookings and links a path needs (none for most paths, which open no issue-16 link). */
export function linkNeeds(path: GeneratedPath): LinkNeeds {
  const appointments = new Map<string, { token: boolean }>();
  let first: LinkNeeds['first'] | null = null;
  let keptToConfirm = false;
  let offer: LinkNeeds['offer'] = null;
  let signedIn = path.input === 'customer';
  const pro = { request: false, salotto: false };
  let sys: SystemSnapshot = initialSystem(PATH_INPUTS[path.input]);
  for (const { event } of path.steps) {
    if (event.type === 'route.changed') {
      const appointment = APPOINTMENT_URL.exec(event.path);
      if (appointment) {
        const known = appointments.get(appointment[1]!) ?? { token: false };
        const token = new URLSearchParams(event.search ?? '').get('token') !== null;
        appointments.set(appointment[1]!, { token: known.token || token });
      }
      if (WAITLIST_URL.test(event.path)) offer ??= 'refused';
      const request = PRO_REQUEST_URL.exec(event.path)?.[1];
      if (request === REQUEST.id) pro.request = true;
      if (request === SALOTTO.id) pro.salotto = true;
    }
    if (event.type === 'effect.settle') {
      const effect = sys.effects.find((candidate) => candidate.src === event.src);
      const key = (effect?.input as { key?: { id: string } } | undefined)?.key;
      if (event.src === 'loadAppointment' && key?.id === APPOINTMENT_ID && first === null)
        first =
          event.outcome === 'late'
            ? 'late'
            : event.outcome === 'ok'
              ? 'ahead'
              : event.outcome === 'offered'
                ? 'offered'
                : null;
      if (event.src === 'loadWaitlistOffer' && event.outcome !== 'failed' && offer === 'refused')
        offer = event.outcome === 'noDraft' ? 'noDraft' : 'draft';
      if (['loginWithToken', 'completeSignup'].includes(event.src) && event.outcome === 'ok') signedIn = true;
      if (['loadProAgenda', 'loadProRequests'].includes(event.src) && event.outcome === 'ok') pro.request = true;
    }
    // Her professional kept (the move's default) and a time to be confirmed picked: her times wait for her.
    if (event.type === 'reschedule.time' && !event.availableTime.instantBooking) {
      const move = sys.kids.reschedule?.snapshot.context as { keepProfessional?: boolean } | undefined;
      if (move?.keepProfessional) keptToConfirm = true;
    }
    sys = step(sys, event);
  }
  if (keptToConfirm && (first === 'late' || first === 'offered'))
    throw new Error(`${path.name}: a ${first} appointment is not moved keeping her professional`);
  return {
    appointments,
    first: keptToConfirm ? 'keptToConfirm' : (first ?? 'ahead'),
    ownSession: signedIn && appointments.size > 0,
    offer,
    pro,
  };
}

/** Whether the path opens any issue-16 link or a request (and so needs real bookings before its replay). */
export const needsLinks = (needs: LinkNeeds) =>
  needs.appointments.size > 0 || needs.offer !== null || needs.pro.request || needs.pro.salotto;

/** Once per worker: the seeded address the paths pick, and its hair list. */
interface Catalogue {
  location: Location;
  hairList: ServiceList;
  piega: Service;
}
let catalogue: Promise<Catalogue> | null = null;

async function loadCatalogue(): Promise<Catalogue> {
  const location = await torinoAddress();
  const { lat, lng } = location.coordinates;
  const { services: hairList } = await data<{ services: ServiceList }>(
    'GET',
    `/services/list/v2?category=hair&hairLength=long&lat=${lat}&lng=${lng}`,
  );
  const name = realServiceName('hair', SERVICES.piega);
  const piega = hairList.mainServices?.sections
    .flatMap((section) => section.items.flatMap((item) => item.services))
    .find((service) => service.name === name);
  if (!piega) throw new Error(`no '${name}' in the real hair list`);
  return { location, hairList, piega };
}

/** Once per worker: the professional the demo customer met (the filter of the draft on the waitlist). */
let demoProfessional: Promise<string> | null = null;

async function loadDemoProfessional(): Promise<string> {
  const session = await data<{ token: string; user: { id: string } }>('POST', '/login', {
    email: DEMO.email,
    password: DEMO.password,
  });
  const { providers } = await data<{ providers: { _id: string }[] }>(
    'GET',
    `/users/${session.user.id}/providers`,
    undefined,
    session.token,
  );
  return providers[0]!._id;
}

/**
 * The first link to `pathname` in the newest e-mail to `to` since `since`: read again until it has
 * one (the outbox writes a message in more than one go, and a read may find it half written).
 */
async function linkTo(to: string, since: number, pathname: RegExp, timeoutMs = 10_000): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = await waitForMail(to, since, Math.max(deadline - Date.now(), 1));
    try {
      return new URL(linkIn(message, pathname), API_URL);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

interface Booked {
  id: string;
  signupToken: string | null;
  /** The manage link's token, from the confirmation e-mail. */
  token: string;
  professionalName: string | null;
}

/**
 * Books Piega liscia for `email` on `date` at the first of `pick`'s times still free (another
 * worker may take one meanwhile: 409, the next one), and reads its manage link from the e-mail.
 */
async function book(
  email: string,
  date: string,
  pick: (times: AvailableTime[]) => AvailableTime[],
  expectedProfessional?: string,
): Promise<Booked> {
  const { location, piega } = await (catalogue ??= loadCatalogue());
  const { availableTimes } = await data<{ availableTimes: AvailableTime[] }>('POST', '/bookings/available-times', {
    bookingLocation: location,
    services: [piega.id],
    startDate: date,
    hairLength: 'long',
  });
  const candidates = pick(availableTimes);
  for (const time of candidates) {
    const since = Date.now();
    const reply = await call('POST', '/bookings/store', {
      firstName: 'Anna',
      lastName: 'Rossi',
      email,
      phoneNumber: '+39 333 123 4567',
      location,
      services: [piega.id],
      startDate: date,
      startTime: time.startTime,
      hairLength: 'long',
      doorbellName: 'Rossi',
      fitToPlead: true,
    });
    if (reply.status === 409) continue;
    const booking = envelopeData(reply.body) as { signupToken?: string | null; booking?: { _id: string } } | undefined;
    if (!booking?.booking) throw new Error(`booking ${date} ${time.startTime}: ${JSON.stringify(reply.body)}`);
    const link = await linkTo(email, since, /\/appointments\/[^?]+/);
    const token = link.searchParams.get('token');
    const id = decodeURIComponent(link.pathname.split('/')[2] ?? '');
    if (!token || id !== booking.booking._id) throw new Error(`no manage link for booking ${booking.booking._id}`);
    const { appointment } = await data<{ appointment: { professionalName: string | null } }>(
      'GET',
      `/appointments/${id}?token=${encodeURIComponent(token)}`,
    );
    if (expectedProfessional && appointment.professionalName !== expectedProfessional)
      throw new Error(
        `booking ${date} ${time.startTime} went to ${appointment.professionalName}, not ${expectedProfessional}`,
      );
    return { id, signupToken: booking.signupToken ?? null, token, professionalName: appointment.professionalName };
  }
  throw new Error(
    `no time left to book on ${date} (${availableTimes.map((t) => `${t.startTime}${t.instantBooking ? '' : '*'}`).join(' ')})`,
  );
}

const instant = (times: AvailableTime[]) => times.filter((time) => time.instantBooking);
const toConfirm = (times: AvailableTime[]) => times.filter((time) => !time.instantBooking);

/** Once per worker: Martina Rinaldi's session (issue 27: she answers the requests of her times). */
let martina: Promise<string> | null = null;

const martinaToken = async (): Promise<string> =>
  (martina ??= data<{ token: string }>('POST', '/login', PRO_MARTINA).then((session) => session.token));

/**
 * Martina's 07:30 on the path's Saturday, answered by her as the path needs it: accepted (her own
 * confirmation, through the professionals' API), another of her free times of that day offered, or
 * left waiting for her (issue 27: the request the professionals' paths open).
 */
async function bookMartina(email: string, saturday: string, answer: 'accept' | 'offer' | 'none'): Promise<Booked> {
  // 07:30 on a Saturday: Martina Rinaldi alone (the others start at 08:00 or later).
  const booked = await book(
    email,
    saturday,
    (times) => toConfirm(times).filter((t) => t.startTime === '07:30'),
    'Martina Rinaldi',
  );
  if (answer === 'none') return booked;
  const bearer = await martinaToken();
  const request = `/pro/requests/${encodeURIComponent(booked.id)}`;
  if (answer === 'accept') {
    await data('POST', `${request}/accept`, undefined, bearer);
    return booked;
  }
  const { availableTimes } = await data<{ availableTimes: AvailableTime[] }>(
    'POST',
    `${request}/available-times`,
    { startDate: saturday },
    bearer,
  );
  const other = availableTimes.find((time) => time.startTime !== '07:30');
  if (!other) throw new Error(`Martina has no other time to offer on ${saturday}`);
  await data('POST', `${request}/offer`, { startDate: saturday, startTime: other.startTime }, bearer);
  return booked;
}

/** b-1 as the path needs it (LinkNeeds.first). */
function bookFirst(email: string, today: string, first: LinkNeeds['first']): Promise<Booked> {
  const saturday = addDays(today, 2);
  switch (first) {
    case 'offered':
      return bookMartina(email, saturday, 'offer');
    case 'ahead':
      // 20:00 on a Saturday: Valentina Greco alone (Sara Costa stops at 20:00, Martina Rinaldi at 17:00).
      return book(email, saturday, (times) => instant(times).filter((t) => t.startTime === '20:00'), 'Valentina Greco');
    case 'keptToConfirm':
      // Confirmed by her, so that the model's confirmed appointment is the real one.
      return bookMartina(email, saturday, 'accept');
    case 'late':
      // The API's today (its clock starts at E2E_NOW): the first instant time, hours away.
      return book(email, E2E_NOW.slice(0, 10), instant);
  }
}

/** Her account completed with the booking's signup token: a real session (the /login envelope). */
async function sessionOf(booked: Booked): Promise<Json> {
  if (!booked.signupToken) throw new Error('the booking made no account to complete');
  const reply = await call('POST', '/complete-signup', {
    signupToken: booked.signupToken,
    password: 'Prenotata2026!',
    firstName: 'Anna',
    lastName: 'Rossi',
  });
  if ((reply.body.result as { success?: boolean } | undefined)?.success !== true)
    throw new Error(`complete-signup: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  return reply.body;
}

/**
 * A waitlist offer's link: `email`'s entry for `date` (with the wizard's draft of that day, or none),
 * then a booking of that day made and cancelled by `other`; the offer's e-mail (the API's outbox is
 * sent every 5 s) carries the link.
 */
async function offerLink(email: string, other: string, date: string, withDraft: boolean) {
  const { location, hairList, piega } = await (catalogue ??= loadCatalogue());
  const providerId = await (demoProfessional ??= loadDemoProfessional());
  const draft: SavedDraft = {
    version: SAVED_DRAFT_VERSION,
    draft: {
      ...createInitialDraft(),
      location,
      participants: 'default',
      category: 'hair',
      hair: 'long',
      date,
      // She was filtering by her professional when she joined (the fixture's draft): the offer is for the zone.
      providerId,
      services: { includedService: null, primaryService: piega, secondaryServices: [], services: [piega] },
    },
    services: hairList,
  };
  await data('POST', '/waitlist', {
    email,
    location,
    date,
    services: [piega.id],
    hairLength: 'long',
    draft: withDraft ? draft : null,
  });
  const freed = await book(other, date, instant);
  const since = Date.now();
  await data('POST', `/appointments/${freed.id}/cancel?token=${encodeURIComponent(freed.token)}`);
  const link = await linkTo(email, since, /\/waitlist\/[^?]+/, 20_000);
  const token = link.searchParams.get('token');
  if (!token) throw new Error('no token in the offer link');
  return { entryId: decodeURIComponent(link.pathname.split('/')[2] ?? ''), token };
}

/** The real ids, tokens and session of a path, and the URLs of the model translated to them. */
export class RealLinks {
  /** Fixture appointment id → the real booking and its manage token. */
  readonly appointments = new Map<string, { id: string; token: string }>();
  offer: { entryId: string; token: string } | null = null;
  /** Issue 27: fixture request id → the real request (Martina's, or the team's salotto) and its day. */
  readonly requests = new Map<string, { id: string; date: string }>();
  /** b-1's customer's session, when the path signs in and opens appointments. */
  session: Json | null = null;
  /** Outcomes this path's real bookings cannot give: forced from the real answer (World.overrides). */
  readonly overrides = new Map<string, Obtain>();

  /** The real pathname the model's `pathname` stands for (appointment ids translated). */
  pathname(pathname: string): string {
    const appointment = APPOINTMENT_URL.exec(pathname);
    if (appointment) {
      const real = this.appointments.get(decodeURIComponent(appointment[1]!));
      if (real) return `/appointments/${encodeURIComponent(real.id)}${appointment[2] ?? ''}`;
    }
    const offer = WAITLIST_URL.exec(pathname);
    if (offer && this.offer && decodeURIComponent(offer[1]!) === WAITLIST_ENTRY.entryId)
      return `/waitlist/${encodeURIComponent(this.offer.entryId)}`;
    const request = PRO_REQUEST_URL.exec(pathname);
    const real = request ? this.requests.get(decodeURIComponent(request[1]!)) : undefined;
    if (real) return `/pro/requests/${encodeURIComponent(real.id)}`;
    return pathname;
  }

  /** A URL of the model (path and query) as the real one: the real ids and each link's own token. */
  url(path: string, search: string): string {
    const query = new URLSearchParams(search);
    const token = query.get('token');
    const appointment = APPOINTMENT_URL.exec(path);
    if (appointment && token === MANAGE_TOKEN) {
      const real = this.appointments.get(decodeURIComponent(appointment[1]!));
      if (real) query.set('token', real.token);
    }
    if (WAITLIST_URL.test(path) && token === WAITLIST_ENTRY.token && this.offer) query.set('token', this.offer.token);
    const text = query.toString();
    return `${this.pathname(path)}${text ? `?${text}` : ''}`;
  }
}

/** The answer `real` of `src` as this path's outcome needs it, checked before it is changed. */
const reshaped =
  (src: string, what: string, holds: (data: Json) => boolean, change: (data: Json) => Json) =>
  (real: Answer | null): Answer => {
    const found = real ? (envelopeData(real.body) as Json | undefined) : undefined;
    if (!real || !found || !holds(found))
      throw new Error(`the real API answered '${src}' without ${what}: ${JSON.stringify(real?.body).slice(0, 300)}`);
    return { ...real, body: withData(real.body, change(found)) };
  };

/**
 * Makes the real bookings, accounts and waitlist offer a path needs (`today`: the path's today in
 * the page, a Thursday of its own week), for customers named after the path's `email` (its own is
 * left to its checkout and waitlist dialog): -a for b-1, -b for b-2, -w for the waitlist entry, -x
 * for the booking whose cancellation frees the day.
 */
export async function prepareLinks(needs: LinkNeeds, email: string, today: string): Promise<RealLinks> {
  const links = new RealLinks();
  const variant = (suffix: string) => email.replace('@', `-${suffix}@`);
  const first = needs.appointments.has(APPOINTMENT_ID) || needs.ownSession;
  const jobs: Promise<void>[] = [];
  if (first)
    jobs.push(
      bookFirst(variant('a'), today, needs.first).then(async (booked) => {
        links.appointments.set(APPOINTMENT_ID, booked);
        if (needs.ownSession) links.session = await sessionOf(booked);
      }),
    );
  for (const fixture of needs.appointments.keys())
    if (fixture !== APPOINTMENT_ID)
      jobs.push(
        book(
          variant('b'),
          addDays(today, 1),
          (times) => instant(times).filter((time) => time.startTime === '20:00'),
          'Valentina Greco',
        ).then((booked) => {
          links.appointments.set(fixture, booked);
        }),
      );
  if (needs.offer === 'draft' || needs.offer === 'noDraft')
    jobs.push(
      offerLink(variant('w'), variant('x'), addDays(today, 1), needs.offer === 'draft').then((offer) => {
        links.offer = offer;
      }),
    );
  if (needs.pro.request)
    jobs.push(
      bookMartina(variant('p'), addDays(today, 2), 'none').then((booked) => {
        links.requests.set(REQUEST.id, { id: booked.id, date: addDays(today, 2) });
      }),
    );
  if (needs.pro.salotto)
    jobs.push(
      // A salotto on the path's Friday or Saturday, for the team to quote.
      (async () => {
        const { location } = await (catalogue ??= loadCatalogue());
        const asker = { firstName: 'Anna', lastName: 'Rossi', phoneNumber: '+39 333 123 4567', doorbellName: 'Rossi' };
        const id = await askSalotto({ ...asker, email: variant('s') }, location, [
          addDays(today, 1),
          addDays(today, 2),
        ]);
        links.requests.set(SALOTTO.id, { id, date: addDays(today, 1) });
      })(),
    );
  if (needs.offer === 'refused')
    // A link that no longer works, and never did for this path: the shape of a real one (an entry's
    // UUID, a token), answered as the path says (its failure is forced, world.ts).
    links.offer = { entryId: crypto.randomUUID(), token: crypto.randomUUID().replace(/-/g, '') };
  await Promise.all(jobs);

  const appointment = (data: Json) => appointmentOf(data);
  if (needs.first === 'ahead')
    // The path reads b-1 again after the 24 hours ended (a cancellation refused as too late): time
    // cannot pass in a replay, so the real answer is the one of 24 hours later.
    links.overrides.set('loadAppointment:late', {
      kind: 'forced',
      answer: reshaped(
        'loadAppointment',
        'an appointment free to cancel',
        (d) => appointment(d).cancellable === true,
        (d) => ({ appointment: { ...(d.appointment as Json), cancellable: false, reschedulable: false } }),
      ),
    });
  if (needs.offer === 'draft')
    // The same link answered with her draft before in the path: an entry has one draft or none.
    links.overrides.set('loadWaitlistOffer:noDraft', {
      kind: 'forced',
      answer: reshaped(
        'loadWaitlistOffer',
        'the freed day',
        (d) => typeof d.date === 'string',
        (d) => ({ ...d, draft: null }),
      ),
    });
  return links;
}

/**
 * What a person sees of the app, as the oracle's `Observation`: read from the running app actor
 * (tests replaying a path) or from the pure system model (every step the model explored). The URL
 * comes through the app's own routing helper, as the router shows it; the oracle (oracle.ts) judges
 * the observation from SPEC.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { Appointment } from '../../contract/appointment';
import type { AppContext } from '../../machines/app/context';
import { pathOf } from '../../machines/app/routing';
import { OUTCOMES } from '../../machines/testing/fixtures';
import { currentEntry } from '../../machines/testing/browser';
import type { SystemEvent, SystemSnapshot } from '../../machines/testing/system';
import { ownerLocation, type AddressFieldId, type PersonMemory } from '../../machines/testing/person';
import type { Harness } from '../machines/harness';
import type { AddressField, Answer, Observation, SessionPhase } from './oracle';
import type { ProTeamBoardContext } from '../../machines/pro/team-board';

const flatten = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, child]) => flatten(child).map((rest) => `${key}.${rest}`))
      : [];

interface Parts {
  root: AnyMachineSnapshot;
  /** An active child's snapshot, by id. */
  kid: (id: string) => AnyMachineSnapshot | undefined;
  /** The calls pending, with what each sends. */
  pending: { src: string; input: unknown }[];
  effects: { type: string; params: unknown }[];
  /** Page loads in the tab so far (machines/testing/browser.ts). */
  pageLoads: number;
  /** The path in the browser's address bar (machines/testing/browser.ts), null before the first URL. */
  addressBar: string | null;
  /** The URL the page was loaded at, before any redirect (machines/testing/browser.ts). */
  loadedAt: string | null;
  /** What she remembers of the address fields (machines/testing/person.ts). */
  person: PersonMemory;
}

function observeParts({ root, kid, pending, effects, pageLoads, addressBar, loadedAt, person }: Parts): Observation {
  const calls = pending.map((call) => call.src);
  const quote = pending.find((call) => call.src === 'quoteSalotto')?.input as { team?: unknown[] } | undefined;
  const context = root.context as AppContext;
  const value = root.value as { session: unknown; wizard: unknown };
  const session = flatten(value.session)[0] ?? '';
  const wizard = flatten(value.wizard)[0] ?? '';
  const phase = session.split('.')[0] as SessionPhase;
  const form = session.split('.');
  const sessionForm =
    phase === 'signedOut' && ['login', 'askResetPassword', 'resetPassword'].includes(form[1] ?? '')
      ? (form[2] ?? null)
      : null;
  const metas = Object.values(root.getMeta()) as { title?: string }[];
  const slots = kid('slots');
  const coupon = kid('coupon');
  const checkout = kid('checkoutSubmission');
  const profile = kid('profileDialog');
  const picker = kid('addressPicker');
  const profilePicker = kid('profileAddress');
  const profileLocation = profile ? (profile.context as { location: AppContext['draft']['location'] }).location : null;
  const manage = kid('appointment');
  const move = kid('reschedule');
  const moveSlots = kid('moveSlots');
  const waitlist = kid('waitlist');
  const shown = manage ? (manage.matches('failed') ? 'failed' : manage.matches('ready') ? 'ready' : 'loading') : null;
  const appointment = manage ? (manage.context as { appointment: Appointment | null }).appointment : null;
  const serviceState = wizard.match(/service\.(loading|ready|failed)$/)?.[1] as Observation['serviceList'] | undefined;
  return {
    phase,
    screen: context.screen,
    url: pathOf(root),
    title: metas.find((meta) => meta.title)?.title ?? null,
    today: context.today,
    pageLoads,
    addressBar,
    loadedAt,
    signedIn: context.user !== null,
    step: context.step,
    draft: context.draft,
    services: context.services,
    serviceList: serviceState ?? null,
    notice: context.notice ? { id: context.notice.id, message: context.notice.message } : null,
    errors: context.errors,
    sessionForm,
    dialogs: {
      outOfZone: kid('outOfZone') !== undefined,
      confirmation: kid('confirmation') !== undefined,
      providerFilter: slots?.matches({ filter: 'open' }) === true,
      profile: profile !== undefined && profile.value !== 'closed',
      resetConfirmation: session === 'signedOut.askResetPassword.confirming',
      cancelAppointment:
        manage?.matches({ ready: 'confirmingCancel' }) === true || manage?.matches({ ready: 'cancelling' }) === true,
      declineOffer:
        manage?.matches({ ready: 'confirmingDeclineOffer' }) === true ||
        manage?.matches({ ready: 'decliningOffer' }) === true,
      waitlist: waitlist !== undefined,
      declineRequest: kid('proRequest')?.matches({ ready: 'declining' }) === true,
    },
    upsellOpen: kid('upsell')?.matches('open') === true,
    slots: slots
      ? {
          shown: (slots.value as { times: NonNullable<Observation['slots']>['shown'] }).times,
          choice: (slots.context as { choice: string | null }).choice,
        }
      : null,
    coupon: coupon
      ? {
          state: String(coupon.value),
          error: (coupon.context as { error: string | null }).error,
          code: (coupon.context as { code: string }).code,
        }
      : null,
    checkout: checkout
      ? { errors: Object.keys((checkout.context as { errors: Record<string, string> }).errors) }
      : null,
    profileErrors: profile ? Object.keys((profile.context as { errors: Record<string, string> }).errors) : [],
    profileAddress: profile
      ? {
          picked: profileLocation !== null,
          houseNumber: (profileLocation?.components.streetNumber ?? '').trim() !== '',
          lookingUp: profilePicker?.hasTag('busy') === true,
        }
      : null,
    addressPicker: picker ? flatten(picker.value).join(',') : null,
    addressFields: {
      location: fieldObservation('addressPicker', { root, kid }, pending, person),
      profile: fieldObservation('profileAddress', { root, kid }, pending, person),
    },
    appointment:
      manage && context.appointment && shown
        ? {
            id: context.appointment.id,
            byLink: context.appointment.token !== null,
            shown,
            status: appointment?.status ?? null,
            cancellable: appointment?.cancellable ?? false,
            reschedulable: appointment?.reschedulable ?? false,
            twoHoursReminder: appointment?.twoHoursReminder ?? false,
            date: appointment?.date ?? null,
            startTime: appointment?.startTime ?? null,
            offeredInsteadOf: appointment?.offeredInsteadOf ?? null,
            answerBy: appointment?.answerBy ?? null,
            declinedBecause: appointment?.declinedBecause ?? null,
          }
        : null,
    proSide: context.proSide,
    onProSide: context.user !== null && (context.user.isProvider || context.user.roles.includes('team')),
    provider: context.user?.isProvider === true,
    team: context.user?.roles.includes('team') === true,
    leaving: root.matches({ session: { signedIn: 'leavingForProSide' } }),
    pro: proObservation(kid, context),
    move: move
      ? {
          date: (move.context as { date: string | null }).date,
          time: (move.context as { availableTime: { startTime: string } | null }).availableTime?.startTime ?? null,
          keepProfessional: (move.context as { keepProfessional: boolean }).keepProfessional,
          slots: ((moveSlots?.value as { times?: string } | undefined)?.times ?? 'loading') as NonNullable<
            Observation['move']
          >['slots'],
        }
      : null,
    // Issue 28: the checkout's countdown of her held time, and its last minute.
    hold: {
      countdown: root.matches({ hold: 'held' }) && context.step.endsWith('-checkout'),
      // The button shows in the last minute, and while its renewal is asked (busy).
      lastMinute:
        (root.matches({ hold: { held: 'lastMinute' } }) || root.matches({ hold: { held: 'renewing' } })) &&
        context.step.endsWith('-checkout'),
    },
    rating: ratingObservation(kid, context, pending),
    waitlistErrors: waitlist ? Object.keys((waitlist.context as { errors: Record<string, string> }).errors) : null,
    calls,
    quoteTeam: quote ? (quote.team ?? []) : null,
    effects,
  };
}

/**
 * An address field as she sees it (src/components/address-combobox.tsx draws the picker so): its text,
 * the list shown or the picker open, the suggestions, the house-number field; with what she
 * remembers and what the world answered (person.ts), and the number a pending lookup or check carries.
 */
function fieldObservation(
  field: AddressFieldId,
  moment: { root: AnyMachineSnapshot; kid: (id: string) => AnyMachineSnapshot | undefined },
  pending: Parts['pending'],
  person: PersonMemory,
): AddressField | null {
  const picker = moment.kid(field);
  if (!picker) return null;
  const state = flatten(picker.value).join(',');
  const context = picker.context as { query: string; suggestions: { description: string }[] };
  const held = ownerLocation(moment, field);
  const numberOf = (location: { components: { streetNumber?: string | undefined } } | null | undefined) =>
    location ? (location.components.streetNumber ?? '').trim() : null;
  const input = (src: string) => pending.find((call) => call.src === src)?.input;
  const memory = person[field];
  return {
    text: context.query,
    state,
    listShown: state === 'open.results',
    open: state.startsWith('open'),
    busy: picker.hasTag('busy'),
    suggestions: context.suggestions.map((suggestion) => suggestion.description),
    answeredFor: memory?.answeredFor ?? null,
    editedSinceSet: memory?.editedSinceSet ?? false,
    held: numberOf(held),
    houseNumberShown:
      state === 'needsStreetNumber' || state === 'lookingUpNumber' || (held !== null && numberOf(held) === ''),
    lookingUp:
      state === 'lookingUpNumber'
        ? ((input('lookupStreetNumber') as { streetNumber?: string } | undefined)?.streetNumber ?? null)
        : null,
    checking:
      state === 'checking'
        ? numberOf((input('checkLocation') as { location?: AddressLocation } | undefined)?.location)
        : null,
  };
}

type AddressLocation = { components: { streetNumber?: string | undefined } };

/** The running actor; `effectsFrom`: the effects recorded before the last step. */
export function observe(harness: Harness, effectsFrom: number): Observation {
  return observeParts({
    root: harness.actor.getSnapshot() as AnyMachineSnapshot,
    kid: (id) => {
      const ref = harness.child(id);
      const snapshot = ref?.getSnapshot() as AnyMachineSnapshot | undefined;
      return snapshot?.status === 'active' ? snapshot : undefined;
    },
    pending: harness.pending,
    effects: harness.effects.slice(effectsFrom),
    pageLoads: harness.history.loads,
    addressBar: currentEntry(harness.history)?.path ?? null,
    loadedAt: harness.history.loadedAt ?? null,
    person: harness.person,
  });
}

/** The pure system model's snapshot (its `emitted` are the effects of the step that led to it). */
export function observeSystem(sys: SystemSnapshot): Observation {
  return observeParts({
    root: sys.root,
    kid: (id) => sys.kids[id]?.snapshot,
    pending: sys.effects,
    effects: sys.emitted.map(({ type, params }) => ({ type, params })),
    pageLoads: sys.browser.loads,
    addressBar: currentEntry(sys.browser)?.path ?? null,
    loadedAt: sys.browser.loadedAt ?? null,
    person: sys.person,
  });
}

/** What the world answers when `event` settles a call (null for any other event). */
export function answerOf(pending: { src: string; input: unknown }[], event: SystemEvent): Answer {
  if (event.type !== 'effect.settle') return null;
  const call = pending.find((candidate) => candidate.src === event.src);
  const outcome = call ? OUTCOMES[event.src]?.(call.input)[event.outcome] : undefined;
  if (!outcome) return null;
  return 'output' in outcome
    ? { ok: true, output: outcome.output }
    : { ok: false, message: outcome.error, ...(outcome.status === undefined ? {} : { status: outcome.status }) };
}

/** How a failure names an event: its type, and the call it answers for an `effect.settle`. */
export const eventLabel = (event: { type: string; src?: string }): string =>
  `${event.type}${event.src ? ` ${event.src}` : ''}`;

type Kid = (id: string) => AnyMachineSnapshot | undefined;

/** Issue 40: her hours' screen, as it shows its machine. */
function hoursObservation(hours: AnyMachineSnapshot): NonNullable<Observation['pro']>['hours'] {
  const context = hours.context as {
    hours: { outside: { id: string }[] } | null;
    errors: Record<string, string>;
    handedOver: string[];
  };
  return {
    shown: hours.matches('failed') ? 'failed' : hours.matches('loading') || !context.hours ? 'loading' : 'ready',
    outside: context.hours?.outside.map((appointment) => appointment.id) ?? [],
    handedOver: [...context.handedOver],
    errors: Object.keys(context.errors),
    saving: hours.matches({ ready: 'saving' }),
    handingOver: hours.matches({ ready: 'handingOver' }),
  };
}

/** Issue 27: the professionals' screens, as they show their machine. */
function proObservation(kid: Kid, context: AppContext): Observation['pro'] {
  const request = kid('proRequest');
  const timeOff = kid('proTimeOff');
  const board = kid('proTeamBoard');
  const hours = kid('proHours');
  const list = kid('proAgenda') ?? kid('proRequests') ?? timeOff;
  if (!request && !list && !board && !hours) return null;
  const shownOf = (snapshot: AnyMachineSnapshot) =>
    snapshot.matches('failed')
      ? ('failed' as const)
      : snapshot.matches('ready')
        ? ('ready' as const)
        : ('loading' as const);
  const requestContext = request?.context as
    | {
        appointment: { status: string; kind: string; actions: string[] } | null;
        errors: Record<string, string>;
        offer: { date: string; startTime: string | null; times: unknown[] };
      }
    | undefined;
  const listContext = list?.context as
    | { appointments?: unknown[]; requests?: unknown[]; timeOff?: unknown[]; errors?: Record<string, string> }
    | undefined;
  return {
    requestId: context.proRequest,
    list: list
      ? {
          shown: shownOf(list),
          count: (listContext?.appointments ?? listContext?.requests ?? listContext?.timeOff ?? []).length,
        }
      : null,
    hours: hours ? hoursObservation(hours) : null,
    timeOff: timeOff
      ? {
          errors: Object.keys(listContext?.errors ?? {}),
          saving: timeOff.matches({ ready: 'saving' }),
          cancelling: timeOff.matches({ ready: 'cancelling' }),
        }
      : null,
    board: board ? boardObservation(board, shownOf(board)) : null,
    request:
      request && requestContext
        ? {
            shown: shownOf(request),
            status: requestContext.appointment?.status ?? null,
            salotto: requestContext.appointment?.kind === 'salotto',
            actions: requestContext.appointment?.actions ?? [],
            open: request.matches({ ready: 'declining' })
              ? 'declining'
              : request.matches({ ready: 'offering' })
                ? 'offering'
                : request.matches({ ready: 'quoting' })
                  ? 'quoting'
                  : null,
            errors: Object.keys(requestContext.errors),
            offer: {
              date: requestContext.offer.date,
              startTime: requestContext.offer.startTime,
              times: requestContext.offer.times.length,
            },
          }
        : null,
  };
}

/** Issue 29: the rating screen, as it shows its machine (src/screens/rating/rating-screen.tsx). */
function ratingObservation(kid: Kid, context: AppContext, pending: Parts['pending']): Observation['rating'] {
  const rating = kid('rating');
  if (!rating || !context.appointment) return null;
  const ratingContext = rating.context as {
    rating: unknown;
    error: string | null;
    choices: Record<string, { stars: number | null; comment: string }>;
    errors: Record<string, string>;
  };
  const shown = rating.matches('failed')
    ? ('failed' as const)
    : rating.matches('final')
      ? ('final' as const)
      : rating.matches('form') && ratingContext.rating !== null
        ? ('form' as const)
        : ('loading' as const);
  const sent = pending.find((call) => call.src === 'rateAppointment')?.input as
    NonNullable<Observation['rating']>['sending'] | undefined;
  return {
    id: context.appointment.id,
    shown,
    message: shown === 'failed' ? ratingContext.error : null,
    thanked: rating.matches({ form: 'saved' }),
    busy: rating.hasTag('busy'),
    choices: ratingContext.choices,
    errors: ratingContext.errors,
    sending: sent ?? null,
  };
}

/** Issue 40: the team's board as its screen shows it (src/screens/pro/team-board-screen.tsx). */
function boardObservation(
  board: AnyMachineSnapshot,
  shown: 'loading' | 'failed' | 'ready',
): NonNullable<Observation['pro']>['board'] {
  const context = board.context as ProTeamBoardContext;
  const read = context.board;
  return {
    shown,
    zone: read?.zone.city ?? null,
    // The city picker's choice (its option's value: the zone's id).
    zoneId: read?.zone.id ?? null,
    date: read?.date ?? null,
    columns: (read?.columns ?? []).map((c) => ({
      appointments: c.appointments.length,
      requests: c.requests.length,
      timeOff: c.timeOff.length,
    })),
    toPlace: (read?.toPlace ?? []).map((item) => ({
      bookingId: item.appointment.id,
      category: item.handOver.category,
      // Who could take it now (the server's list); a salotto part, whose list the server leaves empty:
      // any other professional of the city (docs/api.md, 'The team's board').
      offered:
        item.handOver.category === null
          ? item.freeProfessionals.map((p) => p.id)
          : (read?.columns ?? []).map((c) => c.professional.id).filter((id) => id !== item.handOver.from.id),
    })),
    refusal: context.refusal,
    errors: Object.keys(context.errors),
    reassigning: board.matches({ ready: 'reassigning' }),
    enteringTimeOff: board.matches({ ready: 'enteringTimeOff' }),
  };
}

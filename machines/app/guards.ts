/** Named guards of the root machine (the Stately visualizer shows these names and params). */
import { assertEvent } from 'xstate';
import { INSTANT_BOOKING_EXPERIMENT, LIMITS, TEAM_ROLE, type Flow } from '../../contract/constants';
import type { User } from '../../contract/user';
import { completeSignupFormSchema, emailFormSchema, fieldErrors, loginFormSchema } from '../../contract/forms';
import { FLOW_STEPS, flowOf, kindOf, validateStep, type StepId } from '../shared/draft';
import type { AppContext, Screen, WaitlistOffer } from './context';
import type { AppEvent } from './events';
import { appointmentKeyOf, proRequestOf, resolveStep, screenOf } from './routing';

const needsConfirmation = (context: AppContext): boolean => {
  const { abTest, availableTime } = context.draft;
  const experimentHidesInstant =
    abTest.experimentID === INSTANT_BOOKING_EXPERIMENT.experimentID &&
    abTest.variantID === INSTANT_BOOKING_EXPERIMENT.variantID;
  // Stryker disable next-line OptionalChaining: asked with a time chosen (AVANTI of the data step, a URL past it)
  return experimentHidesInstant || availableTime?.instantBooking !== true;
};

/** The time chosen is the one the modal confirmed, on the same day (compared by value: a reload restores copies). */
const isConfirmed = ({ confirmedTime, draft }: AppContext): boolean =>
  confirmedTime !== null &&
  confirmedTime.date === draft.date &&
  JSON.stringify(confirmedTime.time) === JSON.stringify(draft.availableTime);

interface Args {
  context: AppContext;
  event: AppEvent;
}

const hasErrors = (errors: Record<string, string>): boolean => Object.keys(errors).length > 0;

// Each guard below is asked on one event only: it asserts it (a fallback for other events would be
// code no path reaches).

export const loginErrors = (event: AppEvent): Record<string, string> => {
  assertEvent(event, 'session.login');
  return fieldErrors(loginFormSchema, { email: event.email, password: event.password });
};

export const askResetErrors = (event: AppEvent): Record<string, string> => {
  assertEvent(event, 'session.askReset');
  return fieldErrors(emailFormSchema, { email: event.email });
};

export const completeSignupErrors = (context: AppContext, event: AppEvent): Record<string, string> => {
  assertEvent(event, 'session.completeSignup');
  return fieldErrors(completeSignupFormSchema(context.requireName), {
    firstName: event.firstName ?? '',
    lastName: event.lastName ?? '',
    password: event.password,
  });
};

/** The screen the URL of a `route.changed` asks for. */
const routeScreen = (event: AppEvent): Screen => {
  assertEvent(event, 'route.changed');
  return screenOf(event.path, event.search);
};

/** The appointment key in the URL of a `route.changed`. */
const routeKey = (event: AppEvent) => {
  assertEvent(event, 'route.changed');
  return appointmentKeyOf(event.path, event.search);
};

/** Issue 27: a professional (a user with isProvider) or a team member sees the professionals' side. */
export const onProSide = (user: User | null): boolean =>
  user !== null && (user.isProvider || user.roles.includes(TEAM_ROLE));

/** The professionals' screens. */
export const PRO_SCREENS: readonly Screen[] = [
  'proAgenda',
  'proRequests',
  'proRequest',
  'proTimeOff',
  'proTeam',
  'proHours',
];

/**
 * Issue 27: the screen of that side one is shown for `asked`: the team (without an agenda of its
 * own) is shown the requests for /pro. Issue 40: a professional asking for the team's board (the
 * team's only) is shown her agenda, as the team asking for her time off is shown the requests.
 */
export const proScreenFor = (user: User | null, asked: Screen): Screen => {
  if (asked === 'proTeam' && user !== null && !user.roles.includes(TEAM_ROLE)) return 'proAgenda';
  return (asked === 'proAgenda' || asked === 'proTimeOff' || asked === 'proHours') && user !== null && !user.isProvider
    ? 'proRequests'
    : asked;
};

/** The page's first URL (a load, a reload, a typed URL, Back or Forward to another page load). */
export const isPageLoad = (event: AppEvent): boolean => event.type === 'route.changed' && event.reload === true;

/**
 * The draft holds what only the date step sets: a time, or a day other than today (the service step
 * sets today as she enters it, and back from the date step resets it).
 */
export const hasDayOfDateStep = (context: AppContext): boolean =>
  context.draft.availableTime !== null || context.draft.date !== context.today;

/** The screens a visitor's URL shows as the booking start: / and an appointment's URL without its token. */
const CLOSED_TO_VISITORS: readonly Screen[] = [
  'home',
  'appointment',
  'appointmentReschedule',
  'appointmentRebook',
  'appointmentRating',
];

export const guards = {
  /**
   * SPEC §2 'No session: … Any other path redirects to the booking start (/booking/location)': a
   * visitor's / (the logo, TORNA ALL'INIZIO) or closed appointment URL, while the wizard is past it.
   */
  routeRedirectsToBookingStart: ({ context, event }: Args) =>
    !context.hasCredential &&
    context.step !== 'location' &&
    CLOSED_TO_VISITORS.includes(routeScreen(event)) &&
    // Stryker disable next-line OptionalChaining: a URL of an appointment's screen always names its key
    (routeScreen(event) === 'home' || routeKey(event)?.token == null),
  /** A page loaded on the booking start (or /) with the day or time of the date step in its draft. */
  pageLoadBeforeDataKeepsDay: ({ context, event }: Args) => {
    const steps = FLOW_STEPS[flowOf(context.draft)];
    const data = steps.findIndex((step) => kindOf(step) === 'data');
    return isPageLoad(event) && steps.indexOf(context.step) < data && hasDayOfDateStep(context);
  },
  hasCredential: ({ context }: Args) => context.hasCredential,
  /** Issue 27: the URL asks for one of the professionals' screens. */
  routeIsProSide: ({ event }: Args) => PRO_SCREENS.includes(routeScreen(event)),
  /** Issue 27: the profile asked for, while it loaded, was one of the professionals' screens. */
  pendingScreenIsProSide: ({ context }: Args) => PRO_SCREENS.includes(context.pendingScreen),
  /** Issue 27: a professionals' screen asked for by one who may see it, on a page that has not loaded that side. */
  leavesForProSide: ({ context }: Args, params: { user: User | null; asked: Screen }) =>
    PRO_SCREENS.includes(params.asked) && onProSide(params.user) && !context.proSide,
  /** Issue 27: `screen` asked for by one who may see it, on a page that loaded that side. */
  opensProScreen: ({ context }: Args, params: { user: User | null; asked: Screen; screen: Screen }) =>
    proScreenFor(params.user, params.asked) === params.screen && onProSide(params.user) && context.proSide,
  /** Issue 27: the URL names another request than the one shown. */
  routeOpensOtherRequest: ({ context, event }: Args) => {
    assertEvent(event, 'route.changed');
    const id = proRequestOf(event.path);
    return id !== null && id !== context.proRequest;
  },
  /** The URL reported asks for `screen` (SPEC §2 access rules are in the transitions). */
  routeIs: ({ event }: Args, params: { screen: Screen }) => routeScreen(event) === params.screen,
  routeIsCurrentScreen: ({ context, event }: Args) => routeScreen(event) === context.screen,
  pendingScreenIs: ({ context }: Args, params: { screen: Screen }) => context.pendingScreen === params.screen,
  /**
   * Issue 16: the URL asks for `screen` (an appointment's) with the e-mail link's manage token, the
   * only way a visitor without a session opens an appointment.
   */
  routeOpensAppointmentLink: ({ event }: Args, params: { screen: Screen }) =>
    // Stryker disable next-line OptionalChaining: a URL of an appointment's screen always names its key
    routeScreen(event) === params.screen && routeKey(event)?.token != null,
  /** The URL asks for the appointment screen shown, with the e-mail link's token (a visitor's query change). */
  routeKeepsAppointmentLink: ({ context, event }: Args) =>
    // Stryker disable next-line OptionalChaining: asked on an appointment's screen, whose URL always names its key
    routeScreen(event) === context.screen && routeKey(event)?.token != null,
  /** The URL names another appointment than the one shown, and the caller may open it (session or link). */
  routeOpensOtherAppointment: ({ context, event }: Args, params: { screen: Screen }) => {
    if (routeScreen(event) !== params.screen) return false;
    const key = routeKey(event);
    // Stryker disable next-line ConditionalExpression,OptionalChaining: the screen asked is an appointment's (its URL names a key), asked only while one is shown
    return key !== null && key.id !== context.appointment?.id && (context.user !== null || key.token !== null);
  },
  /** A waitlist offer came back with the draft she left (an entry made outside the app has none). */
  offerHasDraft: (_: Args, params: { offer: WaitlistOffer }) => params.offer.draft !== null,
  /** A booking URL resolves to `step`, and it is not the step already shown. */
  routeLandsOn: ({ context, event }: Args, params: { step: StepId }) => {
    assertEvent(event, 'route.changed');
    // A URL that is no booking step resolves to none.
    return params.step !== context.step && resolveStep(context.draft, context.services, event.path) === params.step;
  },
  loginInvalid: ({ event }: Args) => hasErrors(loginErrors(event)),
  askResetInvalid: ({ event }: Args) => hasErrors(askResetErrors(event)),
  completeSignupInvalid: ({ context, event }: Args) => hasErrors(completeSignupErrors(context, event)),
  /** Neither a main service nor an extra chosen (the service step, its list failed). */
  noServiceChosen: ({ context }: Args) =>
    !context.draft.services.primaryService && context.draft.services.secondaryServices.length === 0,
  stepInvalid: ({ context }: Args, params: { step: StepId }) =>
    validateStep(params.step, context.draft, context.services) !== null,
  /** The address the picker answers with still does not pass the location step (no house number). */
  answeredLocationInvalid: ({ context, event }: Args) => {
    assertEvent(event, 'location.set');
    return validateStep('location', { ...context.draft, location: event.location }, context.services) !== null;
  },
  flowIs: ({ context }: Args, params: { flow: Flow }) => flowOf(context.draft) === params.flow,
  atMinimumParticipants: ({ context }: Args) => context.draft.participantsCount <= LIMITS.salottoMinParticipants,
  /** SPEC §5: days before today cannot be picked. */
  dateInPast: ({ context, event }: Args) => {
    assertEvent(event, 'date.set');
    return event.date < context.today;
  },
  /** SPEC §4: not instant booking, or experiment 14 variant 2, which hides instant booking. */
  needsConfirmation: ({ context }: Args) => needsConfirmation(context),
  /**
   * SPEC §4: a URL (typed, Forward, a reload) that would land on `flow`'s checkout with a time to
   * confirm that the modal has not confirmed: the modal opens on the data step instead.
   */
  routeSkipsConfirmation: ({ context, event }: Args, params: { flow: Flow }) => {
    assertEvent(event, 'route.changed');
    const checkout: StepId = `${params.flow}-checkout`;
    return (
      // Stryker disable next-line ConditionalExpression: equivalent; already on checkout, her time was confirmed by the modal (isConfirmed) or needs none
      context.step !== checkout &&
      resolveStep(context.draft, context.services, event.path) === checkout &&
      needsConfirmation(context) &&
      !isConfirmed(context)
    );
  },
  confirmed: (_: Args, params: { confirmed: boolean }) => params.confirmed,
  choseOtherAddress: (_: Args, params: { choice: string }) => params.choice === 'otherAddress',
};

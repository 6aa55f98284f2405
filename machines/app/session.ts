/**
 * The session region (SPEC §2 access rules, §4 session): booting until the first URL arrives,
 * then signed out (login, token login, ask-reset, reset/account completion, booking,
 * not found), loading the profile, signed in (home, booking, not found; the profile dialog),
 * and logging out (loader 2 s, then hidden after 0.5 s).
 *
 * Decision: SPEC says a session redirects every path but / to /, yet a signed-in customer books
 * too ('NUOVO APPUNTAMENTO', SPEC §6). Here a session redirects the session screens to / and
 * keeps /booking/* open.
 */
import { assertEvent } from 'xstate';
import type { AuthResponse } from '../../contract/calls';
import { MESSAGES } from '../../contract/messages';
import { APPOINTMENT_EVENTS } from '../appointment/machine';
import { PROFILE_ADDRESS_EVENTS } from '../profile-dialog/machine';
import { RESCHEDULE_EVENTS } from '../reschedule/machine';
import { RATING_EVENTS } from '../rating/machine';
import {
  PRO_AGENDA_EVENTS,
  PRO_HOURS_EVENTS,
  PRO_REQUEST_EVENTS,
  PRO_REQUESTS_EVENTS,
  PRO_TEAM_BOARD_EVENTS,
  PRO_TIME_OFF_EVENTS,
} from '../pro/events';
import { DIALOG_TAG, messageOf, popup } from '../shared/effects';
import { forward } from '../shared/forward';
import type { User } from '../../contract/user';
import type { AppContext, Screen, WaitlistOffer } from './context';
import type { RouteEvent } from './events';
import { screenOf } from './routing';
import { PRO_SCREENS, proScreenFor } from './guards';
import { appSetup } from './setup';

type RouteTarget = { screen: Screen; target: string; storeToken?: boolean };

const routeTransitions = (routes: RouteTarget[]) =>
  routes.map(({ screen, target, storeToken }) => ({
    guard: { type: 'routeIs' as const, params: { screen } },
    target,
    ...(storeToken ? { actions: 'storeToken' as const } : {}),
  }));

const linkActions = ['storeLinkKeys'] as const;

/**
 * Issue 16's links, open with or without a session: an appointment's e-mail link (its manage token
 * opens it without a password) and a waitlist offer's. Without a session and without a token an
 * appointment URL is like any other closed path (SPEC §2: the booking start).
 */
const linkRoutes = (prefix: string, signedIn: boolean) => [
  ...(['appointment', 'appointmentReschedule'] as const).map((screen) => ({
    guard: signedIn
      ? ({ type: 'routeIs', params: { screen } } as const)
      : ({ type: 'routeOpensAppointmentLink', params: { screen } } as const),
    // Stryker disable next-line StringLiteral: 'appointment.' is the appointment's state, which starts on manage
    target: `${prefix}appointment.${screen === 'appointment' ? 'manage' : 'reschedule'}`,
    actions: linkActions,
  })),
  {
    guard: { type: 'routeIs' as const, params: { screen: 'waitlistOffer' as const } },
    target: `${prefix}waitlistOffer`,
    actions: linkActions,
  },
  // Issue 27: a declined request's 'Prenota di nuovo' (with its token; a signed-in owner needs none).
  // Issue 29: the invitation to rate an appointment, alike.
  ...(
    [
      ['appointmentRebook', 'rebook'],
      ['appointmentRating', 'rating'],
    ] as const
  ).map(([screen, state]) => ({
    guard: signedIn
      ? ({ type: 'routeIs', params: { screen } } as const)
      : ({ type: 'routeOpensAppointmentLink', params: { screen } } as const),
    target: `${prefix}${state}`,
    actions: linkActions,
  })),
];

/** Without a session only login, the reset screens and the booking are open (SPEC §2). */
const signedOutRoutes = (prefix: string) => [
  ...linkRoutes(prefix, false),
  // Issue 27: the professionals' side asks her to sign in, then opens the page she asked for.
  { guard: 'routeIsProSide' as const, target: `${prefix}login`, actions: ['rememberScreen', 'storeLinkKeys'] as const },
  ...routeTransitions([
    { screen: 'home', target: `${prefix}booking` },
    { screen: 'login', target: `${prefix}login` },
    { screen: 'loginWithToken', target: `${prefix}tokenLogin`, storeToken: true },
    { screen: 'askResetPassword', target: `${prefix}askResetPassword` },
    { screen: 'resetPassword', target: `${prefix}resetPassword`, storeToken: true },
    { screen: 'resetPasswordWithoutToken', target: `${prefix}login` },
    { screen: 'booking', target: `${prefix}booking` },
    { screen: 'notFound', target: `${prefix}notFound` },
    { screen: 'appointment', target: `${prefix}booking` },
    { screen: 'appointmentReschedule', target: `${prefix}booking` },
    { screen: 'appointmentRebook', target: `${prefix}booking` },
    { screen: 'appointmentRating', target: `${prefix}booking` },
  ]),
];

const welcome = { type: 'showToast', params: { type: 'success', title: MESSAGES.welcome } } as const;
const errorToast = {
  type: 'showToast',
  params: ({ event }: { event: { error: unknown } }) => ({ type: 'error' as const, title: messageOf(event.error) }),
} as const;

type SignedIn = { event: { output: AuthResponse } };
/** After login, token login or account completion (SPEC §4): token stored, profile kept, welcome. */
const signIn = [
  { type: 'storeCredential', params: ({ event }: SignedIn) => ({ token: event.output.token }) },
  { type: 'storeUser', params: ({ event }: SignedIn) => ({ user: event.output.user }) },
  welcome,
] as const;

/**
 * What the screens entered with a link read when the link named nothing: never used (each is entered
 * from a URL that sets it), there for the types.
 */
// Stryker disable next-line ObjectLiteral,StringLiteral: never read (see above)
const NO_APPOINTMENT = { id: '', token: null };
// Stryker disable next-line ObjectLiteral,StringLiteral: never read (see above)
const NO_OFFER = { entryId: '', token: '' };
/** The e-mail link's token (the screens that send it are entered from its URL, which stores it). */
// Stryker disable next-line StringLiteral: the token is always stored first (see above)
const tokenOf = (context: AppContext) => context.token ?? '';

/**
 * Entering a session screen. Any screen but the booking also closes the booking step's upsell box
 * (SPEC §4 'Upsell box closes on route change away from /service (after 100 ms)'): the wizard keeps
 * its step under the other screen, so the step's own exit does not close it.
 */
const screen = (name: Screen) =>
  name === 'booking'
    ? ([{ type: 'enterScreen', params: { screen: name } }] as const)
    : ([{ type: 'enterScreen', params: { screen: name } }, 'leaveUpsell'] as const);

/**
 * An appointment (issue 16): its manage screen and moving it, one URL each. The appointment
 * machine loads and manages it for both; the reschedule machine lives while the move is shown and,
 * done, hands the moved appointment back. Another appointment's URL starts over.
 */
const appointmentScreens = (signedIn: boolean) =>
  appSetup.createStateConfig({
    invoke: {
      src: 'appointment',
      id: 'appointment',
      input: ({ context }) => ({ key: context.appointment ?? NO_APPOINTMENT }),
    },
    on: {
      'route.changed': [
        ...(['appointment', 'appointmentReschedule'] as const).map((screen) => ({
          guard: { type: 'routeOpensOtherAppointment' as const, params: { screen } },
          target: screen === 'appointment' ? 'appointment.manage' : 'appointment.reschedule',
          reenter: true,
          actions: linkActions,
        })),
        // The screen shown, with another query: nothing changes (a visitor's only with the token).
        {
          guard: signedIn ? ('routeIsCurrentScreen' as const) : ('routeKeepsAppointmentLink' as const),
          actions: linkActions,
        },
        // The same appointment's other screen (its links keep the query); a visitor's only with the token.
        ...(['appointment', 'appointmentReschedule'] as const).map((screen) => ({
          guard: signedIn
            ? ({ type: 'routeIs', params: { screen } } as const)
            : ({ type: 'routeOpensAppointmentLink', params: { screen } } as const),
          target: screen === 'appointment' ? '.manage' : '.reschedule',
          actions: linkActions,
        })),
        // A visitor's appointment URL without the token: closed, as any other (SPEC §2: the booking start).
        ...(signedIn
          ? []
          : (['appointment', 'appointmentReschedule'] as const).map((screen) => ({
              guard: { type: 'routeIs' as const, params: { screen } },
              target: '#signedOut.booking',
              actions: linkActions,
            }))),
      ],
      ...forward('forwardToAppointment', ...APPOINTMENT_EVENTS),
    },
    initial: 'manage',
    states: {
      manage: { meta: { path: '/appointments/:id' }, entry: screen('appointment') },
      reschedule: {
        meta: { path: '/appointments/:id/reschedule' },
        entry: screen('appointmentReschedule'),
        invoke: {
          src: 'reschedule',
          id: 'reschedule',
          input: ({ context }) => ({
            key: context.appointment ?? NO_APPOINTMENT,
            today: context.today,
            userId: context.user?.id ?? null,
          }),
          onDone: {
            target: 'manage',
            actions: {
              type: 'tellAppointmentMoved',
              params: ({ event }) => ({ appointment: event.output.appointment }),
            },
          },
        },
        on: forward('forwardToReschedule', ...RESCHEDULE_EVENTS),
      },
    },
  });

/**
 * A waitlist offer's link (issue 16): the entry is read (its token), then the wizard opens on the
 * freed day with the draft she left, as a link to its data step would (the first incomplete step
 * otherwise). A link that no longer works is said, and the booking starts afresh.
 */
const waitlistOfferScreen = (booking: string) =>
  appSetup.createStateConfig({
    tags: ['busy'],
    entry: screen('waitlistOffer'),
    invoke: {
      src: 'loadWaitlistOffer',
      input: ({ context }) => context.waitlistOffer ?? NO_OFFER,
      onDone: openDraft(booking),
      onError: { target: booking, actions: errorToast },
    },
  });

/**
 * A declined request's 'Prenota di nuovo' (issue 27): the same services and address as they are
 * offered today are read (the link's token), then the wizard opens on the day she had asked for, as
 * a waitlist offer's link does. A link that no longer works is said, and the booking starts afresh.
 */
const rebookScreen = (booking: string) =>
  appSetup.createStateConfig({
    tags: ['busy'],
    entry: screen('appointmentRebook'),
    invoke: {
      src: 'loadRebook',
      input: ({ context }) => ({ key: context.appointment ?? NO_APPOINTMENT }),
      onDone: openDraft(booking),
      onError: { target: booking, actions: errorToast },
    },
  });

/**
 * Rating an appointment (issue 29): the rating machine lives while the screen shows. Another
 * appointment's rating URL starts over; a visitor's URL without the invitation's token is closed, as
 * an appointment's is (SPEC §2: the booking start).
 */
const ratingScreen = (signedIn: boolean) =>
  appSetup.createStateConfig({
    meta: { path: '/appointments/:id/rating' },
    entry: screen('appointmentRating'),
    invoke: {
      src: 'rating',
      id: 'rating',
      input: ({ context }) => ({ key: context.appointment ?? NO_APPOINTMENT }),
    },
    on: {
      'route.changed': [
        {
          guard: { type: 'routeOpensOtherAppointment', params: { screen: 'appointmentRating' } },
          target: 'rating',
          reenter: true,
          actions: linkActions,
        },
        // The same URL with another query: nothing changes (a visitor's only with the token).
        {
          guard: signedIn ? ('routeIsCurrentScreen' as const) : ('routeKeepsAppointmentLink' as const),
          actions: linkActions,
        },
        ...(signedIn
          ? []
          : [
              {
                guard: { type: 'routeIs' as const, params: { screen: 'appointmentRating' as const } },
                target: '#signedOut.booking',
                actions: linkActions,
              },
            ]),
      ],
      ...forward('forwardToRating', ...RATING_EVENTS),
    },
  });

/** A link's draft came back: the wizard opens on its day (the first incomplete step), else afresh. */
function openDraft(booking: string) {
  return [
    {
      guard: {
        type: 'offerHasDraft' as const,
        params: ({ event }: { event: { output: WaitlistOffer } }) => ({ offer: event.output }),
      },
      target: booking,
      actions: [
        { type: 'restoreOffer' as const, params: ({ event }: { event: { output: WaitlistOffer } }) => event.output },
        'openOfferDay' as const,
      ],
    },
    { target: booking },
  ];
}

/** The state of each professionals' screen (the screens: guards.ts PRO_SCREENS). */
const PRO_STATE = {
  proAgenda: 'agenda',
  proRequests: 'requests',
  proRequest: 'request',
  proTimeOff: 'timeOff',
  proTeam: 'team',
  proHours: 'hours',
} as const;

type ProSideArgs = { context: AppContext; event: unknown };

/**
 * Issue 27: to the professionals' screen asked for (`asked`), for a professional or the team
 * (`user`): there when this page loaded that side, else the page loads anew at its URL. None of them
 * is taken for anyone else, nor for a screen of another side.
 */
// The actions are each call site's own, for its own event: xstate checks them where the list is used.
const proSideTransitions = <A extends readonly unknown[]>(
  prefix: string,
  args: (a: ProSideArgs) => { user: User | null; asked: Screen },
  actions: A,
) => [
  { guard: { type: 'leavesForProSide' as const, params: args }, target: `${prefix}leavingForProSide`, actions },
  ...(['proAgenda', 'proRequests', 'proRequest', 'proTimeOff', 'proTeam', 'proHours'] as const).map((screen) => ({
    guard: { type: 'opensProScreen' as const, params: (a: ProSideArgs) => ({ ...args(a), screen }) },
    target: `${prefix}pro.${PRO_STATE[screen]}`,
    actions,
  })),
];

/** The page of the professionals' side she asked for (her agenda by default; the team's: the requests), as a URL. */
const proUrlOf = (context: AppContext): string => {
  const asked = proScreenFor(
    context.user,
    PRO_SCREENS.includes(context.pendingScreen) ? context.pendingScreen : 'proAgenda',
  );
  if (asked === 'proRequest' && context.proRequest) return `/pro/requests/${encodeURIComponent(context.proRequest)}`;
  if (asked === 'proTimeOff') return '/pro/time-off';
  if (asked === 'proTeam') return '/pro/team';
  if (asked === 'proHours') return '/pro/hours';
  return asked === 'proRequests' ? '/pro/requests' : '/pro';
};

/**
 * Issue 27, the professionals' side (a professional, or the team): her agenda, the requests, one
 * request, each a machine of its own. Their code loads with their pages only (the customer's first
 * load never carries it): asked for on a page that has not loaded it, the page loads anew there.
 */
const proSideStates = {
  /** The page loads anew at the URL asked for (its URL stays as it is meanwhile). */
  leavingForProSide: appSetup.createStateConfig({
    tags: ['busy'],
    entry: { type: 'redirect', params: ({ context }) => ({ url: proUrlOf(context) }) },
  }),
  pro: appSetup.createStateConfig({
    initial: 'agenda',
    states: {
      agenda: {
        meta: { path: '/pro' },
        entry: screen('proAgenda'),
        invoke: { src: 'proAgenda', id: 'proAgenda', input: ({ context }) => ({ today: context.today }) },
        on: forward('forwardToProAgenda', ...PRO_AGENDA_EVENTS),
      },
      requests: {
        meta: { path: '/pro/requests' },
        entry: screen('proRequests'),
        invoke: { src: 'proRequests', id: 'proRequests' },
        on: forward('forwardToProRequests', ...PRO_REQUESTS_EVENTS),
      },
      request: {
        meta: { path: '/pro/requests/:requestId' },
        entry: screen('proRequest'),
        invoke: {
          src: 'proRequest',
          id: 'proRequest',
          // Stryker disable next-line StringLiteral: entered from a URL that names it
          input: ({ context }) => ({ bookingId: context.proRequest ?? '', today: context.today }),
        },
        on: {
          // Another request's URL (another e-mail's link): that one, afresh.
          'route.changed': {
            guard: 'routeOpensOtherRequest',
            target: 'request',
            reenter: true,
            actions: ['rememberScreen', 'storeLinkKeys'],
          },
          ...forward('forwardToProRequest', ...PRO_REQUEST_EVENTS),
        },
      },
      /** Issue 40: her time off, a professional's own (the team asking for it is shown the requests). */
      timeOff: {
        meta: { path: '/pro/time-off' },
        entry: screen('proTimeOff'),
        invoke: { src: 'proTimeOff', id: 'proTimeOff', input: ({ context }) => ({ today: context.today }) },
        on: forward('forwardToProTimeOff', ...PRO_TIME_OFF_EVENTS),
      },
      /** Issue 40: the team's board, the team's only (a professional asking for it is shown her agenda). */
      team: {
        meta: { path: '/pro/team' },
        entry: screen('proTeam'),
        invoke: { src: 'proTeamBoard', id: 'proTeamBoard', input: ({ context }) => ({ today: context.today }) },
        on: forward('forwardToProTeamBoard', ...PRO_TEAM_BOARD_EVENTS),
      },
      /** Issue 40: her hours, a professional's own (the team asking for them is shown the requests). */
      hours: {
        meta: { path: '/pro/hours' },
        entry: screen('proHours'),
        invoke: { src: 'proHours', id: 'proHours', input: ({ context }) => ({ today: context.today }) },
        on: forward('forwardToProHours', ...PRO_HOURS_EVENTS),
      },
    },
  }),
};

export const sessionRegion = appSetup.createStateConfig({
  initial: 'booting',
  states: {
    booting: {
      on: {
        'route.changed': [
          {
            guard: 'hasCredential',
            target: 'loadingProfile',
            actions: ['rememberScreen', 'storeLinkKeys'],
          },
          ...signedOutRoutes('signedOut.'),
        ],
      },
    },
    signedOut: {
      id: 'signedOut',
      initial: 'booking',
      on: {
        'route.changed': [{ guard: 'routeIsCurrentScreen' }, ...signedOutRoutes('.')],
      },
      states: {
        login: {
          meta: { path: '/login' },
          entry: screen('login'),
          initial: 'idle',
          states: {
            idle: {
              on: {
                'session.login': [
                  { guard: 'loginInvalid', actions: 'storeLoginErrors' },
                  { target: 'submitting', actions: 'clearErrors' },
                ],
              },
            },
            submitting: {
              tags: ['busy'],
              invoke: {
                src: 'login',
                input: ({ event }) => {
                  assertEvent(event, 'session.login');
                  return { email: event.email.trim(), password: event.password };
                },
                // Issue 27: a professional or a team member lands on her side (the page she asked for, else her agenda).
                onDone: [
                  ...proSideTransitions(
                    '#app.session.signedIn.',
                    ({ context, event }) => ({
                      user: (event as SignedIn['event']).output.user,
                      asked: PRO_SCREENS.includes(context.pendingScreen) ? context.pendingScreen : 'proAgenda',
                    }),
                    signIn,
                  ),
                  { target: '#app.session.signedIn.home', actions: signIn },
                ],
                onError: { target: 'idle', actions: errorToast },
              },
            },
          },
        },
        tokenLogin: {
          tags: ['busy'],
          meta: { path: '/login' },
          entry: screen('loginWithToken'),
          invoke: {
            src: 'loginWithToken',
            input: ({ context }) => ({ token: tokenOf(context) }),
            onDone: {
              target: '#app.session.signedIn.home',
              actions: signIn,
            },
            onError: {
              target: 'login',
              actions: [
                'clearCredential',
                'forgetSession',
                { type: 'storeToastMessage', params: ({ event }) => ({ message: messageOf(event.error) }) },
              ],
            },
          },
        },
        askResetPassword: {
          meta: { path: '/ask-reset-password' },
          entry: screen('askResetPassword'),
          initial: 'idle',
          states: {
            idle: {
              on: {
                'session.askReset': [
                  { guard: 'askResetInvalid', actions: 'storeAskResetErrors' },
                  { target: 'sending', actions: 'clearErrors' },
                ],
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                src: 'askResetPassword',
                input: ({ event }) => {
                  assertEvent(event, 'session.askReset');
                  return { email: event.email.trim() };
                },
                onDone: 'sent',
                onError: { target: 'idle', actions: errorToast },
              },
            },
            /** The form is reset; the dialog opens 500 ms later (SPEC §2). */
            sent: { after: { passwordResetConfirmation: 'confirming' } },
            /**
             * 'Controlla le tue Email!' — its link TORNA ALLA LOGIN is a route to /login; closed as any
             * dialog (SPEC §4: close trigger, Escape, outside click), the form is there again.
             */
            confirming: {
              tags: [DIALOG_TAG],
              entry: popup('controlla_email'),
              on: { 'resetConfirmation.close': 'idle' },
            },
          },
        },
        resetPassword: {
          meta: { path: '/reset-password' },
          entry: screen('resetPassword'),
          initial: 'checking',
          states: {
            checking: {
              tags: ['busy'],
              invoke: {
                src: 'checkSignupToken',
                input: ({ context }) => ({ token: tokenOf(context) }),
                onDone: {
                  target: 'form',
                  actions: { type: 'storeTokenCheck', params: ({ event }) => event.output },
                },
                onError: {
                  target: '#signedOut.login',
                  actions: { type: 'storeToastMessage', params: ({ event }) => ({ message: messageOf(event.error) }) },
                },
              },
            },
            form: {
              on: {
                'session.completeSignup': [
                  { guard: 'completeSignupInvalid', actions: 'storeCompleteSignupErrors' },
                  { target: 'submitting', actions: 'clearErrors' },
                ],
              },
            },
            submitting: {
              tags: ['busy'],
              invoke: {
                src: 'completeSignup',
                input: ({ context, event }) => {
                  assertEvent(event, 'session.completeSignup');
                  return {
                    token: tokenOf(context),
                    password: event.password,
                    firstName: event.firstName?.trim() ?? '',
                    lastName: event.lastName?.trim() ?? '',
                  };
                },
                onDone: {
                  target: '#app.session.signedIn.home',
                  actions: signIn,
                },
                onError: { target: 'form', actions: errorToast },
              },
            },
          },
        },
        booking: { meta: { screen: 'booking' }, entry: screen('booking') },
        notFound: { meta: { title: 'Errore 404' }, entry: screen('notFound') },
        appointment: appointmentScreens(false),
        waitlistOffer: waitlistOfferScreen('booking'),
        rebook: rebookScreen('booking'),
        rating: ratingScreen(false),
      },
    },
    loadingProfile: {
      tags: ['busy'],
      on: { 'route.changed': { actions: ['rememberScreen', 'storeLinkKeys'] } },
      invoke: {
        src: 'loadProfile',
        onDone: [
          // Issue 27: the professionals' side for a professional or the team; for anyone else a page like any unknown one.
          ...proSideTransitions(
            'signedIn.',
            ({ context, event }) => ({ user: (event as { output: User }).output, asked: context.pendingScreen }),
            [
              { type: 'storeUser', params: ({ event }: { event: { output: User } }) => ({ user: event.output }) },
            ] as const,
          ),
          {
            guard: 'pendingScreenIsProSide',
            target: 'signedIn.notFound',
            actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
          },
          {
            guard: { type: 'pendingScreenIs', params: { screen: 'booking' } },
            target: 'signedIn.booking',
            actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
          },
          {
            guard: { type: 'pendingScreenIs', params: { screen: 'notFound' } },
            target: 'signedIn.notFound',
            actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
          },
          {
            guard: { type: 'pendingScreenIs', params: { screen: 'appointment' } },
            target: 'signedIn.appointment.manage',
            actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
          },
          {
            guard: { type: 'pendingScreenIs', params: { screen: 'appointmentReschedule' } },
            target: 'signedIn.appointment.reschedule',
            actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
          },
          {
            guard: { type: 'pendingScreenIs', params: { screen: 'waitlistOffer' } },
            target: 'signedIn.waitlistOffer',
            actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
          },
          {
            guard: { type: 'pendingScreenIs', params: { screen: 'appointmentRebook' } },
            target: 'signedIn.rebook',
            actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
          },
          {
            guard: { type: 'pendingScreenIs', params: { screen: 'appointmentRating' } },
            target: 'signedIn.rating',
            actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
          },
          {
            target: 'signedIn.home',
            actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
          },
        ],
        // SPEC §8: logged, session cleared, off to the booking start (whatever step the URL named: a
        // reload of a booking step with a session that no longer works lands on the start, her
        // choices kept; issue 40's walks with the browser outside the wizard found it on that step).
        onError: { target: 'signedOut.booking', actions: ['clearCredential', 'forgetSession', 'tellSessionExpired'] },
      },
    },
    signedIn: {
      invoke: {
        src: 'profileDialog',
        id: 'profileDialog',
        // Stryker disable next-line OptionalChaining,StringLiteral: signed in, her profile is always there
        input: ({ context }) => ({ userId: context.user?.id ?? '', location: context.user?.location ?? null }),
      },
      on: {
        'route.changed': [
          { guard: 'routeIsCurrentScreen' },
          // Issue 27: the professionals' side, for a professional or the team (404 for anyone else).
          ...proSideTransitions(
            '.',
            ({ context, event }) => ({ user: context.user, asked: screenOf((event as RouteEvent).path) }),
            ['rememberScreen', 'storeLinkKeys'] as const,
          ),
          { guard: 'routeIsProSide', target: '.notFound' },
          ...linkRoutes('.', true),
          ...routeTransitions([
            { screen: 'booking', target: '.booking' },
            { screen: 'notFound', target: '.notFound' },
          ]),
          // With a session the session screens redirect to / (SPEC §2), where the profile is loaded.
          { target: '.home.refreshing' },
        ],
        'profile.open': { actions: 'forwardToProfileDialog' },
        'profile.cancel': { actions: 'forwardToProfileDialog' },
        'profile.submit': { actions: 'forwardToProfileDialog' },
        ...forward('forwardToProfileDialog', ...PROFILE_ADDRESS_EVENTS),
        'session.userUpdated': {
          actions: { type: 'storeUser', params: ({ event }) => ({ user: event.user }) },
        },
        'session.logout': 'loggingOut',
      },
      initial: 'home',
      states: {
        home: {
          meta: { path: '/' },
          entry: screen('home'),
          initial: 'shown',
          states: {
            shown: {},
            /**
             * SPEC §2 'On / the profile is loaded; if that fails the session is cleared and the user goes
             * to the booking start': each time she comes back to / (at the page load, and after a
             * sign-in, it was just read). The area shows meanwhile with the profile she had.
             */
            refreshing: {
              invoke: {
                src: 'loadProfile',
                onDone: {
                  target: 'shown',
                  actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
                },
                onError: {
                  target: '#signedOut.booking',
                  actions: ['clearCredential', 'forgetSession', 'tellSessionExpired'],
                },
              },
            },
          },
        },
        booking: { meta: { screen: 'booking' }, entry: screen('booking') },
        notFound: { meta: { title: 'Errore 404' }, entry: screen('notFound') },
        appointment: appointmentScreens(true),
        waitlistOffer: waitlistOfferScreen('booking'),
        rebook: rebookScreen('booking'),
        rating: ratingScreen(true),
        ...proSideStates,
      },
    },
    loggingOut: {
      tags: ['busy'],
      initial: 'showing',
      states: {
        showing: {
          after: {
            logoutLoader: { target: 'hiding', actions: ['clearCredential', 'resetQueryCache', 'forgetSession'] },
          },
        },
        hiding: { after: { logoutLoaderHide: '#signedOut.booking' } },
      },
    },
  },
});

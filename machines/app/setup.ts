/**
 * setup() of the root machine: its types, the child machines it invokes, the effects the app
 * provides (stubs here), and every named action, guard and delay. The chart is in machine.ts,
 * session.ts and wizard.ts.
 */
import { assertEvent, assign, createMachine, forwardTo, raise, sendTo, setup } from 'xstate';
import type { Appointment, AppointmentKey } from '../../contract/appointment';
import type { AuthResponse, TokenCheckResponse } from '../../contract/calls';
import type { Flow } from '../../contract/constants';
import { DELAYS, SLOT_HOLD_MINUTES } from '../../contract/constants';
import type { Service, ServiceList } from '../../contract/service';
import type { User } from '../../contract/user';
import { addressPickerMachine } from '../address-picker/machine';
import { checkoutMachine } from '../checkout/machine';
import { confirmationMachine } from '../confirmation/machine';
import { couponMachine } from '../coupon/machine';
import { outOfZoneMachine } from '../out-of-zone/machine';
import { profileDialogMachine } from '../profile-dialog/machine';
import {
  createDraft,
  FLOW_STEPS,
  flowOf,
  kindOf,
  pathOfStep,
  replaceInGroup,
  toggleService,
  validateStep,
  type Draft,
  type StepId,
} from '../shared/draft';
import { notProvided, type ToastParams, type TrackParams } from '../shared/effects';
import { slotsMachine, type TimesRequest } from '../slots/machine';
import { upsellMachine } from '../upsell/machine';
import { appointmentMachine } from '../appointment/machine';
import { rescheduleMachine } from '../reschedule/machine';
import { ratingMachine } from '../rating/machine';
import { waitlistMachine } from '../waitlist/machine';
import type { proAgendaMachine } from '../pro/agenda';
import type { proRequestMachine } from '../pro/request';
import type { proRequestsMachine } from '../pro/requests';
import type { proTimeOffMachine } from '../pro/time-off';
import type { proTeamBoardMachine } from '../pro/team-board';
import type { proHoursMachine } from '../pro/hours';
import {
  createContext,
  type AppContext,
  type AppInput,
  type Screen,
  type WaitlistOffer,
  type WaitlistOfferKey,
} from './context';
import type { AppEvent } from './events';
import { askResetErrors, completeSignupErrors, guards, hasDayOfDateStep, isPageLoad, loginErrors } from './guards';
import { appointmentKeyOf, proRequestOf, routeEvent, screenOf, stepOfPath, waitlistOfferOf } from './routing';

type DraftServices = Draft['services'];

/** Keeps `services` (every chosen service) in step with primary and secondary ones. */
const withServices = (services: Omit<DraftServices, 'services'> & Partial<DraftServices>): DraftServices => ({
  includedService: services.includedService,
  primaryService: services.primaryService,
  secondaryServices: services.secondaryServices,
  services: [...(services.primaryService ? [services.primaryService] : []), ...services.secondaryServices],
});

const NO_SERVICES: DraftServices = withServices({ includedService: null, primaryService: null, secondaryServices: [] });

/**
 * The page's first URL (a load or a reload) landing on the step it names: that step keeps its restored
 * choices. Sent back to an earlier step (the URL named one past it), the step is entered as any other
 * time and clears what it asks anew (issue 25: a salotto's categories step kept the hair flow's services).
 */
const isReload = (event: AppEvent, step: StepId): boolean =>
  // Stryker disable next-line ConditionalExpression: the type check narrows for TypeScript; no other event has `reload`
  event.type === 'route.changed' && event.reload === true && stepOfPath(event.path) === step;

/** SPEC §4: the day back to today, without a time. */
const dayReset = (context: AppContext): Draft => ({ ...context.draft, date: context.today, availableTime: null });

const editServices = (draft: Draft, edit: (services: DraftServices) => Omit<DraftServices, 'services'>): Draft => ({
  ...draft,
  services: withServices(edit(draft.services)),
});

/** SPEC §4: removing every extra service clears included, main and secondary services. */
const afterExtrasChange = (services: Omit<DraftServices, 'services'>): Omit<DraftServices, 'services'> =>
  services.secondaryServices.length === 0 && services.primaryService === null ? NO_SERVICES : services;

/**
 * Issue 28: the time the page shows chosen and that should be held for her: a data or checkout step
 * of the booking with a day and a time (its professional too: another one is another hold), else null.
 */
export const heldTimeOf = (context: AppContext): string | null => {
  const { date, availableTime, providerId } = context.draft;
  const kind = kindOf(context.step);
  if (context.screen !== 'booking' || (kind !== 'data' && kind !== 'checkout')) return null;
  // A time is chosen only on a day (clearing the day clears the time).
  return availableTime === null ? null : JSON.stringify([date, availableTime.startTime, providerId]);
};

/** What the hold calls answer: held, or taken by someone else (with the server's message). */
export type HoldAnswer = { held: true } | { held: false; message: string };
/** What a renewal answers: renewed, or lapsed already (the server's message). */
export type RenewAnswer = { renewed: true } | { renewed: false; message: string };

/** What the wizard's data step asks times for: the draft, in its flow. */
export const bookingRequest = (draft: Draft): TimesRequest => ({ kind: 'booking', draft, flow: flowOf(draft) });

export interface LoadServicesInput {
  draft: Draft;
  flow: Flow;
}

/**
 * What the root invokes for the professionals' screens when their machines are not loaded: nothing
 * (never entered, `proSideLoaded` guards them). A machine, so that a snapshot is one all the same.
 */
const PRO_SIDE_NOT_LOADED = createMachine({ id: 'proSideNotLoaded' });

export const appSetup = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    tags: {} as 'step' | 'busy' | 'dialog',
    meta: {} as { path?: string; screen?: 'booking'; title?: string },
    /** The child machines by invoke id: screens read `snapshot.children.<id>` typed, without casts. */
    children: {} as {
      addressPicker: 'addressPicker';
      outOfZone: 'outOfZone';
      upsell: 'upsell';
      slots: 'slots';
      confirmation: 'confirmation';
      coupon: 'coupon';
      checkoutSubmission: 'checkout';
      profileDialog: 'profileDialog';
      waitlist: 'waitlist';
      appointment: 'appointment';
      reschedule: 'reschedule';
      rating: 'rating';
      proAgenda: 'proAgenda';
      proRequests: 'proRequests';
      proRequest: 'proRequest';
      proTimeOff: 'proTimeOff';
      proTeamBoard: 'proTeamBoard';
      proHours: 'proHours';
    },
  },
  actors: {
    // Child machines, invoked where they own a state.
    addressPicker: addressPickerMachine,
    outOfZone: outOfZoneMachine,
    upsell: upsellMachine,
    slots: slotsMachine,
    confirmation: confirmationMachine,
    coupon: couponMachine,
    checkout: checkoutMachine,
    profileDialog: profileDialogMachine,
    waitlist: waitlistMachine,
    appointment: appointmentMachine,
    reschedule: rescheduleMachine,
    rating: ratingMachine,
    // Issue 27, the professionals' side: its machines load with its pages (provide.ts), never with the
    // customer's first load; until then these names stand for them (entered only once loaded: `proSideLoaded`).
    proAgenda: PRO_SIDE_NOT_LOADED as unknown as typeof proAgendaMachine,
    proRequests: PRO_SIDE_NOT_LOADED as unknown as typeof proRequestsMachine,
    proRequest: PRO_SIDE_NOT_LOADED as unknown as typeof proRequestMachine,
    proTimeOff: PRO_SIDE_NOT_LOADED as unknown as typeof proTimeOffMachine,
    proTeamBoard: PRO_SIDE_NOT_LOADED as unknown as typeof proTeamBoardMachine,
    proHours: PRO_SIDE_NOT_LOADED as unknown as typeof proHoursMachine,
    // Calls the app provides.
    loadProfile: notProvided<User, undefined>('loadProfile'),
    login: notProvided<AuthResponse, { email: string; password: string }>('login'),
    loginWithToken: notProvided<AuthResponse, { token: string }>('loginWithToken'),
    askResetPassword: notProvided<unknown, { email: string }>('askResetPassword'),
    checkSignupToken: notProvided<TokenCheckResponse, { token: string }>('checkSignupToken'),
    completeSignup: notProvided<AuthResponse, { token: string; password: string; firstName: string; lastName: string }>(
      'completeSignup',
    ),
    loadServices: notProvided<ServiceList, LoadServicesInput>('loadServices'),
    loadWaitlistOffer: notProvided<WaitlistOffer, WaitlistOfferKey>('loadWaitlistOffer'),
    /** Issue 27: a declined request's 'Prenota di nuovo': its services and address, in a waitlist offer's shape. */
    loadRebook: notProvided<WaitlistOffer, { key: AppointmentKey }>('loadRebook'),
    // Issue 28: her holder key is the app's (session storage); the machine says what and when.
    holdSlot: notProvided<HoldAnswer, { draft: Draft }>('holdSlot'),
    renewHold: notProvided<RenewAnswer, undefined>('renewHold'),
    releaseHold: notProvided<unknown, undefined>('releaseHold'),
  },
  actions: {
    // ── effects the app provides ──
    showToast: (_, _params: ToastParams) => {},
    track: (_, _params: TrackParams) => {},
    storeCredential: (_, _params: { token: string }) => {},
    clearCredential: () => {},
    resetQueryCache: () => {},
    /** SPEC §8: kept in local storage (toast-error-message) and toasted on the next screen. */
    storeToastMessage: (_, _params: { message: string }) => {},
    /** Booked: the draft saved for a reload is done with (the app keeps it in session storage). */
    forgetSavedDraft: () => {},

    // ── session ──
    enterScreen: assign({ screen: (_, params: { screen: Screen }) => params.screen }),
    errorPageShown: assign({ errorPages: ({ context }) => context.errorPages + 1 }),
    errorPageLeft: assign({ errorPages: ({ context }) => Math.max(0, context.errorPages - 1) }),
    /** The appointment or the waitlist entry a URL names (issue 16), null for other URLs. */
    storeLinkKeys: assign(({ event }) => {
      assertEvent(event, 'route.changed');
      return {
        appointment: appointmentKeyOf(event.path, event.search),
        waitlistOffer: waitlistOfferOf(event.path, event.search),
        proRequest: proRequestOf(event.path),
      };
    }),
    rememberScreen: assign({
      pendingScreen: ({ event }) => {
        assertEvent(event, 'route.changed');
        return screenOf(event.path, event.search);
      },
    }),
    storeToken: assign(({ event }) => {
      assertEvent(event, 'route.changed');
      const query = new URLSearchParams(event.search);
      return { token: query.get('token'), tokenEmail: query.get('email') };
    }),
    storeUser: assign({
      user: (_, params: { user: User }) => params.user,
      hasCredential: true,
    }),
    forgetSession: assign({ user: null, hasCredential: false, token: null, tokenEmail: null }),
    storeTokenCheck: assign({
      tokenEmail: (_, params: TokenCheckResponse) => params.email,
      requireName: (_, params: TokenCheckResponse) => params.requireName,
    }),
    storeLoginErrors: assign({ errors: ({ event }) => loginErrors(event) }),
    storeAskResetErrors: assign({ errors: ({ event }) => askResetErrors(event) }),
    storeCompleteSignupErrors: assign({ errors: ({ context, event }) => completeSignupErrors(context, event) }),
    clearErrors: assign({ errors: {} }),

    // ── wizard ──
    enterStep: assign({ step: (_, params: { step: StepId }) => params.step }),
    refuseStep: assign({
      notice: ({ context }, params: { step: StepId }) => ({
        // Stryker disable next-line ArithmeticOperator: the id only has to change at each refusal (its toast shows then)
        id: (context.notice?.id ?? 0) + 1,
        // Stryker disable next-line StringLiteral: a step is refused only when its check gives a message
        message: validateStep(params.step, context.draft, context.services) ?? '',
        step: params.step,
      }),
    }),
    resetDraft: assign(({ context }) => ({
      draft: { ...createDraft(context.today), abTest: context.draft.abTest },
      services: null,
      step: 'location' as const,
      confirmedTime: null,
    })),
    setLocation: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'location.set');
        return { ...context.draft, location: event.location };
      },
    }),
    clearLocation: assign({ draft: ({ context }) => ({ ...context.draft, location: null }) }),
    clearStreetNumber: assign({
      draft: ({ context }) =>
        context.draft.location
          ? {
              ...context.draft,
              location: {
                ...context.draft.location,
                components: { ...context.draft.location.components, streetNumber: undefined },
              },
            }
          : context.draft,
    }),
    setParticipants: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'participants.set');
        return { ...context.draft, participants: event.participants };
      },
    }),
    incrementParticipants: assign({
      draft: ({ context }) => ({ ...context.draft, participantsCount: context.draft.participantsCount + 1 }),
    }),
    decrementParticipants: assign({
      draft: ({ context }) => ({
        ...context.draft,
        // At the minimum the step does not take one off (the atMinimumParticipants guard).
        participantsCount: context.draft.participantsCount - 1,
      }),
    }),
    /**
     * Another category drops the length and the services chosen for the one before (SPEC §4: the
     * services are the category's). Entering the step clears them anyway, but a page loaded on it
     * keeps what the draft restored, and a typed URL then goes on to the new category's list.
     */
    setCategory: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'category.set');
        return event.category === context.draft.category
          ? context.draft
          : { ...context.draft, category: event.category, hair: null, services: NO_SERVICES };
      },
    }),
    toggleSalottoCategory: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'salottoCategory.toggle');
        const current = context.draft.salottoCategories;
        return {
          ...context.draft,
          salottoCategories: current.includes(event.category)
            ? current.filter((category) => category !== event.category)
            : [...current, event.category],
        };
      },
    }),
    setHair: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'hair.set');
        return { ...context.draft, hair: event.hair };
      },
    }),
    setNotes: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'details.notes');
        return { ...context.draft, salottoNotes: event.notes };
      },
    }),
    /** Entering the hair step (SPEC §4): hair and extra services are cleared (not by a reload). */
    clearHairAndServices: assign({
      draft: ({ context, event }) =>
        isReload(event, context.step) ? context.draft : { ...context.draft, hair: null, services: NO_SERVICES },
    }),
    /** Entering a category step (SPEC §4): also the category. */
    clearCategory: assign({
      draft: ({ context, event }) =>
        isReload(event, context.step)
          ? context.draft
          : { ...context.draft, category: null, hair: null, services: NO_SERVICES },
    }),
    clearSalottoCategories: assign({
      draft: ({ context, event }) =>
        isReload(event, context.step) ? context.draft : { ...context.draft, salottoCategories: [] },
    }),
    /** The modal's continue: this time is confirmed (checkout opens with it without asking again). */
    rememberConfirmedTime: assign({
      confirmedTime: ({ context }) => ({ date: context.draft.date, time: context.draft.availableTime }),
    }),
    /**
     * SPEC §4: back from the date step resets the date to today and clears the time, also when the
     * browser's Back (or a URL) leaves the date step, or checkout, for a step before the date step.
     */
    resetDateIfBackFromData: assign({
      draft: ({ context, event }, params: { step: StepId }) => {
        const steps = FLOW_STEPS[flowOf(context.draft)];
        const data = steps.findIndex((step) => kindOf(step) === 'data');
        const leaving = steps.indexOf(context.step) >= data && steps.indexOf(params.step) < data;
        // A new page (a typed URL, Back to another page load) before the date step, with the day of
        // the step she left in the draft restored (issue 43).
        const loadedBack = isPageLoad(event) && steps.indexOf(params.step) < data && hasDayOfDateStep(context);
        return leaving || loadedBack ? dayReset(context) : context.draft;
      },
    }),
    /** Entering the service step, or back from the date step: date today, no time. */
    resetDate: assign({ draft: ({ context }) => dayReset(context) }),
    storeServices: assign({ services: (_, params: { services: ServiceList }) => params.services }),
    forgetServices: assign({ services: null }),
    selectMain: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'service.selectMain');
        return editServices(context.draft, (services) => ({ ...services, primaryService: event.service }));
      },
    }),
    includeService: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'service.include');
        return editServices(context.draft, (services) => ({ ...services, includedService: event.service }));
      },
    }),
    pickSecondary: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'service.pickSecondary');
        return editServices(context.draft, (services) => ({
          ...services,
          secondaryServices: replaceInGroup(services.secondaryServices, event.group, event.service),
        }));
      },
    }),
    addSecondary: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'service.addSecondary');
        return editServices(context.draft, (services) => ({
          ...services,
          secondaryServices: services.secondaryServices.some((s) => s.id === event.service.id)
            ? services.secondaryServices
            : [...services.secondaryServices, event.service],
        }));
      },
    }),
    removeSecondary: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'service.removeSecondary');
        return editServices(context.draft, (services) =>
          afterExtrasChange({
            ...services,
            secondaryServices: services.secondaryServices.filter((s) => s.id !== event.serviceId),
          }),
        );
      },
    }),
    toggleSecondary: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'service.toggleSecondary');
        return editServices(context.draft, (services) =>
          afterExtrasChange({
            ...services,
            secondaryServices: toggleService(services.secondaryServices, event.service),
          }),
        );
      },
    }),
    clearExtras: assign({ draft: ({ context }) => ({ ...context.draft, services: NO_SERVICES }) }),
    /** An upsell option replaces the chosen service of its variant group. */
    chooseUpsell: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'upsell.choose');
        const inGroup = (service: Service | null) => service?._group_id === event.groupId;
        return editServices(context.draft, (services) =>
          inGroup(services.primaryService)
            ? { ...services, primaryService: event.service }
            : {
                ...services,
                secondaryServices: [...services.secondaryServices.filter((s) => !inGroup(s)), event.service],
              },
        );
      },
    }),
    setDate: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'date.set');
        return { ...context.draft, date: event.date, availableTime: null };
      },
    }),
    clearDate: assign({
      draft: ({ context }) => ({ ...context.draft, date: null, availableTime: null, providerId: null }),
    }),
    setTime: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'time.set');
        return { ...context.draft, availableTime: event.availableTime };
      },
    }),
    setProvider: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'provider.set');
        return { ...context.draft, providerId: event.providerId, availableTime: null };
      },
    }),
    clearProvider: assign({
      draft: ({ context }) => ({ ...context.draft, providerId: null, availableTime: null }),
    }),
    applyCoupon: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'coupon.applied');
        return { ...context.draft, couponCodeDiscount: event.discount, couponServices: event.services };
      },
    }),
    /** Back from checkout, or the code removed (SPEC §4). */
    resetCoupon: assign({
      draft: ({ context }) => ({ ...context.draft, couponCodeDiscount: 0, couponServices: [] }),
    }),

    // ── the hold of the time she picked (issue 28, hold.ts) ──
    rememberHeldTime: assign({ heldKey: ({ context }) => heldTimeOf(context) }),
    // The countdown's end on this device (the machine's own timers are relative: holdWarning, holdLastMinute).
    startHoldClock: assign({ holdDeadline: () => Date.now() + SLOT_HOLD_MINUTES * 60_000 }),
    forgetHold: assign({ heldKey: null, holdDeadline: null }),
    /** The time held is no longer hers: not chosen any more (nor confirmed), the rest of the draft kept. */
    clearHeldTime: assign({
      draft: ({ context }) => ({ ...context.draft, availableTime: null }),
      confirmedTime: null,
    }),
    // Sent to itself (not raised) so the steps' answer is a transition of its own in the charts and
    // the generated paths' coverage (machines/testing/system.ts delivers it like any other event).
    tellHoldLost: sendTo(
      ({ self }) => self,
      (_, params: { message: string }) => ({ type: 'hold.lost' as const, message: params.message }),
    ),

    /** A waitlist offer's link (issue 16): its day, with the draft she left when she joined. */
    restoreOffer: assign((_, params: WaitlistOffer) =>
      params.draft
        ? {
            // The day freed up in her zone, whoever works it: no professional filter, no time yet.
            draft: { ...params.draft.draft, date: params.date, availableTime: null, providerId: null },
            services: params.draft.services,
          }
        : {},
    ),
    /** Opens the restored draft's day as a link to its data step would: the first step still incomplete. */
    openOfferDay: raise(({ context }) => routeEvent(pathOfStep(`${flowOf(context.draft)}-data`))),

    // ── children ──
    forwardToAddressPicker: forwardTo('addressPicker'),
    forwardToOutOfZone: forwardTo('outOfZone'),
    forwardToUpsell: forwardTo('upsell'),
    leaveUpsell: sendTo('upsell', { type: 'upsell.leave' }),
    /**
     * Her session ended on / (issue 43): the wizard goes back to the booking start. Sent to itself
     * (not raised), as tellHoldLost, so the wizard's answer is a transition the coverage sees.
     */
    tellSessionExpired: sendTo(({ self }) => self, { type: 'session.expired' as const }),
    forwardToSlots: forwardTo('slots'),
    /** The draft's day or professional changed: the slots machine loads the times for it. */
    tellSlotsDraft: sendTo('slots', ({ context }) => ({
      type: 'slots.requestChanged' as const,
      request: bookingRequest(context.draft),
    })),
    forwardToConfirmation: forwardTo('confirmation'),
    forwardToCoupon: forwardTo('coupon'),
    forwardToCheckout: forwardTo('checkoutSubmission'),
    forwardToProfileDialog: forwardTo('profileDialog'),
    forwardToWaitlist: forwardTo('waitlist'),
    forwardToAppointment: forwardTo('appointment'),
    forwardToProAgenda: forwardTo('proAgenda'),
    forwardToProRequests: forwardTo('proRequests'),
    forwardToProRequest: forwardTo('proRequest'),
    forwardToProTimeOff: forwardTo('proTimeOff'),
    forwardToProTeamBoard: forwardTo('proTeamBoard'),
    forwardToProHours: forwardTo('proHours'),
    /** Issue 27: a page of the professionals' side asked before its code was loaded: the page loads anew there. */
    redirect: (_, _params: { url: string }) => {},
    forwardToReschedule: forwardTo('reschedule'),
    forwardToRating: forwardTo('rating'),
    /** Moved: the manage screen shows the appointment at its new time. */
    tellAppointmentMoved: sendTo('appointment', (_, params: { appointment: Appointment }) => ({
      type: 'appointment.moved' as const,
      appointment: params.appointment,
    })),
  },
  guards: {
    ...guards,
    // ── the hold (issue 28) ──
    holdWanted: ({ context }) => heldTimeOf(context) !== null,
    otherTimeWanted: ({ context }) => {
      const wanted = heldTimeOf(context);
      return wanted !== null && wanted !== context.heldKey;
    },
    noTimeWanted: ({ context }) => heldTimeOf(context) === null,
    heldTimeStillChosen: ({ context }) => heldTimeOf(context) === context.heldKey,
    checkoutLeft: ({ context }) => kindOf(context.step) !== 'checkout',
    holdGranted: (_, params: { answer: HoldAnswer }) => params.answer.held,
    holdRenewed: (_, params: { answer: RenewAnswer }) => params.answer.renewed,
  },
  delays: {
    holdWarning: DELAYS.holdWarning,
    holdLastMinute: DELAYS.holdLastMinute,
    logoutLoader: DELAYS.logoutLoader,
    logoutLoaderHide: DELAYS.logoutLoaderHide,
    passwordResetConfirmation: DELAYS.passwordResetConfirmation,
  },
});

export { createContext };

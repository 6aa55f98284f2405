/**
 * How the app (and tests) give the machines their effects: plain async functions and callbacks,
 * mapped onto every machine's stub actors and actions with `.provide()`.
 */
import { fromPromise } from 'xstate';
import type { Appointment, AppointmentKey } from '../../contract/appointment';
import type { Booking, CheckoutFormInput } from '../../contract/booking';
import type { AuthResponse, TokenCheckResponse } from '../../contract/calls';
import type { ProfileFormInput } from '../../contract/forms';
import type { Location } from '../../contract/location';
import type { Provider } from '../../contract/provider';
import type { ServiceList } from '../../contract/service';
import type { AvailableTime } from '../../contract/slot';
import type { User } from '../../contract/user';
import { addressPickerMachine, type Suggestion } from '../address-picker/machine';
import { checkoutMachine } from '../checkout/machine';
import { confirmationMachine } from '../confirmation/machine';
import { couponMachine, type CouponCheckResult } from '../coupon/machine';
import { outOfZoneMachine } from '../out-of-zone/machine';
import { profileDialogMachine } from '../profile-dialog/machine';
import type { Draft } from '../shared/draft';
import type { ToastParams, TrackParams } from '../shared/effects';
import { slotsMachine, type LoadTimesInput } from '../slots/machine';
import { upsellMachine } from '../upsell/machine';
import { appointmentMachine, type AppointmentOfferInput, type AppointmentReminderInput } from '../appointment/machine';
import { rescheduleMachine, type MoveInput } from '../reschedule/machine';
import { ratingMachine, type RateAppointmentInput } from '../rating/machine';
import type { AppointmentRating } from '../../contract/rating';
import { waitlistMachine, type JoinWaitlistInput } from '../waitlist/machine';
import type { WaitlistOffer, WaitlistOfferKey } from './context';
import { appMachine } from './machine';
import type { HoldAnswer, LoadServicesInput, RenewAnswer } from './setup';
import type { ProAppointment } from '../../contract/pro';
import type { LoadProAgendaInput, LoadProAgendaOutput, ProRatings, proAgendaMachine } from '../pro/agenda';
import type {
  AcceptRequestInput,
  DeclineRequestInput,
  LoadProRequestInput,
  LoadRequestTimesInput,
  LoadRequestTimesOutput,
  OfferRequestInput,
  proRequestMachine,
  QuoteSalottoInput,
} from '../pro/request';
import type { LoadProRequestsOutput, proRequestsMachine } from '../pro/requests';
import type {
  CancelTimeOffInput,
  CancelTimeOffOutput,
  CreateProTimeOffInput,
  CreateProTimeOffOutput,
  LoadProTimeOffOutput,
  proTimeOffMachine,
} from '../pro/time-off';
import type {
  CreateTeamTimeOffInput,
  CreateTeamTimeOffOutput,
  LoadTeamBoardInput,
  LoadTeamBoardOutput,
  proTeamBoardMachine,
  ReassignAppointmentInput,
  ReassignAppointmentOutput,
} from '../pro/team-board';
import type {
  HandOverAppointmentInput,
  HandOverAppointmentOutput,
  LoadProHoursOutput,
  proHoursMachine,
  SaveProHoursInput,
  SaveProHoursOutput,
} from '../pro/hours';

/** The calls (HTTP, maps) the app implements. */
export interface AppCalls {
  loadProfile: () => Promise<User>;
  login: (input: { email: string; password: string }) => Promise<AuthResponse>;
  loginWithToken: (input: { token: string }) => Promise<AuthResponse>;
  askResetPassword: (input: { email: string }) => Promise<unknown>;
  checkSignupToken: (input: { token: string }) => Promise<TokenCheckResponse>;
  completeSignup: (input: {
    token: string;
    password: string;
    firstName: string;
    lastName: string;
  }) => Promise<AuthResponse>;
  loadServices: (input: LoadServicesInput) => Promise<ServiceList>;
  searchAddresses: (input: { query: string }) => Promise<Suggestion[]>;
  resolveAddress: (input: { suggestion: Suggestion }) => Promise<Location>;
  lookupStreetNumber: (input: { location: Location; streetNumber: string }) => Promise<Location>;
  checkLocation: (input: { location: Location }) => Promise<{ canBeServed: boolean }>;
  subscribeToList: (input: { email: string; location: Location | null }) => Promise<unknown>;
  loadAvailableTimes: (input: LoadTimesInput) => Promise<AvailableTime[]>;
  loadProviders: (input: { userId: string | null }) => Promise<Provider[]>;
  checkCoupon: (input: { code: string; draft: Draft }) => Promise<CouponCheckResult>;
  createBooking: (input: { form: CheckoutFormInput; draft: Draft }) => Promise<Booking>;
  updateProfile: (input: { userId: string; form: ProfileFormInput }) => Promise<User>;
  // Issue 16: after the booking.
  joinWaitlist: (input: JoinWaitlistInput) => Promise<unknown>;
  loadWaitlistOffer: (input: WaitlistOfferKey) => Promise<WaitlistOffer>;
  /** Issue 27: a declined request's 'Prenota di nuovo'. */
  loadRebook: (input: { key: AppointmentKey }) => Promise<WaitlistOffer>;
  loadAppointment: (input: { key: AppointmentKey }) => Promise<Appointment>;
  cancelAppointment: (input: { key: AppointmentKey }) => Promise<Appointment>;
  setAppointmentReminder: (input: AppointmentReminderInput) => Promise<Appointment>;
  /** Issue 27: her answer to another time offered. */
  answerOffer: (input: AppointmentOfferInput) => Promise<Appointment>;
  rescheduleAppointment: (input: MoveInput) => Promise<Appointment>;
  /** Issue 29: the appointment to rate (what she gave so far), and her rating sent. */
  loadRating: (input: { key: AppointmentKey }) => Promise<AppointmentRating>;
  rateAppointment: (input: RateAppointmentInput) => Promise<AppointmentRating>;
  // Issue 28: holding the time she picked (her holder key is the app's).
  holdSlot: (input: { draft: Draft }) => Promise<HoldAnswer>;
  renewHold: () => Promise<RenewAnswer>;
  releaseHold: () => Promise<unknown>;
}

/** Every call's name, in one list: fakes and checks iterate over it. */
export const APP_CALL_NAMES = [
  'loadProfile',
  'login',
  'loginWithToken',
  'askResetPassword',
  'checkSignupToken',
  'completeSignup',
  'loadServices',
  'searchAddresses',
  'resolveAddress',
  'lookupStreetNumber',
  'checkLocation',
  'subscribeToList',
  'loadAvailableTimes',
  'loadProviders',
  'checkCoupon',
  'createBooking',
  'updateProfile',
  'joinWaitlist',
  'loadWaitlistOffer',
  'loadRebook',
  'loadAppointment',
  'cancelAppointment',
  'setAppointmentReminder',
  'answerOffer',
  'rescheduleAppointment',
  'loadRating',
  'rateAppointment',
  'holdSlot',
  'renewHold',
  'releaseHold',
] as const satisfies readonly (keyof AppCalls)[];

/** The fire-and-forget effects: toasts, analytics, storage, cookie, navigation out. */
export interface AppActions {
  showToast: (params: ToastParams) => void;
  track: (params: TrackParams) => void;
  storeCredential: (params: { token: string }) => void;
  clearCredential: () => void;
  resetQueryCache: () => void;
  storeToastMessage: (params: { message: string }) => void;
  forgetSavedDraft: () => void;
  storeUserCookie: (params: { userId: string }) => void;
  redirect: (params: { url: string }) => void;
}

export interface AppEffects {
  calls: AppCalls;
  actions: AppActions;
}

/** Issue 27: the professionals' side's calls (contract/pro-calls.ts), loaded with its pages. */
export interface ProCalls {
  loadProAgenda: (input: LoadProAgendaInput) => Promise<LoadProAgendaOutput>;
  /** Issue 29: her ratings, shown under her agenda. */
  loadProRatings: () => Promise<ProRatings>;
  loadProRequests: () => Promise<LoadProRequestsOutput>;
  loadProRequest: (input: LoadProRequestInput) => Promise<ProAppointment>;
  acceptRequest: (input: AcceptRequestInput) => Promise<ProAppointment>;
  declineRequest: (input: DeclineRequestInput) => Promise<ProAppointment>;
  loadRequestTimes: (input: LoadRequestTimesInput) => Promise<LoadRequestTimesOutput>;
  offerRequest: (input: OfferRequestInput) => Promise<ProAppointment>;
  quoteSalotto: (input: QuoteSalottoInput) => Promise<ProAppointment>;
  /** Issue 40: her time off, entered, cancelled. */
  loadProTimeOff: () => Promise<LoadProTimeOffOutput>;
  createProTimeOff: (input: CreateProTimeOffInput) => Promise<CreateProTimeOffOutput>;
  cancelTimeOff: (input: CancelTimeOffInput) => Promise<CancelTimeOffOutput>;
  /** Issue 40: the team's board, a reassignment, a professional's time off entered by the team. */
  loadTeamBoard: (input: LoadTeamBoardInput) => Promise<LoadTeamBoardOutput>;
  reassignAppointment: (input: ReassignAppointmentInput) => Promise<ReassignAppointmentOutput>;
  createTeamTimeOff: (input: CreateTeamTimeOffInput) => Promise<CreateTeamTimeOffOutput>;
  /** Issue 40: her hours, saved, an appointment outside them handed over. */
  loadProHours: () => Promise<LoadProHoursOutput>;
  saveProHours: (input: SaveProHoursInput) => Promise<SaveProHoursOutput>;
  handOverAppointment: (input: HandOverAppointmentInput) => Promise<HandOverAppointmentOutput>;
}

export const PRO_CALL_NAMES = [
  'loadProAgenda',
  'loadProRatings',
  'loadProRequests',
  'loadProRequest',
  'acceptRequest',
  'declineRequest',
  'loadRequestTimes',
  'offerRequest',
  'quoteSalotto',
  'loadProTimeOff',
  'createProTimeOff',
  'cancelTimeOff',
  'loadTeamBoard',
  'reassignAppointment',
  'createTeamTimeOff',
  'loadProHours',
  'saveProHours',
  'handOverAppointment',
] as const satisfies readonly (keyof ProCalls)[];

/**
 * Issue 27: the professionals' side, as its pages load it (src/app/pro-side.ts): its machines and
 * calls. Without it the root never enters its screens (`proSideLoaded`): the customer's first load
 * does not carry it.
 */
export interface ProSide {
  machines: {
    agenda: typeof proAgendaMachine;
    requests: typeof proRequestsMachine;
    request: typeof proRequestMachine;
    timeOff: typeof proTimeOffMachine;
    teamBoard: typeof proTeamBoardMachine;
    hours: typeof proHoursMachine;
  };
  calls: ProCalls;
}

/** A call as an actor; its signal aborts when the state that invoked it is left (the answer is then unheard). */
const call = <TInput, TOutput>(fn: (input: TInput, signal: AbortSignal) => Promise<TOutput>) =>
  fromPromise<TOutput, TInput>(({ input, signal }) => fn(input, signal));

/** The root machine with every effect provided (root and children), and the professionals' side when loaded. */
export const createAppMachine = ({ calls, actions }: AppEffects, proSide?: ProSide) => {
  const showToast = (_: unknown, params: ToastParams) => actions.showToast(params);
  const track = (_: unknown, params: TrackParams) => actions.track(params);
  // One address picker: the location step's and the profile dialog's.
  const addressPicker = addressPickerMachine.provide({
    actors: {
      searchAddresses: call(calls.searchAddresses),
      resolveAddress: call(calls.resolveAddress),
      lookupStreetNumber: call(calls.lookupStreetNumber),
      checkLocation: call(calls.checkLocation),
    },
    actions: { showToast },
  });
  const slots = slotsMachine.provide({
    actors: { loadAvailableTimes: call(calls.loadAvailableTimes), loadProviders: call(calls.loadProviders) },
    actions: { showToast, track },
  });
  return appMachine.provide({
    actors: {
      loadProfile: call(() => calls.loadProfile()),
      login: call(calls.login),
      loginWithToken: call(calls.loginWithToken),
      askResetPassword: call(calls.askResetPassword),
      checkSignupToken: call(calls.checkSignupToken),
      completeSignup: call(calls.completeSignup),
      loadServices: call(calls.loadServices),
      addressPicker,
      outOfZone: outOfZoneMachine.provide({
        actors: { subscribeToList: call(calls.subscribeToList) },
        actions: { showToast },
      }),
      upsell: upsellMachine.provide({ actions: { track } }),
      // One slots machine: the data step's and the move's.
      slots,
      confirmation: confirmationMachine.provide({ actions: { track } }),
      coupon: couponMachine.provide({ actors: { checkCoupon: call(calls.checkCoupon) }, actions: { showToast } }),
      checkout: checkoutMachine.provide({
        actors: { createBooking: call(calls.createBooking) },
        actions: {
          showToast,
          track,
          storeUserCookie: (_, params) => actions.storeUserCookie(params),
          redirect: (_, params) => actions.redirect(params),
        },
      }),
      profileDialog: profileDialogMachine.provide({
        actors: { updateProfile: call(calls.updateProfile), addressPicker },
        actions: { showToast, track },
      }),
      waitlist: waitlistMachine.provide({
        actors: { joinWaitlist: call(calls.joinWaitlist) },
        actions: { showToast, track },
      }),
      loadWaitlistOffer: call(calls.loadWaitlistOffer),
      loadRebook: call(calls.loadRebook),
      holdSlot: call(calls.holdSlot),
      renewHold: call(() => calls.renewHold()),
      // Not aborted: the release is sent even when the page moves on before its answer.
      releaseHold: fromPromise(() => calls.releaseHold()),
      appointment: appointmentMachine.provide({
        actors: {
          loadAppointment: call(calls.loadAppointment),
          cancelAppointment: call(calls.cancelAppointment),
          setAppointmentReminder: call(calls.setAppointmentReminder),
          answerOffer: call(calls.answerOffer),
        },
        actions: { showToast, track },
      }),
      reschedule: rescheduleMachine.provide({
        actors: { slots, rescheduleAppointment: call(calls.rescheduleAppointment) },
        actions: { showToast },
      }),
      rating: ratingMachine.provide({
        actors: { loadRating: call(calls.loadRating), rateAppointment: call(calls.rateAppointment) },
        actions: { showToast },
      }),
      ...(proSide ? provideProSide(proSide, { showToast, track }) : {}),
    },
    actions: {
      showToast,
      track,
      storeCredential: (_, params) => actions.storeCredential(params),
      clearCredential: () => actions.clearCredential(),
      resetQueryCache: () => actions.resetQueryCache(),
      storeToastMessage: (_, params) => actions.storeToastMessage(params),
      forgetSavedDraft: () => actions.forgetSavedDraft(),
      // The page loads anew at the professionals' side's URL (a full load, which brings its code).
      redirect: (_, params) => actions.redirect(params),
    },
  });
};

type ChildActions = {
  showToast: (_: unknown, params: ToastParams) => void;
  track: (_: unknown, params: TrackParams) => void;
};

/** The professionals' machines with their calls. */
const provideProSide = ({ machines, calls }: ProSide, childActions: ChildActions) => ({
  proAgenda: machines.agenda.provide({
    actors: { loadProAgenda: call(calls.loadProAgenda), loadProRatings: call(() => calls.loadProRatings()) },
    actions: childActions,
  }),
  proRequests: machines.requests.provide({
    actors: { loadProRequests: call(() => calls.loadProRequests()) },
    actions: childActions,
  }),
  proRequest: machines.request.provide({
    actors: {
      loadProRequest: call(calls.loadProRequest),
      acceptRequest: call(calls.acceptRequest),
      declineRequest: call(calls.declineRequest),
      loadRequestTimes: call(calls.loadRequestTimes),
      offerRequest: call(calls.offerRequest),
      quoteSalotto: call(calls.quoteSalotto),
    },
    actions: childActions,
  }),
  proTimeOff: machines.timeOff.provide({
    actors: {
      loadProTimeOff: call(() => calls.loadProTimeOff()),
      createProTimeOff: call(calls.createProTimeOff),
      cancelTimeOff: call(calls.cancelTimeOff),
    },
    actions: childActions,
  }),
  proTeamBoard: machines.teamBoard.provide({
    actors: {
      loadTeamBoard: call(calls.loadTeamBoard),
      reassignAppointment: call(calls.reassignAppointment),
      createTeamTimeOff: call(calls.createTeamTimeOff),
    },
    actions: childActions,
  }),
  proHours: machines.hours.provide({
    actors: {
      loadProHours: call(() => calls.loadProHours()),
      saveProHours: call(calls.saveProHours),
      handOverAppointment: call(calls.handOverAppointment),
    },
    actions: childActions,
  }),
});

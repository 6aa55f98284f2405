/** Selectors the UI reads the root snapshot with (`useSelector(actor, selectX)`). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { FLOW_STEPS, flowOf } from '../shared/draft';
import type { addressPickerMachine } from '../address-picker/machine';
import type { outOfZoneMachine } from '../out-of-zone/machine';
import type { profileDialogMachine } from '../profile-dialog/machine';
import type { slotsMachine } from '../slots/machine';
import type { appointmentMachine } from '../appointment/machine';
import type { ratingMachine } from '../rating/machine';
import type { rescheduleMachine } from '../reschedule/machine';
import type { waitlistMachine } from '../waitlist/machine';
import type { Screen } from './context';
import type { AppMachine } from './machine';

type AppSnapshot = SnapshotFrom<AppMachine>;

export const selectDraft = (snapshot: AppSnapshot) => snapshot.context.draft;
export const selectUser = (snapshot: AppSnapshot) => snapshot.context.user;
/** The last refused AVANTI: toast its message when its id changes. */
export const selectNotice = (snapshot: AppSnapshot) => snapshot.context.notice;
export const selectFormErrors = (snapshot: AppSnapshot) => snapshot.context.errors;
export const selectIsBusy = (snapshot: AppSnapshot) => snapshot.hasTag('busy');
export const selectServices = (snapshot: AppSnapshot) => snapshot.context.services;
/** SPEC §2 progress bar: totalSteps segments, the current one filled. */
export const selectProgress = (snapshot: AppSnapshot) => {
  const steps = FLOW_STEPS[flowOf(snapshot.context.draft)];
  return { current: steps.indexOf(snapshot.context.step) + 1, total: steps.length };
};
export const selectIsConfirming = (snapshot: AppSnapshot) => Object.keys(snapshot.children).includes('confirmation');

/** The service step's list: loading until it arrives, failed when the load was refused (services.retry). */
export const selectServiceLoad = (snapshot: AppSnapshot): 'loading' | 'ready' | 'failed' =>
  snapshot.context.services ? 'ready' : snapshot.can({ type: 'services.retry' }) ? 'failed' : 'loading';

/**
 * SPEC §9 order total: services + time supplement above 0, minus the coupon discount above 0. The
 * contract refuses a negative supplement or discount (contract/slot.ts, contract/booking.ts): both
 * are 0 or above here.
 */
export const selectOrderTotal = (snapshot: AppSnapshot): number => {
  const { services, availableTime, couponCodeDiscount } = snapshot.context.draft;
  const servicesTotal =
    services.secondaryServices.reduce((sum, service) => sum + service.price, 0) + (services.primaryService?.price ?? 0);
  return servicesTotal + (availableTime?.supplement ?? 0) - couponCodeDiscount;
};

/**
 * The page the shell draws its header and footer for: the machine's screen (while the profile
 * loads, the one asked for), or the error page while one is shown (a path no route knows, or the
 * router's error boundary). `none` while booting, before the first URL is heard.
 */
export type Page =
  'home' | 'login' | 'askReset' | 'reset' | 'booking' | 'appointment' | 'reschedule' | 'pro' | 'error' | 'none';

const PAGE_OF_SCREEN: Record<Screen, Page> = {
  home: 'home',
  login: 'login',
  loginWithToken: 'login',
  resetPasswordWithoutToken: 'login',
  askResetPassword: 'askReset',
  resetPassword: 'reset',
  booking: 'booking',
  notFound: 'error',
  appointment: 'appointment',
  appointmentReschedule: 'reschedule',
  // A waitlist offer's link is read before anything is drawn: the loader covers it.
  waitlistOffer: 'none',
  // So is a declined request's 'Prenota di nuovo' (issue 27).
  appointmentRebook: 'none',
  // Issue 29: rating an appointment has the appointment's header (back to her area, or the booking start).
  appointmentRating: 'appointment',
  // Issue 27: the professionals' side (its screens hold their own links and buttons).
  proAgenda: 'pro',
  proRequests: 'pro',
  proRequest: 'pro',
  proTimeOff: 'pro',
  proTeam: 'pro',
  proHours: 'pro',
};

export const selectPage = (snapshot: AppSnapshot): Page => {
  if (snapshot.context.errorPages > 0) return 'error';
  const screen = snapshot.matches({ session: 'loadingProfile' })
    ? snapshot.context.pendingScreen
    : snapshot.context.screen;
  return screen ? PAGE_OF_SCREEN[screen] : 'none';
};

// ── The children the screens draw (undefined while their step or dialog is not on) ──

export type AddressPickerRef = ActorRefFrom<typeof addressPickerMachine>;
export type OutOfZoneRef = ActorRefFrom<typeof outOfZoneMachine>;
export type SlotsRef = ActorRefFrom<typeof slotsMachine>;
export type AppointmentRef = ActorRefFrom<typeof appointmentMachine>;
export type RescheduleRef = ActorRefFrom<typeof rescheduleMachine>;
export type WaitlistRef = ActorRefFrom<typeof waitlistMachine>;
export type RatingRef = ActorRefFrom<typeof ratingMachine>;

export const selectAddressPicker = (snapshot: AppSnapshot) => snapshot.children.addressPicker;
export const selectOutOfZone = (snapshot: AppSnapshot) => snapshot.children.outOfZone;
export const selectUpsell = (snapshot: AppSnapshot) => snapshot.children.upsell;
export const selectSlots = (snapshot: AppSnapshot) => snapshot.children.slots;
export const selectCoupon = (snapshot: AppSnapshot) => snapshot.children.coupon;
export const selectCheckoutSubmission = (snapshot: AppSnapshot) => snapshot.children.checkoutSubmission;
export const selectProfileDialog = (snapshot: AppSnapshot) => snapshot.children.profileDialog;
export const selectWaitlist = (snapshot: AppSnapshot) => snapshot.children.waitlist;
export const selectAppointment = (snapshot: AppSnapshot) => snapshot.children.appointment;
export const selectReschedule = (snapshot: AppSnapshot) => snapshot.children.reschedule;
/** Issue 29: the rating of the appointment shown at /appointments/:id/rating. */
export const selectRating = (snapshot: AppSnapshot) => snapshot.children.rating;
/** The times of a move: the reschedule machine's own slots machine. */
export const selectRescheduleSlots = (snapshot: SnapshotFrom<typeof rescheduleMachine> | undefined) =>
  snapshot?.children.moveSlots;

/** The profile dialog's own address picker (a child of the dialog's machine). */
export const selectProfileAddress = (snapshot: SnapshotFrom<typeof profileDialogMachine> | undefined) =>
  snapshot?.children.profileAddress;

// ── The hold of the time she picked (issue 28) ──

/** Her time is held (its countdown shows on checkout), or being renewed. */
export const selectHoldShown = (snapshot: AppSnapshot): boolean => snapshot.matches({ hold: 'held' });
/** The hold's last minute: announced, with the button that keeps it. */
export const selectHoldLastMinute = (snapshot: AppSnapshot): boolean =>
  snapshot.matches({ hold: { held: 'lastMinute' } });
export const selectHoldRenewing = (snapshot: AppSnapshot): boolean => snapshot.matches({ hold: { held: 'renewing' } });
/** When the countdown ends (epoch ms on this device), null when nothing is held. */
export const selectHoldDeadline = (snapshot: AppSnapshot): number | null => snapshot.context.holdDeadline;

/**
 * Events of the root machine. UI events are dot-namespaced verbs; the ones a child machine
 * owns are declared once by that child (its event type and its list of types) and forwarded to it (address.*, outOfZone.*, upsell.*, providerFilter.*, confirmation.*,
 * coupon.*, checkout.submit, profile.*, waitlist.*, appointment.*, reschedule.*, rating.*; the profile
 * dialog's address picker takes profile.address.*). `location.*` (except location.outOfZone's dialog),
 * `provider.set`, `coupon.applied/removed` and `session.userUpdated` also come from children.
 */
import type { CouponService } from '../../contract/booking';
import type { Category, HairLength, ParticipantMode } from '../../contract/constants';
import type { Location } from '../../contract/location';
import type { Service } from '../../contract/service';
import type { AvailableTime } from '../../contract/slot';
import type { User } from '../../contract/user';
import type { AddressPickerEvent } from '../address-picker/machine';
import type { CheckoutEvent } from '../checkout/machine';
import type { ConfirmationEvent } from '../confirmation/machine';
import type { CouponEvent } from '../coupon/machine';
import type { OutOfZoneEvent } from '../out-of-zone/machine';
import type { ProviderFilterEvent } from '../slots/machine';
import type { ProfileAddressEvent, ProfileFields } from '../profile-dialog/machine';
import type { AppointmentEvent } from '../appointment/machine';
import type { RescheduleEvent } from '../reschedule/machine';
import type { RatingEvent } from '../rating/machine';
import type { WaitlistEvent } from '../waitlist/machine';
import type {
  ProAgendaEvent,
  ProHoursEvent,
  ProRequestEvent,
  ProRequestsEvent,
  ProTeamBoardEvent,
  ProTimeOffEvent,
} from '../pro/events';

/**
 * A URL the router resolved. `reload` marks the page's first one (a load or a reload): the step it
 * lands on keeps the choices made on it, restored with the draft, instead of starting blank.
 */
export type RouteEvent = { type: 'route.changed'; path: string; search?: string; reload?: boolean };

export type SessionEvent =
  | { type: 'session.login'; email: string; password: string }
  | { type: 'session.logout' }
  | { type: 'session.askReset'; email: string }
  /** 'Controlla le tue Email!' closed by its close button, Escape or a click outside (SPEC §4 Dialogs). */
  | { type: 'resetConfirmation.close' }
  | { type: 'session.completeSignup'; password: string; firstName?: string; lastName?: string }
  | { type: 'session.userUpdated'; user: User }
  | { type: 'profile.open' }
  | { type: 'profile.cancel' }
  | { type: 'profile.submit'; form: ProfileFields }
  | ProfileAddressEvent;

export type StepEvent =
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'draft.reset' }
  /** Raised by the session region when her session ended on / (issue 43): the booking start. */
  | { type: 'session.expired' };

export type LocationEvent =
  | AddressPickerEvent
  | { type: 'location.set'; location: Location }
  | { type: 'location.clear' }
  | { type: 'location.clearStreetNumber' }
  | { type: 'location.outOfZone'; location: Location }
  | { type: 'location.pending' }
  | { type: 'location.settled' }
  | OutOfZoneEvent;

export type ChoiceEvent =
  | { type: 'participants.set'; participants: ParticipantMode }
  | { type: 'participantsCount.increment' }
  | { type: 'participantsCount.decrement' }
  | { type: 'category.set'; category: Category }
  | { type: 'salottoCategory.toggle'; category: Category }
  | { type: 'hair.set'; hair: HairLength }
  | { type: 'details.notes'; notes: string };

export type ServiceEvent =
  | { type: 'services.retry' }
  | { type: 'service.selectMain'; service: Service }
  | { type: 'service.include'; service: Service | null }
  /** A radio section: the section's other services go, the chosen one comes. */
  | { type: 'service.pickSecondary'; service: Service; group: string[] }
  | { type: 'service.addSecondary'; service: Service }
  | { type: 'service.removeSecondary'; serviceId: string }
  | { type: 'service.toggleSecondary'; service: Service }
  | { type: 'service.clearExtras' }
  | { type: 'upsell.open'; groupId: string }
  | { type: 'upsell.close' }
  | { type: 'upsell.choose'; groupId: string; service: Service };

export type DataEvent =
  | { type: 'date.set'; date: string }
  | { type: 'date.clear' }
  | { type: 'time.set'; availableTime: AvailableTime }
  | { type: 'provider.set'; providerId: string }
  | { type: 'provider.clear' }
  | ProviderFilterEvent
  | ConfirmationEvent
  /** 'Avvisami se si libera un orario' on a sold-out day (issue 16): the waitlist dialog opens. */
  | { type: 'waitlist.open' }
  | WaitlistEvent;

export type CheckoutStepEvent =
  | CouponEvent
  | { type: 'coupon.applied'; discount: number; services: CouponService[] }
  | { type: 'coupon.removed' }
  | CheckoutEvent;

/**
 * The app's error page (a screen failed to draw or to load: the router's error boundary) is on
 * screen, or gone: the shell's header and footer follow it. Sent by that page, never by a person.
 */
export type ErrorPageEvent = { type: 'errorPage.shown' } | { type: 'errorPage.left' };

/**
 * Issue 28, holding the time she picked: 'hold.extend' is the checkout's 'more time' (its button, or
 * typing on in the hold's last minute); the others come from the machines themselves: the hold
 * region tells the steps the time is lost, the checkout's submission says it sends or was refused.
 */
export type HoldEvent =
  | { type: 'hold.extend' }
  | { type: 'hold.lost'; message: string }
  | { type: 'booking.sending' }
  | { type: 'booking.failed' };

/** The appointment screens (issue 16): its manage screen's buttons, moving it, and rating it (issue 29). */
export type AppointmentScreenEvent = AppointmentEvent | RescheduleEvent | RatingEvent;

export type AppEvent =
  | RouteEvent
  | SessionEvent
  | StepEvent
  | LocationEvent
  | ChoiceEvent
  | ServiceEvent
  | DataEvent
  | CheckoutStepEvent
  | AppointmentScreenEvent
  | HoldEvent
  | ErrorPageEvent
  | ProSideEvent;

/** Issue 27: the professionals' screens (her agenda, the requests, one request), forwarded to their machines. */
export type ProSideEvent =
  | ProAgendaEvent
  | ProRequestsEvent
  | ProRequestEvent
  | ProTimeOffEvent
  // Issue 40: the team's board, her hours.
  | ProTeamBoardEvent
  | ProHoursEvent;

export type AppEventType = AppEvent['type'];

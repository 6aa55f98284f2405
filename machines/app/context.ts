/** Context and input of the root machine. */
import type { AppointmentKey } from '../../contract/appointment';
import type { SavedDraft } from '../../contract/draft';
import type { ServiceList } from '../../contract/service';
import type { User } from '../../contract/user';
import { createDraft, type Draft, type StepId } from '../shared/draft';

/** A waitlist offer's link: its entry and the token that opens it. */
export interface WaitlistOfferKey {
  entryId: string;
  token: string;
}

/** What the link opens: the freed day, with the draft she left when she joined (issue 16). */
export interface WaitlistOffer {
  date: string;
  draft: SavedDraft | null;
}

export type Screen =
  | 'home'
  | 'login'
  | 'loginWithToken'
  | 'askResetPassword'
  | 'resetPassword'
  | 'resetPasswordWithoutToken'
  | 'booking'
  | 'notFound'
  /** Issue 16: one appointment (/appointments/:id), moving it (…/reschedule), a waitlist offer's link. */
  | 'appointment'
  | 'appointmentReschedule'
  | 'waitlistOffer'
  /** Issue 27: a declined request's 'Prenota di nuovo' (/appointments/:id/rebook?token=). */
  | 'appointmentRebook'
  /** Issue 29: rating an appointment that took place (/appointments/:id/rating, the invitation's `?token=`). */
  | 'appointmentRating'
  /** Issue 27, the professionals' side: her agenda (/pro), the requests (/pro/requests), one (/pro/requests/:id). */
  | 'proAgenda'
  | 'proRequests'
  | 'proRequest'
  /** Issue 40: her time off (/pro/time-off), a professional's own. */
  | 'proTimeOff'
  /** Issue 40: the team's board (/pro/team), the team's only. */
  | 'proTeam'
  /** Issue 40: her hours (/pro/hours), a professional's own. */
  | 'proHours';

/** A time of a day, as the confirmation modal's continue accepted it. */
export interface ConfirmedTime {
  date: Draft['date'];
  time: Draft['availableTime'];
}

export interface AppContext {
  /** Today, YYYY-MM-DD: injected so tests do not depend on the clock. */
  today: string;
  hasCredential: boolean;
  user: User | null;
  draft: Draft;
  /**
   * The time to confirm that the confirmation modal's continue accepted (SPEC §4): checkout opens
   * with it without the modal again (Back then Forward, a reload: it is saved with the draft);
   * another time asks again.
   */
  confirmedTime: ConfirmedTime | null;
  /** The service list of the service step being shown (null before it loads). */
  services: ServiceList | null;
  /** The wizard step the user is on. */
  step: StepId;
  /** The last refusal of `step.next` (SPEC §5 message); the app toasts it when `id` changes. */
  notice: { id: number; message: string; step: StepId } | null;
  /** The session screen shown (null while booting). */
  screen: Screen | null;
  /** How many error pages are on screen (the router's error boundary; 0 almost always). */
  errorPages: number;
  /** The screen asked for while the profile loads. */
  pendingScreen: Screen;
  /** Query of /login?token= and /reset-password?token=&email=. */
  token: string | null;
  tokenEmail: string | null;
  /** From the sign-up token check: whether the form asks names. */
  requireName: boolean;
  /** Field errors of the session forms (login, ask-reset, reset), in form order. */
  errors: Record<string, string>;
  autoSelectAddress: boolean;
  /** The appointment of /appointments/:id (with the e-mail link's manage token), null elsewhere. */
  appointment: AppointmentKey | null;
  /** The waitlist entry of /waitlist/:entryId?token= (the offer's e-mail link), null elsewhere. */
  waitlistOffer: WaitlistOfferKey | null;
  /** Issue 27: the request of /pro/requests/:id, null elsewhere. */
  proRequest: string | null;
  /**
   * Issue 27: the professionals' side (its machines, screens and calls) was loaded with this page
   * (its first URL was one of /pro…): its screens show here; else a URL of it loads the page anew.
   */
  proSide: boolean;
  /** Issue 28: the time asked for or held for her (`heldTimeOf`), null when none. */
  heldKey: string | null;
  /**
   * Until when (epoch ms, this device's clock) the checkout says her time is held: SLOT_HOLD_MINUTES
   * after the hold or its renewal answered. For the countdown only: the machine's timers lapse it.
   */
  holdDeadline: number | null;
}

export interface AppInput {
  /** YYYY-MM-DD of today. */
  today: string;
  /** A credential is stored (SPEC §4: signed in when present). */
  hasCredential?: boolean;
  /** A draft restored from storage. */
  draft?: Partial<Draft>;
  /** The service list saved with it (the salotto's service check reads categories from it). */
  services?: ServiceList | null;
  /** The time the confirmation modal accepted, saved with it. */
  confirmedTime?: ConfirmedTime | null;
  abTest?: Draft['abTest'];
  /** The address picker picks the first suggestion when the field is left (SPEC §4 option). */
  autoSelectAddress?: boolean;
  /** Issue 27: the professionals' side is loaded (the page's first URL was one of /pro…). */
  proSide?: boolean;
}

export const createContext = (input: AppInput): AppContext => ({
  today: input.today,
  hasCredential: input.hasCredential ?? false,
  user: null,
  draft: {
    ...createDraft(input.today),
    ...input.draft,
    ...(input.abTest ? { abTest: input.abTest } : {}),
    // A restored draft (a reload, a typed URL) starts with the promo box off: no discount without its
    // code applied on screen (issue 25; the code is not saved).
    couponCodeDiscount: 0,
    couponServices: [],
  },
  confirmedTime: input.confirmedTime ?? null,
  services: input.services ?? null,
  // Stryker disable next-line StringLiteral: the wizard's first state enters its step at once
  step: 'location',
  notice: null,
  screen: null,
  errorPages: 0,
  // Stryker disable next-line StringLiteral: the profile loads only after a URL, which sets the screen asked for
  pendingScreen: 'home',
  token: null,
  tokenEmail: null,
  // Stryker disable next-line BooleanLiteral: read only by the account form, shown once the link's check has set it
  requireName: false,
  errors: {},
  autoSelectAddress: input.autoSelectAddress ?? false,
  appointment: null,
  waitlistOffer: null,
  proRequest: null,
  proSide: input.proSide ?? false,
  heldKey: null,
  holdDeadline: null,
});

/**
 * Business constants and limits of SPEC §9, shared by the machines, the app and the server.
 * One place for every number the product relies on.
 */

/** The product's name: `{product}` in SPEC's copy. */
export const PRODUCT = 'Musa';

export const CATEGORIES = ['hair', 'beauty', 'make-up'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Italian titles of the categories, as shown on the category step. */
export const CATEGORY_TITLES: Record<Category, string> = {
  hair: 'Capelli',
  beauty: 'Estetica',
  'make-up': 'Make up',
};

/** The API names beauty `estetica` (SPEC §7). */
export const API_CATEGORIES = ['hair', 'estetica', 'make-up'] as const;
export type ApiCategory = (typeof API_CATEGORIES)[number];
export const toApiCategory = (category: Category): ApiCategory => (category === 'beauty' ? 'estetica' : category);
export const fromApiCategory = (category: ApiCategory): Category => (category === 'estetica' ? 'beauty' : category);

export const HAIR_LENGTHS = ['long', 'medium', 'short'] as const;
export type HairLength = (typeof HAIR_LENGTHS)[number];
/** A stored hair length read back (a text column): one of HAIR_LENGTHS, else null. */
export const asHairLength = (value: string | null): HairLength | null =>
  (HAIR_LENGTHS as readonly string[]).includes(value ?? '') ? (value as HairLength) : null;
export const HAIR_LENGTH_TITLES: Record<HairLength, string> = {
  long: 'Sotto il mento',
  medium: 'Sopra il mento',
  short: 'Cortissimi',
};

export const PARTICIPANT_MODES = ['default', 'salotto'] as const;
export type ParticipantMode = (typeof PARTICIPANT_MODES)[number];

export const CUSTOMER_TYPES = ['single', 'multiple', 'cross'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const FLOWS = ['hair', 'beauty', 'make-up', 'salotto'] as const;
export type Flow = (typeof FLOWS)[number];

export const ITEM_TYPES = ['radio', 'checkbox'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const TOAST_TYPES = ['info', 'success', 'error', 'warning', 'loading'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/**
 * An appointment can be cancelled free of charge until this many hours before it starts (24 real
 * hours, whatever the clocks do in between: across a change to or from summer time the wall-clock
 * hour of the deadline differs from the appointment's by one).
 */
export const FREE_CANCELLATION_HOURS = 24;

/** The optional reminder (issue 16) comes this many real hours before the appointment starts. */
export const TWO_HOURS_REMINDER_HOURS = 2;

/**
 * Picking a time on the data step holds it for her this many minutes (issue 28): nobody else is
 * offered it or can book it meanwhile; in its last minute the checkout renews it when she types or
 * asks for more time (docs/decisions.md 'The time she picked is hers').
 */
export const SLOT_HOLD_MINUTES = 10;

/** A booking's states: waiting for the professional's confirmation, confirmed, cancelled (kept, never deleted). */
export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** A booking for one person (and her guests, one after the other), or a salotto (a request to a team). */
export const BOOKING_KINDS = ['single', 'salotto'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/**
 * Issue 27: a request (a `pending` booking) waits this many minutes for the professional asked;
 * unanswered, it passes to the next free professional for that address, services and time, and,
 * when none is left, to the team. Never later than REQUEST_LAST_ANSWER_HOURS before the start.
 */
export const REQUEST_ANSWER_MINUTES = 60;
export const REQUEST_LAST_ANSWER_HOURS = 12;
/** The team answers (or quotes a salotto) by this many hours before the start; then it is declined with an apology. */
export const TEAM_ANSWER_HOURS = 2;
/** Another time offered to the customer waits this long for her answer (and never past TEAM_ANSWER_HOURS before it). */
export const OFFER_ANSWER_HOURS = 24;

/** Whom a request waits for (docs/decisions.md 'Every request answered'). */
export const REQUEST_STAGES = ['professional', 'team', 'offered'] as const;
export type RequestStage = (typeof REQUEST_STAGES)[number];

/** The role of a team member (SPEC §3 User `roles`): she answers what no professional answered, and quotes salotti. */
export const TEAM_ROLE = 'team';

export const LIMITS = {
  participantsCountDefault: 2,
  salottoMinParticipants: 2,
  passwordMinLength: 8,
  /** Address suggestions shown (3 on coarse-pointer screens ≤ 1024px). */
  addressSuggestions: 5,
  addressSuggestionsCoarse: 3,
  serviceSkeletons: 10,
  slotSkeletons: 12,
  /** Months the day picker shows at first, then after `dayPickerExtendDelay`. */
  dayPickerMonthsInitial: 2,
  dayPickerMonthsExtended: 12,
  slotGridMinColumnPx: 100,
  toastMax: 24,
  dialogDragDismissRatio: 0.5,
  /** Ours: the widest day range one sold-out-days request may ask about (the picker shows 12 months). */
  availableDaysMaxSpan: 400,
} as const;

/** Durations in milliseconds (SPEC §9). */
export const DELAYS = {
  logoutLoader: 2000,
  logoutLoaderHide: 500,
  passwordResetConfirmation: 500,
  slotsMinimumLoading: 1000,
  upsellCloseReopen: 100,
  scrollChipHide: 250,
  fadeInStagger: 60,
  floatingLabel: 240,
  dayPickerExtend: 500,
  autocompleteDebounce: 200,
  inputDebounce: 300,
  addressSelectionLoading: 1000,
  toastDuration: 9000,
  toastRemoveDelay: 300,
  /**
   * Issue 28: a held time's last minute starts this long after the hold (or its renewal) came back:
   * the checkout says so to screen readers and offers to keep it; then it lapses.
   */
  holdWarning: (SLOT_HOLD_MINUTES - 1) * 60_000,
  holdLastMinute: 60_000,
} as const;

/** TanStack Query cache times (SPEC §9). */
export const STALE_TIMES = {
  user: 5000,
  services: 2000,
  times: 0,
} as const;
export const QUERY_GC_TIME = 5 * 60 * 1000;
/** SPEC §7: queries do not retry. */
export const QUERY_RETRIES = 0;
export const ADDRESS_CACHE_TTL = 24 * 60 * 60 * 1000;

export const USER_COOKIE_MAX_AGE_SECONDS = 2592000;

export const STORAGE_KEYS = {
  /** SPEC leaves the credential key unnamed; this is ours. */
  credential: 'musa-token',
  toastErrorMessage: 'toast-error-message',
  userCookie: 'musa-user-id',
  addressCache: 'musa-address-cache',
  /** The wizard's draft, in session storage: a reload keeps the booking (src/app/draft-storage.ts). */
  draft: 'musa-draft',
  /**
   * Issue 28: her holder key (a random UUID), in session storage: the tab's session holds one time at
   * a time; a tab duplicated or opened from it shares it (browsers copy session storage to it).
   */
  holderKey: 'musa-holder-key',
} as const;

/** Sizes of the design (SPEC §9), in pixels unless noted. */
export const SIZES = {
  controlHeight: 56,
  desktopBreakpoint: 1024,
  contentMaxWidth: 608,
  contentGutter: 16,
  wrapperMaxWidth: 1260,
  errorBoxMaxWidth: 480,
  modalMaxWidth: 560,
  modalRadius: 24,
  sheetTopRadius: 16,
  profileDialogMaxHeight: 800,
  helpDialogMaxWidth: 390,
  spinner: 32,
  spinnerInButton: 26,
} as const;

/** SPEC §1: WhatsApp tracking codes by utm_source. */
export const WHATSAPP_TRACKING: ReadonlyArray<{ sources: readonly string[]; code: string }> = [
  { sources: ['facebook', 'fb', 'ig', 'instagram'], code: 'META' },
  { sources: ['google', 'googleads'], code: 'GOOG' },
  { sources: ['tiktok'], code: 'TIKT' },
  { sources: ['automation', 'brevo', 'email', 'newsletter'], code: 'MAIL' },
  { sources: ['trustpilot'], code: 'TRST' },
  { sources: ['offline'], code: 'OFFL' },
];
export const WHATSAPP_DEFAULT_TRACKING = 'WEB';

/** Experiment 14 variant 2 disables the instant-booking display (SPEC §4). */
export const INSTANT_BOOKING_EXPERIMENT = { experimentID: '14', variantID: '2' } as const;

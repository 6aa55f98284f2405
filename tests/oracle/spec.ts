/**
 * SPEC, written down a second time for the oracle: the routes of SPEC §2, the flows' steps, what
 * each step asks before `next` (SPEC §5) and the product's copy, letter for letter. Nothing here
 * comes from machines/ or contract/ (only the machine's step names, as types): when the machine and
 * SPEC disagree, the oracle sides with SPEC and the test fails.
 */
import type { Draft, StepId } from '../../machines/shared/draft';
import type { ServiceList } from '../../contract/service';

export type Flow = 'hair' | 'beauty' | 'make-up' | 'salotto';
export type Category = 'hair' | 'beauty' | 'make-up';

export const PRODUCT = 'Musa';

/** SPEC §5 and §8, as quoted. */
export const COPY = {
  required: '*Campo richiesto',
  invalidFormat: 'Formato invalido',
  passwordTooShort: 'Almeno 8 caratteri',
  pickAddress: 'Seleziona un indirizzo dalla lista dei suggerimenti',
  streetNumberRequired: 'Devi aggiungere il numero civico',
  selectOption: 'Devi selezionare un opzione',
  selectService: 'Devi selezionare un servizio',
  selectAtLeastOneService: 'Devi selezionare almeno un servizio',
  selectTime: 'Devi selezionare un orario',
  addressSearchError: 'Oops! Si è verificato un errore, riprova!',
  welcome: `Benvenuta ${PRODUCT}!`,
  subscribed: 'Richiesta inviata correttamente',
  couponAdded: 'Coupon aggiunto correttamente',
  profileUpdated: 'Dati aggiornati correttamente',
  notFoundTitle: 'Errore 404',
  confirmationPageView: 'modale_conferma',
} as const;

/** SPEC §2: 'Capelli', 'Estetica', 'Make up'. */
export const CATEGORY_TITLES: Record<Category, string> = { hair: 'Capelli', beauty: 'Estetica', 'make-up': 'Make up' };

/** SPEC §2 booking steps: each flow's steps in order, with their URL. */
export const FLOWS: Record<Flow, readonly (readonly [StepId, string])[]> = {
  hair: [
    ['location', '/booking/location'],
    ['participants', '/booking/participants'],
    ['category', '/booking/category'],
    ['hair', '/booking/hair'],
    ['hair-service', '/booking/hair/service'],
    ['hair-data', '/booking/hair/data'],
    ['hair-checkout', '/booking/hair/checkout'],
  ],
  beauty: [
    ['location', '/booking/location'],
    ['participants', '/booking/participants'],
    ['category', '/booking/category'],
    ['beauty-service', '/booking/beauty/service'],
    ['beauty-details', '/booking/beauty/details'],
    ['beauty-data', '/booking/beauty/data'],
    ['beauty-checkout', '/booking/beauty/checkout'],
  ],
  'make-up': [
    ['location', '/booking/location'],
    ['participants', '/booking/participants'],
    ['category', '/booking/category'],
    ['make-up-service', '/booking/make-up/service'],
    ['make-up-details', '/booking/make-up/details'],
    ['make-up-data', '/booking/make-up/data'],
    ['make-up-checkout', '/booking/make-up/checkout'],
  ],
  salotto: [
    ['location', '/booking/location'],
    ['participants', '/booking/participants'],
    ['participants-salotto', '/booking/participants-salotto'],
    ['category-salotto', '/booking/category-salotto'],
    ['salotto-service', '/booking/salotto/service'],
    ['salotto-details', '/booking/salotto/details'],
    ['salotto-data', '/booking/salotto/data'],
    ['salotto-checkout', '/booking/salotto/checkout'],
  ],
};

export const BOOKING_START = '/booking/location';

/** SPEC §2 session routes. */
export const SESSION_URLS = {
  home: '/',
  login: '/login',
  askResetPassword: '/ask-reset-password',
  resetPassword: '/reset-password',
} as const;

/** SPEC §4: salotto when participants is salotto; otherwise the category, hair by default. */
export const flowOf = (draft: Draft): Flow =>
  draft.participants === 'salotto' ? 'salotto' : ((draft.category as Category | null) ?? 'hair');

export const stepsOf = (flow: Flow): StepId[] => FLOWS[flow].map(([step]) => step);

/** The URL SPEC gives a step (whatever flow lists it). */
export const urlOfStep = (step: StepId): string | undefined =>
  Object.values(FLOWS)
    .flat()
    .find(([id]) => id === step)?.[1];

/** The kind of step a step id names (its URL's last segment). */
export const kindOfStep = (step: StepId): string => {
  const url = urlOfStep(step) ?? '';
  const last = url.slice(url.lastIndexOf('/') + 1);
  return ['service', 'details', 'data', 'checkout'].includes(last) ? last : step;
};

const hasItems = (group: ServiceList['mainServices'] | undefined): boolean =>
  (group?.sections ?? []).some((section) => section.items.length > 0);

/** Salotto lists name each section's category by its key or its Italian title (docs/machines/README.md). */
const categoryOfSection = (title: string | null | undefined): Category | null =>
  (Object.keys(CATEGORY_TITLES) as Category[]).find((c) => c === title || CATEGORY_TITLES[c] === title) ?? null;

const categoryOfService = (list: ServiceList | null, id: string): Category | null => {
  for (const section of list?.secondaryServices?.sections ?? []) {
    if (section.items.some((item) => item.services.some((service) => service.id === id))) {
      return categoryOfSection(section.title);
    }
  }
  return null;
};

/**
 * SPEC §5 step checks: the message `next` must show on a step, or null when the step is complete.
 * `list` is the service list shown on the service step (null when it is not known).
 */
export const refusalOf = (step: StepId, draft: Draft, list: ServiceList | null): string | null => {
  const flow = flowOf(draft);
  switch (kindOfStep(step)) {
    case 'location': {
      if (!draft.location) return COPY.pickAddress;
      return draft.location.components.streetNumber?.trim() ? null : COPY.streetNumberRequired;
    }
    case 'participants':
      // 'make-up flow only category': the make-up flow does not check participants.
      return flow !== 'make-up' && draft.participants === null ? COPY.selectOption : null;
    case 'participants-salotto':
      return null;
    case 'category':
      return draft.category === null ? COPY.selectOption : null;
    case 'category-salotto':
      return draft.salottoCategories.length === 0 ? COPY.selectOption : null;
    case 'hair':
      return draft.hair === null ? COPY.selectOption : null;
    case 'service': {
      const { primaryService, secondaryServices } = draft.services;
      if (flow === 'salotto') {
        const missing = (draft.salottoCategories as Category[]).filter(
          (category) => !secondaryServices.some((service) => categoryOfService(list, service.id) === category),
        );
        if (list === null) return secondaryServices.length > 0 ? null : COPY.selectAtLeastOneService;
        return missing.length === 0
          ? null
          : `${COPY.selectAtLeastOneService} per ${missing.map((c) => CATEGORY_TITLES[c]).join(', ')}`;
      }
      if (list === null) return primaryService || secondaryServices.length > 0 ? null : COPY.selectService;
      if (hasItems(list.mainServices)) return primaryService ? null : COPY.selectService;
      if (hasItems(list.secondaryServices)) return secondaryServices.length > 0 ? null : COPY.selectAtLeastOneService;
      return null;
    }
    case 'details':
      return null;
    case 'data':
      return draft.availableTime ? null : COPY.selectTime;
    default:
      return null;
  }
};

/** SPEC §4: Experiment 14 variant 2 hides instant booking (every slot asks for confirmation). */
export const hidesInstantBooking = (draft: Draft): boolean =>
  String(draft.abTest.experimentID) === '14' && String(draft.abTest.variantID) === '2';

/** SPEC §5 login/reset/checkout e-mail format. */
export const isEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/**
 * Issue 16 (after the booking), written down apart from the app like SPEC above: the screens of an
 * appointment, its rules and the product's copy for them (ours, in SPEC's voice).
 */
export const AFTER_BOOKING_COPY = {
  appointmentTitle: 'Il tuo appuntamento',
  rescheduleTitle: 'Scegli il nuovo orario',
  cancelled: 'Appuntamento annullato',
  moved: 'Appuntamento spostato',
  reminderSaved: 'Promemoria aggiornato',
  /** Issue 27: she accepted another time offered. */
  offerAccepted: 'Nuovo orario confermato',
  waitlistJoined: 'Ti avviseremo se si libera un orario',
} as const;

/** /appointments/:id (issue 16). */
export const appointmentUrl = (id: string): string => `/appointments/${encodeURIComponent(id)}`;

/**
 * The paths issue 16 opens with or without a session: an appointment, its move, a waitlist offer;
 * and issue 27's 'Prenota di nuovo' of a declined request (the wizard on its services and address).
 */
export const APPOINTMENT_PATH = /^\/appointments\/[^/]+(\/reschedule)?$/;
export const REBOOK_PATH = /^\/appointments\/[^/]+\/rebook$/;
/** Issue 27, the professionals' side: her agenda, the requests, one request; issue 40: her time off, the team's board, her hours. */
export const PRO_PATH = /^\/pro(\/requests(\/[^/]+)?|\/time-off|\/team|\/hours)?$/;
export const WAITLIST_PATH = /^\/waitlist\/[^/]+$/;

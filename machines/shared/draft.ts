/**
 * The booking draft the wizard edits (SPEC §3) and the pure rules around it: which flow a draft
 * is in, which steps that flow has, and what each step asks before `step.next` (SPEC §5).
 * Shared by the root machine, its guards and the routing helper.
 */
import type { BookingDraft } from '../../contract/booking';
import { createInitialDraft } from '../../contract/booking';
import { CATEGORIES, CATEGORY_TITLES, type Category, type Flow, type ParticipantMode } from '../../contract/constants';
import { hasStreetNumber } from '../../contract/location';
import { MESSAGES, selectServiceForCategories } from '../../contract/messages';
import type { Service, ServiceList } from '../../contract/service';

/**
 * The contract's draft, except that `participants` starts unanswered: SPEC §5 asks for a choice
 * at the participants step ('Devi selezionare un opzione'), which a default would make moot.
 */
export type Draft = Omit<BookingDraft, 'participants'> & { participants: ParticipantMode | null };

export const createDraft = (today: string): Draft => ({
  ...createInitialDraft(),
  participants: null,
  date: today,
});

/** The steps every flow shares, before the flow's own ones. */
type SharedStep = 'location' | 'participants' | 'participants-salotto' | 'category' | 'category-salotto' | 'hair';
/** The steps each flow has a page of its own for (hair has no details step). */
type FlowStepKind = 'service' | 'details' | 'data' | 'checkout';

/** Every step of the wizard; child steps carry their flow. */
export type StepId = SharedStep | `${Flow}-${Exclude<FlowStepKind, 'details'>}` | `${Exclude<Flow, 'hair'>}-details`;

export type StepKind = SharedStep | FlowStepKind;

export const kindOf = (step: StepId): StepKind => {
  // The word after the last dash ('make-up-service' → 'service'; the whole step when it has none).
  const tail = step.slice(step.lastIndexOf('-') + 1);
  if (tail === 'service' || tail === 'details' || tail === 'data' || tail === 'checkout') return tail;
  return step as StepKind;
};

/** SPEC §4: salotto when participants is salotto, else the category, hair by default. */
export const flowOf = (draft: Pick<Draft, 'participants' | 'category'>): Flow =>
  draft.participants === 'salotto' ? 'salotto' : (draft.category ?? 'hair');

/** SPEC §2: the steps of each flow, in order. */
export const FLOW_STEPS: Record<Flow, readonly StepId[]> = {
  hair: ['location', 'participants', 'category', 'hair', 'hair-service', 'hair-data', 'hair-checkout'],
  beauty: [
    'location',
    'participants',
    'category',
    'beauty-service',
    'beauty-details',
    'beauty-data',
    'beauty-checkout',
  ],
  'make-up': [
    'location',
    'participants',
    'category',
    'make-up-service',
    'make-up-details',
    'make-up-data',
    'make-up-checkout',
  ],
  salotto: [
    'location',
    'participants',
    'participants-salotto',
    'category-salotto',
    'salotto-service',
    'salotto-details',
    'salotto-data',
    'salotto-checkout',
  ],
};

/** Every step once, in the order the flows first name them. */
export const ALL_STEPS: readonly StepId[] = [...new Set(Object.values(FLOW_STEPS).flat())];

/** The URL of a step (SPEC §2). */
export const pathOfStep = (step: StepId): string => {
  const kind = kindOf(step);
  if (kind === 'service' || kind === 'details' || kind === 'data' || kind === 'checkout') {
    return `/booking/${step.slice(0, step.length - kind.length - 1)}/${kind}`;
  }
  return `/booking/${step}`;
};

const primaryItemsExist = (list: ServiceList | null): boolean =>
  (list?.mainServices?.sections ?? []).some((section) => section.items.length > 0);
const secondaryItemsExist = (list: ServiceList | null): boolean =>
  (list?.secondaryServices?.sections ?? []).some((section) => section.items.length > 0);

/**
 * Salotto lists group secondary services by category: a section's title names the category, as the
 * customer reads it ('Capelli', 'Estetica', 'Make up') or as its key ('hair', 'beauty', 'make-up').
 * SPEC does not show how the API tells them apart; this is our reading (docs/machines/README.md).
 */
const categoryOfTitle = (title: string): Category | null =>
  CATEGORIES.find((category) => category === title || CATEGORY_TITLES[category] === title) ?? null;

export const categoryOfService = (list: ServiceList | null, serviceId: string): Category | null => {
  for (const section of list?.secondaryServices?.sections ?? []) {
    if (section.items.some((item) => item.services.some((s) => s.id === serviceId))) {
      // Stryker disable next-line StringLiteral: an untitled section names no category, whatever it is read as
      const category = categoryOfTitle(section.title ?? '');
      if (category) return category;
    }
  }
  return null;
};

/** SPEC §5 service step. `list` is the service list shown (null before it loads). */
export const validateServices = (draft: Draft, list: ServiceList | null): string | null => {
  const { primaryService, secondaryServices } = draft.services;
  if (flowOf(draft) === 'salotto') {
    const missing = draft.salottoCategories.filter(
      (category) => !secondaryServices.some((s) => categoryOfService(list, s.id) === category),
    );
    return missing.length > 0 ? selectServiceForCategories(missing) : null;
  }
  if (primaryItemsExist(list) || (list === null && secondaryServices.length === 0)) {
    return primaryService ? null : MESSAGES.selectService;
  }
  if (secondaryItemsExist(list)) {
    return secondaryServices.length > 0 ? null : MESSAGES.selectAtLeastOneService;
  }
  return null;
};

/**
 * What a step asks before the user may leave it forward (SPEC §5), or null when it is complete.
 * The checks depend on the flow the draft is in: the make-up flow does not check participants.
 */
export const validateStep = (step: StepId, draft: Draft, list: ServiceList | null): string | null => {
  const flow = flowOf(draft);
  switch (kindOf(step)) {
    case 'location':
      if (!draft.location) return MESSAGES.pickAddress;
      return hasStreetNumber(draft.location) ? null : MESSAGES.streetNumberRequired;
    case 'participants':
      return flow !== 'make-up' && draft.participants === null ? MESSAGES.selectOption : null;
    case 'participants-salotto':
      return null;
    case 'category':
      return draft.category === null ? MESSAGES.selectOption : null;
    case 'category-salotto':
      return draft.salottoCategories.length === 0 ? MESSAGES.selectOption : null;
    case 'hair':
      return draft.hair === null ? MESSAGES.selectOption : null;
    case 'service':
      return validateServices(draft, list);
    case 'details':
      return null;
    case 'data':
      return draft.availableTime ? null : MESSAGES.selectTime;
    case 'checkout':
      return null;
  }
};

/** The first step of the draft's flow that is not complete (the checkout when all are). */
export const firstIncompleteStep = (draft: Draft, list: ServiceList | null): StepId => {
  const steps = FLOW_STEPS[flowOf(draft)];
  return steps.find((step) => validateStep(step, draft, list) !== null) ?? steps[steps.length - 1]!;
};

/** Services that are extras of a radio section: picking one replaces the others of the section. */
export const replaceInGroup = (selected: Service[], group: readonly string[], chosen: Service): Service[] => [
  ...selected.filter((s) => !group.includes(s.id)),
  chosen,
];

export const toggleService = (selected: Service[], service: Service): Service[] =>
  selected.some((s) => s.id === service.id) ? selected.filter((s) => s.id !== service.id) : [...selected, service];

import * as v from 'valibot';
import { CATEGORIES, CUSTOMER_TYPES, type Category, type CustomerType, type ParticipantMode } from './constants';
import { MESSAGES } from './messages';

export const USER_STATUSES = ['logged_in', 'logged_out'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** 'cross' stands for several categories at once. */
export const CROSS_SERVICE_TYPE = 'cross';

/** service_type: a category, salotto categories joined by ' | ', or 'cross'. */
export const serviceTypeSchema = v.pipe(
  v.string(MESSAGES.invalidValue),
  v.check(
    (text) =>
      text === CROSS_SERVICE_TYPE ||
      text.split(' | ').every((part) => (CATEGORIES as readonly string[]).includes(part)),
    MESSAGES.invalidCategory,
  ),
);

/**
 * SPEC §3 Analytics event fields, pushed to window.dataLayer. `event` names what happened
 * (button click, page view such as 'modale_conferma', popup, error); `label` carries a button
 * label or an error message.
 */
export const analyticsEventSchema = v.object({
  event: v.pipe(v.string(MESSAGES.invalidValue), v.nonEmpty(MESSAGES.invalidValue)),
  label: v.optional(v.string(MESSAGES.invalidValue)),
  page_path: v.pipe(v.string(MESSAGES.invalidValue), v.startsWith('/', MESSAGES.invalidValue)),
  user_status: v.picklist(USER_STATUSES, MESSAGES.invalidValue),
  user_email: v.optional(v.string(MESSAGES.invalidValue)),
  customer_type: v.optional(v.picklist(CUSTOMER_TYPES, MESSAGES.invalidValue)),
  service_type: v.optional(serviceTypeSchema),
});
export type AnalyticsEvent = v.InferOutput<typeof analyticsEventSchema>;

type DraftChoice = {
  participants: ParticipantMode;
  category: Category | null;
  salottoCategories: readonly Category[];
};

/** single for one person, multiple for a salotto of one category, cross for several categories. */
export const customerTypeOf = (draft: DraftChoice): CustomerType => {
  if (draft.participants === 'default') return 'single';
  return draft.salottoCategories.length > 1 ? 'cross' : 'multiple';
};

/** The service_type of a draft; undefined before a category is chosen. */
export const serviceTypeOf = (draft: DraftChoice): string | undefined => {
  if (draft.participants === 'default') return draft.category ?? undefined;
  return draft.salottoCategories.length > 0 ? draft.salottoCategories.join(' | ') : undefined;
};

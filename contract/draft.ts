import * as v from 'valibot';
import { bookingDraftSchema } from './booking';
import { PARTICIPANT_MODES } from './constants';
import { MESSAGES } from './messages';
import { serviceListSchema } from './service';
import { isoDateField } from './fields';
import { availableTimeSchema } from './slot';

/**
 * A wizard's draft as the app keeps it outside the machine (docs/decisions.md): in session storage
 * so a reload lands back on the step, and on the waitlist so the e-mail's link opens the wizard on
 * the freed day with everything chosen (issue 16). Versioned: an entry of another version does not
 * parse and is dropped. The service list of the service step goes with it because the salotto's
 * service check reads each service's category from it. Slots are never kept. The time to confirm
 * that the confirmation modal accepted goes with it too: a reload on checkout does not ask again.
 */
export const SAVED_DRAFT_VERSION = 1;

export const savedDraftSchema = v.object({
  version: v.literal(SAVED_DRAFT_VERSION, MESSAGES.invalidValue),
  draft: v.object({
    ...bookingDraftSchema.entries,
    // Unanswered until the participants step (machines/shared/draft.ts).
    participants: v.nullable(v.picklist(PARTICIPANT_MODES, MESSAGES.selectOption)),
  }),
  services: v.nullable(serviceListSchema),
  /** The time to confirm that the modal's continue accepted, and its day (absent in older entries). */
  confirmedTime: v.optional(
    v.nullable(v.object({ date: v.nullable(isoDateField), time: v.nullable(availableTimeSchema) })),
  ),
});
export type SavedDraft = v.InferOutput<typeof savedDraftSchema>;
export type SavedDraftInput = v.InferInput<typeof savedDraftSchema>;

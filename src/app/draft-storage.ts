import * as v from 'valibot';
import { SAVED_DRAFT_VERSION, savedDraftSchema, type SavedDraftInput } from '../../contract/draft';
import type { AppInput } from '../../machines/app/context';
import type { Draft } from '../../machines/shared/draft';
import { getSavedDraft, forgetSavedDraft, saveDraft } from '../lib/storage';
import type { AppActor, AppSnapshot } from './app-actor';

/**
 * The wizard's draft survives a reload (docs/decisions.md): saved to session storage on every
 * change, restored into the machine's input at start. The machine then routes the URL as for any
 * typed link: the step asked for when the steps before it are complete, else the first incomplete
 * one. What is saved is versioned and checked with valibot on the way back; an entry that does not
 * parse (an older version, a hand-edited value) is dropped. Slots are never saved: the data step
 * loads them again; the time the confirmation modal accepted goes with the draft. The service list of the service step is saved beside the draft because the
 * salotto's service check reads each service's category from it.
 */

/** What a saved entry adds to the machine's input; nothing when there is none or it is unusable. */
export function restoreDraft(
  today: string,
  json: string | null = getSavedDraft(),
): Pick<AppInput, 'draft' | 'services' | 'confirmedTime'> {
  if (json === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = null;
  }
  const result = v.safeParse(savedDraftSchema, parsed);
  if (!result.success) {
    forgetSavedDraft();
    return {};
  }
  const { draft, services, confirmedTime } = result.output;
  // A day that has gone by is today again, without its time (as SPEC §4 resets a date).
  const stale = draft.date !== null && draft.date < today;
  return {
    draft: stale ? { ...draft, date: today, availableTime: null } : draft,
    services,
    confirmedTime: stale ? null : (confirmedTime ?? null),
  };
}

/** A draft with no address has nothing worth keeping (a fresh one, or one emptied by logout). */
const worthKeeping = (draft: Draft): boolean => draft.location !== null;

/** Saves the draft on every change; returns the unsubscribe. */
export function saveDraftOnChange(actor: AppActor): () => void {
  let last: Pick<AppSnapshot['context'], 'draft' | 'services' | 'confirmedTime'> | null = null;
  const subscription = actor.subscribe((snapshot) => {
    const { draft, services, confirmedTime } = snapshot.context;
    if (draft === last?.draft && services === last.services && confirmedTime === last.confirmedTime) return;
    last = { draft, services, confirmedTime };
    if (!worthKeeping(draft)) {
      forgetSavedDraft();
      return;
    }
    const entry: SavedDraftInput = { version: SAVED_DRAFT_VERSION, draft, services, confirmedTime };
    saveDraft(JSON.stringify(entry));
  });
  return () => subscription.unsubscribe();
}

/** Selectors the UI reads the root snapshot with (`useSelector(actor, selectX)`). */
import type { SnapshotFrom } from 'xstate';
import { FLOW_STEPS, flowOf } from '../shared/draft';
import type { AppMachine } from './machine';
import { pathOf } from './routing';

type AppSnapshot = SnapshotFrom<AppMachine>;

export const selectPath = (snapshot: AppSnapshot) => pathOf(snapshot);
export const selectDraft = (snapshot: AppSnapshot) => snapshot.context.draft;
export const selectFlow = (snapshot: AppSnapshot) => flowOf(snapshot.context.draft);
export const selectUser = (snapshot: AppSnapshot) => snapshot.context.user;
/** The last refused AVANTI: toast its message when its id changes. */
export const selectNotice = (snapshot: AppSnapshot) => snapshot.context.notice;
export const selectFormErrors = (snapshot: AppSnapshot) => snapshot.context.errors;
export const selectIsBusy = (snapshot: AppSnapshot) => snapshot.hasTag('busy');
export const selectServices = (snapshot: AppSnapshot) => snapshot.context.services;
/** SPEC §2 progress bar: totalSteps segments, the current one filled. */
export const selectProgress = (snapshot: AppSnapshot) => {
  const steps = FLOW_STEPS[flowOf(snapshot.context.draft)];
  return { current: Math.max(0, steps.indexOf(snapshot.context.step)) + 1, total: steps.length };
};
export const selectIsConfirming = (snapshot: AppSnapshot) => Object.keys(snapshot.children).includes('confirmation');

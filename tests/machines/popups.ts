/**
 * The dialogs of the statechart and the `popup` events they send (issue 18, SPEC §7 "analytics
 * events fire on … popup"): a step that opens a dialog — a state tagged 'dialog' becoming active in a
 * region where none was — sends exactly one `popup` event with that dialog's name, and no step sends a
 * popup without opening one. The names are docs/analytics.md's; SPEC §2/§4 list the dialogs the
 * machine owns. Checked along every generated path in tests/oracle/paths.test.ts.
 */
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { TrackParams } from '../../machines/shared/effects';
import type { Harness } from './harness';

export const SPEC_DIALOGS: Record<string, string> = {
  // SPEC §2 out-of-zone dialog, §4 "opens when the location search reports no dates".
  'app|app.wizard.location.outOfZone': 'fuori_zona',
  // SPEC §2 /ask-reset-password: the 'Controlla le tue Email!' dialog after 500 ms.
  'app|app.session.signedOut.askResetPassword.confirming': 'controlla_email',
  // SPEC §4 the upsell box of the service step.
  'upsell|upsell.open': 'upsell',
  // SPEC §6 the professional filter of the data step.
  'slots|slots.filter.open': 'filtro_professionista',
  // SPEC §4 the confirmation modal of the data step.
  'confirmation|confirmation.open': 'modale_conferma',
  // SPEC §4 profile dialog (its inner states, submitting included, are the same dialog).
  'profileDialog|profileDialog.editing': 'profilo',
  // Issue 16: the waitlist of a sold-out day, and the confirmation before cancelling an appointment.
  'waitlist|waitlist.open': 'lista_attesa',
  'appointment|appointment.ready.confirmingCancel': 'annulla_appuntamento',
  // Issue 27: the confirmation before declining another time offered (the appointment is cancelled).
  'appointment|appointment.ready.confirmingDeclineOffer': 'rifiuta_nuovo_orario',
  // Issue 27: the professional's (or the team's) decline of a request, with its reason.
  'proRequest|proRequest.ready.declining': 'rifiuta_richiesta',
};

export interface OpenDialog {
  /** The actor and the region the dialog lives in: one dialog at a time per region. */
  region: string;
  /** The actor and the dialog's state node (SPEC_DIALOGS's key). */
  node: string;
}

type StateNodeLike = { id: string; tags: string[]; parent?: StateNodeLike };

/** The dialogs open in an actor's snapshot: its outermost active states tagged 'dialog'. */
const openDialogsOf = (actorId: string, snapshot: AnyMachineSnapshot): OpenDialog[] =>
  // `_nodes` lists the active state nodes: tags alone do not say which state carries them.
  (snapshot._nodes as StateNodeLike[])
    .filter((node) => node.tags.includes('dialog') && !node.parent?.tags.includes('dialog'))
    .map((node) => ({ region: `${actorId}|${node.parent?.id ?? ''}`, node: `${actorId}|${node.id}` }));

export const openDialogs = (harness: Harness): OpenDialog[] => {
  const root = harness.actor.getSnapshot() as AnyMachineSnapshot;
  const kids = Object.entries(root.children as Record<string, AnyActorRef | undefined>)
    .map(([id, ref]) => [id, ref?.getSnapshot() as AnyMachineSnapshot | undefined] as const)
    .filter(([, snapshot]) => snapshot?.status === 'active' && Array.isArray(snapshot._nodes));
  return [openDialogsOf('app', root), ...kids.map(([id, snapshot]) => openDialogsOf(id, snapshot!))].flat();
};

export const popupsOf = (effects: Harness['effects']): TrackParams[] =>
  effects
    .filter((effect) => effect.type === 'track')
    .map((effect) => effect.params as TrackParams)
    .filter((params) => params.event === 'popup');

/** What a step did wrong with popups, and the dialogs it opened (by SPEC_DIALOGS's key). */
export function popupProblems(
  before: OpenDialog[],
  after: OpenDialog[],
  sent: Harness['effects'],
): { problems: string[]; opened: string[] } {
  const opened = after.filter((dialog) => !before.some((was) => was.region === dialog.region));
  const expected = opened.map((dialog) => SPEC_DIALOGS[dialog.node] ?? `a name for ${dialog.node}`).sort();
  const popups = popupsOf(sent)
    .map((params) => params.label ?? '')
    .sort();
  const problems =
    JSON.stringify(popups) === JSON.stringify(expected)
      ? []
      : [`popups ${JSON.stringify(popups)}, expected ${JSON.stringify(expected)} (dialogs opened)`];
  return { problems, opened: opened.map((dialog) => dialog.node) };
}

/**
 * Every dialog of the statechart reports itself (issue 18, SPEC §7 "analytics events fire on …
 * popup"): replaying every generated path (they cover every state and transition), each step that
 * opens a dialog — a state tagged 'dialog' becoming active in a region where none was — sends
 * exactly one `popup` event with that dialog's name, and no step sends a popup without opening one.
 * The names are docs/analytics.md's; SPEC §2/§4 list the dialogs the machine owns.
 */
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { PATH_INPUTS } from '../../machines/paths';
import { providedPaths } from './generated';
import type { TrackParams } from '../../machines/shared/effects';
import { createHarness, type Harness } from './harness';

/** The dialogs SPEC names that the machine owns, by (actor, state node), with their popup name. */
const SPEC_DIALOGS: Record<string, string> = {
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
};

interface OpenDialog {
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

const openDialogs = (harness: Harness): OpenDialog[] => {
  const root = harness.actor.getSnapshot() as AnyMachineSnapshot;
  const kids = Object.entries(root.children as Record<string, AnyActorRef | undefined>)
    .map(([id, ref]) => [id, ref?.getSnapshot() as AnyMachineSnapshot | undefined] as const)
    .filter(([, snapshot]) => snapshot?.status === 'active' && Array.isArray(snapshot._nodes));
  return [openDialogsOf('app', root), ...kids.map(([id, snapshot]) => openDialogsOf(id, snapshot!))].flat();
};

const popupsOf = (effects: Harness['effects']): TrackParams[] =>
  effects
    .filter((effect) => effect.type === 'track')
    .map((effect) => effect.params as TrackParams)
    .filter((params) => params.event === 'popup');

const paths = providedPaths();

describe('popups of the statechart', () => {
  const seen = new Set<string>();

  it.each(paths.map((path) => [path.name, path] as const))(
    '%s: each dialog that opens sends its popup',
    async (_name, path) => {
      const harness = createHarness(PATH_INPUTS[path.input]);
      let before = openDialogs(harness);
      for (const [index, step] of path.steps.entries()) {
        const sent = harness.effects.length;
        await harness.play(step);
        const after = openDialogs(harness);
        const opened = after.filter((dialog) => !before.some((was) => was.region === dialog.region));
        opened.forEach((dialog) => seen.add(dialog.node));
        const expected = opened.map((dialog) => SPEC_DIALOGS[dialog.node] ?? `a name for ${dialog.node}`);
        const popups = popupsOf(harness.effects.slice(sent)).map((params) => params.label);
        expect(popups.sort(), `step ${index + 1} (${step.event.type})`).toEqual(expected.sort());
        before = after;
      }
      harness.actor.stop();
    },
  );

  it('reach every dialog SPEC names (the replays above checked each one)', () => {
    expect([...seen].sort()).toEqual(Object.keys(SPEC_DIALOGS).sort());
  });

  it('name the upsell box’s variant group', async () => {
    const path = paths.find((candidate) => candidate.steps.some((step) => step.event.type === 'upsell.open'))!;
    const harness = createHarness(PATH_INPUTS[path.input]);
    for (const step of path.steps) {
      await harness.play(step);
      if (step.event.type === 'upsell.open') break;
    }
    const last = popupsOf(harness.effects).at(-1);
    const groupId = path.steps.find((step) => step.event.type === 'upsell.open')!.event as { groupId: string };
    expect(last).toEqual({ event: 'popup', label: 'upsell', fields: { upsell_group: groupId.groupId } });
    harness.actor.stop();
  });
});

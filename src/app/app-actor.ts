import { createActor, type Actor, type InspectionEvent, type Observer, type SnapshotFrom } from 'xstate';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);
import type { AppInput } from '../../machines/app/context';
import { createAppMachine, type AppEffects, type ProSide } from '../../machines/app/provide';

export type AppMachineWithEffects = ReturnType<typeof createAppMachine>;
export type AppActor = Actor<AppMachineWithEffects>;
export type AppSnapshot = SnapshotFrom<AppMachineWithEffects>;

export interface CreateAppActorOptions {
  input: AppInput;
  /** Built lazily: the effects read the actor's context (the reset link's e-mail). */
  effects: (getActor: () => AppActor | null) => AppEffects;
  inspect?: Inspect;
  /** Issue 27: the professionals' side, loaded with a page of it. */
  proSide?: ProSide;
}

/** The one actor of the app: the root machine with its real effects, started. */
export function createAppActor({ input, effects, inspect, proSide }: CreateAppActorOptions): AppActor {
  let actor: AppActor | null = null;
  const machine = createAppMachine(
    effects(() => actor),
    proSide,
  );
  actor = createActor(machine, {
    input: { ...input, proSide: proSide !== undefined },
    ...(inspect ? { inspect } : {}),
  });
  actor.start();
  return actor;
}

/** `?inspect` in a development build attaches the Stately inspector (never bundled in production). */
export async function loadInspector(search: string): Promise<Inspect | undefined> {
  if (!import.meta.env.DEV || !new URLSearchParams(search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { AppActor, AppSnapshot } from './app-actor';

const ActorContext = createContext<AppActor | null>(null);

export function AppActorProvider({ actor, children }: { actor: AppActor; children: ReactNode }) {
  return <ActorContext.Provider value={actor}>{children}</ActorContext.Provider>;
}

export function useAppActor(): AppActor {
  const actor = useContext(ActorContext);
  if (!actor) throw new Error('useAppActor: AppActorProvider mancante');
  return actor;
}

/** Reads the root snapshot through a selector (CONVENTIONS §6). */
export function useAppSelector<T>(selector: (snapshot: AppSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useAppActor(), selector, compare);
}

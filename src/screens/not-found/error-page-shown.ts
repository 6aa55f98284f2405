import { useEffect } from 'react';
import { useAppActor } from '../../app/actor-context';

/**
 * Tells the machine an error page is on screen while this one is mounted: the shell's header and
 * footer follow the machine (a restart button instead of the step's, no back, no progress).
 */
export function useErrorPageShown(): void {
  const actor = useAppActor();
  useEffect(() => {
    actor.send({ type: 'errorPage.shown' });
    return () => actor.send({ type: 'errorPage.left' });
  }, [actor]);
}

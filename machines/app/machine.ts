/**
 * The root machine of Musa: the session and the booking wizard as parallel regions. Effects are
 * stubs (see setup.ts); the app provides them with `createAppMachine(effects)` (provide.ts).
 */
import { createContext } from './context';
import { holdRegion } from './hold';
import { sessionRegion } from './session';
import { appSetup } from './setup';
import { wizardRegion } from './wizard';

export const appMachine = appSetup.createMachine({
  id: 'app',
  type: 'parallel',
  context: ({ input }) => createContext(input),
  on: {
    'errorPage.shown': { actions: 'errorPageShown' },
    'errorPage.left': { actions: 'errorPageLeft' },
  },
  states: {
    session: sessionRegion,
    wizard: wizardRegion,
    hold: holdRegion,
  },
});

export type AppMachine = typeof appMachine;

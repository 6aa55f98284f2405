import type { AppDeps } from './env';

/** Production's `afterReply`: the task starts once the current request's reply is on its way. */
const runSoon = (task: () => Promise<void>) => {
  setImmediate(() => void task());
};

/** Runs `task` after the reply (deps.afterReply in tests, so they can wait for it). */
export const afterReply = (deps: AppDeps, task: () => Promise<void>): void => (deps.afterReply ?? runSoon)(task);

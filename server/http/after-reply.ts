import { deliverOutbox } from '../jobs/outbox';
import type { AppDeps } from './env';

/** Production's `afterReply`: the task starts once the current request's reply is on its way. */
const runSoon = (task: () => Promise<void>) => {
  setImmediate(() => void task());
};

/** Runs `task` after the reply (deps.afterReply in tests, so they can wait for it). */
export const afterReply = (deps: AppDeps, task: () => Promise<void>): void => (deps.afterReply ?? runSoon)(task);

/**
 * Sends the outbox row written with this request's transaction once the reply is on its way; if
 * that fails, the outbox's next round sends it (nothing is lost, the reply is not delayed).
 */
export const deliverAfterReply = (deps: AppDeps, outboxId: string): void =>
  afterReply(deps, async () => {
    const { db, mailer, logger, config, now, jobs } = deps;
    await deliverOutbox({ db, mailer, logger, appUrl: config.appUrl, now, jobs }, { id: outboxId }).catch(
      (error: unknown) =>
        logger.warn('outbox delivery deferred', { error: error instanceof Error ? error.name : typeof error }),
    );
  });

/**
 * The week room's jobs (issue 40): the hand-over of an absent professional's appointment (moved to
 * a colleague, or put on the team's board), its e-mails to the customer, and the sweep that cancels
 * what is still unplaced at its last moment (hand-over.ts).
 */
import { sendsMail, type RoomJobs } from '../jobs/registry';
import { handOverDeadlines, runHandOver } from './hand-over';
import { handOverMovedMessage, handOverUnplacedMessage } from './hand-over-mail';

export const weekJobs: RoomJobs = {
  room: 'week',
  kinds: {
    'hand-over': async ({ bookingId, professionalId }, { db, logger, now }) => {
      if (!bookingId || !professionalId) return;
      const outcomes = await runHandOver(db, bookingId, professionalId, now);
      logger.info('hand-over', { bookingId, outcomes: outcomes.map((o) => o.state) });
    },
    'hand-over-moved': sendsMail(async ({ bookingId, professionalId }, { db, appUrl, now }) =>
      bookingId && professionalId ? handOverMovedMessage(db, bookingId, professionalId, { appUrl, now }) : null,
    ),
    'hand-over-unplaced': sendsMail(async ({ bookingId }, { db, appUrl, now }) =>
      bookingId ? handOverUnplacedMessage(db, bookingId, { appUrl, now }) : null,
    ),
  },
  sweeps: [{ name: 'hand-over-deadlines', run: handOverDeadlines }],
};

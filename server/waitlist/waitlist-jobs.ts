/**
 * The waitlist room's job (issue 16, registered with the outbox by issue 42): time freed by a
 * cancellation or a move is offered to whoever waits for that day, one e-mail per customer, each
 * marked as it goes (waitlist.ts offerFreedTime).
 */
import type { RoomJobs } from '../jobs/registry';
import { offerFreedTime } from './waitlist';

export const waitlistJobs: RoomJobs = {
  room: 'waitlist',
  kinds: {
    'waitlist-offer': async ({ bookingId, forStartsAt }, { db, mailer, appUrl, now }) => {
      if (bookingId && forStartsAt) await offerFreedTime({ db, mailer, appUrl, now }, bookingId, forStartsAt);
    },
  },
};

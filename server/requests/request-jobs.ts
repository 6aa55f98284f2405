/**
 * The requests room's jobs (issue 27, registered with the outbox by issue 42): a request's
 * deadline (it passes the request on, or declines it; nothing to mail itself: what it changes
 * writes its own e-mails, delivered at the next round) and the e-mails of the answers, to the
 * customer and to the professional.
 */
import { bookingConfirmationMessage } from '../bookings/booking-mail';
import { sendsMail, type RoomJobs } from '../jobs/registry';
import {
  proRequestMessage,
  proRequestPassedMessage,
  requestDeclinedMessage,
  requestOfferMessage,
} from './request-mail';
import { runRequestDeadline } from './requests';

export const requestJobs: RoomJobs = {
  room: 'requests',
  kinds: {
    'request-deadline': async ({ bookingId, forStartsAt }, { db, logger, now }) => {
      if (!bookingId || !forStartsAt) return;
      const outcome = await runRequestDeadline(db, bookingId, forStartsAt, now);
      logger.info('request deadline', { bookingId, outcome });
    },
    'request-accepted': sendsMail(async ({ bookingId }, { db, appUrl, now }) =>
      bookingId ? bookingConfirmationMessage(db, bookingId, { appUrl, now, accepted: true }) : null,
    ),
    // The salotto's quote is its confirmation, with the quote (booking-mail.ts).
    'salotto-quote': sendsMail(async ({ bookingId }, { db, appUrl, now }) =>
      bookingId ? bookingConfirmationMessage(db, bookingId, { appUrl, now }) : null,
    ),
    'request-declined': sendsMail(async ({ bookingId }, { db, appUrl, now }) =>
      bookingId ? requestDeclinedMessage(db, bookingId, { appUrl, now }) : null,
    ),
    'request-offer': sendsMail(async ({ bookingId }, { db, appUrl, now }) =>
      bookingId ? requestOfferMessage(db, bookingId, { appUrl, now }) : null,
    ),
    'pro-request': sendsMail(async ({ bookingId, professionalId }, { db, appUrl, now }) =>
      bookingId && professionalId ? proRequestMessage(db, bookingId, professionalId, { appUrl, now }) : null,
    ),
    'pro-request-passed': sendsMail(async ({ bookingId, professionalId }, { db, appUrl, now }) =>
      bookingId && professionalId ? proRequestPassedMessage(db, bookingId, professionalId, { appUrl, now }) : null,
    ),
  },
};

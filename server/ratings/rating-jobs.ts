/**
 * The ratings room's job (issue 29, registered with the outbox by issue 42): the invitation to
 * rate, RATING_INVITE_HOURS after the end of the start it was written for (ratings.ts
 * ratingInviteMessage says when it is dropped instead).
 */
import { sendsMail, type RoomJobs } from '../jobs/registry';
import { ratingInviteMessage } from './ratings';

export const ratingJobs: RoomJobs = {
  room: 'ratings',
  kinds: {
    'rating-invite': sendsMail(async ({ bookingId, forStartsAt }, { db, appUrl, now }) =>
      bookingId && forStartsAt ? ratingInviteMessage(db, bookingId, forStartsAt, { appUrl, now }) : null,
    ),
  },
};

import { and, eq, ne, type Placeholder } from 'drizzle-orm';
import { bookings } from '../db/schema/bookings';

/**
 * The bookings that are part of a customer's account: hers, not cancelled, and not waiting for
 * her to acknowledge them (a visitor who typed her e-mail at checkout). The personal area and the
 * professional filter read only these. `userId` may be a prepared statement's placeholder.
 */
export const accountBookingsOf = (userId: string | Placeholder) =>
  and(eq(bookings.userId, userId), ne(bookings.status, 'cancelled'), eq(bookings.ownerPending, false));

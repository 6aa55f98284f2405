import { sql } from 'drizzle-orm';
import { ratingSummaryOf } from '../../contract/rating';
import type { Provider } from '../../contract/provider';
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { bookingAssignments, bookings } from '../db/schema/bookings';
import { professionals } from '../db/schema/professionals';
import { ratings } from '../db/schema/ratings';
import { accountBookingsOf } from '../bookings/customer-bookings';
import { ratingWindowStart } from './ratings';

/**
 * The professionals a customer has already met, each with the sum and count of her ratings in the
 * window, in one round trip (issue 30; it was three statements with the session's). Her account's
 * bookings are customer-bookings.ts `accountBookingsOf`'s. A named prepared statement: planned once per connection.
 */
function prepareProviders(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  // One row of JSON whatever the number met: parsed natively, not mapped row by row.
  return db
    .select({
      doc: sql<string>`(
        SELECT coalesce(json_agg(json_build_object('id', pro.id, 'firstName', pro.first_name,
          'lastName', pro.last_name, 'picture', pro.picture, 'sum', coalesce(standing.sum, 0),
          'count', coalesce(standing.count, 0)) ORDER BY pro.first_name, pro.last_name, pro.id), '[]')::text
        FROM (
          SELECT DISTINCT a.professional_id FROM ${bookings}
          JOIN ${bookingAssignments} a ON a.booking_id = ${bookings}.id
          WHERE ${accountBookingsOf(p('user'))}
        ) met
        JOIN ${professionals} pro ON pro.id = met.professional_id
        LEFT JOIN LATERAL (
          SELECT sum(r.stars) AS sum, count(*) AS count FROM ${ratings} r
          WHERE r.professional_id = pro.id AND r.updated_at >= ${p('since')}::timestamptz
        ) standing ON true
      )`,
    })
    .from(sql`(SELECT 1) one`)
    .prepare('musa_customer_providers');
}

const providersStatement = preparedPerDb(prepareProviders);

/**
 * The professionals a customer has already met (any non-cancelled booking with them, past or
 * upcoming, a salotto's team included: its assignments): the only ones the date step's filter
 * offers (SPEC §6), each with her standing (issue 29: 'Nuova' below RATING_AVERAGE_FROM ratings).
 */
export async function providersOfCustomer(db: Db, userId: string, now: Date): Promise<Provider[]> {
  const statement = providersStatement(db);
  const [row] = await statement.execute({ user: userId, since: ratingWindowStart(now).toISOString() });
  const met = JSON.parse(row!.doc) as Array<{
    id: string;
    firstName: string;
    lastName: string;
    picture: string | null;
    sum: number;
    count: number;
  }>;
  return met.map((p) => ({
    _id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    ...(p.picture ? { picture: p.picture } : {}),
    rating: ratingSummaryOf(Number(p.sum), Number(p.count)),
  }));
}

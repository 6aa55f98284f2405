/**
 * A salotto's team, read from its assignments (booking_assignments): one professional per
 * category, in the categories' usual order (hair, estetica, make-up). The confirmation e-mail and
 * the personal area show it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { API_CATEGORIES, CATEGORY_TITLES, fromApiCategory, type ApiCategory } from '../../contract/constants';
import type { Db } from '../db/client';
import { bookingAssignments } from '../db/schema/bookings';
import { professionals } from '../db/schema/professionals';

export interface TeamMemberRow {
  category: ApiCategory;
  firstName: string;
  lastName: string;
}

const isApiCategory = (value: string | null): value is ApiCategory =>
  value !== null && (API_CATEGORIES as readonly string[]).includes(value);

/** The category's title as the booking steps show it ('Estetica' for estetica). */
export const categoryTitle = (category: ApiCategory) => CATEGORY_TITLES[fromApiCategory(category)];

/** The teams of these bookings, by booking id (bookings without categorised assignments are absent). */
export async function teamsOf(db: Db, bookingIds: readonly string[]): Promise<Map<string, TeamMemberRow[]>> {
  const teams = new Map<string, TeamMemberRow[]>();
  if (bookingIds.length === 0) return teams;
  const a = bookingAssignments;
  const rows = await db
    .select({
      bookingId: a.bookingId,
      category: a.category,
      firstName: professionals.firstName,
      lastName: professionals.lastName,
    })
    .from(a)
    .innerJoin(professionals, eq(professionals.id, a.professionalId))
    .where(and(inArray(a.bookingId, [...bookingIds]), eq(a.active, true)));
  for (const row of rows) {
    if (!isApiCategory(row.category) || row.bookingId === null) continue;
    const list = teams.get(row.bookingId) ?? [];
    list.push({ category: row.category, firstName: row.firstName, lastName: row.lastName });
    teams.set(row.bookingId, list);
  }
  for (const list of teams.values())
    list.sort((x, y) => API_CATEGORIES.indexOf(x.category) - API_CATEGORIES.indexOf(y.category));
  return teams;
}

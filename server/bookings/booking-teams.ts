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

/** One professional serving a booking: a single booking's (category null) or a salotto member. */
export interface MemberRow {
  professionalId: string;
  category: ApiCategory | null;
  firstName: string;
  lastName: string;
}

/**
 * Who serves each of these bookings (their active assignments), by booking id: one for a single
 * booking, one per category for a salotto, in the categories' usual order. Bookings nobody serves
 * (cancelled) are absent.
 */
export async function membersOf(db: Db, bookingIds: readonly string[]): Promise<Map<string, MemberRow[]>> {
  if (bookingIds.length === 0) return new Map();
  const a = bookingAssignments;
  const rows = await db
    .select({
      bookingId: a.bookingId,
      professionalId: a.professionalId,
      category: a.category,
      firstName: professionals.firstName,
      lastName: professionals.lastName,
    })
    .from(a)
    .innerJoin(professionals, eq(professionals.id, a.professionalId))
    .where(and(inArray(a.bookingId, [...bookingIds]), eq(a.active, true)));
  return groupMembers(rows);
}

/** Active assignment rows (with the professional's name) grouped as `membersOf` answers them. */
export function groupMembers(
  rows: Iterable<{
    bookingId: string | null;
    professionalId: string;
    category: string | null;
    firstName: string;
    lastName: string;
  }>,
): Map<string, MemberRow[]> {
  const members = new Map<string, MemberRow[]>();
  for (const { bookingId, category, ...member } of rows) {
    if (bookingId === null) continue;
    const list = members.get(bookingId) ?? [];
    list.push({ ...member, category: isApiCategory(category) ? category : null });
    members.set(bookingId, list);
  }
  const order = (m: MemberRow) => (m.category ? API_CATEGORIES.indexOf(m.category) : -1);
  for (const list of members.values()) list.sort((x, y) => order(x) - order(y));
  return members;
}

/** A salotto's team among a booking's members: those with a category (a single booking has none). */
export const teamOf = (members: readonly MemberRow[]): TeamMemberRow[] =>
  members.flatMap((m) => (m.category ? [{ category: m.category, firstName: m.firstName, lastName: m.lastName }] : []));

/** The teams of these bookings, by booking id (bookings without categorised assignments are absent). */
export async function teamsOf(db: Db, bookingIds: readonly string[]): Promise<Map<string, TeamMemberRow[]>> {
  const teams = new Map<string, TeamMemberRow[]>();
  for (const [bookingId, members] of await membersOf(db, bookingIds)) {
    const team = teamOf(members);
    if (team.length > 0) teams.set(bookingId, team);
  }
  return teams;
}

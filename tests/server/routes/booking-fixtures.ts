import { eq } from 'drizzle-orm';
import type { Location } from '../../../contract/location';
import type { Db } from '../../../server/db/client';
import { professionals } from '../../../server/db/schema/professionals';
import { seedCatalogue } from '../../../server/db/seed/catalogue';
import { seedCoupons } from '../../../server/db/seed/coupons';
import { SEED_LOCATIONS } from '../../../server/db/seed/locations';
import { seedProfessionals } from '../../../server/db/seed/professionals';
import { expect } from 'vitest';
import type { App } from '../../../server/app';
import { call, TORINO } from '../helpers/fixtures';

/**
 * What the booking suites share. The test clock starts on Monday 2 March 2026, 10:00 in Rome;
 * WEDNESDAY is two days later. Seeded Torino hairdressers working that Wednesday:
 * Giulia Ferrero 09:00–18:00 (hours confirmed → instant booking), Martina Rinaldi 07:30–13:00 and
 * 14:00–17:00 (on request), Valentina Greco 12:00–21:00 (confirmed). At 08:00 only Martina works.
 */
export const WEDNESDAY = '2026-03-04';
export const SATURDAY = '2026-03-07';

/** Catalogue, zones, professionals and coupons, without the accounts and their history. */
export async function seedBookingData(db: Db): Promise<void> {
  await seedCatalogue(db);
  await seedProfessionals(db);
  await seedCoupons(db);
}

export async function professionalId(db: Db, slug: string): Promise<string> {
  const [row] = await db.select({ id: professionals.id }).from(professionals).where(eq(professionals.slug, slug));
  if (!row) throw new Error(`no professional ${slug}`);
  return row.id;
}

export const MILANO: Location = SEED_LOCATIONS.milanoCorsoBuenosAires;

export const PIEGA = 'capelli-piega-liscia';
export const MASCHERA = 'capelli-maschera-idratante';

/** A complete checkout as the app sends it (visitor, Torino, piega + maschera). */
export function bookingPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Lucia',
    lastName: 'Neri',
    email: 'lucia.neri@example.it',
    phoneNumber: '+39 333 000 1111',
    providerId: null,
    location: TORINO,
    services: [PIEGA, MASCHERA],
    startDate: WEDNESDAY,
    startTime: '10:00',
    isManualFlow: false,
    allergies: '',
    doorbellName: 'Neri',
    notes: 'Secondo piano',
    fitToPlead: true,
    allowMarketing: false,
    couponCode: '',
    utm_source: 'instagram',
    utm_medium: null,
    utm_campaign: null,
    utm_content: null,
    ...overrides,
  };
}

export const timesPayload = (overrides: Record<string, unknown> = {}) => ({
  bookingLocation: TORINO,
  services: [PIEGA],
  startDate: WEDNESDAY,
  ...overrides,
});

/**
 * The manage link an e-mail carries ('Gestisci appuntamento', `${APP_URL}/appointments/<id>?token=`)
 * as the booking id and its token; null when the e-mail has none.
 */
export function manageLinkIn(mail: { text: string }): { bookingId: string; token: string } | null {
  const found = /(https?:\/\/\S+\/appointments\/[^\s?]+\?token=\S+)/.exec(mail.text);
  if (!found) return null;
  const url = new URL(found[1]!);
  return {
    bookingId: decodeURIComponent(url.pathname.split('/').at(-1)!),
    token: url.searchParams.get('token')!,
  };
}

/** Giulia Ferrero's Friday (6 March 2026) filled: three colour services (1 h 40 each, 30 minutes' travel between) take her 09:00–18:00. */
export const GIULIAS_FULL_FRIDAY = '2026-03-06';

/** Books her three colours through the store, as three visitors. */
export async function fillGiuliasFriday(app: App, giulia: string): Promise<void> {
  for (const [time, email] of [
    ['09:00', 'a@example.it'],
    ['11:30', 'b@example.it'],
    ['14:00', 'c@example.it'],
  ] as const) {
    const booked = await call(app, 'POST', '/bookings/store', {
      body: bookingPayload({
        startDate: GIULIAS_FULL_FRIDAY,
        startTime: time,
        providerId: giulia,
        services: ['capelli-colore-piega'],
        email,
      }),
    });
    expect(booked.status).toBe(201);
  }
}

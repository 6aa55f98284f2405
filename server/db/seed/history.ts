import { count, eq } from 'drizzle-orm';
import type { Db } from '../client';
import type { BookedService } from '../../../contract/booking';
import { bookings } from '../schema/bookings';
import { professionals } from '../schema/professionals';
import { users } from '../schema/accounts';
import { ratings } from '../schema/ratings';
import { DEMO_EMAIL, findSeedUserId } from './accounts';
import { SEED_LOCATIONS } from './locations';

const DAY = 24 * 60 * 60 * 1000;

/** 09:00 UTC (10:00 or 11:00 in Italy) `days` from `now`. */
const atNine = (now: Date, days: number) => {
  const d = new Date(now.getTime() + days * DAY);
  d.setUTCHours(9, 0, 0, 0);
  return d;
};

const total = (services: BookedService[]) => services.reduce((sum, s) => sum + s.price, 0);

/**
 * Booking history: the demo customer had a past appointment (so 'L'ultima volta ti abbiamo
 * consigliato:' and the professional filter have data, and, issue 29, it waits for her rating) and
 * nothing upcoming; Giulia has one upcoming appointment; two customers rated their past appointment
 * with Giulia Ferrero (two ratings: she is still 'Nuova' in the filter until a third). Runs only for
 * customers with no bookings yet.
 */
export async function seedHistory(db: Db, now: Date = new Date()): Promise<void> {
  // Real seeded professionals of the customers' cities: the demo customer's hairdresser in
  // Torino (so the professional filter offers her), Giulia's beautician in Milano.
  const torino = await professionalIdBySlug(db, 'pro-giulia-ferrero');
  const milano = await professionalIdBySlug(db, 'pro-silvia-brambilla');
  const demoId = await findSeedUserId(db, DEMO_EMAIL);
  const giuliaId = await findSeedUserId(db, 'giulia.rossi@musa.example');

  if (demoId && (await bookingCount(db, demoId)) === 0) {
    const services: BookedService[] = [
      { serviceId: 'seed-piega', name: 'Piega', price: 35, listPrice: 35, durationMM: 45 },
      {
        serviceId: 'seed-trattamento-ristrutturante',
        name: 'Trattamento ristrutturante',
        price: 20,
        listPrice: 20,
        durationMM: 15,
      },
    ];
    const startsAt = atNine(now, -14);
    await db.insert(bookings).values({
      userId: demoId,
      professionalId: torino,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000),
      location: SEED_LOCATIONS.torinoViaRoma,
      services,
      total: total(services),
      totalBeforeDiscount: total(services),
      status: 'confirmed',
    });
  }

  if (torino) await seedRatings(db, torino, now);

  if (giuliaId && (await bookingCount(db, giuliaId)) === 0) {
    const services: BookedService[] = [
      {
        serviceId: 'seed-manicure',
        name: 'Manicure con semipermanente',
        price: 30,
        listPrice: 30,
        durationMM: 60,
      },
    ];
    const startsAt = atNine(now, 7);
    await db.insert(bookings).values({
      userId: giuliaId,
      professionalId: milano,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000),
      location: SEED_LOCATIONS.milanoCorsoBuenosAires,
      services,
      total: total(services),
      totalBeforeDiscount: total(services),
      status: 'confirmed',
    });
  }
}

/** Two customers of Giulia Ferrero who rated her (issue 29), a month and two and a half months ago. */
const RATED_VISITS = [
  {
    email: 'elena.ferri@example.it',
    firstName: 'Elena',
    lastName: 'Ferri',
    daysAgo: 30,
    stars: 5,
    comment: 'Bravissima e puntuale, la piega è durata una settimana.',
  },
  {
    email: 'marta.galli@example.it',
    firstName: 'Marta',
    lastName: 'Galli',
    daysAgo: 75,
    stars: 4,
    comment: 'Piega perfetta, è arrivata con dieci minuti di ritardo.',
  },
] as const;

async function seedRatings(db: Db, professionalId: string, now: Date): Promise<void> {
  const services: BookedService[] = [
    { serviceId: 'seed-piega', name: 'Piega', price: 35, listPrice: 35, durationMM: 45 },
  ];
  for (const visit of RATED_VISITS) {
    const [user] = await db
      .insert(users)
      .values({ email: visit.email, firstName: visit.firstName, lastName: visit.lastName })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) continue;
    const startsAt = atNine(now, -visit.daysAgo);
    const endsAt = new Date(startsAt.getTime() + 45 * 60 * 1000);
    const [booking] = await db
      .insert(bookings)
      .values({
        userId: user.id,
        professionalId,
        startsAt,
        endsAt,
        location: SEED_LOCATIONS.torinoViaRoma,
        services,
        total: total(services),
        totalBeforeDiscount: total(services),
        status: 'confirmed',
      })
      .returning();
    const ratedAt = new Date(endsAt.getTime() + 3 * 60 * 60 * 1000);
    await db.insert(ratings).values({
      bookingId: booking!.id,
      professionalId,
      userId: user.id,
      stars: visit.stars,
      comment: visit.comment,
      createdAt: ratedAt,
      updatedAt: ratedAt,
    });
  }
}

async function bookingCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookings).where(eq(bookings.userId, userId));
  return row?.n ?? 0;
}

async function professionalIdBySlug(db: Db, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: professionals.id }).from(professionals).where(eq(professionals.slug, slug));
  return row?.id ?? null;
}

import type { BookedService } from '../../../contract/booking';
import type { Location } from '../../../contract/location';
import type { App } from '../../../server/app';
import type { Db } from '../../../server/db/client';
import { users } from '../../../server/db/schema/accounts';
import { bookings } from '../../../server/db/schema/bookings';
import { professionals } from '../../../server/db/schema/professionals';
import { SEED_LOCATIONS } from '../../../server/db/seed/locations';
import { hashPassword } from '../../../server/accounts/passwords';
import { createSession, type UserRow } from '../../../server/accounts/sessions';

export const PASSWORD = 'Segreta123';
let passwordHash: Promise<string> | undefined;

/** The demo customer's address (a served street of Torino). */
export const TORINO: Location = SEED_LOCATIONS.torinoViaRoma;

export const PALERMO: Location = {
  address: 'Via Maqueda, 100, Palermo',
  googlePlaceId: 'place-palermo-via-maqueda-100',
  coordinates: { lat: 38.1157, lng: 13.3615 },
  components: {
    route: 'Via Maqueda',
    streetNumber: '100',
    city: 'Palermo',
    province: 'Palermo',
    provinceCode: 'PA',
    region: 'Sicilia',
    postalCode: '90133',
    country: 'Italia',
    countryCode: 'IT',
  },
};

/** A customer with password PASSWORD unless told otherwise (`password: null`: not completed yet). */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string | null } = {},
): Promise<UserRow> {
  const { password = PASSWORD, ...rest } = overrides;
  passwordHash ??= hashPassword(PASSWORD);
  const hash = password === null ? null : password === PASSWORD ? await passwordHash : await hashPassword(password);
  const [row] = await db
    .insert(users)
    .values({
      email: `cliente-${crypto.randomUUID().slice(0, 8)}@example.it`,
      firstName: 'Anna',
      lastName: 'Verdi',
      passwordHash: hash,
      ...rest,
    })
    .returning();
  return row!;
}

/** A bearer token for the user, as if she had just logged in at `now`. */
export const tokenFor = (db: Db, user: UserRow, now: Date): Promise<string> => createSession(db, user.id, now);

export async function createProfessional(db: Db, firstName: string, lastName: string, picture: string | null = null) {
  const [row] = await db.insert(professionals).values({ firstName, lastName, picture }).returning();
  return row!;
}

export async function createBooking(
  db: Db,
  values: {
    userId: string;
    startsAt: Date;
    /** An hour after the start unless told (a professional's busy span, for the no-overlap tests). */
    endsAt?: Date;
    professionalId?: string | null;
    services?: BookedService[];
    status?: 'pending' | 'confirmed' | 'cancelled';
    timeZone?: string;
  },
) {
  const services = values.services ?? [
    { serviceId: 'svc-piega', name: 'Piega', price: 35, listPrice: 35, durationMM: 45 },
  ];
  const total = services.reduce((sum, s) => sum + s.price, 0);
  const [row] = await db
    .insert(bookings)
    .values({
      userId: values.userId,
      professionalId: values.professionalId ?? null,
      startsAt: values.startsAt,
      endsAt: values.endsAt ?? new Date(values.startsAt.getTime() + 60 * 60 * 1000),
      timeZone: values.timeZone ?? 'Europe/Rome',
      location: TORINO,
      services,
      total,
      totalBeforeDiscount: total,
      status: values.status ?? 'confirmed',
    })
    .returning();
  return row!;
}

export type Reply = {
  status: number;
  headers: Headers;
  body: { result: { success: boolean; data?: unknown; error?: { message: string } } };
};

/** One request to the app, JSON in and out. `body` a string is sent as it is (malformed JSON tests). */
export async function call(
  app: App,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await app.request(path, {
    method,
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const body = (await res.json()) as Reply['body'];
  if ('settle' in app && typeof app.settle === 'function') await (app.settle as () => Promise<void>)();
  return { status: res.status, headers: res.headers, body };
}

/** The data of a successful reply (fails the test with the server's message otherwise). */
export function dataOf<T = Record<string, unknown>>(reply: Reply): T {
  if (!reply.body.result.success) throw new Error(`HTTP ${reply.status}: ${reply.body.result.error?.message}`);
  return reply.body.result.data as T;
}

/** The error message of a failed reply. */
export const errorOf = (reply: Reply): string | undefined =>
  reply.body.result.success ? undefined : reply.body.result.error?.message;

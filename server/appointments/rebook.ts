/**
 * 'Prenota di nuovo' (issue 27): the declined request's e-mail opens the wizard on the same services
 * and address. GET /appointments/:bookingId/rebook gives back what the wizard needs, in the shape a
 * waitlist offer's link gives (the day and the saved draft): the address, the flow (its category and
 * hair length, or the salotto's people and categories), the services as the service step lists them
 * today for that address, and the day she had asked for (today when it has passed). A service no
 * longer offered there is left out: the wizard then opens on the service step to choose again.
 */
import * as v from 'valibot';
import { createInitialDraft } from '../../contract/booking';
import { fromApiCategory, type ApiCategory, type HairLength } from '../../contract/constants';
import { SAVED_DRAFT_VERSION, savedDraftSchema, type SavedDraft } from '../../contract/draft';
import type { Service, ServiceList } from '../../contract/service';
import { instantToZoned } from '../../contract/zoned-time';
import type { Db } from '../db/client';
import { bookingFor, ownerFor, type AppointmentCaller } from '../bookings/access';
import { offeredSalottoServiceList, offeredServiceList } from '../catalogue/catalogue';
import { catalogueCache, professionalsServing } from '../catalogue/catalogue-store';
import { servingZoneIds } from '../domain/served-zones';

export interface Rebooking {
  date: string;
  draft: SavedDraft | null;
}

/** Every service a group lists, in its order. */
const servicesOf = (group: ServiceList['mainServices']): Service[] =>
  group?.sections.flatMap((section) => section.items.flatMap((item) => item.services)) ?? [];

export async function rebookingOf(db: Db, bookingId: string, caller: AppointmentCaller, now: Date): Promise<Rebooking> {
  const userId = await ownerFor(db, bookingId, caller, now);
  const row = await bookingFor(db, bookingId, userId, false);
  const catalogue = await catalogueCache(db).current();
  const asked = instantToZoned(row.startsAt, row.timeZone).date;
  const today = instantToZoned(now, row.timeZone).date;
  const date = asked < today ? today : asked;

  const bookedIds = row.services.map((s) => s.serviceId);
  const categories = [
    ...new Set(
      bookedIds
        .map((id) => catalogue.services.find((s) => s.id === id)?.category)
        .filter((c): c is ApiCategory => c !== undefined),
    ),
  ];
  // Nothing she booked is in the catalogue any more: the wizard starts from her address only.
  const location = row.location;
  const salotto = row.kind === 'salotto';
  const hairLength = (row.hairLength as HairLength | null) ?? null;
  const first = categories[0];
  const list = salotto
    ? offeredSalottoServiceList(catalogue, categories)
    : first
      ? offeredServiceList(
          catalogue,
          professionalsServing(catalogue, servingZoneIds(location.coordinates, catalogue.zones)),
          first,
          first === 'hair' ? hairLength : null,
        )
      : null;
  const services = list ? v.parse(savedDraftSchema.entries.services, list) : null;
  const main = servicesOf(services?.mainServices ?? null);
  const extras = servicesOf(services?.secondaryServices ?? null);
  const primaryService = salotto ? null : (main.find((s) => bookedIds.includes(s.id)) ?? null);
  const secondaryServices = extras.filter((s) => bookedIds.includes(s.id));
  const draft = {
    ...createInitialDraft(),
    location,
    participants: salotto ? ('salotto' as const) : ('default' as const),
    ...(salotto
      ? {
          participantsCount: row.participants,
          salottoCategories: categories.map(fromApiCategory),
          salottoNotes: row.notes ?? '',
        }
      : { category: first ? fromApiCategory(first) : null, hair: first === 'hair' ? hairLength : null }),
    date,
    services: {
      includedService: null,
      primaryService,
      secondaryServices,
      services: [...(primaryService ? [primaryService] : []), ...secondaryServices],
    },
  };
  // Checked as the app will read it: what does not parse is not sent (the wizard starts afresh).
  const saved = v.safeParse(savedDraftSchema, { version: SAVED_DRAFT_VERSION, draft, services });
  return { date, draft: saved.success ? saved.output : null };
}

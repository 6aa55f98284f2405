/**
 * The catalogue's shapes (services, the sections the service step shows them in) and the service
 * step's block titles. The rooms of server/ read these; server/seed-data/ fills them
 * with the seeded catalogue.
 */
import type { ApiCategory, HairLength, ItemType } from '../../contract/constants';

export type ByHairLength = Readonly<Record<HairLength, number>>;

export interface CatalogueService {
  id: string;
  category: ApiCategory;
  name: string;
  description: string;
  /** Longer text for the form, preferred to `description` when present (SPEC §3). */
  formDescription?: string;
  durationMM: number;
  /** Hair: duration by hair length, overriding `durationMM`. */
  durationByHairLength?: ByHairLength;
  /** Euros; null = on quote. Ignored when `priceByHairLength` is set. */
  price: number | null;
  priceByHairLength?: ByHairLength;
  /** A crossed-out list price: the service is on a marketing discount. */
  listPrice?: number;
  listPriceByHairLength?: ByHairLength;
  priceStartingFrom: boolean;
  isManualFlow: boolean;
  /** Public path of the icon, '/images/<slug>.svg'. */
  image: string;
  /** Variant group (SPEC `_group_id`); null for a service on its own. */
  groupId: string | null;
  /** A product or add-on that takes no appointment time (left out of availability). */
  excludeFromBooking: boolean;
  /** Offered to groups (participants = salotto) only. */
  salotto: boolean;
}

export type SectionRole = 'main' | 'secondary';

export interface CatalogueSection {
  id: string;
  category: ApiCategory;
  audience: 'default' | 'salotto';
  role: SectionRole;
  title: string | null;
  itemType: ItemType;
  /** In display order; services sharing a groupId become one item. */
  serviceIds: readonly string[];
}

/** Titles of the two blocks of the service step, per audience. */
export const SERVICE_GROUP_TITLES = {
  default: { main: 'Scegli il servizio', secondary: 'Aggiungi al tuo servizio' },
  salotto: { main: 'Scegli il servizio', secondary: 'Servizi per il salotto' },
} as const;

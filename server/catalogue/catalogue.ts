/**
 * Pure reads of the catalogue: a service's price and duration for a hair length, and the SPEC §3
 * service-list shape (main and secondary blocks of titled sections whose items are variant
 * groups). Reads the catalogue it is given (the process's copy of the database's, catalogue-store.ts).
 */
import type { ApiCategory, HairLength } from '../../contract/constants';
import type { ServiceInput, ServiceListInput } from '../../contract/service';
import { canPerform, type AvailabilityProfessional } from '../domain/professionals';
import {
  SERVICE_GROUP_TITLES,
  type CatalogueSection,
  type CatalogueService,
  type SectionRole,
} from '../domain/catalogue';

/** Used when a hair service is priced without a hair length (should not happen via the API). */
const DEFAULT_HAIR_LENGTH: HairLength = 'medium';

export function findService(id: string, services: readonly CatalogueService[]): CatalogueService | undefined {
  return services.find((s) => s.id === id);
}

/** Euros the customer pays for the service; an on-quote service (price null) counts as 0. */
export function servicePrice(service: CatalogueService, hairLength?: HairLength | null): number {
  if (service.priceByHairLength) return service.priceByHairLength[hairLength ?? DEFAULT_HAIR_LENGTH];
  return service.price ?? 0;
}

/** The list (crossed-out) price: the regular price unless the service is on a marketing discount. */
export function serviceListPrice(service: CatalogueService, hairLength?: HairLength | null): number {
  if (service.listPriceByHairLength) return service.listPriceByHairLength[hairLength ?? DEFAULT_HAIR_LENGTH];
  if (service.listPrice !== undefined) return service.listPrice;
  return servicePrice(service, hairLength);
}

export function serviceDuration(service: CatalogueService, hairLength?: HairLength | null): number {
  if (service.durationByHairLength) return service.durationByHairLength[hairLength ?? DEFAULT_HAIR_LENGTH];
  return service.durationMM;
}

/** One service as the API sends it (SPEC §3 Service). */
export function toApiService(
  service: CatalogueService,
  hairLength: HairLength | null,
  services: readonly CatalogueService[],
): ServiceInput {
  const hasVariants = service.groupId !== null && services.filter((s) => s.groupId === service.groupId).length > 1;
  return {
    id: service.id,
    name: service.name,
    description: service.description,
    formDescription: service.formDescription ?? null,
    durationMM: serviceDuration(service, hairLength),
    price: service.price === null && !service.priceByHairLength ? null : servicePrice(service, hairLength),
    isManualFlow: service.isManualFlow,
    priceStartingFrom: service.priceStartingFrom,
    image: service.image,
    _group_id: service.groupId,
    excludeFromBooking: service.excludeFromBooking,
    hasVariants,
  };
}

function sectionsToGroup(
  sections: readonly CatalogueSection[],
  title: string,
  hairLength: HairLength | null,
  services: readonly CatalogueService[],
): ServiceListInput['mainServices'] {
  if (sections.length === 0) return null;
  return {
    title,
    sections: sections.map((section) => {
      const items: Array<{ id: string; services: ServiceInput[] }> = [];
      const byGroup = new Map<string, { id: string; services: ServiceInput[] }>();
      for (const id of section.serviceIds) {
        const service = findService(id, services);
        if (!service) continue;
        const api = toApiService(service, hairLength, services);
        const existing = service.groupId ? byGroup.get(service.groupId) : undefined;
        if (existing) {
          existing.services.push(api);
          continue;
        }
        const item = { id: service.groupId ?? service.id, services: [api] };
        if (service.groupId) byGroup.set(service.groupId, item);
        items.push(item);
      }
      return { title: section.title, itemType: section.itemType, items };
    }),
  };
}

/** GET /services/list/v2: the services of one category for one hair length (hair only). */
export function buildServiceList(
  category: ApiCategory,
  hairLength: HairLength | null,
  catalogue: {
    services: readonly CatalogueService[];
    sections: readonly CatalogueSection[];
  },
): ServiceListInput {
  const services = catalogue.services;
  const sections = catalogue.sections.filter((s) => s.category === category && s.audience === 'default');
  const of = (role: SectionRole) => sections.filter((s) => s.role === role);
  const length = category === 'hair' ? hairLength : null;
  return {
    mainServices: sectionsToGroup(of('main'), SERVICE_GROUP_TITLES.default.main, length, services),
    secondaryServices: sectionsToGroup(of('secondary'), SERVICE_GROUP_TITLES.default.secondary, length, services),
  };
}

/** GET /services/list/salotto: one checkbox section per chosen category, no main services. */
export function buildSalottoServiceList(
  categories: readonly ApiCategory[],
  catalogue: {
    services: readonly CatalogueService[];
    sections: readonly CatalogueSection[];
  },
): ServiceListInput {
  const services = catalogue.services;
  const sections = catalogue.sections.filter((s) => s.audience === 'salotto' && categories.includes(s.category));
  sections.sort((a, b) => categories.indexOf(a.category) - categories.indexOf(b.category));
  return {
    mainServices: null,
    secondaryServices: sectionsToGroup(sections, SERVICE_GROUP_TITLES.salotto.secondary, null, services),
  };
}

type CatalogueTables = {
  services: readonly CatalogueService[];
  sections: readonly CatalogueSection[];
};

/** The sections of `audience` and `categories`, keeping only `offered` services; empty ones dropped. */
function offeredSections(
  catalogue: CatalogueTables,
  audience: CatalogueSection['audience'],
  categories: readonly ApiCategory[],
  offered: readonly CatalogueService[],
): CatalogueSection[] {
  const ids = new Set(offered.map((s) => s.id));
  return catalogue.sections
    .filter((s) => s.audience === audience && categories.includes(s.category))
    .map((s) => ({ ...s, serviceIds: s.serviceIds.filter((id) => ids.has(id)) }))
    .filter((s) => s.serviceIds.length > 0);
}

/**
 * GET /services/list/v2 for an address: only what a professional serving it (`professionals`)
 * can do; out of zone, or where nobody does the category, both groups are null. A product (no
 * appointment time) comes with a service, never alone.
 */
export function offeredServiceList(
  catalogue: CatalogueTables,
  professionals: readonly Pick<AvailabilityProfessional, 'skills'>[],
  category: ApiCategory,
  hairLength: HairLength | null,
): ServiceListInput {
  const offered = catalogue.services.filter(
    (s) =>
      s.category === category &&
      !s.salotto &&
      professionals.some((p) => canPerform(p, [{ id: s.id, category: s.category, durationMM: s.durationMM }])),
  );
  const services = offered.some((s) => !s.excludeFromBooking) ? offered : [];
  const sections = offeredSections(catalogue, 'default', [category], services);
  return buildServiceList(category, hairLength, { services, sections });
}

/** GET /services/list/salotto: the salotto services of the chosen categories. */
export function offeredSalottoServiceList(
  catalogue: CatalogueTables,
  categories: readonly ApiCategory[],
): ServiceListInput {
  const services = catalogue.services.filter((s) => s.salotto && categories.includes(s.category));
  const sections = offeredSections(catalogue, 'salotto', categories, services);
  return buildSalottoServiceList(categories, { services, sections });
}

import { Hono } from 'hono';
import { salottoServicesCall, servicesCall } from '../../../contract/calls';
import { ok } from '../../../contract/envelope';
import type { AppEnv } from '../../http/env';
import { readQuery } from '../../http/input';
import { loadProfessionals } from '../../services/availability-store';
import { canPerform } from '../../services/availability';
import { buildSalottoServiceList, buildServiceList } from '../../services/catalogue';
import { loadSections, loadServices, loadZones } from '../../services/catalogue-store';
import { servingZoneIds } from '../../services/served-zones';

/** The service step's catalogue (SPEC §3 service list shape). */
export const serviceRoutes = new Hono<AppEnv>();

/**
 * Only what a professional serving the address can do: out of zone, or where nobody does the
 * category, both groups are null. Sections left with nothing are dropped.
 */
serviceRoutes.get(servicesCall.route, async (c) => {
  const { category, hairLength, lat, lng } = readQuery(c, servicesCall.query);
  const { db } = c.var.deps;
  const pros = await loadProfessionals(db, servingZoneIds({ lat, lng }, await loadZones(db)));
  const all = (await loadServices(db, [category])).filter((s) => !s.salotto);
  const offered = all.filter((s) =>
    pros.some((p) => canPerform(p, [{ id: s.id, category: s.category, durationMM: s.durationMM }])),
  );
  // A product (no appointment time) comes with a service, never alone.
  const services = offered.some((s) => !s.excludeFromBooking) ? offered : [];
  const ids = new Set(services.map((s) => s.id));
  const sections = (await loadSections(db, 'default', [category]))
    .map((s) => ({ ...s, serviceIds: s.serviceIds.filter((id) => ids.has(id)) }))
    .filter((s) => s.serviceIds.length > 0);
  return c.json(ok({ services: buildServiceList(category, hairLength ?? null, { services, sections }) }));
});

serviceRoutes.get(salottoServicesCall.route, async (c) => {
  const { categories } = readQuery(c, salottoServicesCall.query);
  const { db } = c.var.deps;
  const services = (await loadServices(db, categories)).filter((s) => s.salotto);
  const ids = new Set(services.map((s) => s.id));
  const sections = (await loadSections(db, 'salotto', categories))
    .map((s) => ({ ...s, serviceIds: s.serviceIds.filter((id) => ids.has(id)) }))
    .filter((s) => s.serviceIds.length > 0);
  return c.json(ok({ services: buildSalottoServiceList(categories, { services, sections }) }));
});

import { Hono } from 'hono';
import { salottoServicesCall, servicesCall } from '../../contract/calls';
import { ok } from '../../contract/envelope';
import type { AppEnv } from '../http/env';
import { readQuery } from '../http/input';
import { offeredSalottoServiceList, offeredServiceList } from './catalogue';
import { catalogueCache, professionalsServing } from './catalogue-store';
import { servingZoneIds } from '../domain/served-zones';
import { renderReply, sendCached } from './cached-reply';

/**
 * The service step's catalogue (SPEC §3 service list shape), answered from the catalogue in
 * memory once its version is checked: each distinct reply is rendered once per catalogue version,
 * with an ETag (304 when the client has it) and SPEC's 2 s freshness.
 */
export const serviceRoutes = new Hono<AppEnv>();

serviceRoutes.get(servicesCall.route, async (c) => {
  const { category, hairLength, lat, lng } = readQuery(c, servicesCall.query);
  const catalogue = await catalogueCache(c.var.deps.db).current();
  // The reply depends on the address only through the zones serving it.
  const zoneIds = servingZoneIds({ lat, lng }, catalogue.zones).sort();
  const length = category === 'hair' ? (hairLength ?? null) : null;
  const reply = catalogue.memo(`list/v2|${category}|${length}|${zoneIds.join(',')}`, () =>
    renderReply(
      ok({
        services: offeredServiceList(catalogue, professionalsServing(catalogue, zoneIds), category, length),
      }),
    ),
  );
  return sendCached(c, reply);
});

serviceRoutes.get(salottoServicesCall.route, async (c) => {
  const { categories } = readQuery(c, salottoServicesCall.query);
  const catalogue = await catalogueCache(c.var.deps.db).current();
  const reply = catalogue.memo(`list/salotto|${categories.join(',')}`, () =>
    renderReply(ok({ services: offeredSalottoServiceList(catalogue, categories) })),
  );
  return sendCached(c, reply);
});

import { Hono, type Context } from 'hono';
import { ok } from '../../contract/envelope';
import {
  cancelTimeOffCall,
  createProTimeOffCall,
  createTeamTimeOffCall,
  proHoursCall,
  proTimeOffCall,
  PRO_WEEK_MESSAGES,
  saveProHoursCall,
  saveTeamHoursCall,
  teamHoursCall,
  teamTimeOffCall,
} from '../../contract/pro-week';
import { requireUser } from '../accounts/auth';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/env';
import { parseInput, readJson } from '../http/input';
import { enforceRateLimit } from '../http/rate-limit';
import { proCallerOf, type ProCaller } from '../requests/pro-appointments';
import { cancelTimeOff, createTimeOff, hoursOf, listTimeOff, professionalOr404, saveHours } from './week';

/**
 * The professionals' week (issue 40): her hours and her time off. Signed in only (401), counted
 * against the professionals' side's limits ('proSide', 429); a customer is refused (403). A
 * professional reads and changes only her own (the calls without a professional's id: a caller who
 * is not a professional gets 403); the team (role 'team') anyone's by id (`/pro/team/…`: 403 to
 * anyone else; 404 for an unknown professional). Bad input is a 400 with the contract's Italian
 * message and changes nothing.
 */
export const weekRoutes = new Hono<AppEnv>();

async function caller(c: Context<AppEnv>): Promise<ProCaller> {
  const user = await requireUser(c);
  await enforceRateLimit(c, 'proSide', user.id);
  return proCallerOf(c.var.deps.db, user, 'list');
}

/** The caller and her own professional record (403 when she is not a professional). */
export async function herself(c: Context<AppEnv>) {
  const who = await caller(c);
  if (!who.professionalId) throw new ApiError(403, PRO_WEEK_MESSAGES.professionalOnly);
  return { who, pro: await professionalOr404(c.var.deps.db, who.professionalId) };
}

/** The team (403 for anyone else). */
export async function theTeam(c: Context<AppEnv>): Promise<ProCaller> {
  const who = await caller(c);
  if (!who.team) throw new ApiError(403, PRO_WEEK_MESSAGES.teamOnly);
  return who;
}

/** The team and the professional it names (403 for anyone else, 404 for an unknown professional). */
export async function teamOn(c: Context<AppEnv>, professionalId: string) {
  const who = await theTeam(c);
  return { who, pro: await professionalOr404(c.var.deps.db, professionalId) };
}

weekRoutes.get(proHoursCall.route, async (c) => {
  const { who, pro } = await herself(c);
  const { db, now } = c.var.deps;
  return c.json(ok({ hours: await hoursOf(db, who, pro, now()) }));
});

weekRoutes.post(saveProHoursCall.route, async (c) => {
  const { who, pro } = await herself(c);
  const input = await readJson(c, saveProHoursCall.payload);
  const { db, now } = c.var.deps;
  return c.json(ok({ hours: await saveHours(db, who, pro, input, now()) }));
});

weekRoutes.get(teamHoursCall.route, async (c) => {
  const { professionalId } = parseInput(teamHoursCall.params, c.req.param());
  const { who, pro } = await teamOn(c, professionalId);
  const { db, now } = c.var.deps;
  return c.json(ok({ hours: await hoursOf(db, who, pro, now()) }));
});

weekRoutes.post(saveTeamHoursCall.route, async (c) => {
  const { professionalId } = parseInput(saveTeamHoursCall.params, c.req.param());
  const { who, pro } = await teamOn(c, professionalId);
  const input = await readJson(c, saveTeamHoursCall.payload);
  const { db, now } = c.var.deps;
  return c.json(ok({ hours: await saveHours(db, who, pro, input, now()) }));
});

weekRoutes.get(proTimeOffCall.route, async (c) => {
  const { who, pro } = await herself(c);
  const { db, now } = c.var.deps;
  return c.json(ok({ timeOff: await listTimeOff(db, who, pro, now()) }));
});

weekRoutes.post(createProTimeOffCall.route, async (c) => {
  const { who, pro } = await herself(c);
  const payload = await readJson(c, createProTimeOffCall.payload);
  const { db, now } = c.var.deps;
  return c.json(ok({ timeOff: await createTimeOff(db, who, pro, payload, now()) }), 201);
});

weekRoutes.get(teamTimeOffCall.route, async (c) => {
  const { professionalId } = parseInput(teamTimeOffCall.params, c.req.param());
  const { who, pro } = await teamOn(c, professionalId);
  const { db, now } = c.var.deps;
  return c.json(ok({ timeOff: await listTimeOff(db, who, pro, now()) }));
});

weekRoutes.post(createTeamTimeOffCall.route, async (c) => {
  const { professionalId } = parseInput(createTeamTimeOffCall.params, c.req.param());
  const { who, pro } = await teamOn(c, professionalId);
  const payload = await readJson(c, createTeamTimeOffCall.payload);
  const { db, now } = c.var.deps;
  return c.json(ok({ timeOff: await createTimeOff(db, who, pro, payload, now()) }), 201);
});

weekRoutes.post(cancelTimeOffCall.route, async (c) => {
  const { timeOffId } = parseInput(cancelTimeOffCall.params, c.req.param());
  const who = await caller(c);
  const { db, now } = c.var.deps;
  return c.json(ok({ timeOff: await cancelTimeOff(db, who, timeOffId, now()) }));
});

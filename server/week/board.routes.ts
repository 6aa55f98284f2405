import { Hono } from 'hono';
import { ok } from '../../contract/envelope';
import { handOverAppointmentCall, reassignAppointmentCall, teamBoardCall } from '../../contract/pro-week';
import type { AppEnv } from '../http/env';
import { parseInput, readJson } from '../http/input';
import { handOverAppointment, reassignAppointment, teamBoard } from './board';
import { herself, theTeam } from './week.routes';

/**
 * The team's board and reassignment, and her own hand-over of an appointment outside her hours
 * (issue 40, board.ts), with the week's rules: signed in (401), 'proSide' (429), a customer 403;
 * the board and the reassignment the team's only (403 `teamOnly`), the hand-over hers only (403
 * `professionalOnly`; an appointment not hers 404). Bad input is a 400 with the contract's message.
 */
export const boardRoutes = new Hono<AppEnv>();

boardRoutes.get(teamBoardCall.route, async (c) => {
  const who = await theTeam(c);
  const query = parseInput(teamBoardCall.query, c.req.query());
  const { db, now } = c.var.deps;
  return c.json(ok(await teamBoard(db, who, query, now())));
});

boardRoutes.post(reassignAppointmentCall.route, async (c) => {
  const { bookingId } = parseInput(reassignAppointmentCall.params, c.req.param());
  const who = await theTeam(c);
  const input = await readJson(c, reassignAppointmentCall.payload);
  const { db, now } = c.var.deps;
  return c.json(ok({ appointment: await reassignAppointment(db, who, bookingId, input, now()) }));
});

boardRoutes.post(handOverAppointmentCall.route, async (c) => {
  const { bookingId } = parseInput(handOverAppointmentCall.params, c.req.param());
  const { pro } = await herself(c);
  const { db, now } = c.var.deps;
  return c.json(ok({ handOvers: await handOverAppointment(db, pro, bookingId, now()) }));
});

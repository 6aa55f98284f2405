import { describe, expect, it } from 'vitest';
import { OUTBOX_JOBS } from '../../server/app';
import { OUTBOX_KINDS } from '../../server/db/schema/outbox';
import { jobRegistry } from '../../server/jobs/registry';

/**
 * Issue 42: the outbox runs the kinds its rooms register, without knowing them. The app's one
 * registry (the API, the workers and the tests run it) must cover every kind the schema allows,
 * each owned by one room.
 */
describe('the outbox’s job kinds', () => {
  it('every kind of the schema is registered by a room, and nothing else is', () => {
    expect([...OUTBOX_JOBS.kinds.keys()].sort()).toEqual([...OUTBOX_KINDS].sort());
  });

  it('each round sweeps the lapsed holds and the hand-overs nobody took by their deadline (issue 40)', () => {
    expect(OUTBOX_JOBS.sweeps.map((sweep) => sweep.name).sort()).toEqual(['hand-over-deadlines', 'holds']);
  });

  it('a kind registered by two rooms is refused', () => {
    const run = async () => {};
    expect(() =>
      jobRegistry([
        { room: 'bookings', kinds: { 'booking-confirmation': run } },
        { room: 'requests', kinds: { 'booking-confirmation': run } },
      ]),
    ).toThrow("outbox kind 'booking-confirmation' registered by both bookings and requests");
  });
});

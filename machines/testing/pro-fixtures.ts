/**
 * The professionals' side's appointments (issue 27) for the pro machines' and screens' tests: each
 * parsed with the contract's schema, so a fixture the API could not send fails here first.
 */
import * as v from 'valibot';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { proAppointmentSchema, type ProAppointment } from '../../contract/pro';
import type { AvailableTime } from '../../contract/slot';
import { LOCATION_TORINO, TODAY, TOMORROW } from './days-and-places';

export { TODAY, TOMORROW };

export const REQUEST_ID = '6f1c2a4e-9b1d-4c3a-8e2f-0a1b2c3d4e5f';

const base = {
  id: REQUEST_ID,
  status: 'pending',
  kind: 'single',
  stage: 'professional',
  answerBy: '2026-11-23T10:30:00.000Z',
  startDateTime: '2026-11-24T09:00:00.000Z',
  date: TOMORROW,
  startTime: '10:00',
  endTime: '11:30',
  timeZone: 'Europe/Rome',
  travelBufferMM: 30,
  location: LOCATION_TORINO,
  mapsUrl: 'https://www.google.com/maps/search/?api=1&query=45.0677%2C7.6824',
  services: [
    { name: 'Piega', durationMM: 60 },
    { name: 'Manicure', durationMM: 30 },
  ],
  participants: 1,
  customer: { firstName: 'Marta', phoneNumber: '+39 333 123 4567' },
  doorbellName: 'Rossi',
  allergies: 'Nichel',
  notes: 'Secondo piano, senza ascensore',
  total: 85,
  team: [{ professionalId: 'pro-giulia', name: 'Giulia Bianchi', category: null }],
  requested: null,
  teamChoices: [],
  actions: ['accept', 'decline', 'offer'],
};

export const proAppointment = (changes: Partial<Record<keyof typeof base, unknown>> = {}): ProAppointment =>
  v.parse(proAppointmentSchema, { ...base, ...changes });

/** Her own request, waiting for her: she may accept, decline or offer another time. */
export const REQUEST = proAppointment();
/** The same request as the team reads it while it waits for her: the team accepts or declines, never offers. */
export const TEAM_REQUEST = proAppointment({ actions: ['accept', 'decline'] });
/** The same request once she accepted it. */
export const ACCEPTED = proAppointment({ status: 'confirmed', stage: null, answerBy: null, actions: [] });
export const DECLINED = proAppointment({ status: 'cancelled', stage: null, answerBy: null, actions: [] });
/** Moved to the time she offered, waiting for the customer. */
export const OFFERED = proAppointment({
  stage: 'offered',
  answerBy: '2026-11-24T08:00:00.000Z',
  date: TOMORROW,
  startTime: '15:00',
  endTime: '16:30',
  requested: { date: TOMORROW, startTime: '10:00', endTime: '11:30' },
  actions: [],
});
/** A salotto, as the team sees it: quoted or declined, never accepted. */
export const SALOTTO = proAppointment({
  id: '7a2b3c4d-1e2f-4a5b-9c8d-0e1f2a3b4c5d',
  kind: 'salotto',
  stage: 'team',
  participants: 3,
  doorbellName: null,
  allergies: null,
  notes: null,
  team: [
    { professionalId: 'pro-giulia', name: 'Giulia Bianchi', category: 'hair' },
    { professionalId: 'pro-sara', name: 'Sara Verdi', category: 'make-up' },
  ],
  // Whom the quote may name instead: Elena for the make-up (Giulia is the only hairdresser there).
  teamChoices: [
    { category: 'hair', professionals: [{ professionalId: 'pro-giulia', name: 'Giulia Bianchi' }] },
    {
      category: 'make-up',
      professionals: [
        { professionalId: 'pro-elena', name: 'Elena Neri' },
        { professionalId: 'pro-sara', name: 'Sara Verdi' },
      ],
    },
  ],
  actions: ['quote', 'decline'],
});
/** The make-up artist the team may name instead of the proposed one. */
export const OTHER_MAKE_UP = { category: 'make-up', professionalId: 'pro-elena' } as const;
/** Confirmed, on her agenda today. */
export const CONFIRMED_TODAY = proAppointment({
  id: '11111111-2222-4333-8444-555555555555',
  status: 'confirmed',
  stage: null,
  answerBy: null,
  date: TODAY,
  startTime: '16:00',
  endTime: '17:00',
  startDateTime: '2026-11-23T15:00:00.000Z',
  travelBufferMM: 15,
  services: [{ name: 'Trucco sposa', durationMM: 60 }],
  customer: { firstName: 'Elena', phoneNumber: '+393401112222' },
  doorbellName: null,
  allergies: null,
  notes: null,
  actions: [],
});

export const slot = (startTime: string, endTime: string): AvailableTime => ({
  startTime,
  endTime,
  supplement: 0,
  toBeConfirmed: false,
  instantBooking: true,
  serviceFee: null,
});

/** Her free times on the request's day: 10:00 is the one asked for. */
export const TIMES = [slot('09:00', '10:30'), slot('10:00', '11:30'), slot('15:00', '16:30')];

/** The API's refusal of an answer to a request that changed meanwhile. */
export const conflict = (message: string): Error => Object.assign(new Error(message), { status: 409 });

/** The event types a machine handles from outside (what the root must forward: its EVENTS list). */
export function handledEvents(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  const visit = (node: AnyStateNode) => {
    for (const type of Object.keys(node.on)) if (!type.startsWith('xstate.')) types.add(type);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return [...types].sort();
}

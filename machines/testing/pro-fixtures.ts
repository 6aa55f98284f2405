/**
 * The professionals' side's appointments (issue 27) for the pro machines' and screens' tests: each
 * parsed with the contract's schema, so a fixture the API could not send fails here first.
 */
import * as v from 'valibot';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { proAppointmentSchema, type ProAppointment } from '../../contract/pro';
import {
  handOverSchema,
  proHoursSchema,
  teamBoardCall,
  timeOffSchema,
  type HandOver,
  type ProHours,
  type TimeOff,
} from '../../contract/pro-week';
import type { TeamBoard } from '../pro/team-board';
import type { HoursForm, TimeOffForm } from '../pro/events';
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

/** Issue 40: her time off, as GET /pro/time-off and POST /pro/time-off answer it (her own: no reason). */
export const timeOff = (changes: Partial<Record<keyof TimeOff, unknown>> = {}): TimeOff =>
  v.parse(timeOffSchema, {
    id: '0b6e2c1a-3d4f-4a5b-8c6d-7e8f9a0b1c2d',
    professional: { id: 'pro-martina', name: 'Martina Rinaldi' },
    kind: 'days',
    startDate: '2026-11-25',
    endDate: '2026-11-27',
    startTime: '00:00',
    endTime: '24:00',
    startDateTime: '2026-11-24T23:00:00.000Z',
    endDateTime: '2026-11-27T23:00:00.000Z',
    reason: null,
    enteredBy: 'professional',
    cancelled: false,
    handOvers: [],
    ...changes,
  });

/** Three whole days off from the day after tomorrow, as she types them (the reason only the team reads). */
export const DAYS_OFF_FORM: TimeOffForm = {
  kind: 'days',
  startDate: '2026-11-25',
  endDate: '2026-11-27',
  date: '',
  startTime: '',
  endTime: '',
  reason: 'Ferie',
};
/** SALVA ASSENZA pressed on the blank form (the form as the screen opens it). */
export { BLANK_TIME_OFF_FORM } from '../pro/time-off';
/** The time off saved from DAYS_OFF_FORM. */
export const DAYS_OFF = timeOff();
/** An afternoon off next week, entered by the team, with an appointment of hers handed over to Giulia. */
export const HOURS_OFF = timeOff({
  id: '1c7f3d2b-4e5a-4b6c-9d7e-8f9a0b1c2d3e',
  kind: 'hours',
  startDate: '2026-11-30',
  endDate: '2026-11-30',
  startTime: '14:00',
  endTime: '18:00',
  startDateTime: '2026-11-30T13:00:00.000Z',
  endDateTime: '2026-11-30T17:00:00.000Z',
  enteredBy: 'team',
  handOvers: [
    {
      id: '2d8a4e3c-5f6b-4c7d-8e9f-0a1b2c3d4e5f',
      bookingId: '3e9b5f4d-6a7c-4d8e-9f0a-1b2c3d4e5f6a',
      category: null,
      cause: 'time-off',
      state: 'moved',
      date: '2026-11-30',
      startTime: '15:00',
      endTime: '16:00',
      startDateTime: '2026-11-30T14:00:00.000Z',
      from: { id: 'pro-martina', name: 'Martina Rinaldi' },
      to: { id: 'pro-giulia', name: 'Giulia Bianchi' },
    },
  ],
});

// ── Issue 40: the team's board ──

/** Martina's confirmed appointment of tomorrow, handed over by her sick day and taken by nobody. */
export const TO_PLACE = proAppointment({
  id: '4f0c6a5e-7b8d-4e9f-8a1b-2c3d4e5f6a7b',
  status: 'confirmed',
  stage: null,
  answerBy: null,
  team: [{ professionalId: 'pro-martina', name: 'Martina Rinaldi', category: null }],
  actions: [],
});
const zone = (id: string, name: string, city: string) => ({ id, name, city });
const BOARD_ZONES = [
  zone('milano', 'Milano e hinterland', 'Milano'),
  zone('roma', 'Roma (entro il GRA)', 'Roma'),
  zone('torino', 'Torino e prima cintura', 'Torino'),
];
/** Martina's sick day tomorrow, entered by the team (its reason the team reads). */
export const SICK_DAY = timeOff({
  id: '5a1d7b6f-8c9e-4fa0-9b2c-3d4e5f6a7b8c',
  startDate: TOMORROW,
  endDate: TOMORROW,
  startDateTime: '2026-11-23T23:00:00.000Z',
  endDateTime: '2026-11-24T23:00:00.000Z',
  reason: 'Malattia',
  enteredBy: 'team',
});
const column = (id: string, name: string, changes: Record<string, unknown> = {}) => ({
  professional: { id, name, hoursConfirmed: true },
  hours: [{ start: '09:00', end: '18:00' }],
  appointments: [],
  requests: [],
  timeOff: [],
  ...changes,
});
/**
 * GET /pro/team/board for Torino tomorrow: Giulia free, Martina off sick, Sara with a request; her
 * appointment 'da ricollocare', Giulia offered, two nearest free times. As the model reads it.
 */
export const teamBoard = (changes: Partial<Record<keyof TeamBoard, unknown>> = {}): TeamBoard =>
  v.parse(teamBoardCall.response, {
    zone: BOARD_ZONES[2],
    zones: BOARD_ZONES,
    date: TOMORROW,
    columns: [
      column('pro-giulia', 'Giulia Bianchi'),
      column('pro-martina', 'Martina Rinaldi', { timeOff: [SICK_DAY] }),
      column('pro-sara', 'Sara Verdi', { hours: [], requests: [REQUEST] }),
    ],
    toPlace: [
      {
        handOver: {
          id: '6b2e8c7a-9d0f-4ab1-8c3d-4e5f6a7b8c9d',
          bookingId: TO_PLACE.id,
          category: null,
          cause: 'time-off',
          state: 'unplaced',
          date: TOMORROW,
          startTime: TO_PLACE.startTime,
          endTime: TO_PLACE.endTime,
          startDateTime: TO_PLACE.startDateTime,
          from: { id: 'pro-martina', name: 'Martina Rinaldi' },
          to: null,
        },
        appointment: TO_PLACE,
        freeProfessionals: [{ id: 'pro-giulia', name: 'Giulia Bianchi' }],
        nearestTimes: [{ date: TOMORROW, startTime: '15:00', endTime: '16:30' }],
      },
    ],
    ...changes,
  });
/** The board as the page opens (the model's: Torino tomorrow, one appointment to place). */
export const BOARD = teamBoard();
/** The board once it is placed (reassigned, or read again after a sick day entered). */
export const BOARD_PLACED = teamBoard({ toPlace: [] });
/** Milano's board, the picker's other city (nobody to place). */
export const BOARD_MILANO = teamBoard({ zone: BOARD_ZONES[0], columns: [], toPlace: [] });
/** A sick day for Giulia tomorrow, as the team types it. */
export const SICK_DAY_FORM: TimeOffForm = {
  ...DAYS_OFF_FORM,
  startDate: TOMORROW,
  endDate: TOMORROW,
  reason: 'Malattia',
};

// ── Issue 40: her hours ──

const MORNING = { start: '09:00', end: '13:00' };
const AFTERNOON = { start: '14:00', end: '19:00' };
/** An appointment of hers on Saturday afternoon, outside her hours (she works Saturday mornings). */
export const OUTSIDE = proAppointment({
  id: '4fac6a5e-7b8d-4e9f-8a0b-2c3d4e5f6a7b',
  status: 'confirmed',
  stage: null,
  answerBy: null,
  date: '2026-11-28',
  startTime: '16:00',
  endTime: '17:30',
  startDateTime: '2026-11-28T15:00:00.000Z',
  actions: [],
});
/** Her hours as GET /pro/hours answers them: Monday to Friday in two ranges, Saturday morning, Sunday off. */
export const HER_HOURS: ProHours = v.parse(proHoursSchema, {
  professional: { id: 'pro-martina', name: 'Martina Rinaldi' },
  current: {
    validFrom: null,
    week: [
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [MORNING, AFTERNOON] })),
      { weekday: 6, ranges: [MORNING] },
    ],
  },
  upcoming: [],
  outside: [OUTSIDE],
});
/** Her new week from next Monday, as she types it: the afternoons end at 18:00, Saturday off. */
export const NEW_WEEK_FORM: HoursForm = {
  validFrom: '2026-11-30',
  days: [0, 1, 2, 3, 4, 5, 6].map((i) => (i < 5 ? [MORNING, { start: '14:00', end: '18:00' }] : [])),
};
/** SALVA ORARI with Monday's second range reversed (18:00–14:00): refused before anything is sent. */
export const REVERSED_WEEK_FORM: HoursForm = {
  ...NEW_WEEK_FORM,
  days: NEW_WEEK_FORM.days.map((day, i) => (i === 0 ? [MORNING, { start: '18:00', end: '14:00' }] : day)),
};
/** Her hours once the new week is saved: it is to come; nothing of hers lies outside it from then on. */
export const SAVED_HOURS: ProHours = v.parse(proHoursSchema, {
  ...HER_HOURS,
  upcoming: [
    {
      validFrom: NEW_WEEK_FORM.validFrom,
      week: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [MORNING, { start: '14:00', end: '18:00' }] })),
    },
  ],
  outside: [],
});
/** OUTSIDE handed over: waiting for its job. */
export const HANDED_OVER: HandOver = v.parse(handOverSchema, {
  id: '5abd7b6f-8c9e-4f0a-9b1c-3d4e5f6a7b8c',
  bookingId: OUTSIDE.id,
  category: null,
  cause: 'hours',
  state: 'pending',
  date: OUTSIDE.date,
  startTime: OUTSIDE.startTime,
  endTime: OUTSIDE.endTime,
  startDateTime: OUTSIDE.startDateTime,
  from: { id: 'pro-martina', name: 'Martina Rinaldi' },
  to: null,
});

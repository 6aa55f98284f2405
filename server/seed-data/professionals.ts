/**
 * Seeded professionals: who does what (skills), where (served zone ids, see zones.ts) and when
 * (weekly hours in Europe/Rome local time). `hoursConfirmed: true` means the professional keeps
 * her calendar up to date, so her slots book instantly; otherwise a booking waits for her
 * confirmation (SPEC `toBeConfirmed`). `travelBufferMM` is kept free between two appointments.
 */
import type { ApiCategory } from '../../contract/constants';
import type { IsoWeekday, ProfessionalSkills, WorkingHours } from '../domain/professionals';

export interface SeedProfessional {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  zoneIds: readonly string[];
  skills: ProfessionalSkills;
  hours: readonly WorkingHours[];
  hoursConfirmed: boolean;
  travelBufferMM: number;
}

const days = (weekdays: readonly IsoWeekday[], ...ranges: ReadonlyArray<readonly [string, string]>): WorkingHours[] =>
  weekdays.flatMap((weekday) => ranges.map(([start, end]) => ({ weekday, start, end })));

const WEEKDAYS: IsoWeekday[] = [1, 2, 3, 4, 5];
/** Typical shapes of a week; each professional picks one or combines them. */
const HOURS = {
  office: days(WEEKDAYS, ['09:00', '18:00']),
  split: days(WEEKDAYS, ['09:00', '13:00'], ['15:00', '19:30']),
  early: days([2, 3, 4, 5, 6], ['07:30', '13:00'], ['14:00', '17:00']),
  late: days([1, 2, 3, 4, 5, 6], ['12:00', '21:00']),
  weekend: days([5, 6, 7], ['08:00', '20:00']),
  sunday: days([7], ['09:00', '19:00']),
  saturday: days([6], ['09:00', '14:00']),
} as const;

const HAIR: ApiCategory[] = ['hair'];
const BEAUTY: ApiCategory[] = ['estetica'];
const MAKEUP: ApiCategory[] = ['make-up'];

function pro(
  firstName: string,
  lastName: string,
  zoneIds: readonly string[],
  skills: ProfessionalSkills,
  hours: readonly WorkingHours[],
  hoursConfirmed: boolean,
  travelBufferMM = 30,
): SeedProfessional {
  const slug = `${firstName}-${lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '-');
  return {
    id: `pro-${slug}`,
    firstName,
    lastName,
    email: `${slug.replace(/-/g, '.')}@professioniste.musa.example`,
    zoneIds,
    skills,
    hours,
    hoursConfirmed,
    travelBufferMM,
  };
}

export const PROFESSIONALS: readonly SeedProfessional[] = [
  // Torino
  pro('Giulia', 'Ferrero', ['torino'], { categories: HAIR }, HOURS.office, true),
  pro('Chiara', 'Bianco', ['torino'], { categories: BEAUTY }, HOURS.split, true),
  pro('Francesca', 'Gallo', ['torino'], { categories: [...MAKEUP, ...BEAUTY] }, HOURS.late, false),
  pro(
    'Martina',
    'Rinaldi',
    ['torino'],
    { categories: HAIR, exceptServiceIds: ['capelli-balayage-piega', 'capelli-correzione-colore'] },
    HOURS.early,
    false,
    20,
  ),
  pro('Sara', 'Costa', ['torino'], { categories: [...HAIR, ...MAKEUP] }, HOURS.weekend, true),
  pro('Elena', 'Marchetti', ['torino'], { categories: BEAUTY }, [...HOURS.office, ...HOURS.saturday], true, 20),
  pro('Alessia', 'Conti', ['torino'], { categories: MAKEUP }, HOURS.weekend, false),
  pro('Valentina', 'Greco', ['torino'], { categories: HAIR }, HOURS.late, true, 25),
  // Milano
  pro('Federica', 'Colombo', ['milano'], { categories: HAIR }, HOURS.office, true),
  pro('Silvia', 'Brambilla', ['milano'], { categories: BEAUTY }, HOURS.split, true, 20),
  pro('Laura', 'Fumagalli', ['milano'], { categories: MAKEUP }, HOURS.late, true),
  pro('Beatrice', 'Villa', ['milano'], { categories: HAIR }, HOURS.early, false),
  pro('Giorgia', 'Galli', ['milano'], { categories: [...BEAUTY, ...MAKEUP] }, HOURS.weekend, false),
  pro(
    'Ilaria',
    'Ferrari',
    ['milano'],
    { categories: HAIR, exceptServiceIds: ['capelli-correzione-colore'] },
    HOURS.weekend,
    true,
  ),
  pro('Camilla', 'Sala', ['milano'], { categories: BEAUTY }, HOURS.late, true, 25),
  pro('Noemi', 'Cattaneo', ['milano'], { categories: [...HAIR, ...MAKEUP] }, HOURS.office, false),
  // Roma
  pro('Alessandra', 'Romano', ['roma'], { categories: HAIR }, HOURS.office, true, 40),
  pro('Roberta', 'De Luca', ['roma'], { categories: BEAUTY }, HOURS.split, true, 40),
  pro('Serena', 'Esposito', ['roma'], { categories: MAKEUP }, HOURS.late, true, 40),
  pro('Federica', 'Marino', ['roma'], { categories: HAIR }, HOURS.early, false, 40),
  pro('Marta', 'Ricci', ['roma'], { categories: BEAUTY }, HOURS.weekend, false, 40),
  pro('Claudia', 'Russo', ['roma'], { categories: [...HAIR, ...BEAUTY] }, HOURS.weekend, true, 40),
  pro('Giada', 'Lombardi', ['roma'], { categories: MAKEUP }, [...HOURS.office, ...HOURS.saturday], false, 40),
  pro(
    'Arianna',
    'Santoro',
    ['roma'],
    { categories: BEAUTY, exceptServiceIds: ['estetica-microblading'] },
    HOURS.early,
    true,
    40,
  ),
  // Sundays, so that every city fields a salotto of hair + estetica + make-up every day of the
  // week (one professional per category, availability.ts): the category each city lacked on Sundays.
  pro('Irene', 'Bruno', ['torino'], { categories: BEAUTY }, HOURS.sunday, false),
  pro('Debora', 'Riva', ['milano'], { categories: MAKEUP }, HOURS.sunday, false),
  pro('Eleonora', 'Fontana', ['roma'], { categories: MAKEUP }, HOURS.sunday, false, 40),
  // Travels between Torino and Milano for events
  pro('Paola', 'Moretti', ['torino', 'milano'], { categories: MAKEUP }, days([4, 5, 6], ['10:00', '20:00']), true, 45),
];

/**
 * Issue 29's appointments to rate, as GET /appointments/:id/rating answers them, for the rating
 * machine's tests and the screens' (machines/testing/fixtures.ts keeps the model's fixtures).
 */
import type { AppointmentRating } from '../../contract/rating';

export const RATED_ID = 'b-rated';
export const RATING_TOKEN = 'rate-token-1';

/** Two professionals (a salotto's team), nothing given yet, still editable. */
export const TO_RATE: AppointmentRating = {
  bookingId: RATED_ID,
  date: '2026-11-20',
  startTime: '10:30',
  endTime: '12:00',
  services: ['Piega', 'Manicure'],
  professionals: [
    { _id: 'p-giulia', firstName: 'Giulia', lastName: 'Bianchi', stars: null, comment: null },
    { _id: 'p-sara', firstName: 'Sara', lastName: 'Verdi', stars: null, comment: null },
  ],
  editableUntil: '2026-12-20T11:00:00.000Z',
  editable: true,
};

/** One professional only. */
export const TO_RATE_ONE: AppointmentRating = { ...TO_RATE, professionals: [TO_RATE.professionals[0]!] };

/** As the server answers once she gave Giulia 4 stars with a comment and Sara 5. */
export const RATED: AppointmentRating = {
  ...TO_RATE,
  professionals: [
    { ...TO_RATE.professionals[0]!, stars: 4, comment: 'Bravissima' },
    { ...TO_RATE.professionals[1]!, stars: 5, comment: null },
  ],
};

/** RATING_EDIT_DAYS later: shown, final. */
export const RATED_FINAL: AppointmentRating = { ...RATED, editable: false };

/** A refusal of the API (its status, its Italian message), as the app's client throws it. */
export const refusal = (status: number, message: string): Error => Object.assign(new Error(message), { status });

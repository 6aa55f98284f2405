import { CATEGORY_TITLES, PRODUCT, type Category } from './constants';

/**
 * Every user-facing message of SPEC §5 and §8, written once. Components, machines and the server
 * refer to these names; tests assert on them.
 */
export const MESSAGES = {
  required: '*Campo richiesto',
  requiredPrivacy: 'Campo richiesto',
  invalidFormat: 'Formato invalido',
  passwordTooShort: 'Almeno 8 caratteri',
  pickAddress: 'Seleziona un indirizzo dalla lista dei suggerimenti',
  streetNumberRequired: 'Devi aggiungere il numero civico',
  selectOption: 'Devi selezionare un opzione',
  selectService: 'Devi selezionare un servizio',
  selectAtLeastOneService: 'Devi selezionare almeno un servizio',
  selectTime: 'Devi selezionare un orario',
  addressSearchError: 'Oops! Si è verificato un errore, riprova!',
  addressNoResultsTitle: 'Ops! Nessun risultato',
  addressNoResultsDescription: 'Prova a ricontrollare l’indirizzo che hai inserito.',
  profileUpdated: 'Dati aggiornati correttamente',
  subscribed: 'Richiesta inviata correttamente',
  couponAdded: 'Coupon aggiunto correttamente',
  welcome: `Benvenuta ${PRODUCT}!`,
  slotTaken: 'Questo orario non è più disponibile, scegline un altro.',
  // Holding a time while she fills the checkout (issue 28, ours).
  slotJustTaken: 'Qualcun’altra ha appena scelto questo orario: scegline un altro.',
  slotHoldExpired: 'Il tempo per confermare questo orario è scaduto: sceglilo di nuovo.',
  invalidHolderKey: 'Chiave della scelta non valida: ricarica la pagina e riprova.',
  // Contract checks that SPEC leaves without a message (ours, in the same voice).
  invalidValue: 'Valore non valido',
  invalidDate: 'Data non valida',
  invalidDateRange: 'Intervallo di date non valido',
  invalidTime: 'Orario non valido',
  invalidCoordinates: 'Coordinate non valide',
  invalidPrice: 'Prezzo non valido',
  invalidNumber: 'Numero non valido',
  invalidCategory: 'Categoria non valida',
  invalidPhoneNumber: 'Numero di telefono non valido',
  controlCharacters: 'Il testo contiene caratteri non consentiti',
  salottoMinParticipants: 'Il salotto è per almeno 2 persone',
  // Promo codes and gift cards (server pricing; shown under the coupon field).
  couponInvalid: 'Codice sconto non valido',
  couponExpired: 'Questo codice sconto è scaduto',
  couponNotYetValid: 'Questo codice sconto non è ancora attivo',
  couponFirstBookingOnly: 'Questo codice è valido solo per la prima prenotazione',
  couponWrongCategory: 'Questo codice non è valido per i servizi selezionati',
  couponMinimumSpend: 'Il totale non raggiunge la spesa minima per questo codice',
  giftCardExhausted: 'Il credito di questa gift card è esaurito',
  serviceUnavailable: 'Uno dei servizi scelti non è più disponibile',
  // After the booking (issue 16, ours): managing an appointment, the waitlist of a sold-out day.
  appointmentCancelled: 'Appuntamento annullato',
  appointmentMoved: 'Appuntamento spostato',
  reminderSaved: 'Promemoria aggiornato',
  /** Issue 27: she accepted the time a professional offered her instead. */
  offerAccepted: 'Nuovo orario confermato',
  waitlistJoined: 'Ti avviseremo se si libera un orario',
  // SPEC §8: the generic transport message when a reply carries none (offline, HTML error page).
  transportError: 'Ops! Qualcosa è andato storto, riprova tra poco.',
} as const;

/** 'Devi selezionare almeno un servizio per {category titles joined by comma}' (SPEC §5). */
export const selectServiceForCategories = (categories: readonly Category[]): string =>
  `${MESSAGES.selectAtLeastOneService} per ${categories.map((c) => CATEGORY_TITLES[c]).join(', ')}`;

/** When the customer's other appointment is: 'mercoledì 4 marzo 2026, dalle 10:00 alle 10:55'. */
export type OtherAppointmentTime = { dateLabel: string; startTime: string; endTime: string };

/**
 * A single booking refused because the same customer (account or e-mail) already has a live
 * appointment at that time (issue 26): when the other one is, how to manage it, and that several
 * people at once is a salotto.
 */
export const customerAlreadyBooked = (other: OtherAppointmentTime): string =>
  `Hai già un appuntamento ${other.dateLabel}, dalle ${other.startTime} alle ${other.endTime}: non puoi essere in due appuntamenti nello stesso momento. ` +
  'Per spostarlo o cancellarlo apri «Gestisci appuntamento» dall’e-mail di conferma o dalla tua area personale. ' +
  `Per prenotare più persone insieme scegli «Salotto di ${PRODUCT} (2+ persone)».`;

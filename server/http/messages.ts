import { FREE_CANCELLATION_HOURS } from '../../contract/constants';
import { RATING_EDIT_DAYS } from '../../contract/rating';

/**
 * Italian messages the API itself sends (SPEC §8 leaves server errors unshown: these are ours).
 * The app shows them as they are, in the error toast.
 */
export const API_MESSAGES = {
  notFound: 'Risorsa non trovata',
  internal: 'Si è verificato un errore, riprova più tardi.',
  badJson: 'Richiesta non valida: il corpo non è un JSON valido.',
  payloadTooLarge: 'Richiesta troppo grande.',
  unauthenticated: 'Devi effettuare il login per continuare.',
  sessionExpired: 'La sessione è scaduta, effettua di nuovo il login.',
  forbidden: 'Non hai i permessi per questa operazione.',
  tooManyRequests: 'Troppi tentativi, riprova tra qualche minuto.',
  wrongCredentials: 'Email o password non corretti.',
  invalidLink: 'Il link non è valido o è scaduto.',
  emailInUse: 'Questa email è già associata a un altro account.',
  idempotencyKeyReused: 'Questa richiesta è già stata usata per un’altra prenotazione.',
  idempotencyKeyMismatch:
    'Questa richiesta è già stata inviata con dati diversi (Idempotency-Key già usata): ricarica la pagina e riprova.',
  databaseUnavailable: 'Il servizio è momentaneamente non disponibile, riprova tra qualche secondo.',
  unsupportedMediaType: 'Richiesta non valida: il corpo deve essere JSON (Content-Type: application/json).',
  badRequest: 'Richiesta non valida.',
  headersTooLarge: 'Richiesta non valida: intestazioni troppo grandi.',
  weakPassword: 'Questa password è troppo facile da indovinare: scegline una più lunga o meno comune.',
  personalPassword: 'La password non può contenere la tua email o il tuo nome: scegline un’altra.',
  appointmentNotFound: 'Appuntamento non trovato.',
  cancellationTooLate: `Non è più possibile cancellare gratuitamente: mancano meno di ${FREE_CANCELLATION_HOURS} ore all’appuntamento. Scrivici su WhatsApp, ti aiutiamo noi.`,
  rescheduleTooLate: `Non è più possibile spostare l’appuntamento: mancano meno di ${FREE_CANCELLATION_HOURS} ore. Scrivici su WhatsApp, ti aiutiamo noi.`,
  appointmentCancelled: 'Questo appuntamento è stato cancellato.',
  appointmentStarted: 'Questo appuntamento è già iniziato o passato.',
  salottoByPhone: 'Per spostare un salotto scrivici su WhatsApp: ci pensiamo noi con il team.',
  // The professionals' side (issue 27): the professional is addressed as 'tu'.
  proOnly: 'Quest’area è riservata alle professioniste e al team Musa.',
  requestNotFound: 'Richiesta non trovata.',
  requestCancelled: 'Questa richiesta è stata annullata.',
  requestAlreadyConfirmed: 'Questa richiesta ha già avuto una risposta.',
  requestOffered: 'È già stato proposto un altro orario: aspettiamo la risposta della cliente.',
  requestPassedOn: 'Il tempo per rispondere è scaduto: la richiesta è passata a qualcun altro.',
  sameTimeOffered: 'È l’orario che la cliente ha chiesto: se ti va bene, accetta la richiesta.',
  customerBusyThen: 'La cliente ha già un altro appuntamento in quell’orario: proponine un altro.',
  teamMemberNotServing: 'Questa professionista non esegue quella categoria a quell’indirizzo.',
  teamMemberBusy: 'Una delle professioniste scelte non è libera in quell’orario: scegline un’altra.',
  offerNotOpen: 'Questa proposta non è più valida.',
  placeNotFound: 'Indirizzo non trovato, scegline un altro dalla lista dei suggerimenti.',
  // Issue 29: ratings.
  ratingTooEarly: 'Potrai valutare l’appuntamento quando sarà finito.',
  ratingNotHeld: 'Si possono valutare solo gli appuntamenti che si sono svolti.',
  ratingClosed: `Sono passati ${RATING_EDIT_DAYS} giorni dall’appuntamento: la valutazione non si può più cambiare.`,
  ratingNotInAppointment: 'Questa professionista non era nel tuo appuntamento.',
} as const;

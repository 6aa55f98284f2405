/**
 * What the page must show for an oracle `Observation` (SPEC §2, §4, §5, §8), for the browser replay
 * of the generated paths (e2e/paths/states.ts): the URL of the screen, its heading, the dialogs
 * open, the slots' view, the coupon line. Written from SPEC like spec.ts and oracle.ts; it imports
 * nothing from machines/ (the step names are types).
 */
import type { StepId } from '../../machines/shared/draft';
import type { Observation } from './oracle';
import { AFTER_BOOKING_COPY, appointmentUrl, COPY, kindOfStep, PRODUCT, SESSION_URLS, urlOfStep } from './spec';

/** SPEC §2: the URL (path only) a settled screen shows; null while booting, loading or logging out. */
export function expectedPathname(now: Observation): string | null {
  if (now.phase === 'booting' || now.phase === 'loadingProfile' || now.phase === 'loggingOut') return null;
  switch (now.screen) {
    case 'booking':
      return urlOfStep(now.step) ?? null;
    case 'home':
      return SESSION_URLS.home;
    case 'login':
    case 'loginWithToken':
      return SESSION_URLS.login;
    case 'askResetPassword':
      return SESSION_URLS.askResetPassword;
    case 'resetPassword':
      return SESSION_URLS.resetPassword;
    // Issue 16: the appointment the URL named, and moving it.
    case 'appointment':
      return now.appointment ? appointmentUrl(now.appointment.id) : null;
    case 'appointmentReschedule':
      return now.appointment ? `${appointmentUrl(now.appointment.id)}/reschedule` : null;
    // Issue 29: rating the appointment the URL named.
    case 'appointmentRating':
      return now.rating ? `${appointmentUrl(now.rating.id)}/rating` : null;
    // Issue 27: the professionals' side (her agenda, the requests, the request the URL named).
    case 'proAgenda':
      return '/pro';
    case 'proRequests':
      return '/pro/requests';
    case 'proRequest':
      return now.pro?.requestId ? `/pro/requests/${encodeURIComponent(now.pro.requestId)}` : null;
    // Issue 40: her time off.
    case 'proTimeOff':
      return '/pro/time-off';
    // Issue 40: the team's board.
    case 'proTeam':
      return '/pro/team';
    // Issue 40: her hours.
    case 'proHours':
      return '/pro/hours';
    default:
      return null;
  }
}

/** SPEC §2 / §8: each booking step's title (salotto steps speak to the group). */
export function stepHeading(step: StepId): string {
  const salotto = step.startsWith('salotto-');
  switch (kindOfStep(step)) {
    case 'location':
      return 'Dove vuoi ricevere il servizio?';
    case 'participants':
      return 'Per quante persone vuoi prenotare?';
    case 'participants-salotto':
      return 'Quante siete di preciso?';
    case 'category':
      return 'Che tipo di servizio ti interessa oggi?';
    case 'category-salotto':
      return 'Che tipo di servizi vi interessano? Puoi scegliere una o più opzioni.';
    case 'hair':
      return 'Dicci dei tuoi capelli e facci capire che Musa sei!';
    case 'service':
      return salotto ? 'Quali servizi desiderate?' : 'Quale servizio desideri?';
    case 'details':
      return "Spiegaci un po' più nel dettaglio cosa vorreste fare.";
    case 'data':
      return salotto
        ? "Quando vorreste richiedere l'appuntamento, Musa?"
        : 'Quando vorresti ricevere il servizio, Musa?';
    case 'checkout':
      return 'Completa la tua prenotazione';
    default:
      return '';
  }
}

/** The heading a settled screen shows (null: none to check, e.g. a loader). */
export function expectedHeading(now: Observation): string | null {
  if (now.phase === 'booting' || now.phase === 'loadingProfile' || now.phase === 'loggingOut') return null;
  switch (now.screen) {
    case 'booking':
      return stepHeading(now.step);
    case 'home':
      return 'Cosa vuoi prenotare oggi?';
    case 'login':
      return `Bentornata, ${PRODUCT}!`;
    case 'askResetPassword':
      return 'A quale email vuoi ricevere il link per scegliere la password?';
    case 'resetPassword':
      // While the link is checked the screen shows only its loader.
      return now.sessionForm === 'checking' ? null : 'Completa il tuo profilo';
    case 'notFound':
      return COPY.notFoundTitle;
    case 'appointment':
      return AFTER_BOOKING_COPY.appointmentTitle;
    case 'appointmentReschedule':
      return AFTER_BOOKING_COPY.rescheduleTitle;
    // Issue 29: the same heading over the loader, the form, the refusal and the final rating.
    case 'appointmentRating':
      return RATING_PAGE.title;
    // Issue 27: the professionals' screens (a salotto's request is named as such).
    case 'proAgenda':
      return PRO_PAGE.agenda.title;
    case 'proRequests':
      return PRO_PAGE.requests.title;
    case 'proTimeOff':
      return PRO_PAGE.timeOff.title;
    case 'proTeam':
      return PRO_PAGE.board.title;
    case 'proHours':
      return PRO_PAGE.hours.title;
    case 'proRequest':
      // Named a salotto once it is shown (read again after a refusal, it is a request being loaded).
      return now.pro?.request?.shown === 'ready' && now.pro.request.salotto
        ? PRO_PAGE.request.salottoTitle
        : PRO_PAGE.request.title;
    default:
      return null;
  }
}

/** SPEC §2/§4/§6 dialogs by their title, as the page names them. */
export const DIALOG_TITLES: Record<keyof Observation['dialogs'], string> = {
  outOfZone: `${PRODUCT} non è ancora arrivata nella tua zona`,
  confirmation: 'Richiesta di appuntamento',
  providerFilter: 'Mostra solo le disponibilità di:',
  profile: 'Modifica il tuo profilo',
  resetConfirmation: 'Controlla le tue Email!',
  cancelAppointment: "Vuoi annullare l'appuntamento?",
  waitlist: 'Avvisami se si libera un orario',
  declineOffer: 'Rifiuti il nuovo orario?',
  declineRequest: 'Rifiuta la richiesta',
};

/** SPEC §2 data step: the copy of each slots view without slots. */
export const SLOTS_COPY = {
  noDate: 'Seleziona una data per vedere le disponibilità!',
  empty: 'Prova a guardare un altro giorno!',
} as const;

/** SPEC §8 copy of the coupon block and the recap. */
export const CHECKOUT_COPY = {
  couponSwitch: 'Hai un codice promozionale o una gift card?',
  couponField: 'Codice promozionale o gift card',
  discount: 'Sconto',
  total: 'Totale',
  fee: `Fee ${PRODUCT}`,
} as const;

/** Issue 28: the checkout's countdown of her held time, and its last minute's button (ours, from the issue). */
export const HOLD_PAGE = {
  countdown: /^Ti teniamo questo orario ancora per \d+:\d{2}$/,
  extend: 'MI SERVE PIÙ TEMPO',
} as const;

/**
 * Issue 27: the professionals' screens as the page shows them (ours, in the product's voice: she is
 * addressed as 'tu'), written apart from the app like APPOINTMENT_PAGE.
 */
export const PRO_PAGE = {
  retry: 'RIPROVA',
  /** Issue 40: her time off (the words: a range of days or hours, an optional reason only the team sees). */
  timeOff: {
    title: 'Le tue assenze',
    loading: 'Caricamento assenze',
    failed: 'Non riusciamo a mostrarti le tue assenze',
    empty: 'Nessuna assenza in programma.',
    submit: 'SALVA ASSENZA',
    cancel: 'ANNULLA ASSENZA',
    overlaps: 'C’è già un’assenza in questo periodo',
    required: '*Campo richiesto',
    form: 'Nuova assenza',
    startDate: 'Dal',
    endDate: 'Al (compreso)',
    reason: 'Motivo (facoltativo)',
    /** The agenda's way there. */
    link: 'Le tue assenze',
  },
  /**
   * Issue 40: the team's board (the words: a city and a day, each professional's column with
   * appointments, requests and time off, the 'da ricollocare' list, reassign, time off for someone who
   * phoned in sick; the store's refusals in the contract's words).
   */
  board: {
    title: 'La bacheca del team',
    loading: 'Caricamento bacheca',
    failed: 'Non riusciamo a mostrarti la bacheca',
    filters: 'Città e giorno',
    city: 'Città',
    day: 'Giorno',
    show: 'MOSTRA',
    toPlace: 'Da ricollocare',
    toPlaceEmpty: 'Nessun appuntamento da ricollocare.',
    columns: 'Professioniste',
    reassignTo: 'Riassegna a',
    reassign: 'RIASSEGNA',
    timeOffForm: 'Assenza di una professionista',
    professional: 'Professionista',
    /** The requests page's way there (the team lands on the requests). */
    link: 'BACHECA DEL TEAM',
    notServing: 'Questa professionista non fa questi servizi a questo indirizzo.',
    notWorking: 'Questa professionista non lavora in quell’orario.',
    notFree: 'Questa professionista non è libera in quell’orario.',
  },
  /** Issue 40: her hours (the words: her weekly hours from a date on; the appointments outside kept, handed over). */
  hours: {
    title: 'I tuoi orari',
    loading: 'Caricamento orari',
    failed: 'Non riusciamo a mostrarti i tuoi orari',
    form: 'Cambia i tuoi orari',
    validFrom: 'Validi dal',
    start: 'Dalle',
    end: 'Alle',
    submit: 'SALVA ORARI',
    reversed: 'L’orario di fine deve essere dopo quello di inizio',
    handOver: 'PASSA A UNA COLLEGA',
    handedOver: 'Passato: stiamo cercando una collega',
    outsideEmpty: 'Nessun appuntamento fuori dai tuoi orari.',
    /** Each weekday's group, Monday first; its buttons. */
    weekdays: ['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica'],
    addRange: 'AGGIUNGI FASCIA',
    dayOff: 'GIORNO DI RIPOSO',
    /** The agenda's way there. */
    link: 'I tuoi orari',
  },
  agenda: {
    title: 'La tua agenda',
    loading: 'Caricamento agenda',
    failed: 'Non riusciamo a mostrarti l’agenda',
    moreDays: 'ALTRI GIORNI',
    requests: 'Richieste da confermare',
    /** Issue 29: her ratings, under the agenda once read. */
    ratings: 'Le tue valutazioni',
  },
  requests: {
    title: 'Richieste da confermare',
    loading: 'Caricamento richieste',
    failed: 'Non riusciamo a mostrarti le richieste',
    empty: 'Nessuna richiesta in attesa.',
  },
  request: {
    title: 'Richiesta di appuntamento',
    salottoTitle: 'Richiesta di salotto',
    loading: 'Caricamento richiesta',
    failed: 'Non riusciamo a mostrarti questa richiesta',
    accept: 'ACCETTA',
    decline: 'RIFIUTA',
    offer: 'PROPONI UN ALTRO ORARIO',
    quote: 'PREVENTIVO E CONFERMA',
    back: 'TORNA ALLE RICHIESTE',
  },
  decline: {
    reasons: {
      busy: 'Non sono libera in quell’orario',
      'too-far': 'L’indirizzo è troppo lontano per me',
      services: 'Non posso eseguire uno dei servizi richiesti',
      other: 'Altro',
    } as Record<string, string>,
    reason: 'Perché non puoi?',
    message: 'Vuoi aggiungere qualcosa?',
    submit: 'RIFIUTA LA RICHIESTA',
    cancel: 'ANNULLA',
  },
  offer: {
    title: 'Proponi un altro orario',
    day: 'Giorno',
    times: 'Orari disponibili',
    empty: 'Nessun orario libero in questo giorno: prova un altro giorno.',
    submit: 'INVIA PROPOSTA',
    cancel: 'ANNULLA',
  },
  quote: {
    title: 'Preventivo e conferma',
    total: 'Totale (€)',
    includes: 'Cosa comprende',
    /** Who goes for a category of the salotto's team ('Make up', 'Capelli'…). */
    member: (category: string) => `Chi va per: ${category}`,
    submit: 'CONFERMA PREVENTIVO',
    cancel: 'ANNULLA',
  },
} as const;

/**
 * Issue 16: the appointment's screen and the move's, as the page shows them (ours, in SPEC's
 * voice, written apart from the app like AFTER_BOOKING_COPY).
 */
export const APPOINTMENT_PAGE = {
  loading: 'Caricamento appuntamento',
  failed: 'Non riusciamo a mostrarti questo appuntamento',
  status: { confirmed: 'Confermato', pending: 'In attesa di conferma', cancelled: 'Annullato' },
  cancel: 'ANNULLA APPUNTAMENTO',
  move: 'SPOSTA APPUNTAMENTO',
  help: 'SCRIVICI SU WHATSAPP',
  reminder: 'Ricordamelo anche 2 ore prima',
  cancelledNote: 'Questo appuntamento è stato annullato.',
  keepProfessional: 'Con la stessa professionista',
  moveHere: 'SPOSTA QUI',
  notMovable: 'Questo appuntamento non si può più spostare da qui.',
  offerLoading: 'Apro il giorno che si è liberato',
  rebookLoading: "Ritrovo i servizi e l'indirizzo che avevi scelto",
  // Issue 27: her request waits for an answer until a deadline; another time offered; a declined request.
  answerBy: 'Ti rispondiamo entro',
  offerTitle: 'Ti proponiamo un altro orario',
  acceptOffer: 'ACCETTA IL NUOVO ORARIO',
  declineOffer: 'RIFIUTA',
  declined: 'La tua richiesta non è stata confermata.',
} as const;

/**
 * What the appointment's screen offers (issue 16): cancelling it (after a confirmation) and moving
 * it only while its free cancellation lasts (moving: a single booking), the WhatsApp help otherwise;
 * the two-hour reminder's box while it is not cancelled, checked when she asked for it (null: no box).
 */
export function appointmentActions(appointment: NonNullable<Observation['appointment']>): {
  cancel: boolean;
  move: boolean;
  help: boolean;
  reminder: boolean | null;
  /** Issue 27: another time offered: she accepts or declines it. */
  answerOffer: boolean;
} {
  const open = appointment.status !== 'cancelled';
  return {
    answerOffer: open && appointment.offeredInsteadOf !== null,
    cancel: open && appointment.cancellable,
    move: open && appointment.cancellable && appointment.reschedulable,
    help: open && !(appointment.cancellable && appointment.reschedulable),
    reminder: open ? appointment.twoHoursReminder : null,
  };
}

/** The move's screen shows its day picker and times only for an appointment read that can be moved. */
export const showsMovePicker = (now: Observation): boolean =>
  now.appointment?.shown === 'ready' && now.appointment.reschedulable;

/**
 * Issue 29: the rating screen as the page shows it (ours, from the issue, in the product's voice),
 * written apart from the app like APPOINTMENT_PAGE. The form's messages are the contract's
 * (contract/rating.ts RATING_MESSAGES), the refusals the API's.
 */
export const RATING_PAGE = {
  title: "Com'è andata?",
  loading: 'Caricamento valutazione',
  /** The stars' radio group of each professional, by her first name. */
  group: (firstName: string) => `Valutazione per ${firstName}`,
  /** Each star's radio: '1 stella', '4 stelle'. */
  stars: (stars: number) => (stars === 1 ? '1 stella' : `${stars} stelle`),
  comment: 'Un commento (facoltativo)',
  submit: 'INVIA LA VALUTAZIONE',
  thanks: 'Grazie! La tua valutazione è stata salvata.',
  final: "Sono passati 30 giorni dall'appuntamento: la valutazione non si può più cambiare.",
  failedTitle: 'Non puoi valutare questo appuntamento',
} as const;

import { DECLINE_MESSAGE_MAX, QUOTE_INCLUDES_MAX } from '../../../contract/pro';
import { HOURS_RANGES_MAX, TIME_OFF_MAX_DAYS, TIME_OFF_REASON_MAX } from '../../../contract/pro-week';

/**
 * The copy of the professionals' side (issue 27): her agenda, the requests, one request. She is
 * addressed as 'tu'. The toasts of a sent answer are the machine's (machines/pro/request.ts
 * PRO_REQUEST_TOASTS), the form's messages the contract's (contract/pro.ts PRO_MESSAGES).
 */
export const PRO_COPY = {
  /** One appointment's details, in the agenda and on a request's page. */
  appointment: {
    status: { pending: 'In attesa di conferma', confirmed: 'Confermato', cancelled: 'Annullato' },
    statusLabel: 'Stato',
    time: (start: string, end: string) => `${start}–${end}`,
    travel: (minutes: number) => `${minutes} min di viaggio prima e dopo`,
    salotto: 'Salotto',
    people: (count: number) => `${count} persone`,
    services: 'Servizi',
    minutes: (minutes: number) => `${minutes} min`,
    address: 'Indirizzo',
    openMaps: 'apri in Maps',
    customer: 'Cliente',
    phone: 'Telefono',
    call: (firstName: string, phone: string) => `Chiama ${firstName}: ${phone}`,
    doorbell: 'Citofono',
    allergies: 'Allergie',
    notes: 'Note',
    team: 'Team',
    total: 'Totale',
    requested: 'La cliente aveva chiesto',
  },
  day: { today: 'Oggi', tomorrow: 'Domani' },
  /** 'lunedì 23 novembre alle 11:30' */
  at: (day: string, time: string) => `${day} alle ${time}`,
  answerBy: (when: string) => `Rispondi entro ${when}`,
  retry: 'RIPROVA',
  agenda: {
    title: 'La tua agenda',
    loading: 'Caricamento agenda',
    failedTitle: 'Non riusciamo a mostrarti l’agenda',
    empty: 'Nessun appuntamento in questi giorni.',
    requests: 'Richieste da confermare',
    /** Issue 40: the way to her time off. */
    timeOff: 'Le tue assenze',
    /** Issue 40: the way to her hours. */
    hours: 'I tuoi orari',
    waiting: (count: number) => (count === 1 ? '1 in attesa' : `${count} in attesa`),
    answer: 'RISPONDI',
    moreDays: 'ALTRI GIORNI',
    /** Issue 29: her ratings under the agenda. */
    ratings: 'Le tue valutazioni',
    /** '4,3 su 5 · 12 valutazioni' */
    standing: (average: string, count: number) =>
      `${average} su 5 · ${count} ${count === 1 ? 'valutazione' : 'valutazioni'}`,
    /** Below RATING_AVERAGE_FROM ratings no average is shown. */
    new: 'Nuova',
    noRatings: 'Ancora nessuna valutazione.',
    customer: 'Cliente',
  },
  requests: {
    title: 'Richieste da confermare',
    loading: 'Caricamento richieste',
    failedTitle: 'Non riusciamo a mostrarti le richieste',
    empty: 'Nessuna richiesta in attesa.',
    agenda: 'LA TUA AGENDA',
  },
  request: {
    title: 'Richiesta di appuntamento',
    salottoTitle: 'Richiesta di salotto',
    loading: 'Caricamento richiesta',
    failedTitle: 'Non riusciamo a mostrarti questa richiesta',
    accept: 'ACCETTA',
    decline: 'RIFIUTA',
    offer: 'PROPONI UN ALTRO ORARIO',
    quote: 'PREVENTIVO E CONFERMA',
    back: 'TORNA ALLE RICHIESTE',
    /** What happened, once it no longer waits for her. */
    outcome: {
      accepted: 'Hai accettato questa richiesta.',
      declined: 'Richiesta rifiutata.',
      offered: 'Hai proposto un altro orario: aspettiamo la risposta della cliente.',
      quoted: 'Hai inviato il preventivo: il salotto è confermato.',
      confirmed: 'Questa richiesta è confermata.',
      cancelled: 'Questa richiesta è stata annullata.',
      passedOn: 'Questa richiesta non aspetta più una tua risposta.',
    },
    declineDialog: {
      title: 'Rifiuta la richiesta',
      description: 'La cliente riceve un’e-mail con il motivo e l’orario torna libero.',
      reason: 'Perché non puoi?',
      message: 'Vuoi aggiungere qualcosa?',
      messageHint: `Obbligatorio se scegli «Altro». Al massimo ${DECLINE_MESSAGE_MAX} caratteri.`,
      submit: 'RIFIUTA LA RICHIESTA',
      cancel: 'ANNULLA',
    },
    offerPanel: {
      title: 'Proponi un altro orario',
      text: 'Scegli un giorno e uno dei tuoi orari liberi: la cliente riceve la proposta e risponde.',
      day: 'Giorno',
      empty: 'Nessun orario libero in questo giorno: prova un altro giorno.',
      submit: 'INVIA PROPOSTA',
      cancel: 'ANNULLA',
    },
    quotePanel: {
      title: 'Preventivo e conferma',
      text: 'Dopo la chiamata con la cliente: il totale, cosa comprende e chi va. Il salotto è confermato e lei riceve il preventivo.',
      total: 'Totale (€)',
      includes: 'Cosa comprende',
      includesHint: `Al massimo ${QUOTE_INCLUDES_MAX} caratteri.`,
      /** Who goes for a category of the team (the proposed one is chosen). */
      member: (category: string) => `Chi va per: ${category}`,
      submit: 'CONFERMA PREVENTIVO',
      cancel: 'ANNULLA',
    },
  },
  /** Issue 40: her time off (/pro/time-off). The toasts are the machine's (PRO_TIME_OFF_TOASTS), the form's messages the contract's. */
  timeOff: {
    title: 'Le tue assenze',
    lead: 'Segna i giorni o le ore in cui non lavori: in quel periodo non ti proponiamo alle clienti.',
    loading: 'Caricamento assenze',
    failedTitle: 'Non riusciamo a mostrarti le tue assenze',
    listTitle: 'Assenze in programma',
    empty: 'Nessuna assenza in programma.',
    /** 'Dal 25 novembre al 27 novembre' / 'lunedì 30 novembre, 14:00–18:00' */
    days: (from: string, to: string) => (from === to ? from : `Dal ${from} al ${to}`),
    hours: (day: string, start: string, end: string) => `${day}, ${start}–${end}`,
    enteredByTeam: 'Inserita dal team Musa',
    cancel: 'ANNULLA ASSENZA',
    handOvers: 'I tuoi appuntamenti in quel periodo',
    handOver: {
      pending: 'Stiamo cercando una collega',
      moved: (name: string) => `Passato a ${name}`,
      unplaced: 'Il team Musa sta cercando una collega',
      cancelled: 'Annullato: nessuna collega era libera',
      resolved: 'Sistemato',
    },
    formTitle: 'Nuova assenza',
    kind: 'Per quanto tempo?',
    kindDays: 'Giorni interi',
    kindHours: 'Alcune ore di un giorno',
    startDate: 'Dal',
    endDate: 'Al (compreso)',
    daysHint: `Al massimo ${TIME_OFF_MAX_DAYS} giorni: un’assenza più lunga inseriscila in più parti.`,
    date: 'Giorno',
    startTime: 'Dalle',
    endTime: 'Alle',
    reason: 'Motivo (facoltativo)',
    reasonHint: `Lo vede solo il team Musa. Al massimo ${TIME_OFF_REASON_MAX} caratteri.`,
    handOverNote: 'I tuoi appuntamenti in quel periodo passano a una collega: le clienti vengono avvisate.',
    submit: 'SALVA ASSENZA',
    agenda: 'LA TUA AGENDA',
  },
  /**
   * Issue 40: the team's board (/pro/team). The toasts are the machine's (PRO_TEAM_BOARD_TOASTS), the
   * refusals and the form's messages the contract's; the sick-day form's fields are the time off's.
   */
  board: {
    title: 'La bacheca del team',
    lead: 'Scegli una città e un giorno: vedi il lavoro di ogni professionista e gli appuntamenti da ricollocare.',
    /** The requests page's way to the board. */
    link: 'BACHECA DEL TEAM',
    loading: 'Caricamento bacheca',
    failedTitle: 'Non riusciamo a mostrarti la bacheca',
    filters: 'Città e giorno',
    city: 'Città',
    day: 'Giorno',
    show: 'MOSTRA',
    /** 'Torino, giovedì 3 dicembre' */
    heading: (city: string, day: string) => `${city}, ${day}`,
    toPlaceTitle: 'Da ricollocare',
    toPlaceEmpty: 'Nessun appuntamento da ricollocare.',
    /** Whose it was: 'Era di Martina Rinaldi' (a salotto part: its category). */
    from: (name: string) => `Era di ${name}`,
    part: (category: string) => `Parte del salotto: ${category}`,
    nobodyFree: 'Nessuna professionista è libera in quell’orario: chiama la cliente e proponi un altro orario.',
    nearestTimes: 'Orari liberi più vicini',
    reassignTo: 'Riassegna a',
    reassign: 'RIASSEGNA',
    columnsTitle: 'Professioniste',
    columnsEmpty: 'Nessuna professionista serve questa città.',
    hours: 'Orari',
    dayOff: 'Non lavora',
    hoursToConfirm: 'Orari da confermare',
    appointments: 'Appuntamenti',
    requests: 'Richieste in attesa',
    timeOff: 'Assenze',
    none: 'Nessuno',
    timeOffTitle: 'Assenza di una professionista',
    timeOffLead:
      'Se una professionista ti chiama perché è malata, segna qui la sua assenza: i suoi appuntamenti passano alle colleghe libere e le clienti vengono avvisate.',
    professional: 'Professionista',
    requestsLink: 'RICHIESTE',
  },
  /** Issue 40: her hours (/pro/hours). The toasts are the machine's (PRO_HOURS_TOASTS), the form's messages the contract's. */
  hours: {
    title: 'I tuoi orari',
    lead: 'Scegli i giorni e gli orari in cui lavori: le clienti ti prenotano solo in questi orari.',
    loading: 'Caricamento orari',
    failedTitle: 'Non riusciamo a mostrarti i tuoi orari',
    currentTitle: 'Orari in vigore',
    /** 'In vigore dal lunedì 7 dicembre' (none: her hours since before any change). */
    since: (day: string) => `In vigore dal ${day}`,
    upcomingTitle: 'Cambi in programma',
    from: (day: string) => `Dal ${day}`,
    dayOff: 'Riposo',
    formTitle: 'Cambia i tuoi orari',
    validFrom: 'Validi dal',
    validFromHint: 'Da oggi o da un giorno successivo: fino ad allora restano gli orari di prima.',
    start: 'Dalle',
    end: 'Alle',
    /** 'Fascia 2 di lunedì' (a group's name for a screen reader). */
    range: (n: number, weekday: string) => `Fascia ${n} di ${weekday}`,
    addRange: 'AGGIUNGI FASCIA',
    removeRange: 'RIMUOVI FASCIA',
    setDayOff: 'GIORNO DI RIPOSO',
    rangesHint: `Al massimo ${HOURS_RANGES_MAX} fasce al giorno.`,
    keptNote: 'Gli appuntamenti già presi restano confermati anche se finiscono fuori dai nuovi orari.',
    submit: 'SALVA ORARI',
    outsideTitle: 'Appuntamenti fuori dai tuoi orari',
    outsideLead: 'Restano confermati. Se non puoi andarci, passali a una collega: avvisiamo noi la cliente.',
    outsideEmpty: 'Nessun appuntamento fuori dai tuoi orari.',
    handOver: 'PASSA A UNA COLLEGA',
    handedOver: 'Passato: stiamo cercando una collega',
    agenda: 'LA TUA AGENDA',
  },
} as const;

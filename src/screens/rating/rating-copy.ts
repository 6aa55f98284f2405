import { RATING_EDIT_DAYS } from '../../../contract/rating';

/**
 * The copy of the ratings (issue 29, ours): the rating screen and the personal area's 'Da valutare'.
 * The form's messages are the contract's (contract/rating.ts RATING_MESSAGES), the refusals the API's.
 */
export const RATING_COPY = {
  title: "Com'è andata?",
  loading: 'Caricamento valutazione',
  /** 'sabato 28 novembre, ore 10:30' */
  when: (day: string, time: string) => `${day}, ore ${time}`,
  appointment: 'Il tuo appuntamento',
  group: (firstName: string) => `Valutazione per ${firstName}`,
  comment: 'Un commento (facoltativo)',
  submit: 'INVIA LA VALUTAZIONE',
  saved: 'Grazie! La tua valutazione è stata salvata.',
  editable: `Potrai cambiarla fino a ${RATING_EDIT_DAYS} giorni dopo l'appuntamento.`,
  final: `Sono passati ${RATING_EDIT_DAYS} giorni dall'appuntamento: la valutazione non si può più cambiare.`,
  notRated: 'Nessuna valutazione',
  failedTitle: 'Non puoi valutare questo appuntamento',
  bookAgain: 'PRENOTA UN ALTRO APPUNTAMENTO',
  backHome: 'I TUOI APPUNTAMENTI',
  /** The personal area (issue 29): her past appointments still to rate. */
  toRate: 'Da valutare',
  rate: 'Valuta',
} as const;

/** 'con Giulia', 'con Giulia e Sara', 'con Giulia, Sara e Marta'; '' for nobody. */
export function withProfessionals(names: readonly string[]): string {
  if (names.length === 0) return '';
  const last = names.at(-1)!;
  return names.length === 1 ? `con ${last}` : `con ${names.slice(0, -1).join(', ')} e ${last}`;
}

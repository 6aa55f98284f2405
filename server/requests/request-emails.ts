/** Issue 27: the answers to a request, and the professional's own e-mails (addressed as 'tu'). */
import { PRODUCT } from '../../contract/constants';
import type { MailMessage } from '../mail/mailer';
import { noticeEmail, whenLabel, type AppointmentTime } from '../mail/layout';

/** Her request was declined: why, the calendar's cancellation, the nearest free times (after an apology) and a button to book again. */
export function requestDeclinedEmail(
  input: AppointmentTime & {
    to: string;
    firstName: string | null;
    address: string;
    /** declinedBecause(): the reason and the professional's words. */
    because: string;
    /** Nobody answered in time: we apologise. */
    apology: boolean;
    /** An appointment cancelled (issue 40: nobody could take it), not a request declined. */
    appointment?: boolean;
    /** The nearest free times for the same services and address ('giovedì 5 marzo alle 10:00'). */
    nearest: readonly string[];
    /** Opens the wizard on the same services and address. */
    bookAgainLink: string;
    ics: string;
  },
): MailMessage {
  return noticeEmail({
    to: input.to,
    firstName: input.firstName,
    subject: input.appointment
      ? `Il tuo appuntamento ${PRODUCT} è stato annullato`
      : `La tua richiesta di prenotazione ${PRODUCT} non è stata confermata`,
    before: input.appointment
      ? [
          'ci dispiace molto, e ci scusiamo.',
          'La tua professionista non può venire e nessuna collega è libera in quell’orario: abbiamo dovuto annullare l’appuntamento.',
        ]
      : [
          ...(input.apology ? ['ci dispiace molto, e ci scusiamo per l’attesa.'] : ['ci dispiace.']),
          `La tua richiesta non è stata confermata. ${input.because}`,
        ],
    details: [
      ['Quando', whenLabel(input)],
      ['Dove', input.address],
    ],
    after: [
      'Non devi pagare nulla. In allegato trovi l’aggiornamento che toglie l’appuntamento dal tuo calendario.',
      ...(input.nearest.length > 0
        ? [`Gli orari liberi più vicini per gli stessi servizi: ${input.nearest.join('; ')}.`]
        : []),
      'Con il pulsante qui sotto ritrovi i servizi e l’indirizzo che avevi scelto.',
    ],
    action: { label: 'Prenota di nuovo', link: input.bookAgainLink },
    attachments: [
      {
        filename: 'appuntamento-musa.ics',
        content: input.ics,
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
      },
    ],
  });
}

/** Another time is offered instead of the one she asked for: she accepts or declines it from her appointment's page. */
export function requestOfferEmail(input: {
  to: string;
  firstName: string | null;
  professionalFirstName: string;
  requested: AppointmentTime;
  offered: AppointmentTime;
  address: string;
  /** 'mercoledì 4 marzo alle 10:00' */
  answerByLabel: string;
  link: string;
}): MailMessage {
  return noticeEmail({
    to: input.to,
    firstName: input.firstName,
    subject: `${input.professionalFirstName} ti propone un altro orario`,
    before: [
      `${input.professionalFirstName} non può venire all’orario che avevi chiesto, ma ti propone un altro orario.`,
    ],
    details: [
      ['Avevi chiesto', whenLabel(input.requested)],
      ['Orario proposto', whenLabel(input.offered)],
      ['Dove', input.address],
    ],
    after: [
      `Puoi accettarlo o rifiutarlo entro ${input.answerByLabel}: se lo rifiuti, la richiesta è annullata e non devi pagare nulla.`,
    ],
    action: { label: 'Rispondi alla proposta', link: input.link },
  });
}

/** To the professional: a new request waits for her answer by its deadline. */
export function proRequestEmail(input: {
  to: string;
  firstName: string;
  when: AppointmentTime;
  address: string;
  services: readonly string[];
  answerByLabel: string;
  link: string;
}): MailMessage {
  return noticeEmail({
    to: input.to,
    firstName: input.firstName,
    subject: `Nuova richiesta: ${input.when.dateLabel} alle ${input.when.startTime}`,
    before: [
      `hai una nuova richiesta di appuntamento. Rispondi entro ${input.answerByLabel}: poi passa a un’altra professionista.`,
    ],
    details: [
      ['Quando', whenLabel(input.when)],
      ['Dove', input.address],
      ['Servizi', input.services.join(', ')],
    ],
    action: { label: 'Rispondi alla richiesta', link: input.link },
  });
}

/** To the professional: she did not answer in time, the request passed on. */
export function proRequestPassedEmail(input: {
  to: string;
  firstName: string;
  when: AppointmentTime;
  link: string;
}): MailMessage {
  return noticeEmail({
    to: input.to,
    firstName: input.firstName,
    subject: `Richiesta del ${input.when.dateLabel} passata ad altre`,
    before: [
      `il tempo per rispondere alla richiesta del ${whenLabel(input.when)} è scaduto: l’abbiamo passata a un’altra professionista, così la cliente non aspetta.`,
      'Non devi fare nulla.',
    ],
    action: { label: 'Le tue richieste', link: input.link },
  });
}

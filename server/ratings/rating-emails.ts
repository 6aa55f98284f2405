/** Issue 29: the invitation to rate. */
import { PRODUCT } from '../../contract/constants';
import type { MailMessage } from '../mail/mailer';
import { noticeEmail, whenLabel, type AppointmentTime } from '../mail/layout';

/** 'Giulia', 'Giulia e Sara', 'Giulia, Sara e Laura'. */
export const namesList = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}`;

export const RATING_INVITE_COPY = {
  subject: (names: readonly string[]) => `Com'è andata con ${namesList(names)}?`,
  label: 'Valuta l’appuntamento',
} as const;

/** Two hours after an appointment that took place: how did it go? One button to the rating screen. */
export function ratingInviteEmail(
  input: AppointmentTime & {
    to: string;
    firstName: string | null;
    professionalFirstNames: readonly string[];
    services: readonly string[];
    editableDays: number;
    link: string;
  },
): MailMessage {
  return noticeEmail({
    to: input.to,
    firstName: input.firstName,
    subject: RATING_INVITE_COPY.subject(input.professionalFirstNames),
    before: [
      `grazie per aver scelto ${PRODUCT}. Dicci com'è andata: bastano un voto da 1 a 5 stelle e, se vuoi, due parole. Aiuti chi prenota dopo di te.`,
    ],
    details: [
      ['Quando', whenLabel(input)],
      ['Servizi', input.services.join(', ')],
    ],
    after: [`Puoi cambiare la tua valutazione per ${input.editableDays} giorni dall’appuntamento.`],
    action: { label: RATING_INVITE_COPY.label, link: input.link },
  });
}

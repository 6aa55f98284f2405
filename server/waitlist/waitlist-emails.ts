import type { MailMessage } from '../mail/mailer';
import { noticeEmail } from '../mail/layout';

/** A day she waited for has free time again (issue 16): first come, first served. */
export function waitlistOfferEmail(input: {
  to: string;
  dateLabel: string;
  address: string;
  link: string;
}): MailMessage {
  return noticeEmail({
    to: input.to,
    firstName: null,
    subject: `Si è liberato un orario ${input.dateLabel}`,
    before: [
      `si è liberato un orario ${input.dateLabel} per i servizi che cercavi, a ${input.address}.`,
      'Chi prenota per prima se lo aggiudica: se ti interessa, prenota ora.',
    ],
    action: { label: 'Prenota ora', link: input.link },
  });
}

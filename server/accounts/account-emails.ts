import { PRODUCT } from '../../contract/constants';
import type { MailMessage } from '../mail/mailer';
import { button, escapeHtml, layout } from '../mail/layout';

/** The password-setting link of POST /ask-reset-password (valid 1 hour). */
export function resetPasswordEmail(to: string, firstName: string | null, link: string): MailMessage {
  const hello = firstName ? `Ciao ${firstName},` : 'Ciao,';
  const subject = `Scegli la tua nuova password ${PRODUCT}`;
  const text = [
    hello,
    '',
    `abbiamo ricevuto una richiesta per scegliere una nuova password per il tuo profilo ${PRODUCT}.`,
    'Apri questo link per sceglierla (vale 1 ora e si può usare una sola volta):',
    '',
    link,
    '',
    'Se non hai fatto tu la richiesta, ignora questa email: la tua password resta la stessa.',
    '',
    `Il team ${PRODUCT}`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(hello)}</p>
<p>abbiamo ricevuto una richiesta per scegliere una nuova password per il tuo profilo ${PRODUCT}.</p>
${button(link, 'SCEGLI LA PASSWORD')}
<p>Il link vale 1 ora e si può usare una sola volta. Se il pulsante non funziona, copia questo indirizzo nel browser:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>Se non hai fatto tu la richiesta, ignora questa email: la tua password resta la stessa.</p>
<p>Il team ${PRODUCT}</p>`,
  );
  return { to, subject, text, html, link };
}

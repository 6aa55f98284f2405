import { PRODUCT } from '../../contract/constants';
import type { MailMessage } from './mailer';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const layout = (title: string, bodyHtml: string) => `<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f7f2ee;font-family:Helvetica,Arial,sans-serif;color:#2b2024">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:24px;padding:32px">
<p style="font-size:24px;font-weight:bold;margin:0 0 24px">${PRODUCT}</p>
${bodyHtml}
<p style="font-size:12px;color:#7a6b70;margin-top:32px">Hai ricevuto questa email perché è stata fatta una richiesta con il tuo indirizzo su ${PRODUCT}.</p>
</div>
</body>
</html>`;

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#2b2024;color:#ffffff;text-decoration:none;padding:16px 24px;border-radius:28px;font-weight:bold">${escapeHtml(label)}</a></p>`;

/** The password-setting link of POST /ask-reset-password (valid 1 hour). */
export function resetPasswordEmail(
  to: string,
  firstName: string | null,
  link: string,
): MailMessage {
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

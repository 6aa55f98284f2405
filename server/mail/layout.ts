/**
 * The house style every room's e-mails are drawn in (issue 42: each room keeps its own e-mails,
 * e.g. bookings/booking-emails.ts, requests/request-emails.ts; this is what they share): the page
 * around the body, the button, the short notice (greeting, paragraphs, details, one button), and
 * how an appointment's time is said.
 */
import { PRODUCT } from '../../contract/constants';
import type { MailMessage } from './mailer';

export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export const layout = (title: string, bodyHtml: string) => `<!doctype html>
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

export const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#2b2024;color:#ffffff;text-decoration:none;padding:16px 24px;border-radius:28px;font-weight:bold">${escapeHtml(label)}</a></p>`;

/**
 * A short e-mail in the house style, as text and HTML from the same parts: the greeting, the
 * paragraphs before the details, the details (label: value), the paragraphs after, one button.
 */
export function noticeEmail(parts: {
  to: string;
  firstName: string | null;
  subject: string;
  before: readonly string[];
  details?: ReadonlyArray<readonly [string, string]>;
  after?: readonly string[];
  action: { label: string; link: string };
  attachments?: MailMessage['attachments'];
}): MailMessage {
  const hello = parts.firstName ? `Ciao ${parts.firstName},` : 'Ciao,';
  const details = parts.details ?? [];
  const after = parts.after ?? [];
  const text = [
    hello,
    '',
    ...parts.before,
    ...(details.length > 0 ? ['', ...details.map(([label, value]) => `${label}: ${value}`)] : []),
    ...(after.length > 0 ? ['', ...after] : []),
    '',
    `${parts.action.label}: ${parts.action.link}`,
    '',
    `Il team ${PRODUCT}`,
  ].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = layout(
    parts.subject,
    [
      paragraph(hello),
      ...parts.before.map(paragraph),
      ...(details.length > 0
        ? [
            `<p>${details.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join('<br>')}</p>`,
          ]
        : []),
      ...after.map(paragraph),
      button(parts.action.link, parts.action.label.toUpperCase()),
      `<p>Il team ${PRODUCT}</p>`,
    ].join('\n'),
  );
  return {
    to: parts.to,
    subject: parts.subject,
    text,
    html,
    link: parts.action.link,
    ...(parts.attachments ? { attachments: parts.attachments } : {}),
  };
}

/** When an appointment is: 'mercoledì 4 marzo 2026, dalle 10:00 alle 10:55'. */
export type AppointmentTime = { dateLabel: string; startTime: string; endTime: string };
export const whenLabel = (time: AppointmentTime) => `${time.dateLabel}, dalle ${time.startTime} alle ${time.endTime}`;

import { PRODUCT } from '../../contract/constants';
import { formatPrice } from '../../contract/money';
import type { MailMessage } from '../mail/mailer';

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

export type BookingEmailInput = {
  to: string;
  firstName: string | null;
  /** 'martedì 3 marzo 2026' */
  dateLabel: string;
  startTime: string;
  endTime: string;
  address: string;
  services: ReadonlyArray<{ name: string; price: number }>;
  participants: number;
  supplement: number;
  discount: number;
  total: number;
  toBeConfirmed: boolean;
  professionalName: string | null;
  /** The button: the manage link, or the account-completion link for a new customer (and the owner's links). */
  link: string;
  linkLabel: string;
  /** The manage link, when the button is another link (a new customer completes her account first). */
  manageLink?: string | null;
  /** A paragraph before the summary (a booking made with her e-mail by someone not signed in). */
  notice?: string | null;
  /** A salotto: a request (quoted after the consultation call), served by a team. */
  salotto?: SalottoSummary | null;
  /** The appointment was moved to this time (issue 16): the e-mail says so and its .ics replaces the old event. */
  moved?: boolean;
  /** Issue 27: the professional accepted her request (or she accepted another time offered). */
  accepted?: boolean;
  /** Issue 27: the team's quote of a salotto after the consultation call, which confirms it. */
  quote?: { total: number; includes: string } | null;
  ics: string;
};

export type SalottoSummary = {
  /** Category titles, e.g. ['Capelli', 'Estetica', 'Make up']. */
  categories: readonly string[];
  /** 'Capelli: Giulia Ferrero', one per member (empty before the team is known). */
  team: readonly string[];
  notes: string | null;
};

/** The manage link's words (the e-mails' button, or a line under another button). */
export const MANAGE_COPY = {
  label: 'Gestisci appuntamento',
  hint: 'per spostarlo o cancellarlo, senza password',
} as const;

export const SALOTTO_COPY = {
  title: 'Richiesta di salotto',
  subject: `La tua richiesta di salotto ${PRODUCT}`,
  intro:
    'abbiamo ricevuto la tua richiesta di salotto: ti chiameremo per la consulenza gratuita e il preventivo, poi il team conferma l’orario.',
  people: 'Persone',
  categories: 'Categorie',
  team: 'Il team',
  notes: 'Note',
  beautyBox: 'Include una beauty box in omaggio',
  estimate: 'Totale indicativo',
} as const;

/** Issue 27: the words of a request's answers, e-mailed to the customer. */
export const ANSWER_COPY = {
  acceptedSubject: 'La tua prenotazione è confermata',
  acceptedIntro: 'la professionista ha confermato il tuo appuntamento. Ecco il riepilogo:',
  quoteSubject: `Il tuo salotto ${PRODUCT} è confermato: ecco il preventivo`,
  quoteIntro: 'dopo la consulenza abbiamo confermato il tuo salotto. Ecco il preventivo e il team:',
  quote: 'Preventivo',
  includes: 'Il preventivo comprende',
} as const;

/** The salotto's lines (label, value) shown above the services. */
function salottoLines(input: BookingEmailInput, salotto: SalottoSummary): Array<[string, string]> {
  const lines: Array<[string, string]> = [
    [SALOTTO_COPY.people, String(input.participants)],
    [SALOTTO_COPY.categories, salotto.categories.join(', ')],
  ];
  if (salotto.team.length > 0) lines.push([SALOTTO_COPY.team, salotto.team.join(', ')]);
  if (salotto.notes) lines.push([SALOTTO_COPY.notes, salotto.notes]);
  return lines;
}

const euro = formatPrice;

/** The booking confirmation (or request, when the professional must confirm), with the .ics. */
export function bookingConfirmationEmail(input: BookingEmailInput): MailMessage {
  const hello = input.firstName ? `Ciao ${input.firstName},` : 'Ciao,';
  const salotto = input.salotto ?? null;
  const quote = input.quote ?? null;
  const subject = quote
    ? ANSWER_COPY.quoteSubject
    : input.accepted
      ? ANSWER_COPY.acceptedSubject
      : input.moved
        ? `Il tuo appuntamento ${PRODUCT} è stato spostato`
        : salotto
          ? SALOTTO_COPY.subject
          : input.toBeConfirmed
            ? `Abbiamo ricevuto la tua richiesta di prenotazione ${PRODUCT}`
            : `La tua prenotazione ${PRODUCT} è confermata`;
  const intro = quote
    ? ANSWER_COPY.quoteIntro
    : input.accepted
      ? ANSWER_COPY.acceptedIntro
      : input.moved
        ? input.toBeConfirmed
          ? 'abbiamo spostato il tuo appuntamento: ti scriveremo appena la professionista conferma il nuovo orario.'
          : 'abbiamo spostato il tuo appuntamento. Ecco il nuovo riepilogo:'
        : salotto
          ? SALOTTO_COPY.intro
          : input.toBeConfirmed
            ? 'abbiamo ricevuto la tua richiesta: ti scriveremo appena la professionista conferma l’orario.'
            : 'il tuo appuntamento è confermato. Ecco il riepilogo:';
  const group = salotto ? salottoLines(input, salotto) : [];
  const totalLabel = quote ? ANSWER_COPY.quote : salotto ? SALOTTO_COPY.estimate : 'Totale';
  const total = quote ? quote.total : input.total;
  const when = `${input.dateLabel}, dalle ${input.startTime} alle ${input.endTime}`;
  const lines: Array<[string, string]> = input.services.map((s) => [
    input.participants > 1 ? `${s.name} (x${input.participants})` : s.name,
    euro(s.price * input.participants),
  ]);
  if (input.supplement > 0) lines.push(['Supplemento fuori orario', euro(input.supplement)]);
  if (input.discount > 0) lines.push(['Sconto', euro(-input.discount)]);
  const text = [
    hello,
    '',
    intro,
    ...(input.notice ? ['', input.notice] : []),
    ...(salotto ? ['', SALOTTO_COPY.title] : []),
    '',
    `Quando: ${when}`,
    `Dove: ${input.address}`,
    ...(input.professionalName ? [`Professionista: ${input.professionalName}`] : []),
    ...group.map(([label, value]) => `${label}: ${value}`),
    ...(salotto ? [SALOTTO_COPY.beautyBox] : []),
    '',
    'Servizi:',
    ...lines.map(([name, price]) => `- ${name}: ${price}`),
    `${totalLabel}: ${euro(total)} (pagamento sul posto)`,
    ...(quote ? [`${ANSWER_COPY.includes}: ${quote.includes}`] : []),
    '',
    'In allegato trovi l’evento da aggiungere al tuo calendario.',
    `${input.linkLabel}: ${input.link}`,
    ...(input.manageLink ? [`${MANAGE_COPY.label} (${MANAGE_COPY.hint}): ${input.manageLink}`] : []),
    '',
    `Il team ${PRODUCT}`,
  ].join('\n');
  const rows = lines
    .map(
      ([name, price]) =>
        `<tr><td style="padding:4px 0">${escapeHtml(name)}</td><td style="padding:4px 0;text-align:right">${escapeHtml(price)}</td></tr>`,
    )
    .join('');
  const html = layout(
    subject,
    `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
${input.notice ? `<p>${escapeHtml(input.notice)}</p>\n` : ''}${salotto ? `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(SALOTTO_COPY.title)}</h2>\n` : ''}<p><strong>Quando:</strong> ${escapeHtml(when)}<br><strong>Dove:</strong> ${escapeHtml(input.address)}${
      input.professionalName ? `<br><strong>Professionista:</strong> ${escapeHtml(input.professionalName)}` : ''
    }${group.map(([label, value]) => `<br><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join('')}</p>
${salotto ? `<p>${escapeHtml(SALOTTO_COPY.beautyBox)}</p>\n` : ''}<table style="width:100%;border-collapse:collapse">${rows}<tr><td style="padding:8px 0;border-top:1px solid #e5dcd6"><strong>${escapeHtml(totalLabel)}</strong></td><td style="padding:8px 0;border-top:1px solid #e5dcd6;text-align:right"><strong>${escapeHtml(euro(total))}</strong></td></tr></table>
${quote ? `<p><strong>${escapeHtml(ANSWER_COPY.includes)}:</strong> ${escapeHtml(quote.includes)}</p>\n` : ''}
<p>Il pagamento avviene sul posto. In allegato trovi l’evento da aggiungere al tuo calendario.</p>
${button(input.link, input.linkLabel.toUpperCase())}
${
  input.manageLink
    ? `<p><a href="${escapeHtml(input.manageLink)}">${escapeHtml(MANAGE_COPY.label)}</a>: ${escapeHtml(MANAGE_COPY.hint)}.</p>
`
    : ''
}<p>Il team ${PRODUCT}</p>`,
  );
  return {
    to: input.to,
    subject,
    text,
    html,
    link: input.link,
    attachments: [
      {
        filename: 'appuntamento-musa.ics',
        content: input.ics,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

/**
 * A short e-mail in the house style, as text and HTML from the same parts: the greeting, the
 * paragraphs before the details, the details (label: value), the paragraphs after, one button.
 */
function noticeEmail(parts: {
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
type AppointmentTime = { dateLabel: string; startTime: string; endTime: string };
const whenLabel = (time: AppointmentTime) => `${time.dateLabel}, dalle ${time.startTime} alle ${time.endTime}`;

export type CancellationEmailInput = AppointmentTime & {
  to: string;
  firstName: string | null;
  address: string;
  /** Where to book another time (the wizard's first step). */
  bookAgainLink: string;
  /** The calendar file that removes the event (METHOD:CANCEL, same UID). */
  ics: string;
};

/** The appointment was cancelled (issue 16): when and where it was, nothing to pay, the calendar's update. */
export function bookingCancellationEmail(input: CancellationEmailInput): MailMessage {
  return noticeEmail({
    to: input.to,
    firstName: input.firstName,
    subject: `Il tuo appuntamento ${PRODUCT} è stato cancellato`,
    before: ['come richiesto, abbiamo cancellato il tuo appuntamento. Non devi pagare nulla.'],
    details: [
      ['Quando', whenLabel(input)],
      ['Dove', input.address],
    ],
    after: ['In allegato trovi l’aggiornamento che lo toglie dal tuo calendario.'],
    action: { label: 'Prenota un altro appuntamento', link: input.bookAgainLink },
    attachments: [
      {
        filename: 'appuntamento-musa.ics',
        content: input.ics,
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
      },
    ],
  });
}

export type ReminderEmailInput = AppointmentTime & {
  to: string;
  firstName: string | null;
  /** The evening before ('tomorrow'), or the optional one two hours before ('today'). */
  day: 'tomorrow' | 'today';
  address: string;
  /** Who comes (a salotto: the team); null before it is known. */
  professionalName: string | null;
  services: readonly string[];
  /** The appointment's manage link (no password needed). */
  manageLink: string;
};

const REMINDER_COPY = {
  tomorrow: { word: 'domani', intro: 'ti ricordiamo il tuo appuntamento di domani, a casa tua.' },
  today: { word: 'oggi', intro: 'sei pronta? Ti ricordiamo il tuo appuntamento di oggi, a casa tua.' },
} as const;

/** A reminder (issue 16), the day before or two hours before: when, where, who comes, what, and the manage link. */
export function bookingReminderEmail(input: ReminderEmailInput): MailMessage {
  const copy = REMINDER_COPY[input.day];
  return noticeEmail({
    to: input.to,
    firstName: input.firstName,
    subject: `Promemoria: ${copy.word} alle ${input.startTime} il tuo appuntamento ${PRODUCT}`,
    before: [copy.intro],
    details: [
      ['Quando', whenLabel(input)],
      ['Dove', input.address],
      ...(input.professionalName ? [['Professionista', input.professionalName] as const] : []),
      ['Servizi', input.services.join(', ')],
    ],
    action: { label: MANAGE_COPY.label, link: input.manageLink },
  });
}

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

// ---------------------------------------------------------------------------------------------
// Issue 27: the answers to a request, and the professional's own e-mails (addressed as 'tu')
// ---------------------------------------------------------------------------------------------

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
    subject: `La tua richiesta di prenotazione ${PRODUCT} non è stata confermata`,
    before: [
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

// ---------------------------------------------------------------------------------------------
// Issue 29: the invitation to rate
// ---------------------------------------------------------------------------------------------

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

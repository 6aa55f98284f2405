/**
 * The bookings room's e-mails: the confirmation (or request, or the move, or a request's answer
 * and the salotto's quote, all with the calendar file), the cancellation and the reminders. Drawn
 * in the shared house style (mail/layout.ts); built from the stored booking by booking-mail.ts.
 */
import { PRODUCT } from '../../contract/constants';
import { formatPrice } from '../../contract/money';
import type { MailMessage } from '../mail/mailer';
import { button, escapeHtml, layout, noticeEmail, whenLabel, type AppointmentTime } from '../mail/layout';

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

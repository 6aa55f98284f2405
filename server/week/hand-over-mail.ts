/**
 * The customer's e-mails of a hand-over (issue 40), built from the stored booking when the outbox
 * delivers them (addressed as 'tu', as her other e-mails are):
 * - 'Cambio di professionista': who comes instead, the updated calendar file (the same UID, its
 *   SEQUENCE raised by the move) and her appointment's link, where she may cancel free of charge
 *   until the start;
 * - the team is looking for someone: the appointment stays, she may cancel free of charge.
 */
import { and, eq } from 'drizzle-orm';
import { PRODUCT } from '../../contract/constants';
import { bookingForMail, calendarFileOf, newManageLink, whenOf } from '../bookings/booking-mail';
import type { Db } from '../db/client';
import { bookingAssignments } from '../db/schema/bookings';
import { professionals } from '../db/schema/professionals';
import { noticeEmail, whenLabel } from '../mail/layout';
import type { MailMessage } from '../mail/mailer';

type Context = { appUrl: string; now: Date };

export const HAND_OVER_COPY = {
  movedSubject: 'Cambio di professionista',
  unplacedSubject: 'Stiamo cercando una professionista per il tuo appuntamento',
} as const;

/** 'Cambio di professionista' to `professionalId`: null when the booking is cancelled or no longer hers. */
export async function handOverMovedMessage(
  db: Db,
  bookingId: string,
  professionalId: string,
  context: Context,
): Promise<MailMessage | null> {
  const found = await bookingForMail(db, bookingId);
  if (!found || found.row.status === 'cancelled') return null;
  const [still] = await db
    .select({ id: bookingAssignments.bookingId })
    .from(bookingAssignments)
    .where(
      and(
        eq(bookingAssignments.bookingId, bookingId),
        eq(bookingAssignments.professionalId, professionalId),
        eq(bookingAssignments.active, true),
      ),
    )
    .limit(1);
  const [pro] = await db
    .select({ firstName: professionals.firstName, lastName: professionals.lastName })
    .from(professionals)
    .where(eq(professionals.id, professionalId));
  if (!still || !pro) return null;
  const { row, user } = found;
  const name = `${pro.firstName} ${pro.lastName}`;
  return noticeEmail({
    to: user.email,
    firstName: row.contact?.firstName ?? user.firstName,
    subject: HAND_OVER_COPY.movedSubject,
    before: [
      `la professionista del tuo appuntamento non potrà venire: al suo posto verrà ${name}, alla stessa ora e allo stesso indirizzo.`,
    ],
    details: [
      ['Quando', whenLabel(whenOf(row))],
      ['Dove', row.location.address],
      ['Professionista', name],
    ],
    after: [
      'In allegato trovi l’evento aggiornato per il tuo calendario.',
      'Se preferisci non riceverla, puoi annullare l’appuntamento gratuitamente fino all’inizio, dal link qui sotto.',
    ],
    action: { label: 'Gestisci appuntamento', link: await newManageLink(db, row, context.appUrl, context.now) },
    attachments: [
      {
        filename: 'appuntamento-musa.ics',
        content: calendarFileOf(found, context),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  });
}

/** Nobody could take it yet: the team is on it (null when the booking was cancelled or placed meanwhile). */
export async function handOverUnplacedMessage(
  db: Db,
  bookingId: string,
  context: Context,
): Promise<MailMessage | null> {
  const found = await bookingForMail(db, bookingId);
  if (!found || found.row.status === 'cancelled' || found.row.handOverState !== 'placing') return null;
  const { row, user } = found;
  return noticeEmail({
    to: user.email,
    firstName: row.contact?.firstName ?? user.firstName,
    subject: HAND_OVER_COPY.unplacedSubject,
    before: [
      'la professionista del tuo appuntamento non potrà venire e in questo momento nessuna collega è libera a quell’ora.',
      `Il team ${PRODUCT} se ne sta occupando: ti scriviamo appena troviamo chi viene da te.`,
    ],
    details: [
      ['Quando', whenLabel(whenOf(row))],
      ['Dove', row.location.address],
    ],
    after: [
      'Se non troviamo nessuno entro il giorno prima, annulliamo l’appuntamento e ti proponiamo gli orari liberi più vicini. Intanto puoi annullarlo gratuitamente dal link qui sotto.',
    ],
    action: { label: 'Gestisci appuntamento', link: await newManageLink(db, row, context.appUrl, context.now) },
  });
}

import type { ReactNode } from 'react';
import { CATEGORY_TITLES, fromApiCategory } from '../../contract/constants';
import type { NextBooking } from '../../contract/user';
import { formatDayNumber, formatMonth, formatPrice, formatWeekday, fromApiDate } from '../lib/format';
import * as css from './screen.css';

export const CARD_COPY = {
  total: 'Totale',
  salottoRequest: 'Richiesta di salotto',
  people: (count: number) => `${count} persone`,
  categories: 'Categorie',
  notes: 'Note',
  beautyBox: 'Include una beauty box in omaggio',
} as const;

/**
 * An appointment as the personal area and its manage screen show it (SPEC §2): "sabato 28 novembre,
 * ore 10:30" (its own day, in its own zone), a salotto's request, the services and the total.
 * `details` come before the services (the manage screen's state, end, address, professional);
 * `children` are its actions.
 */
export function AppointmentCard({
  booking,
  highlighted,
  details,
  children,
}: {
  booking: NextBooking;
  highlighted: boolean;
  details?: ReactNode;
  children?: ReactNode;
}) {
  const day = fromApiDate(booking.date);
  const label = `${formatWeekday(day)} ${formatDayNumber(day)} ${formatMonth(day)}, ore ${booking.startTime}`;
  return (
    <article className={[css.card, highlighted ? css.highlighted : ''].filter(Boolean).join(' ')} aria-label={label}>
      <p className={css.row}>
        <span>
          <span data-part="weekday">{formatWeekday(day)}</span> <strong data-part="day">{formatDayNumber(day)}</strong>{' '}
          <span data-part="month">{formatMonth(day)}</span>
        </span>
        <strong data-part="time">{booking.startTime}</strong>
      </p>
      {booking.salotto ? (
        <div data-part="salotto">
          <p className={css.row}>
            <strong>{CARD_COPY.salottoRequest}</strong>
            <span>{CARD_COPY.people(booking.salotto.participants)}</span>
          </p>
          <p>
            {CARD_COPY.categories}:{' '}
            {booking.salotto.categories.map((category) => CATEGORY_TITLES[fromApiCategory(category)]).join(', ')}
          </p>
          {booking.salotto.notes ? (
            <p>
              {CARD_COPY.notes}: {booking.salotto.notes}
            </p>
          ) : null}
          {booking.salotto.beautyBox ? <p>{CARD_COPY.beautyBox}</p> : null}
        </div>
      ) : null}
      {details}
      <ul className={css.list}>
        {booking.services.map((service, index) => (
          <li key={`${service.name}-${index}`}>{service.name}</li>
        ))}
      </ul>
      <p className={css.row}>
        <span>{CARD_COPY.total}</span>
        <strong>{formatPrice(booking.total)}</strong>
      </p>
      {children ? <div className={css.actions}>{children}</div> : null}
    </article>
  );
}

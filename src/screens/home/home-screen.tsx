import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CATEGORY_TITLES, fromApiCategory } from '../../../contract/constants';
import type { NextBooking } from '../../../contract/user';
import { selectUser } from '../../../machines/app/selectors';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { meNextQueryOptions } from '../../api/query-options';
import { buttonClassName } from '../../components/button';
import { toastError } from '../../app/toasts';
import { formatDayNumber, formatMonth, formatPrice, formatWeekday, fromApiDate } from '../../lib/format';
import { KeepSearchLink } from '../keep-search-link';
import * as css from '../screen.css';
import { ScreenSpinner } from '../screen-spinner';

export const HOME_COPY = {
  greeting: (name: string) => (name ? `Ciao ${name}!` : 'Ciao!'),
  title: 'Cosa vuoi prenotare oggi?',
  address: 'Il tuo indirizzo',
  noAddress: 'Nessun indirizzo salvato',
  editAddress: 'Modifica indirizzo',
  nextAppointment: 'Il tuo prossimo appuntamento',
  future: 'Appuntamenti futuri',
  lastProposal: "L'ultima volta ti abbiamo consigliato:",
  bookProposal: 'PRENOTA APPUNTAMENTO',
  none: 'Nessun appuntamento in programma.',
  newBooking: 'NUOVO APPUNTAMENTO',
  loading: 'Caricamento appuntamenti',
  total: 'Totale',
  salottoRequest: 'Richiesta di salotto',
  people: (count: number) => `${count} persone`,
  categories: 'Categorie',
  notes: 'Note',
  beautyBox: 'Include una beauty box in omaggio',
} as const;

/** "sabato 28 novembre, ore 10:30" pieces of an appointment (its own day, in its own zone). */
function AppointmentCard({ booking, highlighted }: { booking: NextBooking; highlighted: boolean }) {
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
            <strong>{HOME_COPY.salottoRequest}</strong>
            <span>{HOME_COPY.people(booking.salotto.participants)}</span>
          </p>
          <p>
            {HOME_COPY.categories}:{' '}
            {booking.salotto.categories.map((category) => CATEGORY_TITLES[fromApiCategory(category)]).join(', ')}
          </p>
          {booking.salotto.notes ? (
            <p>
              {HOME_COPY.notes}: {booking.salotto.notes}
            </p>
          ) : null}
          {booking.salotto.beautyBox ? <p>{HOME_COPY.beautyBox}</p> : null}
        </div>
      ) : null}
      <ul className={css.list}>
        {booking.services.map((service, index) => (
          <li key={`${service.name}-${index}`}>{service.name}</li>
        ))}
      </ul>
      <p className={css.row}>
        <span>{HOME_COPY.total}</span>
        <strong>{formatPrice(booking.total)}</strong>
      </p>
    </article>
  );
}

/** / (SPEC §2): the personal area of a signed-in customer. */
export function HomeScreen() {
  const actor = useAppActor();
  const user = useAppSelector(selectUser);
  const onHome = useAppSelector((snapshot) => snapshot.matches({ session: { signedIn: 'home' } }));
  const next = useQuery({ ...meNextQueryOptions(), enabled: onHome });

  useEffect(() => {
    if (next.error) toastError(next.error.message);
  }, [next.error]);

  if (!onHome || !user) return null;

  const bookings = next.data?.nextBookings ?? [];
  const [first, ...others] = bookings;
  const proposal = next.data?.lastProposal?.services ?? [];

  return (
    <>
      <p className={css.lead}>{HOME_COPY.greeting(user.firstName ?? '')}</p>
      <h1 className={css.title}>{HOME_COPY.title}</h1>

      <section aria-labelledby="home-address" className={css.card}>
        <h2 id="home-address" className={css.note}>
          {HOME_COPY.address}
        </h2>
        <div className={css.row}>
          <span>{user.location?.address ?? HOME_COPY.noAddress}</span>
          <button
            type="button"
            className={buttonClassName('link')}
            onClick={() => actor.send({ type: 'profile.open' })}
          >
            {HOME_COPY.editAddress}
          </button>
        </div>
      </section>

      {next.isPending ? (
        <ScreenSpinner label={HOME_COPY.loading} />
      ) : first ? (
        <>
          <section aria-labelledby="home-next">
            <h2 id="home-next" className={css.subtitle}>
              {HOME_COPY.nextAppointment}
            </h2>
            <AppointmentCard booking={first} highlighted />
          </section>
          {others.length > 0 ? (
            <section aria-labelledby="home-future">
              <h2 id="home-future" className={css.subtitle}>
                {HOME_COPY.future}
              </h2>
              {others.map((booking) => (
                <AppointmentCard key={booking.startDateTime} booking={booking} highlighted={false} />
              ))}
            </section>
          ) : null}
        </>
      ) : proposal.length > 0 ? (
        <section aria-labelledby="home-proposal" className={css.card}>
          <h2 id="home-proposal" className={css.subtitle}>
            {HOME_COPY.lastProposal}
          </h2>
          <ul className={css.list}>
            {proposal.map((service, index) => (
              <li key={`${service.name}-${index}`}>{service.name}</li>
            ))}
          </ul>
          <div className={css.actions}>
            <KeepSearchLink to="/booking/location" className={buttonClassName('secondary', { fullWidth: true })}>
              {HOME_COPY.bookProposal}
            </KeepSearchLink>
          </div>
        </section>
      ) : next.isSuccess ? (
        <p className={css.card}>{HOME_COPY.none}</p>
      ) : null}

      <div className={css.actions}>
        <KeepSearchLink to="/booking/location" className={buttonClassName('primary', { fullWidth: true })}>
          {HOME_COPY.newBooking}
        </KeepSearchLink>
      </div>
    </>
  );
}

import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BookingToRate } from '../../../contract/rating';
import { selectUser } from '../../../machines/app/selectors';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { meNextQueryOptions } from '../../api/query-options';
import { buttonClassName } from '../../components/button';
import { toastError } from '../../app/toasts';
import { AppointmentCard } from '../appointment-card';
import { KeepSearchLink, ManageAppointmentLink, RateAppointmentLink } from '../keep-search-link';
import { RATING_COPY, withProfessionals } from '../rating/rating-copy';
import * as css from '../screen.css';
import { ScreenSpinner } from '../screen-spinner';
import { formatDayNumber, formatMonth, formatWeekday, fromApiDate } from '../../lib/format';

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
  /** Each appointment opens its manage screen (issue 16). */
  manage: 'GESTISCI',
} as const;

/**
 * Issue 29: her past appointments still to rate ('Da valutare', the latest first, as the API lists
 * them): when, what, with whom, and 'Valuta' to its rating screen. Nothing when there is none.
 */
function ToRate({ bookings }: { bookings: readonly BookingToRate[] }) {
  if (bookings.length === 0) return null;
  return (
    <section aria-labelledby="home-to-rate">
      <h2 id="home-to-rate" className={css.subtitle}>
        {RATING_COPY.toRate}
      </h2>
      {bookings.map((booking) => {
        const day = fromApiDate(booking.date);
        const when = `${formatWeekday(day)} ${formatDayNumber(day)} ${formatMonth(day)}, ore ${booking.startTime}`;
        const whenId = `to-rate-${booking.id}-when`;
        const withId = `to-rate-${booking.id}-with`;
        return (
          <article key={booking.id} className={css.card} aria-label={when}>
            <p className={css.row}>
              <strong id={whenId}>{when}</strong>
            </p>
            <ul className={css.list}>
              {booking.services.map((service, index) => (
                <li key={`${service}-${index}`}>{service}</li>
              ))}
            </ul>
            <p id={withId} className={css.note}>
              {withProfessionals(booking.professionals)}
            </p>
            <div className={css.actions}>
              <RateAppointmentLink
                bookingId={booking.id}
                className={buttonClassName('secondary', { fullWidth: true })}
                describedBy={`${whenId} ${withId}`}
              >
                {RATING_COPY.rate}
              </RateAppointmentLink>
            </div>
          </article>
        );
      })}
    </section>
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
            <AppointmentCard booking={first} highlighted>
              <ManageAppointmentLink bookingId={first.id} className={buttonClassName('secondary', { fullWidth: true })}>
                {HOME_COPY.manage}
              </ManageAppointmentLink>
            </AppointmentCard>
          </section>
          {others.length > 0 ? (
            <section aria-labelledby="home-future">
              <h2 id="home-future" className={css.subtitle}>
                {HOME_COPY.future}
              </h2>
              {others.map((booking) => (
                <AppointmentCard key={booking.id} booking={booking} highlighted={false}>
                  <ManageAppointmentLink bookingId={booking.id} className={buttonClassName('link')}>
                    {HOME_COPY.manage}
                  </ManageAppointmentLink>
                </AppointmentCard>
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

      <ToRate bookings={next.data?.toRate ?? []} />

      <div className={css.actions}>
        <KeepSearchLink to="/booking/location" className={buttonClassName('primary', { fullWidth: true })}>
          {HOME_COPY.newBooking}
        </KeepSearchLink>
      </div>
    </>
  );
}

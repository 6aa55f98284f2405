import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ProAppointment } from '../../../contract/pro';
import { averageLabel } from '../../../contract/rating';
import type { proAgendaMachine, ProRatings } from '../../../machines/pro/agenda';
import { type ProAgendaEvent, waitingForHer } from '../../../machines/pro/agenda';
import { Button, buttonClassName } from '../../components/button';
import { StarsShown } from '../../components/stars';
import { formatLongDate, fromApiDate } from '../../lib/format';
import { ScreenSpinner } from '../screen-spinner';
import * as screen from '../screen.css';
import {
  AppointmentFacts,
  dayLabel,
  Failed,
  PRO_REQUESTS_PATH,
  PRO_HOURS_PATH,
  PRO_TIME_OFF_PATH,
  ProLink,
  requestPath,
  StatusBadge,
  TimeHeading,
} from './appointment-details';
import { PRO_COPY } from './copy';
import * as css from './pro.css';

const COPY = PRO_COPY.agenda;

export interface ProAgendaScreenProps {
  actor: ActorRefFrom<typeof proAgendaMachine> | undefined;
  send: (event: ProAgendaEvent) => void;
}

/** Her appointments by day, in the order the server gives them (time order). */
const byDay = (appointments: readonly ProAppointment[]): { date: string; appointments: ProAppointment[] }[] => {
  const days: { date: string; appointments: ProAppointment[] }[] = [];
  for (const appointment of appointments) {
    const last = days.at(-1);
    if (last?.date === appointment.date) last.appointments.push(appointment);
    else days.push({ date: appointment.date, appointments: [appointment] });
  }
  return days;
};

function AgendaItem({ appointment }: { appointment: ProAppointment }) {
  const headingId = `agenda-${appointment.id}`;
  return (
    <article className={screen.card} aria-labelledby={headingId}>
      <div className={screen.row}>
        <TimeHeading appointment={appointment} id={headingId} level={3} />
        <StatusBadge appointment={appointment} />
      </div>
      <AppointmentFacts appointment={appointment} />
      {appointment.actions.length > 0 ? (
        <div className={screen.actions}>
          <ProLink href={requestPath(appointment.id)} className={buttonClassName('primary', { fullWidth: true })}>
            {COPY.answer}
          </ProLink>
        </div>
      ) : null}
    </article>
  );
}

/**
 * Issue 29: 'Le tue valutazioni': her standing ('4,3 su 5 · 12 valutazioni', or 'Nuova' below
 * RATING_AVERAGE_FROM ratings), then each rating, newest first: stars, comment, who and which day.
 */
function Ratings({ ratings }: { ratings: ProRatings }) {
  const { summary } = ratings;
  const newestFirst = [...ratings.ratings].sort((a, b) => b.ratedAt.localeCompare(a.ratedAt));
  return (
    <section className={css.day} aria-labelledby="pro-ratings">
      <h2 id="pro-ratings" className={css.dayTitle}>
        {COPY.ratings}
      </h2>
      <p className={screen.lead} data-part="standing">
        {summary.average === null ? COPY.new : COPY.standing(averageLabel(summary.average), summary.count)}
      </p>
      {newestFirst.length === 0 ? <p className={screen.note}>{COPY.noRatings}</p> : null}
      <ul className={screen.list}>
        {newestFirst.map((rating, index) => (
          <li key={`${rating.ratedAt}-${index}`} className={screen.card}>
            <StarsShown stars={rating.stars} />
            {rating.comment ? <p>{rating.comment}</p> : null}
            <p className={screen.note}>
              {rating.customerFirstName ?? COPY.customer} · {formatLongDate(fromApiDate(rating.date))}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /pro (issue 27): her agenda from today, by day; the requests waiting for her; more days on demand. */
export function ProAgendaScreen({ actor, send }: ProAgendaScreenProps) {
  const view = useSelector(
    actor,
    (snapshot) => {
      if (!snapshot || snapshot.matches('loading')) return { state: 'loading' as const };
      if (snapshot.matches('failed')) return { state: 'failed' as const, message: snapshot.context.error };
      return {
        state: 'ready' as const,
        appointments: snapshot.context.appointments,
        today: snapshot.context.from,
        loadingMore: snapshot.matches({ ready: 'loadingMore' }),
      };
    },
    shallowEqual,
  );
  const ratings = useSelector(actor, (snapshot) => snapshot?.context.ratings ?? null);
  const waiting = view.state === 'ready' ? waitingForHer(view.appointments).length : 0;
  return (
    <>
      <h1 className={screen.title}>{COPY.title}</h1>
      {view.state === 'loading' ? <ScreenSpinner label={COPY.loading} /> : null}
      {view.state === 'failed' ? (
        <Failed title={COPY.failedTitle} message={view.message} onRetry={() => send({ type: 'pro.retry' })} />
      ) : null}
      {view.state === 'ready' ? (
        <>
          <ProLink href={PRO_REQUESTS_PATH} className={buttonClassName('secondary', { fullWidth: true })}>
            {COPY.requests}
            {waiting > 0 ? ' ' : null}
            {waiting > 0 ? <span className={css.badge}>{COPY.waiting(waiting)}</span> : null}
          </ProLink>
          <ProLink
            href={PRO_TIME_OFF_PATH}
            className={[buttonClassName('secondary', { fullWidth: true }), css.spaced].join(' ')}
          >
            {COPY.timeOff}
          </ProLink>
          <ProLink
            href={PRO_HOURS_PATH}
            className={[buttonClassName('secondary', { fullWidth: true }), css.spaced].join(' ')}
          >
            {COPY.hours}
          </ProLink>
          {view.appointments.length === 0 ? <p className={screen.lead}>{COPY.empty}</p> : null}
          {byDay(view.appointments).map((day) => (
            <section key={day.date} className={css.day} aria-labelledby={`day-${day.date}`}>
              <h2 id={`day-${day.date}`} className={css.dayTitle}>
                {dayLabel(day.date, view.today)}
              </h2>
              {day.appointments.map((appointment) => (
                <AgendaItem key={appointment.id} appointment={appointment} />
              ))}
            </section>
          ))}
          <div className={screen.actions}>
            <Button
              variant="secondary"
              fullWidth
              loading={view.loadingMore}
              onClick={() => send({ type: 'pro.moreDays' })}
            >
              {COPY.moreDays}
            </Button>
          </div>
        </>
      ) : null}
      {ratings && view.state !== 'loading' ? <Ratings ratings={ratings} /> : null}
    </>
  );
}

import { useRouter } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import type { ProAppointment } from '../../../contract/pro';
import { instantToZoned } from '../../../contract/zoned-time';
import { addIsoDays } from '../../../machines/pro/agenda';
import { Button } from '../../components/button';
import { formatLongDate, fromApiDate } from '../../lib/format';
import * as screen from '../screen.css';
import { PRO_COPY } from './copy';
import * as css from './pro.css';

const COPY = PRO_COPY.appointment;

/** The requests' list and one request's page. */
export const PRO_REQUESTS_PATH = '/pro/requests';
/** Issue 40: her time off. */
export const PRO_TIME_OFF_PATH = '/pro/time-off';
/** Issue 40: the team's board. */
export const PRO_TEAM_PATH = '/pro/team';
/** Issue 40: her hours. */
export const PRO_HOURS_PATH = '/pro/hours';
export const requestPath = (bookingId: string): string => `${PRO_REQUESTS_PATH}/${encodeURIComponent(bookingId)}`;

/**
 * An in-app link of the professionals' side: a real link (a new tab, a copied address work), that the
 * router follows in place on a plain click.
 */
export function ProLink({ href, onClick, ...props }: ComponentProps<'a'> & { href: string }) {
  const router = useRouter();
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
        if (event.defaultPrevented || !plain) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    />
  );
}

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Oggi', 'Domani', else 'Mercoledì 25 novembre'. */
export const dayLabel = (date: string, today: string): string => {
  if (date === today) return PRO_COPY.day.today;
  if (date === addIsoDays(today, 1)) return PRO_COPY.day.tomorrow;
  return capitalized(formatLongDate(fromApiDate(date)));
};

/** 'lunedì 23 novembre alle 11:30', in the appointment's own zone. */
export const instantLabel = (instant: string, timeZone: string): string => {
  const { date, time } = instantToZoned(instant, timeZone);
  return PRO_COPY.at(formatLongDate(fromApiDate(date)), time);
};

/** 'Rispondi entro …' while the request waits for an answer. */
export function Deadline({ appointment }: { appointment: ProAppointment }) {
  if (!appointment.answerBy || appointment.actions.length === 0) return null;
  return <p className={css.deadline}>{PRO_COPY.answerBy(instantLabel(appointment.answerBy, appointment.timeZone))}</p>;
}

export function StatusBadge({ appointment }: { appointment: ProAppointment }) {
  return <span className={css.statusOf[appointment.status]}>{COPY.status[appointment.status]}</span>;
}

/** Start–end, as a heading of its card. */
export function TimeHeading({ appointment, id, level }: { appointment: ProAppointment; id: string; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Heading id={id} className={css.time}>
      {COPY.time(appointment.startTime, appointment.endTime)}
    </Heading>
  );
}

/** The digits of a phone number, for its `tel:` link. */
const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * What she needs at the door: the journey she keeps free, the services with their minutes, the
 * address (opened in Maps), the customer's first name and phone, the doorbell, allergies and notes.
 */
export function AppointmentFacts({ appointment, full = false }: { appointment: ProAppointment; full?: boolean }) {
  const { customer } = appointment;
  return (
    <>
      {appointment.travelBufferMM > 0 ? <p className={css.travel}>{COPY.travel(appointment.travelBufferMM)}</p> : null}
      <dl className={css.facts}>
        {appointment.kind === 'salotto' ? (
          <div>
            <dt>{COPY.salotto}</dt>
            <dd>{COPY.people(appointment.participants)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{COPY.services}</dt>
          <dd>
            <ul className={css.services}>
              {appointment.services.map((service, index) => (
                <li key={`${service.name}-${index}`}>
                  {service.name} · {COPY.minutes(service.durationMM)}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{COPY.address}</dt>
          <dd>
            <a className={css.tapLink} href={appointment.mapsUrl} target="_blank" rel="noopener noreferrer">
              {appointment.location.address} ({COPY.openMaps})
            </a>
          </dd>
        </div>
        <div>
          <dt>{COPY.customer}</dt>
          <dd>{customer.firstName}</dd>
        </div>
        {customer.phoneNumber ? (
          <div>
            <dt>{COPY.phone}</dt>
            <dd>
              <a
                className={css.tapLink}
                href={telHref(customer.phoneNumber)}
                aria-label={COPY.call(customer.firstName, customer.phoneNumber)}
              >
                {customer.phoneNumber}
              </a>
            </dd>
          </div>
        ) : null}
        {appointment.doorbellName ? (
          <div>
            <dt>{COPY.doorbell}</dt>
            <dd>{appointment.doorbellName}</dd>
          </div>
        ) : null}
        {appointment.allergies ? (
          <div>
            <dt>{COPY.allergies}</dt>
            <dd className={css.alert}>{appointment.allergies}</dd>
          </div>
        ) : null}
        {appointment.notes ? (
          <div>
            <dt>{COPY.notes}</dt>
            <dd>{appointment.notes}</dd>
          </div>
        ) : null}
        {full && appointment.kind === 'salotto' && appointment.team.length > 0 ? (
          <div>
            <dt>{COPY.team}</dt>
            <dd>{appointment.team.map((member) => member.name).join(', ')}</dd>
          </div>
        ) : null}
        {full && appointment.requested ? (
          <div>
            <dt>{COPY.requested}</dt>
            <dd>
              {formatLongDate(fromApiDate(appointment.requested.date))},{' '}
              {COPY.time(appointment.requested.startTime, appointment.requested.endTime)}
            </dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}

/** A failed load: the server's message and a way to try again. */
export function Failed({ title, message, onRetry }: { title: string; message: string | null; onRetry: () => void }) {
  return (
    <section className={screen.card} role="alert">
      <h2 className={screen.subtitle}>{title}</h2>
      {message ? <p>{message}</p> : null}
      <div className={screen.actions}>
        <Button fullWidth onClick={onRetry}>
          {PRO_COPY.retry}
        </Button>
      </div>
    </section>
  );
}

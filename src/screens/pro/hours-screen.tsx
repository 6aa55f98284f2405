import { useState, type FormEvent } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { HOURS_RANGES_MAX, WEEKDAYS, type ProHours, type Week } from '../../../contract/pro-week';
import type { ProAppointment } from '../../../contract/pro';
import {
  addRange,
  hoursFormOf,
  removeRange,
  setDayOff,
  setRange,
  type HoursForm,
  type ProHoursEvent,
  type proHoursMachine,
} from '../../../machines/pro/hours';
import { Button, buttonClassName } from '../../components/button';
import { TextField } from '../../components/text-field';
import { formatLongDate, fromApiDate } from '../../lib/format';
import { ScreenSpinner } from '../screen-spinner';
import * as screen from '../screen.css';
import { Failed, ProLink } from './appointment-details';
import { PRO_COPY } from './copy';
import * as css from './pro.css';

const COPY = PRO_COPY.hours;

type HoursActor = ActorRefFrom<typeof proHoursMachine>;
type Send = (event: ProHoursEvent) => void;

export interface ProHoursScreenProps {
  actor: HoursActor | undefined;
  send: Send;
}

const dayOf = (date: string): string => formatLongDate(fromApiDate(date));

/** 'lunedì' … 'domenica', by ISO weekday (2026-11-23 is a Monday). */
const WEEKDAY_NAMES = WEEKDAYS.map((weekday) => formatLongDate(fromApiDate(`2026-11-${22 + weekday}`)).split(' ')[0]!);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Lunedì: 09:00–13:00, 14:00–18:00', or 'Domenica: Riposo'. */
function WeekSummary({ week }: { week: Week }) {
  return (
    <ul className={css.services}>
      {WEEKDAYS.map((weekday, i) => {
        const ranges = week.find((day) => day.weekday === weekday)?.ranges ?? [];
        const text =
          ranges.length === 0 ? COPY.dayOff : ranges.map((r) => PRO_COPY.appointment.time(r.start, r.end)).join(', ');
        return (
          <li key={weekday}>
            {capitalised(WEEKDAY_NAMES[i]!)}: {text}
          </li>
        );
      })}
    </ul>
  );
}

/** One appointment outside her hours: kept; PASSA A UNA COLLEGA, or what became of it. */
function OutsideItem({
  appointment,
  handedOver,
  busy,
  send,
}: {
  appointment: ProAppointment;
  handedOver: boolean;
  busy: boolean;
  send: Send;
}) {
  const headingId = `outside-${appointment.id}`;
  return (
    <li className={screen.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={css.dayTitle}>
        {capitalised(dayOf(appointment.date))}, {PRO_COPY.appointment.time(appointment.startTime, appointment.endTime)}
      </h3>
      <p className={screen.note}>{appointment.services.map((service) => service.name).join(', ')}</p>
      {handedOver ? (
        <p className={screen.note}>
          <strong>{COPY.handedOver}</strong>
        </p>
      ) : (
        <div className={screen.actions}>
          <Button
            variant="secondary"
            fullWidth
            disabled={busy}
            aria-describedby={headingId}
            onClick={() => send({ type: 'pro.hours.handOver', bookingId: appointment.id })}
          >
            {COPY.handOver}
          </Button>
        </div>
      )}
    </li>
  );
}

/** One weekday of the form: its ranges (Dalle, Alle), AGGIUNGI FASCIA, RIMUOVI FASCIA, GIORNO DI RIPOSO. */
function WeekdayFields({
  index,
  form,
  setForm,
  errors,
  disabled,
}: {
  index: number;
  form: HoursForm;
  setForm: (change: (now: HoursForm) => HoursForm) => void;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  const name = capitalised(WEEKDAY_NAMES[index]!);
  const ranges = form.days[index] ?? [];
  const dayError = errors[`week.${index}.ranges`] ?? errors[`week.${index}`] ?? null;
  const errorId = `weekday-${index}-error`;
  return (
    <fieldset className={css.weekday} aria-describedby={dayError ? errorId : undefined}>
      <legend className={css.weekdayName}>{name}</legend>
      {ranges.length === 0 ? <p className={screen.note}>{COPY.dayOff}</p> : null}
      {ranges.map((range, i) => {
        const field = `week.${index}.ranges.${i}`;
        const label = COPY.range(i + 1, WEEKDAY_NAMES[index]!);
        return (
          <fieldset key={i} className={css.range} aria-label={label}>
            <TextField
              label={COPY.start}
              type="time"
              name={`${field}.start`}
              value={range.start}
              onChange={(event) => setForm((now) => setRange(now, index, i, { start: event.target.value }))}
              error={errors[`${field}.start`] ?? null}
              disabled={disabled}
            />
            <TextField
              label={COPY.end}
              type="time"
              name={`${field}.end`}
              value={range.end}
              onChange={(event) => setForm((now) => setRange(now, index, i, { end: event.target.value }))}
              error={errors[`${field}.end`] ?? null}
              disabled={disabled}
            />
            <Button
              variant="link"
              disabled={disabled}
              aria-label={`${COPY.removeRange}: ${label}`}
              onClick={() => setForm((now) => removeRange(now, index, i))}
            >
              {COPY.removeRange}
            </Button>
          </fieldset>
        );
      })}
      <p id={errorId} className={css.alert} aria-live="polite">
        {dayError ?? ''}
      </p>
      <div className={css.rangeActions}>
        <Button
          variant="secondary"
          disabled={disabled || ranges.length >= HOURS_RANGES_MAX}
          aria-label={`${COPY.addRange}: ${WEEKDAY_NAMES[index]}`}
          onClick={() => setForm((now) => addRange(now, index))}
        >
          {COPY.addRange}
        </Button>
        {ranges.length > 0 ? (
          <Button
            variant="secondary"
            disabled={disabled}
            aria-label={`${COPY.setDayOff}: ${WEEKDAY_NAMES[index]}`}
            onClick={() => setForm((now) => setDayOff(now, index))}
          >
            {COPY.setDayOff}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * The form of a new week. What she typed stays until a week is saved (the parent gives it a new key
 * then, and it starts from the answer): a refusal or a failure loses nothing.
 */
function HoursFormPanel({
  actor,
  send,
  hours,
  today,
}: {
  actor: HoursActor;
  send: Send;
  hours: ProHours;
  today: string;
}) {
  const { saving, busy, errors } = useSelector(
    actor,
    (snapshot) => ({
      saving: snapshot.matches({ ready: 'saving' }),
      busy: snapshot.hasTag('busy'),
      errors: snapshot.context.errors,
    }),
    shallowEqual,
  );
  const [form, setForm] = useState<HoursForm>(() => hoursFormOf(hours, today));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) send({ type: 'pro.hours.submit', form });
  };
  return (
    <section className={css.panel} aria-labelledby="hours-form-title">
      <h2 id="hours-form-title" className={screen.subtitle}>
        {COPY.formTitle}
      </h2>
      <form noValidate onSubmit={submit} aria-labelledby="hours-form-title" className={screen.form}>
        <TextField
          label={COPY.validFrom}
          type="date"
          name="validFrom"
          min={today}
          hint={COPY.validFromHint}
          value={form.validFrom}
          onChange={(event) => setForm((now) => ({ ...now, validFrom: event.target.value }))}
          error={errors.validFrom ?? null}
          disabled={saving}
        />
        <p className={screen.note}>{COPY.rangesHint}</p>
        {WEEKDAYS.map((weekday, index) => (
          <WeekdayFields key={weekday} index={index} form={form} setForm={setForm} errors={errors} disabled={saving} />
        ))}
        <p className={screen.note}>{COPY.keptNote}</p>
        {errors[''] ? (
          <p className={css.alert} role="alert">
            {errors['']}
          </p>
        ) : null}
        <div className={screen.actions}>
          <Button type="submit" fullWidth loading={saving} disabled={busy && !saving}>
            {COPY.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** /pro/hours (issue 40): her week in force, the changes to come, a new week, the appointments outside. */
export function ProHoursScreen({ actor, send }: ProHoursScreenProps) {
  const view = useSelector(
    actor,
    (snapshot) => {
      if (!snapshot || snapshot.matches('loading') || !snapshot.context.hours) {
        if (snapshot?.matches('failed')) return { state: 'failed' as const, message: snapshot.context.error };
        return { state: 'loading' as const };
      }
      return {
        state: 'ready' as const,
        hours: snapshot.context.hours,
        today: snapshot.context.today,
        saved: snapshot.context.saved,
        handedOver: snapshot.context.handedOver,
        busy: snapshot.hasTag('busy'),
      };
    },
    shallowEqual,
  );
  return (
    <>
      <h1 className={screen.title}>{COPY.title}</h1>
      <p className={screen.lead}>{COPY.lead}</p>
      {view.state === 'loading' ? <ScreenSpinner label={COPY.loading} /> : null}
      {view.state === 'failed' ? (
        <Failed title={COPY.failedTitle} message={view.message} onRetry={() => send({ type: 'pro.retry' })} />
      ) : null}
      {view.state === 'ready' && actor ? (
        <>
          <section className={css.day} aria-labelledby="hours-current-title">
            <h2 id="hours-current-title" className={css.dayTitle}>
              {COPY.currentTitle}
            </h2>
            {view.hours.current.validFrom ? (
              <p className={screen.note}>{COPY.since(dayOf(view.hours.current.validFrom))}</p>
            ) : null}
            <WeekSummary week={view.hours.current.week} />
          </section>
          {view.hours.upcoming.length > 0 ? (
            <section className={css.day} aria-labelledby="hours-upcoming-title">
              <h2 id="hours-upcoming-title" className={css.dayTitle}>
                {COPY.upcomingTitle}
              </h2>
              {view.hours.upcoming.map((change) => (
                <div key={change.validFrom}>
                  <h3 className={screen.subtitle}>{COPY.from(dayOf(change.validFrom))}</h3>
                  <WeekSummary week={change.week} />
                </div>
              ))}
            </section>
          ) : null}
          <HoursFormPanel key={view.saved} actor={actor} send={send} hours={view.hours} today={view.today} />
          <section className={css.day} aria-labelledby="hours-outside-title">
            <h2 id="hours-outside-title" className={css.dayTitle}>
              {COPY.outsideTitle}
            </h2>
            {view.hours.outside.length === 0 ? (
              <p className={screen.note}>{COPY.outsideEmpty}</p>
            ) : (
              <>
                <p className={screen.note}>{COPY.outsideLead}</p>
                <ul className={screen.list}>
                  {view.hours.outside.map((appointment) => (
                    <OutsideItem
                      key={appointment.id}
                      appointment={appointment}
                      handedOver={view.handedOver.includes(appointment.id)}
                      busy={view.busy}
                      send={send}
                    />
                  ))}
                </ul>
              </>
            )}
          </section>
          <div className={screen.actions}>
            <ProLink href="/pro" className={buttonClassName('link')}>
              {COPY.agenda}
            </ProLink>
          </div>
        </>
      ) : null}
    </>
  );
}

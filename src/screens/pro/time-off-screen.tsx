import { useState, type FormEvent } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { HandOver, TimeOff } from '../../../contract/pro-week';
import type { proTimeOffMachine } from '../../../machines/pro/time-off';
import { BLANK_TIME_OFF_FORM, type ProTimeOffEvent, type TimeOffForm } from '../../../machines/pro/time-off';
import { Button, buttonClassName } from '../../components/button';
import { RadioCards } from '../../components/radio-cards';
import { TextAreaField, TextField } from '../../components/text-field';
import { formatLongDate, fromApiDate } from '../../lib/format';
import { ScreenSpinner } from '../screen-spinner';
import * as screen from '../screen.css';
import { Failed, ProLink } from './appointment-details';
import { PRO_COPY } from './copy';
import * as css from './pro.css';

const COPY = PRO_COPY.timeOff;

type TimeOffActor = ActorRefFrom<typeof proTimeOffMachine>;
type Send = (event: ProTimeOffEvent) => void;

export interface ProTimeOffScreenProps {
  actor: TimeOffActor | undefined;
  send: Send;
}

const KIND_OPTIONS = [
  { value: 'days', label: COPY.kindDays },
  { value: 'hours', label: COPY.kindHours },
];

const dayOf = (date: string): string => formatLongDate(fromApiDate(date));

/** 'Dal mercoledì 25 novembre al venerdì 27 novembre', or 'lunedì 30 novembre, 14:00–18:00'. */
export const whenOf = (timeOff: TimeOff): string =>
  timeOff.kind === 'days'
    ? COPY.days(dayOf(timeOff.startDate), dayOf(timeOff.endDate))
    : COPY.hours(dayOf(timeOff.startDate), timeOff.startTime, timeOff.endTime);

const handOverText = (handOver: HandOver): string =>
  handOver.state === 'moved' && handOver.to
    ? COPY.handOver.moved(handOver.to.name)
    : COPY.handOver[handOver.state === 'moved' ? 'pending' : handOver.state];

/** One time off: when, who entered it, what became of her appointments then, ANNULLA ASSENZA. */
function TimeOffItem({ timeOff, busy, send }: { timeOff: TimeOff; busy: boolean; send: Send }) {
  const when = whenOf(timeOff);
  const headingId = `time-off-${timeOff.id}`;
  return (
    <li className={screen.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={css.dayTitle}>
        {when}
      </h3>
      {timeOff.enteredBy === 'team' ? <p className={screen.note}>{COPY.enteredByTeam}</p> : null}
      {timeOff.handOvers.length > 0 ? (
        <>
          <p className={screen.note}>{COPY.handOvers}</p>
          <ul className={css.services}>
            {timeOff.handOvers.map((handOver) => (
              <li key={handOver.id}>
                {PRO_COPY.appointment.time(handOver.startTime, handOver.endTime)}, {dayOf(handOver.date)}:{' '}
                <strong>{handOverText(handOver)}</strong>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className={screen.actions}>
        <Button
          variant="secondary"
          fullWidth
          disabled={busy}
          aria-describedby={headingId}
          onClick={() => send({ type: 'pro.timeOff.cancel', timeOffId: timeOff.id })}
        >
          {COPY.cancel}
        </Button>
      </div>
    </li>
  );
}

/**
 * The form of a new time off. What she typed stays until a time off is saved (the parent gives it a
 * new key then): a refusal or a failure loses nothing.
 */
function TimeOffFormPanel({ actor, send, today }: { actor: TimeOffActor; send: Send; today: string }) {
  const { saving, busy, errors } = useSelector(
    actor,
    (snapshot) => ({
      saving: snapshot.matches({ ready: 'saving' }),
      busy: snapshot.hasTag('busy'),
      errors: snapshot.context.errors,
    }),
    shallowEqual,
  );
  const [form, setForm] = useState<TimeOffForm>(BLANK_TIME_OFF_FORM);
  const set = (field: keyof TimeOffForm) => (event: { target: { value: string } }) =>
    setForm((now) => ({ ...now, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) send({ type: 'pro.timeOff.submit', form });
  };
  return (
    <section className={css.panel} aria-labelledby="time-off-form-title">
      <h2 id="time-off-form-title" className={screen.subtitle}>
        {COPY.formTitle}
      </h2>
      <form noValidate onSubmit={submit} aria-labelledby="time-off-form-title" className={screen.form}>
        <RadioCards
          label={COPY.kind}
          options={KIND_OPTIONS}
          value={form.kind}
          onValueChange={(kind) =>
            kind ? setForm((now) => ({ ...now, kind: kind as TimeOffForm['kind'] })) : undefined
          }
          name="kind"
          disabled={saving}
        />
        {form.kind === 'days' ? (
          <>
            <TextField
              label={COPY.startDate}
              type="date"
              name="startDate"
              min={today}
              value={form.startDate}
              onChange={set('startDate')}
              error={errors.startDate ?? null}
              disabled={saving}
            />
            <TextField
              label={COPY.endDate}
              type="date"
              name="endDate"
              min={form.startDate || today}
              hint={COPY.daysHint}
              value={form.endDate}
              onChange={set('endDate')}
              error={errors.endDate ?? null}
              disabled={saving}
            />
          </>
        ) : (
          <>
            <TextField
              label={COPY.date}
              type="date"
              name="date"
              min={today}
              value={form.date}
              onChange={set('date')}
              error={errors.date ?? null}
              disabled={saving}
            />
            <TextField
              label={COPY.startTime}
              type="time"
              name="startTime"
              value={form.startTime}
              onChange={set('startTime')}
              error={errors.startTime ?? null}
              disabled={saving}
            />
            <TextField
              label={COPY.endTime}
              type="time"
              name="endTime"
              value={form.endTime}
              onChange={set('endTime')}
              error={errors.endTime ?? null}
              disabled={saving}
            />
          </>
        )}
        <TextAreaField
          label={COPY.reason}
          hint={COPY.reasonHint}
          name="reason"
          value={form.reason}
          onChange={set('reason')}
          error={errors.reason ?? null}
          disabled={saving}
        />
        <p className={screen.note}>{COPY.handOverNote}</p>
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

/** /pro/time-off (issue 40): her time off not yet over, soonest first, and a new one. */
export function ProTimeOffScreen({ actor, send }: ProTimeOffScreenProps) {
  const view = useSelector(
    actor,
    (snapshot) => {
      if (!snapshot || snapshot.matches('loading')) return { state: 'loading' as const };
      if (snapshot.matches('failed')) return { state: 'failed' as const, message: snapshot.context.error };
      return {
        state: 'ready' as const,
        timeOff: snapshot.context.timeOff,
        today: snapshot.context.today,
        saved: snapshot.context.saved,
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
          <section className={css.day} aria-labelledby="time-off-list-title">
            <h2 id="time-off-list-title" className={css.dayTitle}>
              {COPY.listTitle}
            </h2>
            {view.timeOff.length === 0 ? (
              <p className={screen.note}>{COPY.empty}</p>
            ) : (
              <ul className={screen.list}>
                {view.timeOff.map((timeOff) => (
                  <TimeOffItem key={timeOff.id} timeOff={timeOff} busy={view.busy} send={send} />
                ))}
              </ul>
            )}
          </section>
          <TimeOffFormPanel key={view.saved ?? 'new'} actor={actor} send={send} today={view.today} />
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

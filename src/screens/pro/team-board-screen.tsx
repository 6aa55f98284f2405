import { useState, type FormEvent } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { BLANK_TIME_OFF_FORM } from '../../../machines/pro/time-off';
import {
  choicesOf,
  type ProTeamBoardEvent,
  type proTeamBoardMachine,
  type TeamBoard,
  type TimeOffForm,
  type ToPlace,
} from '../../../machines/pro/team-board';
import { CATEGORY_TITLES, fromApiCategory } from '../../../contract/constants';
import { Button, buttonClassName } from '../../components/button';
import { TextAreaField, TextField } from '../../components/text-field';
import { formatLongDate, fromApiDate } from '../../lib/format';
import { ScreenSpinner } from '../screen-spinner';
import * as screen from '../screen.css';
import { Failed, PRO_REQUESTS_PATH, ProLink } from './appointment-details';
import { PRO_COPY } from './copy';
import * as css from './pro.css';
import { whenOf } from './time-off-screen';

const COPY = PRO_COPY.board;
const TIME_OFF = PRO_COPY.timeOff;

type BoardActor = ActorRefFrom<typeof proTeamBoardMachine>;
type Send = (event: ProTeamBoardEvent) => void;

export interface ProTeamBoardScreenProps {
  actor: BoardActor | undefined;
  send: Send;
}

const dayOf = (date: string): string => formatLongDate(fromApiDate(date));
const timeOf = (a: { startTime: string; endTime: string }) => PRO_COPY.appointment.time(a.startTime, a.endTime);

/** A labelled native select (keyboard and screen readers know it as it is). */
function Select({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className={css.selectField}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={css.select}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The city and the day: MOSTRA reads that board. */
function Filters({ board, busy, send }: { board: TeamBoard; busy: boolean; send: Send }) {
  const [zoneId, setZoneId] = useState(board.zone.id);
  const [date, setDate] = useState(board.date);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) send({ type: 'pro.board.show', zoneId, date });
  };
  return (
    <form noValidate onSubmit={submit} aria-label={COPY.filters} className={screen.form}>
      <Select
        id="board-city"
        label={COPY.city}
        value={zoneId}
        options={board.zones.map((zone) => ({ value: zone.id, label: zone.city }))}
        onChange={setZoneId}
      />
      <TextField label={COPY.day} type="date" name="date" value={date} onChange={(e) => setDate(e.target.value)} />
      <div className={screen.actions}>
        <Button type="submit" variant="secondary" fullWidth disabled={busy}>
          {COPY.show}
        </Button>
      </div>
    </form>
  );
}

/** One appointment to place: whose it was, whom the board offers, the nearest free times, RIASSEGNA. */
function ToPlaceItem({ board, item, busy, send }: { board: TeamBoard; item: ToPlace; busy: boolean; send: Send }) {
  const choices = choicesOf(board, item);
  const [chosen, setChosen] = useState(choices[0]?.id ?? '');
  const { appointment, handOver } = item;
  const headingId = `to-place-${handOver.id}`;
  const selectId = `reassign-${handOver.id}`;
  return (
    <li className={screen.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={css.dayTitle}>
        {timeOf(handOver)} · {appointment.customer.firstName}
      </h3>
      <p className={screen.note}>{COPY.from(handOver.from.name)}</p>
      {handOver.category ? (
        <p className={screen.note}>{COPY.part(CATEGORY_TITLES[fromApiCategory(handOver.category)])}</p>
      ) : null}
      <p className={screen.note}>{appointment.location.address}</p>
      <ul className={css.services}>
        {appointment.services.map((service, i) => (
          <li key={i}>{service.name}</li>
        ))}
      </ul>
      {item.nearestTimes.length > 0 ? (
        <>
          <p className={screen.note}>{COPY.nearestTimes}</p>
          <ul className={css.services}>
            {item.nearestTimes.map((time) => (
              <li key={`${time.date}-${time.startTime}`}>
                {dayOf(time.date)}, {timeOf(time)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {choices.length === 0 ? (
        <p className={screen.note}>{COPY.nobodyFree}</p>
      ) : (
        <form
          noValidate
          aria-labelledby={headingId}
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy && chosen)
              send({
                type: 'pro.board.reassign',
                bookingId: appointment.id,
                category: handOver.category,
                professionalId: chosen,
              });
          }}
        >
          <Select
            id={selectId}
            label={COPY.reassignTo}
            value={chosen}
            options={choices.map((pro) => ({ value: pro.id, label: pro.name }))}
            onChange={setChosen}
            disabled={busy}
          />
          <div className={screen.actions}>
            <Button type="submit" fullWidth aria-describedby={headingId} disabled={busy}>
              {COPY.reassign}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

/** A professional's day: hours, confirmed appointments, requests waiting, time off. */
function Column({ column, index }: { column: TeamBoard['columns'][number]; index: number }) {
  const headingId = `column-${index}`;
  const list = (title: string, items: readonly string[]) => (
    <>
      <p className={screen.note}>
        <strong>{title}</strong>
      </p>
      {items.length === 0 ? (
        <p className={screen.note}>{COPY.none}</p>
      ) : (
        <ul className={css.services}>
          {items.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ul>
      )}
    </>
  );
  return (
    <li className={screen.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={css.dayTitle}>
        {column.professional.name}
      </h3>
      <p className={screen.note}>
        {COPY.hours}:{' '}
        {column.hours.length === 0
          ? COPY.dayOff
          : column.hours.map((range) => `${range.start}–${range.end}`).join(', ')}
        {column.professional.hoursConfirmed ? null : ` (${COPY.hoursToConfirm})`}
      </p>
      {list(
        COPY.appointments,
        column.appointments.map(
          (a) => `${timeOf(a)} · ${a.customer.firstName} · ${a.services.map((s) => s.name).join(', ')}`,
        ),
      )}
      {list(
        COPY.requests,
        column.requests.map((a) => `${timeOf(a)} · ${a.customer.firstName}`),
      )}
      {list(
        COPY.timeOff,
        column.timeOff.map((t) => (t.reason ? `${whenOf(t)} (${t.reason})` : whenOf(t))),
      )}
    </li>
  );
}

/** Time off for a professional who phoned in sick: whole days, the form as hers on /pro/time-off. */
function SickForm({ actor, board, today, send }: { actor: BoardActor; board: TeamBoard; today: string; send: Send }) {
  const { saving, busy, errors } = useSelector(
    actor,
    (snapshot) => ({
      saving: snapshot.matches({ ready: 'enteringTimeOff' }),
      busy: snapshot.hasTag('busy'),
      errors: snapshot.context.errors,
    }),
    shallowEqual,
  );
  const [professionalId, setProfessionalId] = useState(board.columns[0]?.professional.id ?? '');
  const [form, setForm] = useState<TimeOffForm>({ ...BLANK_TIME_OFF_FORM, startDate: board.date, endDate: board.date });
  const set = (field: keyof TimeOffForm) => (event: { target: { value: string } }) =>
    setForm((now) => ({ ...now, [field]: event.target.value }));
  if (board.columns.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) send({ type: 'pro.board.timeOff', professionalId, form });
  };
  return (
    <section className={css.panel} aria-labelledby="board-time-off-title">
      <h2 id="board-time-off-title" className={screen.subtitle}>
        {COPY.timeOffTitle}
      </h2>
      <p className={screen.note}>{COPY.timeOffLead}</p>
      <form noValidate onSubmit={submit} aria-labelledby="board-time-off-title" className={screen.form}>
        <Select
          id="board-time-off-professional"
          label={COPY.professional}
          value={professionalId}
          options={board.columns.map((c) => ({ value: c.professional.id, label: c.professional.name }))}
          onChange={setProfessionalId}
          disabled={saving}
        />
        <TextField
          label={TIME_OFF.startDate}
          type="date"
          name="startDate"
          min={today}
          value={form.startDate}
          onChange={set('startDate')}
          error={errors.startDate ?? null}
          disabled={saving}
        />
        <TextField
          label={TIME_OFF.endDate}
          type="date"
          name="endDate"
          min={form.startDate || today}
          hint={TIME_OFF.daysHint}
          value={form.endDate}
          onChange={set('endDate')}
          error={errors.endDate ?? null}
          disabled={saving}
        />
        <TextAreaField
          label={TIME_OFF.reason}
          name="reason"
          value={form.reason}
          onChange={set('reason')}
          error={errors.reason ?? null}
          disabled={saving}
        />
        {errors[''] ? (
          <p className={css.alert} role="alert">
            {errors['']}
          </p>
        ) : null}
        <div className={screen.actions}>
          <Button type="submit" fullWidth loading={saving} disabled={busy && !saving}>
            {TIME_OFF.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** /pro/team (issue 40): the team's board of a city and a day. */
export function ProTeamBoardScreen({ actor, send }: ProTeamBoardScreenProps) {
  const view = useSelector(
    actor,
    (snapshot) => {
      if (!snapshot || (snapshot.matches('loading') && !snapshot.context.board)) return { state: 'loading' as const };
      if (snapshot.matches('failed')) return { state: 'failed' as const, message: snapshot.context.error };
      return {
        state: 'ready' as const,
        board: snapshot.context.board!,
        reading: snapshot.matches('loading'),
        refusal: snapshot.context.refusal,
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
        <div aria-busy={view.reading || undefined}>
          <Filters key={`${view.board.zone.id}-${view.board.date}`} board={view.board} busy={view.busy} send={send} />
          <h2 className={screen.subtitle}>{COPY.heading(view.board.zone.city, dayOf(view.board.date))}</h2>
          {view.refusal ? (
            <p className={css.alert} role="alert">
              {view.refusal}
            </p>
          ) : null}
          {view.reading ? <ScreenSpinner label={COPY.loading} /> : null}
          <section className={css.day} aria-labelledby="board-to-place-title">
            <h2 id="board-to-place-title" className={css.dayTitle}>
              {COPY.toPlaceTitle}
            </h2>
            {view.board.toPlace.length === 0 ? (
              <p className={screen.note}>{COPY.toPlaceEmpty}</p>
            ) : (
              <ul className={screen.list}>
                {view.board.toPlace.map((item) => (
                  <ToPlaceItem key={item.handOver.id} board={view.board} item={item} busy={view.busy} send={send} />
                ))}
              </ul>
            )}
          </section>
          <section className={css.day} aria-labelledby="board-columns-title">
            <h2 id="board-columns-title" className={css.dayTitle}>
              {COPY.columnsTitle}
            </h2>
            {view.board.columns.length === 0 ? (
              <p className={screen.note}>{COPY.columnsEmpty}</p>
            ) : (
              <ul className={css.columns}>
                {view.board.columns.map((column, index) => (
                  <Column key={column.professional.id} column={column} index={index} />
                ))}
              </ul>
            )}
          </section>
          <SickForm
            key={`${view.saved ?? 'new'}-${view.board.date}`}
            actor={actor}
            board={view.board}
            today={view.today}
            send={send}
          />
          <div className={screen.actions}>
            <ProLink href={PRO_REQUESTS_PATH} className={buttonClassName('link')}>
              {COPY.requestsLink}
            </ProLink>
          </div>
        </div>
      ) : null}
    </>
  );
}

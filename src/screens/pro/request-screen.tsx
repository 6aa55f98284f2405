import { useEffect, useRef, useState, type FormEvent } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  CHOSEN_DECLINE_REASONS,
  DECLINE_REASON_COPY,
  type ProAppointment,
  type RequestAction,
} from '../../../contract/pro';
import { CATEGORY_TITLES, fromApiCategory } from '../../../contract/constants';
import type { proRequestMachine } from '../../../machines/pro/request';
import { type ProRequestEvent } from '../../../machines/pro/request';
import { Button, buttonClassName } from '../../components/button';
import { Dialog } from '../../components/lazy-dialog';
import { RadioCards } from '../../components/radio-cards';
import { SlotGrid } from '../../components/slot-grid';
import { TextAreaField, TextField } from '../../components/text-field';
import { formatLongDate, fromApiDate } from '../../lib/format';
import { ScreenSpinner } from '../screen-spinner';
import * as screen from '../screen.css';
import {
  AppointmentFacts,
  Deadline,
  Failed,
  PRO_REQUESTS_PATH,
  ProLink,
  StatusBadge,
  TimeHeading,
} from './appointment-details';
import { PRO_COPY } from './copy';
import * as css from './pro.css';

const COPY = PRO_COPY.request;

type RequestActor = ActorRefFrom<typeof proRequestMachine>;
type Send = (event: ProRequestEvent) => void;

export interface ProRequestScreenProps {
  actor: RequestActor | undefined;
  send: Send;
}

const DECLINE_OPTIONS = CHOSEN_DECLINE_REASONS.map((reason) => ({
  value: reason,
  label: DECLINE_REASON_COPY[reason].pro,
}));

/** What happened, once the request no longer waits for her: her own answer here, else its state. */
const outcomeOf = (appointment: ProAppointment, answer: RequestAction | null): string => {
  if (answer === 'accept') return COPY.outcome.accepted;
  if (answer === 'decline') return COPY.outcome.declined;
  if (answer === 'quote') return COPY.outcome.quoted;
  if (answer === 'offer' || appointment.stage === 'offered') return COPY.outcome.offered;
  if (appointment.status === 'confirmed') return COPY.outcome.confirmed;
  if (appointment.status === 'cancelled') return COPY.outcome.cancelled;
  return COPY.outcome.passedOn;
};

/** Moves the focus to a panel's heading when it opens (keyboard and screen reader users land there). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function DeclineDialog({ actor, send }: { actor: RequestActor; send: Send }) {
  const { open, sending, errors } = useSelector(
    actor,
    (snapshot) => ({
      open: snapshot.matches({ ready: 'declining' }),
      sending: snapshot.matches({ ready: { declining: 'sending' } }),
      errors: snapshot.context.errors,
    }),
    shallowEqual,
  );
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  // Each opening starts blank.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setReason('');
      setMessage('');
    }
  }
  const close = () => (sending ? undefined : send({ type: 'pro.decline.close' }));
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={COPY.declineDialog.title}
      description={COPY.declineDialog.description}
      footer={
        <div className={screen.actions}>
          <Button fullWidth loading={sending} onClick={() => send({ type: 'pro.decline.submit', reason, message })}>
            {COPY.declineDialog.submit}
          </Button>
          <Button variant="secondary" fullWidth disabled={sending} onClick={close}>
            {COPY.declineDialog.cancel}
          </Button>
        </div>
      }
    >
      <RadioCards
        label={COPY.declineDialog.reason}
        options={DECLINE_OPTIONS}
        value={reason}
        onValueChange={setReason}
        error={errors.reason ?? null}
        name="reason"
        disabled={sending}
      />
      <TextAreaField
        label={COPY.declineDialog.message}
        hint={COPY.declineDialog.messageHint}
        name="message"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={errors.message ?? null}
        required={reason === 'other'}
        disabled={sending}
      />
    </Dialog>
  );
}

function OfferPanel({ actor, send }: { actor: RequestActor; send: Send }) {
  const { offer, today, phase } = useSelector(
    actor,
    (snapshot) => ({
      offer: snapshot.context.offer,
      today: snapshot.context.today,
      phase: snapshot.matches({ ready: { offering: 'loadingTimes' } })
        ? ('loading' as const)
        : snapshot.matches({ ready: { offering: 'submitting' } })
          ? ('submitting' as const)
          : snapshot.matches({ ready: { offering: 'timesFailed' } })
            ? ('failed' as const)
            : ('choosing' as const),
    }),
    shallowEqual,
  );
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const submitting = phase === 'submitting';
  const selected = offer.times.find((time) => time.startTime === offer.startTime) ?? null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'pro.offer.submit' });
  };
  return (
    <section className={[screen.card, css.panel].join(' ')} aria-labelledby="offer-title">
      <h2 id="offer-title" ref={heading} tabIndex={-1} className={[screen.subtitle, screen.focusTarget].join(' ')}>
        {COPY.offerPanel.title}
      </h2>
      <p className={screen.note}>{COPY.offerPanel.text}</p>
      <form noValidate onSubmit={submit} aria-labelledby="offer-title">
        <TextField
          type="date"
          label={COPY.offerPanel.day}
          name="startDate"
          min={today}
          value={offer.date}
          disabled={submitting}
          onChange={(event) =>
            event.target.value ? send({ type: 'pro.offer.day', date: event.target.value }) : undefined
          }
        />
        {phase === 'failed' ? (
          <p className={css.alert} role="alert">
            {offer.error}
          </p>
        ) : phase !== 'loading' && offer.times.length === 0 ? (
          <p className={screen.note} role="status">
            {COPY.offerPanel.empty}
          </p>
        ) : (
          <SlotGrid
            view={phase === 'loading' ? 'loading' : 'available'}
            times={offer.times}
            selected={selected}
            onSelect={(time) => (submitting ? undefined : send({ type: 'pro.offer.pick', startTime: time.startTime }))}
            showSupplements={false}
          />
        )}
        <div className={screen.actions}>
          <Button type="submit" fullWidth loading={submitting} disabled={selected === null}>
            {COPY.offerPanel.submit}
          </Button>
          <Button variant="secondary" fullWidth disabled={submitting} onClick={() => send({ type: 'pro.offer.close' })}>
            {COPY.offerPanel.cancel}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The proposed member of each category of the salotto's team, by category. */
const proposedOf = (appointment: ProAppointment): Record<string, string> =>
  Object.fromEntries(
    appointment.team.flatMap((member) => (member.category ? [[member.category, member.professionalId]] : [])),
  );

function QuotePanel({ actor, send, appointment }: { actor: RequestActor; send: Send; appointment: ProAppointment }) {
  const { sending, errors } = useSelector(
    actor,
    (snapshot) => ({
      sending: snapshot.matches({ ready: { quoting: 'sending' } }),
      errors: snapshot.context.errors,
    }),
    shallowEqual,
  );
  const [total, setTotal] = useState('');
  const [includes, setIncludes] = useState('');
  // Who goes for each category: the proposed member unless she names another one.
  const proposed = proposedOf(appointment);
  const [members, setMembers] = useState(proposed);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const team = appointment.teamChoices.flatMap(({ category }) => {
      const chosen = members[category];
      return chosen && chosen !== proposed[category] ? [{ category, professionalId: chosen }] : [];
    });
    send({ type: 'pro.quote.submit', total, includes, team });
  };
  return (
    <section className={[screen.card, css.panel].join(' ')} aria-labelledby="quote-title">
      <h2 id="quote-title" ref={heading} tabIndex={-1} className={[screen.subtitle, screen.focusTarget].join(' ')}>
        {COPY.quotePanel.title}
      </h2>
      <p className={screen.note}>{COPY.quotePanel.text}</p>
      <form noValidate onSubmit={submit} aria-labelledby="quote-title" className={screen.form}>
        <TextField
          label={COPY.quotePanel.total}
          name="total"
          inputMode="decimal"
          autoComplete="off"
          value={total}
          onChange={(event) => setTotal(event.target.value)}
          error={errors.total ?? null}
          disabled={sending}
        />
        <TextAreaField
          label={COPY.quotePanel.includes}
          hint={COPY.quotePanel.includesHint}
          name="includes"
          value={includes}
          onChange={(event) => setIncludes(event.target.value)}
          error={errors.includes ?? null}
          disabled={sending}
        />
        {appointment.teamChoices
          .filter((choice) => choice.professionals.length > 1)
          .map((choice) => (
            <RadioCards
              key={choice.category}
              label={COPY.quotePanel.member(CATEGORY_TITLES[fromApiCategory(choice.category)])}
              options={choice.professionals.map((pro) => ({ value: pro.professionalId, label: pro.name }))}
              value={members[choice.category] ?? ''}
              onValueChange={(professionalId) => setMembers((now) => ({ ...now, [choice.category]: professionalId }))}
              name={`team-${choice.category}`}
              disabled={sending}
            />
          ))}
        <div className={screen.actions}>
          <Button type="submit" fullWidth loading={sending}>
            {COPY.quotePanel.submit}
          </Button>
          <Button variant="secondary" fullWidth disabled={sending} onClick={() => send({ type: 'pro.quote.close' })}>
            {COPY.quotePanel.cancel}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The answers she may give now, each only when the server lists it. */
function Answers({
  appointment,
  accepting,
  busy,
  send,
}: {
  appointment: ProAppointment;
  accepting: boolean;
  busy: boolean;
  send: Send;
}) {
  const may = (action: RequestAction) => appointment.actions.includes(action);
  return (
    <div className={screen.actions}>
      {may('accept') ? (
        <Button fullWidth loading={accepting} disabled={busy} onClick={() => send({ type: 'pro.accept' })}>
          {COPY.accept}
        </Button>
      ) : null}
      {may('quote') ? (
        <Button fullWidth disabled={busy} onClick={() => send({ type: 'pro.quote.open' })}>
          {COPY.quote}
        </Button>
      ) : null}
      {may('offer') ? (
        <Button variant="secondary" fullWidth disabled={busy} onClick={() => send({ type: 'pro.offer.open' })}>
          {COPY.offer}
        </Button>
      ) : null}
      {may('decline') ? (
        <Button variant="secondary" fullWidth disabled={busy} onClick={() => send({ type: 'pro.decline.open' })}>
          {COPY.decline}
        </Button>
      ) : null}
    </div>
  );
}

/** /pro/requests/:id (issue 27): the request, its deadline, and the answers she may give. */
export function ProRequestScreen({ actor, send }: ProRequestScreenProps) {
  const view = useSelector(
    actor,
    (snapshot) => {
      if (!snapshot) return { state: 'loading' as const };
      if (snapshot.matches('failed')) return { state: 'failed' as const, message: snapshot.context.error };
      if (snapshot.matches('loading') || !snapshot.context.appointment) return { state: 'loading' as const };
      return {
        state: 'ready' as const,
        appointment: snapshot.context.appointment,
        answer: snapshot.context.answer,
        accepting: snapshot.matches({ ready: 'accepting' }),
        offering: snapshot.matches({ ready: 'offering' }),
        quoting: snapshot.matches({ ready: 'quoting' }),
        busy: snapshot.hasTag('busy'),
      };
    },
    shallowEqual,
  );
  const salotto = view.state === 'ready' && view.appointment.kind === 'salotto';
  return (
    <>
      <h1 className={screen.title}>{salotto ? COPY.salottoTitle : COPY.title}</h1>
      {view.state === 'loading' ? <ScreenSpinner label={COPY.loading} /> : null}
      {view.state === 'failed' ? (
        <Failed title={COPY.failedTitle} message={view.message} onRetry={() => send({ type: 'pro.retry' })} />
      ) : null}
      {view.state === 'ready' && actor ? (
        <>
          <article className={screen.card} aria-labelledby="request-time">
            <p className={screen.row}>
              <span>{formatLongDate(fromApiDate(view.appointment.date))}</span>
              <StatusBadge appointment={view.appointment} />
            </p>
            <TimeHeading appointment={view.appointment} id="request-time" level={2} />
            <Deadline appointment={view.appointment} />
            <AppointmentFacts appointment={view.appointment} full />
          </article>
          {view.appointment.actions.length === 0 ? (
            <>
              <p className={screen.lead} role="status">
                {outcomeOf(view.appointment, view.answer)}
              </p>
              <div className={screen.actions}>
                <ProLink href={PRO_REQUESTS_PATH} className={buttonClassName('secondary', { fullWidth: true })}>
                  {COPY.back}
                </ProLink>
              </div>
            </>
          ) : view.offering ? (
            <OfferPanel actor={actor} send={send} />
          ) : view.quoting ? (
            <QuotePanel actor={actor} send={send} appointment={view.appointment} />
          ) : (
            <Answers appointment={view.appointment} accepting={view.accepting} busy={view.busy} send={send} />
          )}
          <DeclineDialog actor={actor} send={send} />
        </>
      ) : null}
    </>
  );
}

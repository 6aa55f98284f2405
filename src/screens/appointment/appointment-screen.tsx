import { shallowEqual, useSelector } from '@xstate/react';
import { FREE_CANCELLATION_HOURS } from '../../../contract/constants';
import type { Appointment } from '../../../contract/appointment';
import { instantToZoned } from '../../../contract/zoned-time';
import { selectAppointment, type AppointmentRef } from '../../../machines/app/selectors';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { Button, buttonClassName } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { Dialog } from '../../components/lazy-dialog';
import { formatLongDate, fromApiDate } from '../../lib/format';
import { whatsappLink } from '../../lib/whatsapp';
import { AppointmentCard } from '../appointment-card';
import { KeepSearchLink, ManageAppointmentLink } from '../keep-search-link';
import { ScreenSpinner } from '../screen-spinner';
import * as css from '../screen.css';

/** The copy of the appointment screens (issue 16, ours: SPEC stops at the stored booking). */
export const APPOINTMENT_COPY = {
  title: 'Il tuo appuntamento',
  loading: 'Caricamento appuntamento',
  status: { pending: 'In attesa di conferma', confirmed: 'Confermato', cancelled: 'Annullato' },
  statusLabel: 'Stato',
  until: 'Fino alle',
  where: 'Dove',
  professional: 'Professionista',
  freeUntil: (deadline: string) => `Puoi annullarlo o spostarlo gratis fino a ${deadline}.`,
  tooLate: `Mancano meno di ${FREE_CANCELLATION_HOURS} ore all'appuntamento: da qui non puoi più annullarlo o spostarlo. Scrivici su WhatsApp e ti aiutiamo.`,
  salottoByPhone: 'Per spostare un salotto scrivici su WhatsApp: riorganizziamo il team per voi.',
  cancelled: 'Questo appuntamento è stato annullato.',
  reschedule: 'SPOSTA APPUNTAMENTO',
  cancel: 'ANNULLA APPUNTAMENTO',
  whatsapp: 'SCRIVICI SU WHATSAPP',
  bookAgain: 'PRENOTA UN ALTRO APPUNTAMENTO',
  backHome: 'I TUOI APPUNTAMENTI',
  reminder: 'Ricordamelo anche 2 ore prima',
  reminderNote: 'La sera prima ti scriviamo comunque.',
  cancelTitle: "Vuoi annullare l'appuntamento?",
  cancelText: "L'annullamento è gratuito e l'orario torna disponibile per altre clienti.",
  confirmCancel: 'SÌ, ANNULLA',
  keep: 'NO, TIENILO',
  failedTitle: 'Non riusciamo a mostrarti questo appuntamento',
  // Issue 27: a request waits for the professional's answer, another time is offered, or it was declined.
  answerByLabel: 'Ti rispondiamo entro',
  offerTitle: 'Ti proponiamo un altro orario',
  offerAsked: 'Avevi chiesto',
  offerNew: 'Nuovo orario',
  offerAnswerBy: (deadline: string) =>
    `Puoi accettarlo o rifiutarlo entro ${deadline}: se lo rifiuti, l'appuntamento è annullato e non paghi nulla.`,
  acceptOffer: 'ACCETTA IL NUOVO ORARIO',
  declineOffer: 'RIFIUTA',
  declineOfferTitle: 'Rifiuti il nuovo orario?',
  declineOfferText: "L'appuntamento viene annullato e non paghi nulla.",
  confirmDeclineOffer: 'SÌ, RIFIUTA',
  keepOffer: 'NO, TORNA INDIETRO',
  declined: 'La tua richiesta non è stata confermata.',
} as const;

/** 'mercoledì 2 dicembre alle 10:00': an instant in the appointment's own zone. */
const instantLabel = (instant: string, timeZone: string): string => {
  const { date, time } = instantToZoned(instant, timeZone);
  return `${formatLongDate(fromApiDate(date))} alle ${time}`;
};

/** Until when the free cancellation lasts, in the appointment's own zone. */
export const deadlineLabel = (appointment: Appointment): string =>
  instantLabel(appointment.cancellableUntil, appointment.timeZone);

/** 'mercoledì 2 dicembre, 10:00–11:00'. */
const timesLabel = (time: { date: string; startTime: string; endTime: string }): string =>
  `${formatLongDate(fromApiDate(time.date))}, ${time.startTime}–${time.endTime}`;

function CancelDialog({ appointment }: { appointment: AppointmentRef }) {
  const actor = useAppActor();
  const open = useSelector(
    appointment,
    (snapshot) => snapshot.matches({ ready: 'confirmingCancel' }) || snapshot.matches({ ready: 'cancelling' }),
  );
  const cancelling = useSelector(appointment, (snapshot) => snapshot.matches({ ready: 'cancelling' }));
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next || cancelling ? undefined : actor.send({ type: 'appointment.keep' }))}
      title={APPOINTMENT_COPY.cancelTitle}
      description={APPOINTMENT_COPY.cancelText}
      role="alertdialog"
      footer={
        <div className={css.actions}>
          <Button fullWidth loading={cancelling} onClick={() => actor.send({ type: 'appointment.confirmCancel' })}>
            {APPOINTMENT_COPY.confirmCancel}
          </Button>
          <Button
            variant="secondary"
            fullWidth
            disabled={cancelling}
            onClick={() => actor.send({ type: 'appointment.keep' })}
          >
            {APPOINTMENT_COPY.keep}
          </Button>
        </div>
      }
    />
  );
}

/** 'Rifiuti il nuovo orario?' (issue 27): declining the time offered cancels the appointment. */
function DeclineOfferDialog({ appointment }: { appointment: AppointmentRef }) {
  const actor = useAppActor();
  const open = useSelector(
    appointment,
    (snapshot) =>
      snapshot.matches({ ready: 'confirmingDeclineOffer' }) || snapshot.matches({ ready: 'decliningOffer' }),
  );
  const declining = useSelector(appointment, (snapshot) => snapshot.matches({ ready: 'decliningOffer' }));
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next || declining ? undefined : actor.send({ type: 'appointment.keep' }))}
      title={APPOINTMENT_COPY.declineOfferTitle}
      description={APPOINTMENT_COPY.declineOfferText}
      role="alertdialog"
      footer={
        <div className={css.actions}>
          <Button fullWidth loading={declining} onClick={() => actor.send({ type: 'appointment.confirmDeclineOffer' })}>
            {APPOINTMENT_COPY.confirmDeclineOffer}
          </Button>
          <Button
            variant="secondary"
            fullWidth
            disabled={declining}
            onClick={() => actor.send({ type: 'appointment.keep' })}
          >
            {APPOINTMENT_COPY.keepOffer}
          </Button>
        </div>
      }
    />
  );
}

/** Another time offered instead of the one she asked for (issue 27): she accepts it or declines it. */
function Offer({ appointment, busy }: { appointment: Appointment; busy: boolean }) {
  const actor = useAppActor();
  const asked = appointment.offeredInsteadOf;
  if (!asked) return null;
  return (
    <section className={css.card} aria-labelledby="offer-title" data-part="offer">
      <h2 id="offer-title" className={css.subtitle}>
        {APPOINTMENT_COPY.offerTitle}
      </h2>
      <dl className={css.details}>
        <div className={css.row}>
          <dt>{APPOINTMENT_COPY.offerAsked}</dt>
          <dd>{timesLabel(asked)}</dd>
        </div>
        <div className={css.row}>
          <dt>{APPOINTMENT_COPY.offerNew}</dt>
          <dd data-part="offered-time">{timesLabel(appointment)}</dd>
        </div>
      </dl>
      {appointment.answerBy ? (
        <p className={css.note}>
          {APPOINTMENT_COPY.offerAnswerBy(instantLabel(appointment.answerBy, appointment.timeZone))}
        </p>
      ) : null}
      <div className={css.actions}>
        <Button fullWidth loading={busy} onClick={() => actor.send({ type: 'appointment.acceptOffer' })}>
          {APPOINTMENT_COPY.acceptOffer}
        </Button>
        <Button
          variant="secondary"
          fullWidth
          disabled={busy}
          onClick={() => actor.send({ type: 'appointment.declineOffer' })}
        >
          {APPOINTMENT_COPY.declineOffer}
        </Button>
      </div>
    </section>
  );
}

/** The state, the end, the address and the professional, above the services of the card. */
function Details({ appointment }: { appointment: Appointment }) {
  return (
    <dl className={css.details}>
      <div className={css.row}>
        <dt>{APPOINTMENT_COPY.statusLabel}</dt>
        <dd data-part="status">{APPOINTMENT_COPY.status[appointment.status]}</dd>
      </div>
      {appointment.answerBy && !appointment.offeredInsteadOf ? (
        <div className={css.row}>
          <dt>{APPOINTMENT_COPY.answerByLabel}</dt>
          <dd data-part="answer-by">{instantLabel(appointment.answerBy, appointment.timeZone)}</dd>
        </div>
      ) : null}
      <div className={css.row}>
        <dt>{APPOINTMENT_COPY.until}</dt>
        <dd>{appointment.endTime}</dd>
      </div>
      <div className={css.row}>
        <dt>{APPOINTMENT_COPY.where}</dt>
        <dd>{appointment.location.address}</dd>
      </div>
      {appointment.professionalName ? (
        <div className={css.row}>
          <dt>{APPOINTMENT_COPY.professional}</dt>
          <dd>{appointment.professionalName}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** What she can do with it now: cancel and move while it is free, else ask on WhatsApp. */
function Actions({ appointment, busy }: { appointment: Appointment; busy: boolean }) {
  const actor = useAppActor();
  if (appointment.status === 'cancelled') {
    return (
      <>
        {appointment.declinedBecause ? (
          <p className={css.note} data-part="declined">
            {APPOINTMENT_COPY.declined} {appointment.declinedBecause}
          </p>
        ) : (
          <p className={css.note}>{APPOINTMENT_COPY.cancelled}</p>
        )}
        <div className={css.actions}>
          <KeepSearchLink to="/booking/location" className={buttonClassName('primary', { fullWidth: true })}>
            {APPOINTMENT_COPY.bookAgain}
          </KeepSearchLink>
        </div>
      </>
    );
  }
  const help = (
    <a
      className={buttonClassName('secondary', { fullWidth: true })}
      href={whatsappLink()}
      target="_blank"
      rel="noopener noreferrer"
    >
      {APPOINTMENT_COPY.whatsapp}
    </a>
  );
  return (
    <>
      <CheckboxField
        label={APPOINTMENT_COPY.reminder}
        description={APPOINTMENT_COPY.reminderNote}
        checked={appointment.twoHoursReminder}
        disabled={busy}
        onCheckedChange={(checked) => actor.send({ type: 'appointment.reminder', twoHoursBefore: checked })}
      />
      {appointment.cancellable ? (
        <>
          <p className={css.note}>{APPOINTMENT_COPY.freeUntil(deadlineLabel(appointment))}</p>
          {appointment.reschedulable ? null : <p className={css.note}>{APPOINTMENT_COPY.salottoByPhone}</p>}
          <div className={css.actions}>
            {appointment.reschedulable ? (
              <ManageAppointmentLink
                bookingId={appointment.id}
                reschedule
                className={buttonClassName('primary', { fullWidth: true })}
              >
                {APPOINTMENT_COPY.reschedule}
              </ManageAppointmentLink>
            ) : (
              help
            )}
            <Button
              variant="secondary"
              fullWidth
              disabled={busy}
              onClick={() => actor.send({ type: 'appointment.cancel' })}
            >
              {APPOINTMENT_COPY.cancel}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className={css.note}>{APPOINTMENT_COPY.tooLate}</p>
          <div className={css.actions}>{help}</div>
        </>
      )}
    </>
  );
}

/** A signed-in customer's way back to her personal area. */
function BackHome() {
  const signedIn = useAppSelector((snapshot) => snapshot.context.user !== null);
  return signedIn ? (
    <div className={css.actions}>
      <KeepSearchLink to="/" className={buttonClassName('link')}>
        {APPOINTMENT_COPY.backHome}
      </KeepSearchLink>
    </div>
  ) : null;
}

/** /appointments/:id (issue 16): the appointment, cancelling it, moving it, the optional reminder. */
export function AppointmentScreen() {
  const ref = useAppSelector(selectAppointment);
  const shown = useAppSelector((snapshot) => snapshot.context.screen === 'appointment');
  const view = useSelector(
    ref,
    (snapshot) => {
      if (!snapshot) return { state: 'loading' as const };
      if (snapshot.matches('failed')) return { state: 'failed' as const, message: snapshot.context.error };
      if (snapshot.matches('loading') || !snapshot.context.appointment) return { state: 'loading' as const };
      return {
        state: 'ready' as const,
        appointment: snapshot.context.appointment,
        busy: snapshot.hasTag('busy'),
      };
    },
    shallowEqual,
  );
  if (!shown || !ref) return null;
  return (
    <>
      <h1 className={css.title}>{APPOINTMENT_COPY.title}</h1>
      {view.state === 'loading' ? <ScreenSpinner label={APPOINTMENT_COPY.loading} /> : null}
      {view.state === 'failed' ? (
        <section className={css.card} role="alert">
          <h2 className={css.subtitle}>{APPOINTMENT_COPY.failedTitle}</h2>
          <p>{view.message}</p>
          <div className={css.actions}>
            <KeepSearchLink to="/booking/location" className={buttonClassName('primary', { fullWidth: true })}>
              {APPOINTMENT_COPY.bookAgain}
            </KeepSearchLink>
          </div>
        </section>
      ) : null}
      {view.state === 'ready' ? (
        <>
          <AppointmentCard
            booking={view.appointment}
            highlighted={view.appointment.status !== 'cancelled'}
            details={<Details appointment={view.appointment} />}
          />
          <Offer appointment={view.appointment} busy={view.busy} />
          <Actions appointment={view.appointment} busy={view.busy} />
          <BackHome />
          <CancelDialog appointment={ref} />
          <DeclineOfferDialog appointment={ref} />
        </>
      ) : null}
    </>
  );
}

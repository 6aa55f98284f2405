import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import {
  selectAppointment,
  selectReschedule,
  selectRescheduleSlots,
  type RescheduleRef,
} from '../../../machines/app/selectors';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { buttonClassName } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { DayPicker } from '../../components/day-picker';
import { SlotGrid, type SlotsView } from '../../components/slot-grid';
import { formatLongDate, fromApiDate } from '../../lib/format';
import { ManageAppointmentLink } from '../keep-search-link';
import { ScreenSpinner } from '../screen-spinner';
import * as css from '../screen.css';
import { APPOINTMENT_COPY } from './appointment-screen';

export const RESCHEDULE_COPY = {
  title: 'Scegli il nuovo orario',
  now: (day: string, time: string) => `Ora è ${day} alle ${time}.`,
  sameProfessional: (name: string | null) =>
    name ? `Con la stessa professionista (${name})` : 'Con la stessa professionista',
  anyProfessional: 'Se la togli, vedi gli orari di tutte le professioniste della tua zona.',
  back: 'TORNA ALL’APPUNTAMENTO',
  notReschedulable: 'Questo appuntamento non si può più spostare da qui.',
  samePrice: 'Il prezzo resta quello della tua prenotazione.',
} as const;

const NO_TIMES: never[] = [];

function Picker({ reschedule }: { reschedule: RescheduleRef }) {
  const actor = useAppActor();
  const today = useAppSelector((snapshot) => snapshot.context.today);
  const move = useSelector(reschedule, (snapshot) => snapshot.context);
  const slots = useSelector(reschedule, (snapshot) => selectRescheduleSlots(snapshot));
  const view = useSelector(slots, (snapshot) => (snapshot ? (snapshot.value.times as SlotsView) : 'loading'));
  const times = useSelector(slots, (snapshot) => snapshot?.context.times ?? NO_TIMES);
  return (
    <>
      <DayPicker
        today={today}
        value={move.date}
        onSelect={(date) => actor.send({ type: 'reschedule.date', date })}
        onClear={() => actor.send({ type: 'reschedule.clearDate' })}
      />
      <SlotGrid
        view={view}
        times={times}
        selected={move.availableTime}
        onSelect={(availableTime) => actor.send({ type: 'reschedule.time', availableTime })}
        showSupplements={false}
      />
      <p className={css.note}>{RESCHEDULE_COPY.samePrice}</p>
    </>
  );
}

/**
 * /appointments/:id/reschedule (issue 16): the wizard's day picker and slot grid for the same
 * address and services; the footer's SPOSTA QUI (the form's submit) moves it.
 */
export function RescheduleScreen() {
  const actor = useAppActor();
  const shown = useAppSelector((snapshot) => snapshot.context.screen === 'appointmentReschedule');
  const appointmentRef = useAppSelector(selectAppointment);
  const reschedule = useAppSelector(selectReschedule);
  const appointment = useSelector(appointmentRef, (snapshot) => snapshot?.context.appointment ?? null);
  const failed = useSelector(appointmentRef, (snapshot) => snapshot?.matches('failed') === true);
  const keep = useSelector(reschedule, (snapshot) => snapshot?.context.keepProfessional ?? true);
  if (!shown || !reschedule) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'reschedule.confirm' });
  };

  const back = (
    <div className={css.actions}>
      {appointment ? (
        <ManageAppointmentLink bookingId={appointment.id} className={buttonClassName('link')}>
          {RESCHEDULE_COPY.back}
        </ManageAppointmentLink>
      ) : null}
    </div>
  );

  return (
    <>
      <h1 className={css.title}>{RESCHEDULE_COPY.title}</h1>
      {appointment === null && !failed ? <ScreenSpinner label={APPOINTMENT_COPY.loading} /> : null}
      {failed || (appointment !== null && !appointment.reschedulable) ? (
        <>
          <p className={css.card} role="alert">
            {RESCHEDULE_COPY.notReschedulable}
          </p>
          {back}
        </>
      ) : null}
      {appointment?.reschedulable ? (
        <form id="app-form" noValidate onSubmit={submit} aria-label={RESCHEDULE_COPY.title}>
          <p className={css.lead}>
            {RESCHEDULE_COPY.now(formatLongDate(fromApiDate(appointment.date)), appointment.startTime)}
          </p>
          {appointment.professionalName ? (
            <CheckboxField
              label={RESCHEDULE_COPY.sameProfessional(appointment.professionalName)}
              description={keep ? undefined : RESCHEDULE_COPY.anyProfessional}
              checked={keep}
              onCheckedChange={(checked) => actor.send({ type: 'reschedule.keepProfessional', keep: checked })}
            />
          ) : null}
          <Picker reschedule={reschedule} />
          {back}
        </form>
      ) : null}
    </>
  );
}

import { useSelector } from '@xstate/react';
import { selectDraft, selectSlots, selectWaitlist } from '../../../machines/app/selectors';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { Button } from '../../components/button';
import { ConfirmationModal } from './confirmation-modal';
import { WaitlistDialog } from './waitlist-dialog';
import { DayPicker } from '../../components/day-picker';
import { FILTER_COPY, ProviderFilterDialog } from './provider-filter-dialog';
import { SlotGrid, type SlotsView } from '../../components/slot-grid';
import * as css from './steps.css';
import { CloseButton } from '../../components/close-button';

export const DATA_COPY = {
  chosenProvider: 'Professionista',
  removeProvider: 'Rimuovi il filtro professionista',
} as const;

const NO_TIMES: never[] = [];

/** The data step (SPEC §2, §4): day picker, slots, professional filter, confirmation modal. */
export function DataStep() {
  const actor = useAppActor();
  const today = useAppSelector((snapshot) => snapshot.context.today);
  const draft = useAppSelector(selectDraft);
  const slots = useAppSelector(selectSlots);
  const view = useSelector(slots, (snapshot) =>
    snapshot ? (snapshot.value.times as SlotsView) : ('loading' as SlotsView),
  );
  const times = useSelector(slots, (snapshot) => snapshot?.context.times ?? NO_TIMES);
  const providers = useSelector(slots, (snapshot) => snapshot?.context.providers ?? NO_TIMES);
  const provider = providers.find((p) => p._id === draft.providerId);
  const waitlist = useAppSelector(selectWaitlist);

  return (
    <>
      <DayPicker
        today={today}
        value={draft.date}
        onSelect={(date) => actor.send({ type: 'date.set', date })}
        onClear={() => actor.send({ type: 'date.clear' })}
      />
      <div className={css.toolbar}>
        <Button variant="secondary" onClick={() => actor.send({ type: 'providerFilter.open' })}>
          {FILTER_COPY.open}
        </Button>
        {draft.providerId ? (
          <span className={css.chip}>
            {provider ? `${provider.firstName} ${provider.lastName}` : DATA_COPY.chosenProvider}
            <CloseButton
              label={DATA_COPY.removeProvider}
              analyticsLabel="rimuovi_professionista"
              onClick={() => actor.send({ type: 'provider.clear' })}
              iconSize={18}
            />
          </span>
        ) : null}
      </div>
      <SlotGrid
        view={view}
        times={times}
        selected={draft.availableTime}
        onSelect={(availableTime) => actor.send({ type: 'time.set', availableTime })}
        onWaitlist={() => actor.send({ type: 'waitlist.open' })}
      />
      {slots ? <ProviderFilterDialog slots={slots} /> : null}
      {waitlist ? <WaitlistDialog key={waitlist.id} dialog={waitlist} /> : null}
      <ConfirmationModal />
    </>
  );
}

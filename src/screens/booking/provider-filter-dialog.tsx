import { useSelector } from '@xstate/react';
import type { Provider } from '../../../contract/provider';
import { averageLabel } from '../../../contract/rating';
import type { SlotsRef } from '../../../machines/app/selectors';
import { useAppActor } from '../../app/actor-context';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { RadioCards } from '../../components/radio-cards';
import { Spinner } from '../../components/spinner';
import * as screen from '../screen.css';

export const FILTER_COPY = {
  open: 'Filtra professionista',
  title: 'Mostra solo le disponibilità di:',
  note: 'Puoi filtrare solo i professionisti che hai già incontrato.',
  none: 'Non hai ancora incontrato nessun professionista.',
  loading: 'Caricamento professionisti',
  close: 'CHIUDI',
  apply: 'APPLICA FILTRO',
  /** Issue 29: her standing beside her name ('Nuova' below RATING_AVERAGE_FROM ratings). */
  average: (average: string) => `★ ${average}`,
  count: (count: number) => `(${count})`,
  standing: (average: string, count: number) =>
    `Valutazione media ${average} su 5, ${count} ${count === 1 ? 'valutazione' : 'valutazioni'}`,
  new: 'Nuova',
} as const;

/** Issue 29: '★ 4,3 (12)' (read 'Valutazione media 4,3 su 5, 12 valutazioni'), or 'Nuova'. */
function Standing({ rating }: { rating: NonNullable<Provider['rating']> }) {
  if (rating.average === null) return <span data-part="standing">{FILTER_COPY.new}</span>;
  const average = averageLabel(rating.average);
  return (
    <span role="img" aria-label={FILTER_COPY.standing(average, rating.count)} data-part="standing">
      <span>{FILTER_COPY.average(average)}</span> <span>{FILTER_COPY.count(rating.count)}</span>
    </span>
  );
}

/** 'Filtra professionista' (SPEC §2, §6): only professionals the customer already met. */
export function ProviderFilterDialog({ slots }: { slots: SlotsRef }) {
  const actor = useAppActor();
  const view = useSelector(slots, (snapshot) => ({
    open: snapshot.matches({ filter: 'open' }),
    loading: snapshot.matches({ filter: { open: 'loading' } }),
    providers: snapshot.context.providers,
    choice: snapshot.context.choice,
  }));
  return (
    <Dialog
      open={view.open}
      onOpenChange={(next) => (next ? undefined : actor.send({ type: 'providerFilter.close' }))}
      title={FILTER_COPY.title}
      description={FILTER_COPY.note}
      closeLabel={FILTER_COPY.close}
      footer={
        <div className={screen.actions}>
          <Button
            fullWidth
            disabled={view.choice === null}
            onClick={() => actor.send({ type: 'providerFilter.apply' })}
          >
            {FILTER_COPY.apply}
          </Button>
          <Button variant="secondary" fullWidth onClick={() => actor.send({ type: 'providerFilter.close' })}>
            {FILTER_COPY.close}
          </Button>
        </div>
      }
    >
      {view.loading ? (
        <div className={screen.center}>
          <Spinner label={FILTER_COPY.loading} />
        </div>
      ) : view.providers.length === 0 ? (
        <p className={screen.note}>{FILTER_COPY.none}</p>
      ) : (
        <RadioCards
          label={FILTER_COPY.title}
          hideLabel
          analyticsLabel="professionista"
          value={view.choice ?? ''}
          onValueChange={(providerId) =>
            providerId ? actor.send({ type: 'providerFilter.select', providerId }) : undefined
          }
          options={view.providers.map((provider) => ({
            value: provider._id,
            label: `${provider.firstName} ${provider.lastName}`,
            ...(provider.rating ? { aside: <Standing rating={provider.rating} /> } : {}),
          }))}
        />
      )}
    </Dialog>
  );
}

import { useEffect, useId, useRef } from 'react';
import { selectDraft, selectServices, selectUpsell } from '../../../machines/app/selectors';
import { useSelector } from '@xstate/react';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { RadioCards } from '../../components/radio-cards';
import { groupOptions, priceLabel } from './service-step';
import * as css from './steps.css';
import { CloseButton } from '../../components/close-button';

export const UPSELL_COPY = { title: 'Specifica le tue preferenze', close: 'Chiudi' } as const;

/**
 * The upsell box (SPEC §2, §4): the options of one variant group, above the footer. The machine
 * decides when it shows: it stays up during the 100 ms after the route leaves /service.
 */
export function UpsellBox() {
  const actor = useAppActor();
  const upsell = useAppSelector(selectUpsell);
  const view = useSelector(upsell, (snapshot) =>
    snapshot && (snapshot.matches('open') || snapshot.matches('closing')) ? snapshot.context.groupId : null,
  );
  const list = useAppSelector(selectServices);
  const draft = useAppSelector(selectDraft);
  const box = useRef<HTMLElement>(null);
  const titleId = useId();

  const open = view !== null;
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target || box.current?.contains(target)) return;
      // Another group's 'Scegli altre opzioni' swaps the box (close, then reopen after 100 ms).
      if (target.closest('[data-upsell-trigger]')) return;
      actor.send({ type: 'upsell.close' });
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, actor]);

  const options = view === null ? [] : groupOptions(list, view);
  // SPEC §2: only for a group with more than one option.
  if (view === null || options.length < 2) return null;
  const chosen = [draft.services.primaryService, ...draft.services.secondaryServices].find(
    (service) => service?._group_id === view,
  );
  return (
    <section ref={box} className={css.upsell} role="region" aria-labelledby={titleId}>
      <div className={css.upsellHeader}>
        <h2 id={titleId} className={css.upsellTitle}>
          {UPSELL_COPY.title}
        </h2>
        <CloseButton
          label={UPSELL_COPY.close}
          analyticsLabel="chiudi"
          onClick={() => actor.send({ type: 'upsell.close' })}
        />
      </div>
      <RadioCards
        label={UPSELL_COPY.title}
        hideLabel
        analyticsLabel="opzione_upsell"
        value={chosen?.id ?? ''}
        onValueChange={(id) => {
          const service = options.find((option) => option.id === id);
          if (!service) return;
          // A variant of a main item not chosen yet: choose the item first, so the variant replaces it.
          const inMain = (list?.mainServices?.sections ?? []).some((section) =>
            section.items.some((item) => item.services.some((s) => s.id === id)),
          );
          if (inMain && draft.services.primaryService?._group_id !== view)
            actor.send({ type: 'service.selectMain', service });
          actor.send({ type: 'upsell.choose', groupId: view, service });
        }}
        options={options.map((option) => ({
          value: option.id,
          label: option.name,
          aside: <span className={css.price}>{priceLabel(option)}</span>,
        }))}
      />
    </section>
  );
}

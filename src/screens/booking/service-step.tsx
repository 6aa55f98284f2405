import type { ReactNode } from 'react';
import { useLocation } from '@tanstack/react-router';
import { CATEGORIES, CATEGORY_TITLES, LIMITS, type Category } from '../../../contract/constants';
import type { Service, ServiceItem, ServiceList, ServiceSection } from '../../../contract/service';
import { selectDraft, selectServiceLoad, selectServices } from '../../../machines/app/selectors';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { RadioCards } from '../../components/radio-cards';
import { formatDuration, formatPrice } from '../../lib/format-numbers';
import { whatsappLink } from '../../lib/whatsapp';
import * as css from './steps.css';
import * as placeholder from '../../components/placeholder.css';
import * as screen from '../screen.css';

export const SERVICE_COPY = {
  loading: 'Caricamento servizi...',
  failed: 'Non siamo riusciti a caricare i servizi.',
  retry: 'RIPROVA',
  moreOptions: 'Scegli altre opzioni',
  notFound: 'Non ho trovato quello che cercavo',
  notFoundTopic: 'Non ho trovato il servizio che cercavo.',
} as const;

/** `€ 25,00`, or `da € 25,00` when the price is a starting price (SPEC §2). */
export const priceLabel = (service: Pick<Service, 'price' | 'priceStartingFrom'>): string =>
  `${service.priceStartingFrom ? 'da ' : ''}${formatPrice(service.price)}`;

/** Every option of a variant group in the list (the item that holds them, else any service sharing the id). */
export function groupOptions(list: ServiceList | null, groupId: string): Service[] {
  const sections = [...(list?.mainServices?.sections ?? []), ...(list?.secondaryServices?.sections ?? [])];
  const options: Service[] = [];
  for (const section of sections)
    for (const item of section.items)
      for (const service of item.services)
        if (service._group_id === groupId && !options.some((o) => o.id === service.id)) options.push(service);
  return options;
}

/**
 * SPEC §2: the upsell box is for a group with more than one option, and it offers the options the
 * list holds: a service flagged `hasVariants` whose list holds it alone has nothing to offer there.
 */
export const isVariantGroup = (list: ServiceList | null, service: Service): boolean =>
  service._group_id !== null && groupOptions(list, service._group_id).length > 1;

/** The service an item stands for: the variant already chosen, else its first. */
function shownService(item: ServiceItem, chosen: readonly Service[]): Service | undefined {
  return item.services.find((s) => chosen.some((c) => c.id === s.id)) ?? item.services[0];
}

function ServiceSkeletons() {
  return (
    <div role="status" aria-live="polite">
      <p className={screen.note}>{SERVICE_COPY.loading}</p>
      <div className={css.skeletonList} aria-hidden="true">
        {Array.from({ length: LIMITS.serviceSkeletons }, (_, index) => (
          <div key={index} className={placeholder.skeleton} data-testid="service-skeleton" />
        ))}
      </div>
    </div>
  );
}

interface SectionProps {
  section: ServiceSection;
  role: 'main' | 'secondary';
  list: ServiceList;
  disabled: boolean;
}

function ServiceDetails({ service, list, onMore }: { service: Service; list: ServiceList; onMore: () => void }) {
  return (
    <>
      <span className={css.meta}>{formatDuration(service.durationMM)}</span>
      {service.description ? <span className={css.meta}>{service.description}</span> : null}
      {isVariantGroup(list, service) ? (
        <button
          type="button"
          className={css.moreOptions}
          data-upsell-trigger=""
          data-analytics-label="altre_opzioni"
          onClick={(event) => {
            // Inside the option's label: the click must not also pick the option.
            event.preventDefault();
            event.stopPropagation();
            onMore();
          }}
        >
          {SERVICE_COPY.moreOptions}
        </button>
      ) : null}
    </>
  );
}

function Section({ section, role, list, disabled }: SectionProps) {
  const actor = useAppActor();
  const draft = useAppSelector(selectDraft);
  const chosen =
    role === 'main'
      ? [draft.services.primaryService].filter((s): s is Service => s !== null)
      : draft.services.secondaryServices;
  const items = section.items
    .map((item) => ({ item, service: shownService(item, chosen) }))
    .filter((entry): entry is { item: ServiceItem; service: Service } => entry.service !== undefined);
  const openUpsell = (service: Service) =>
    service._group_id ? actor.send({ type: 'upsell.open', groupId: service._group_id }) : undefined;
  const title = section.title ?? null;
  // Salotto lists name their sections by category key (docs/machines/README.md).
  const heading: ReactNode =
    title !== null && (CATEGORIES as readonly string[]).includes(title) ? CATEGORY_TITLES[title as Category] : title;

  if (section.itemType === 'radio') {
    const selected = items.find(({ item }) => item.services.some((s) => chosen.some((c) => c.id === s.id)));
    const pick = (itemId: string) => {
      const entry = items.find(({ item }) => item.id === itemId);
      if (!entry) return;
      if (role === 'main') actor.send({ type: 'service.selectMain', service: entry.service });
      else
        actor.send({
          type: 'service.pickSecondary',
          service: entry.service,
          group: items.flatMap(({ item }) => item.services.map((s) => s.id)),
        });
    };
    return (
      <RadioCards
        label={heading ?? list[role === 'main' ? 'mainServices' : 'secondaryServices']?.title ?? ''}
        hideLabel={heading === null}
        disabled={disabled}
        value={selected?.item.id ?? ''}
        onValueChange={(value) => (value ? pick(value) : undefined)}
        analyticsLabel="servizio"
        options={items.map(({ item, service }) => ({
          value: item.id,
          label: service.name,
          description: <ServiceDetails service={service} list={list} onMore={() => openUpsell(service)} />,
          aside: <span className={css.price}>{priceLabel(service)}</span>,
        }))}
      />
    );
  }
  return (
    <fieldset className={`${screen.form} ${css.positioned}`} disabled={disabled}>
      <legend className={heading === null ? css.meta : css.sectionTitle} hidden={heading === null}>
        {heading}
      </legend>
      {items.map(({ item, service }) => (
        <div key={item.id} className={css.checkboxRow}>
          <CheckboxField
            label={service.name}
            checked={chosen.some((c) => c.id === service.id)}
            disabled={disabled}
            onCheckedChange={() => actor.send({ type: 'service.toggleSecondary', service })}
            analyticsLabel="servizio"
            description={<ServiceDetails service={service} list={list} onMore={() => openUpsell(service)} />}
          />
          <span className={css.price}>{priceLabel(service)}</span>
        </div>
      ))}
    </fieldset>
  );
}

/** The service step (SPEC §2, §4, §5): main and secondary services, variants, WhatsApp help. */
export function ServiceStep() {
  const actor = useAppActor();
  const load = useAppSelector(selectServiceLoad);
  const list = useAppSelector(selectServices);
  const hasPrimary = useAppSelector((snapshot) => snapshot.context.draft.services.primaryService !== null);
  // The visit's utm_source picks the help line's tracking code (SPEC §1), as the header's help does.
  const search = useLocation({ select: (location) => location.searchStr });

  if (load === 'loading') return <ServiceSkeletons />;
  if (load === 'failed' || !list)
    return (
      <div className={placeholder.empty} role="alert">
        <p className={placeholder.emptyTitle}>{SERVICE_COPY.failed}</p>
        <Button variant="secondary" onClick={() => actor.send({ type: 'services.retry' })}>
          {SERVICE_COPY.retry}
        </Button>
      </div>
    );

  const mainExist = (list.mainServices?.sections ?? []).some((section) => section.items.length > 0);
  const groups = [
    { role: 'main' as const, group: list.mainServices, disabled: false },
    { role: 'secondary' as const, group: list.secondaryServices, disabled: mainExist && !hasPrimary },
  ];
  return (
    <>
      {groups.map(({ role, group, disabled }) =>
        group && group.sections.some((section) => section.items.length > 0) ? (
          <section key={role} className={css.group} aria-labelledby={`services-${role}`}>
            <h2 id={`services-${role}`} className={css.groupTitle}>
              {group.title}
            </h2>
            {group.sections.map((section, index) => (
              <Section
                key={`${section.title ?? ''}-${index}`}
                section={section}
                role={role}
                list={list}
                disabled={disabled}
              />
            ))}
          </section>
        ) : null,
      )}
      <div className={css.help}>
        <Button
          variant="secondary"
          fullWidth
          onClick={() => window.open(whatsappLink({ search, topic: SERVICE_COPY.notFoundTopic }), '_blank', 'noopener')}
        >
          {SERVICE_COPY.notFound}
        </Button>
      </div>
    </>
  );
}

import { PRODUCT } from '../../../contract/constants';
import { selectDraft, selectOrderTotal } from '../../../machines/app/selectors';
import { useAppSelector } from '../../app/actor-context';
import { formatPrice } from '../../lib/format';
import * as css from './steps.css';
import * as screen from '../screen.css';

export const SUMMARY_COPY = {
  title: 'Riepilogo',
  fee: `Fee ${PRODUCT}`,
  supplement: 'Supplemento fascia oraria',
  discount: 'Sconto',
  total: 'Totale',
} as const;

/** The recap card of the checkout (SPEC §2, §9). */
export function OrderSummary() {
  const draft = useAppSelector(selectDraft);
  const total = useAppSelector(selectOrderTotal);
  const { primaryService, secondaryServices, includedService } = draft.services;
  const services = [primaryService, includedService, ...secondaryServices].filter(
    (service, index, all): service is NonNullable<typeof service> =>
      service !== null && all.findIndex((s) => s?.id === service.id) === index,
  );
  const fee = Number(draft.availableTime?.serviceFee ?? 0);
  const supplement = draft.availableTime?.supplement ?? 0;
  return (
    <section className={screen.card} aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className={css.groupTitle}>
        {SUMMARY_COPY.title}
      </h2>
      <ul className={screen.list}>
        {services.map((service) => (
          <li key={service.id} className={css.summaryLine}>
            <span>{service.name}</span>
            <span>
              {service.id === includedService?.id && service !== primaryService
                ? formatPrice(0)
                : formatPrice(service.price)}
            </span>
          </li>
        ))}
        <li className={css.summaryLine}>
          <span>{SUMMARY_COPY.fee}</span>
          <span>
            {Number.isFinite(fee) && fee > 0 ? (
              <s className={css.strike} aria-label={`invece di ${formatPrice(fee)}`}>
                {formatPrice(fee)}
              </s>
            ) : null}
            {formatPrice(0)}
          </span>
        </li>
        {supplement > 0 ? (
          <li className={css.summaryLine}>
            <span>{SUMMARY_COPY.supplement}</span>
            <span>{formatPrice(supplement)}</span>
          </li>
        ) : null}
        {draft.couponCodeDiscount > 0 ? (
          <li className={css.summaryLine}>
            <span>{SUMMARY_COPY.discount}</span>
            <span>{formatPrice(-draft.couponCodeDiscount)}</span>
          </li>
        ) : null}
        <li className={css.summaryTotal}>
          <span>{SUMMARY_COPY.total}</span>
          <span data-testid="order-total">{formatPrice(total)}</span>
        </li>
      </ul>
    </section>
  );
}

import { useSelector } from '@xstate/react';
import { selectCoupon } from '../../../machines/app/selectors';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { TextField } from '../../components/text-field';
import * as css from './steps.css';

export const COUPON_COPY = {
  enable: 'Hai un codice promozionale o una gift card?',
  field: 'Codice promozionale o gift card',
  apply: 'APPLICA',
  remove: 'Rimuovi',
} as const;

export interface CouponView {
  state: 'off' | 'on' | 'applying' | 'applied' | 'removed';
  code: string;
  error: string | null;
}

const OFF: CouponView = { state: 'off', code: '', error: null };

/** The coupon child's state, for the block and for the checkout form's values. */
export function useCouponView(): CouponView {
  const coupon = useAppSelector(selectCoupon);
  return useSelector(
    coupon,
    (snapshot) =>
      snapshot
        ? { state: snapshot.value as CouponView['state'], code: snapshot.context.code, error: snapshot.context.error }
        : OFF,
    (a, b) => a.state === b.state && a.code === b.code && a.error === b.error,
  );
}

/** Promo code / gift card (SPEC §4, §5): the box shows the field; applied locks it. */
export function CouponBlock({ error }: { error?: string | null }) {
  const actor = useAppActor();
  const view = useCouponView();
  const enabled = view.state !== 'off';
  const applied = view.state === 'applied';
  return (
    <div>
      <CheckboxField
        label={COUPON_COPY.enable}
        checked={enabled}
        onCheckedChange={(checked) => actor.send({ type: checked ? 'coupon.enable' : 'coupon.disable' })}
      />
      {enabled ? (
        <div className={css.couponRow}>
          <TextField
            id="checkout-couponCode"
            className={css.couponField}
            label={COUPON_COPY.field}
            name="couponCode"
            autoComplete="off"
            value={view.code}
            readOnly={applied || view.state === 'applying'}
            error={view.error ?? error}
            onChange={(event) => actor.send({ type: 'coupon.input', code: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                // Enter applies the code instead of submitting the booking.
                event.preventDefault();
                if (view.code.trim() && !applied) actor.send({ type: 'coupon.apply' });
              }
            }}
          />
          <Button
            variant="secondary"
            className={css.couponButton}
            disabled={applied || view.code.trim().length < 1}
            loading={view.state === 'applying'}
            onClick={() => actor.send({ type: 'coupon.apply' })}
          >
            {COUPON_COPY.apply}
          </Button>
        </div>
      ) : null}
      {applied ? (
        <Button variant="link" onClick={() => actor.send({ type: 'coupon.remove' })}>
          {COUPON_COPY.remove}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Promo code / gift card block of the checkout (SPEC §4, §5, §8): off → on (the field shows)
 * → applying → applied (field locked, Rimuovi shown) → removed (discount 0, field emptied).
 * Unticking the box removes the code too. The server's message shows under the field.
 */
import { assertEvent, assign, sendParent, setup } from 'xstate';
import type { CouponService } from '../../contract/booking';
import { MESSAGES } from '../../contract/messages';
import { messageOf, notProvided, type ToastParams } from '../shared/effects';
import { eventTypes } from '../shared/forward';
import type { Draft } from '../shared/draft';

export interface CouponContext {
  draft: Draft;
  code: string;
  /** Under the field: '*Campo richiesto' or the server's message. */
  error: string | null;
}

export type CouponEvent =
  | { type: 'coupon.enable' }
  | { type: 'coupon.disable' }
  | { type: 'coupon.input'; code: string }
  | { type: 'coupon.apply' }
  | { type: 'coupon.remove' };

export const COUPON_EVENTS = eventTypes<CouponEvent>()(
  'coupon.enable',
  'coupon.disable',
  'coupon.input',
  'coupon.apply',
  'coupon.remove',
);

export interface CouponCheckResult {
  discount: number;
  services: CouponService[];
}

export const couponMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; xstate reads none of them at run time (docs/testing.md)
  types: {
    context: {} as CouponContext,
    events: {} as CouponEvent,
    input: {} as { draft: Draft },
  },
  actors: {
    checkCoupon: notProvided<CouponCheckResult, { code: string; draft: Draft }>('checkCoupon'),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    setCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'coupon.input');
        return event.code;
      },
      error: null,
    }),
    clearCode: assign({ code: '', error: null }),
    requireCode: assign({ error: MESSAGES.required }),
    storeError: assign({ error: (_, params: { message: string }) => params.message }),
    notifyApplied: sendParent((_, params: CouponCheckResult) => ({ type: 'coupon.applied', ...params })),
    notifyRemoved: sendParent({ type: 'coupon.removed' }),
  },
  guards: {
    codeBlank: ({ context }) => context.code.trim() === '',
  },
}).createMachine({
  id: 'coupon',
  context: ({ input }) => ({ draft: input.draft, code: '', error: null }),
  initial: 'off',
  states: {
    off: {
      on: { 'coupon.enable': 'on' },
    },
    on: {
      on: {
        'coupon.input': { actions: 'setCode' },
        'coupon.apply': [{ guard: 'codeBlank', actions: 'requireCode' }, { target: 'applying' }],
        'coupon.disable': { target: 'off', actions: 'clearCode' },
      },
    },
    // The block reads the state's name (the field is read-only while applying), so no tag is needed.
    applying: {
      // The box unticked while the code is checked (an impatient press): off, and the answer unheard.
      on: { 'coupon.disable': { target: 'off', actions: 'clearCode' } },
      invoke: {
        src: 'checkCoupon',
        input: ({ context }) => ({ code: context.code.trim(), draft: context.draft }),
        onDone: {
          target: 'applied',
          actions: [
            { type: 'notifyApplied', params: ({ event }) => event.output },
            { type: 'showToast', params: { type: 'success', title: MESSAGES.couponAdded } },
          ],
        },
        onError: {
          target: 'on',
          actions: { type: 'storeError', params: ({ event }) => ({ message: messageOf(event.error) }) },
        },
      },
    },
    applied: {
      on: {
        'coupon.remove': { target: 'removed', actions: ['clearCode', 'notifyRemoved'] },
        'coupon.disable': { target: 'off', actions: ['clearCode', 'notifyRemoved'] },
      },
    },
    removed: {
      on: {
        'coupon.input': { target: 'on', actions: 'setCode' },
        'coupon.apply': { actions: 'requireCode' },
        'coupon.disable': { target: 'off', actions: 'clearCode' },
      },
    },
  },
});

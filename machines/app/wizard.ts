/**
 * The booking wizard region (SPEC §2, §4, §5): shared first steps, then one compound state per
 * flow whose children are the child steps. Every step has `meta.path`, the tag `step` and an id
 * equal to its URL segment(s). `step.next` is refused with SPEC §5's message while the step is
 * incomplete; `route.changed` lands on the asked step or the first incomplete one.
 */
import { assertEvent } from 'xstate';
import { FLOWS, type Flow } from '../../contract/constants';
import { ALL_STEPS, pathOfStep, type StepId } from '../shared/draft';
import { DIALOG_TAG, popup } from '../shared/effects';
import { ADDRESS_PICKER_EVENTS } from '../address-picker/machine';
import { CONFIRMATION_EVENTS } from '../confirmation/machine';
import { COUPON_EVENTS } from '../coupon/machine';
import { OUT_OF_ZONE_EVENTS } from '../out-of-zone/machine';
import { PROVIDER_FILTER_EVENTS } from '../slots/machine';
import { WAITLIST_EVENTS } from '../waitlist/machine';
import { forward, lookupWaitEnds } from '../shared/forward';
import type { AppEvent } from './events';
import { appSetup, bookingRequest } from './setup';

/** Issue 28: why her time is no longer hers, said as the step shows the day's times. */
const sayHoldLost = {
  type: 'showToast',
  params: ({ event }: { event: AppEvent }) => {
    assertEvent(event, 'hold.lost');
    return { type: 'warning', title: event.message } as const;
  },
} as const;

const enter = (step: StepId) => ({ type: 'enterStep', params: { step } }) as const;

/** The refusal that comes first in every `step.next`. */
const refuseIfInvalid = (step: StepId) =>
  ({
    guard: { type: 'stepInvalid', params: { step } },
    actions: { type: 'refuseStep', params: { step } },
  }) as const;

const toFlow = (flow: Flow, target: string) => ({ guard: { type: 'flowIs', params: { flow } }, target }) as const;

const stepBase = (step: StepId) => ({
  id: step,
  tags: ['step'] as const,
  meta: { path: pathOfStep(step) },
});

const serviceStep = (flow: Flow, back: string, next: string) =>
  appSetup.createStateConfig({
    ...stepBase(`${flow}-service`),
    entry: [enter(`${flow}-service`), 'resetDate', 'forgetServices'],
    exit: 'leaveUpsell',
    initial: 'loading',
    on: {
      'service.selectMain': { actions: 'selectMain' },
      'service.include': { actions: 'includeService' },
      'service.pickSecondary': { actions: 'pickSecondary' },
      'service.addSecondary': { actions: 'addSecondary' },
      'service.removeSecondary': { actions: 'removeSecondary' },
      'service.toggleSecondary': { actions: 'toggleSecondary' },
      'service.clearExtras': { actions: 'clearExtras' },
      'upsell.open': { actions: 'forwardToUpsell' },
      'upsell.close': { actions: 'forwardToUpsell' },
      'upsell.choose': { actions: ['chooseUpsell', 'forwardToUpsell'] },
      'step.back': { target: back },
    },
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          src: 'loadServices',
          input: ({ context }) => ({ draft: context.draft, flow }),
          onDone: {
            target: 'ready',
            actions: { type: 'storeServices', params: ({ event }) => ({ services: event.output }) },
          },
          onError: {
            target: 'failed',
            actions: {
              type: 'showToast',
              params: ({ event }) => ({ type: 'error', title: errorMessage(event.error) }),
            },
          },
        },
      },
      ready: {
        on: { 'step.next': [refuseIfInvalid(`${flow}-service`), { target: next }] },
      },
      failed: {
        on: {
          'services.retry': 'loading',
          // SPEC §4 'Next button: the flow validates; errors show as a toast': with nothing chosen the
          // step's refusal; with her services already chosen (a reload) the list asked again, since
          // without it they cannot be checked (a salotto's categories come from the list).
          'step.next': [
            { guard: 'noServiceChosen', actions: { type: 'refuseStep', params: { step: `${flow}-service` } } },
            { target: 'loading' },
          ],
        },
      },
    },
  });

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const detailsStep = (flow: 'beauty' | 'make-up' | 'salotto') =>
  appSetup.createStateConfig({
    ...stepBase(`${flow}-details`),
    entry: enter(`${flow}-details`),
    on: {
      'details.notes': { actions: 'setNotes' },
      'step.next': { target: `#${flow}-data` },
      'step.back': { target: `#${flow}-service` },
    },
  });

const dataStep = (flow: Flow, back: string) =>
  appSetup.createStateConfig({
    ...stepBase(`${flow}-data`),
    entry: enter(`${flow}-data`),
    invoke: {
      src: 'slots',
      id: 'slots',
      input: ({ context }) => ({ request: bookingRequest(context.draft), userId: context.user?.id ?? null }),
    },
    initial: 'picking',
    on: {
      'date.set': [{ guard: 'dateInPast' }, { actions: ['setDate', 'tellSlotsDraft'] }],
      'date.clear': { actions: ['clearDate', 'tellSlotsDraft'] },
      'time.set': { actions: 'setTime' },
      'provider.set': { actions: ['setProvider', 'tellSlotsDraft'] },
      'provider.clear': { actions: ['clearProvider', 'tellSlotsDraft'] },
      ...forward('forwardToSlots', ...PROVIDER_FILTER_EVENTS),
      // SPEC §4: back from the date step resets the date to today and clears the time.
      'step.back': { target: back, actions: 'resetDate' },
      // Issue 28: the time she picked was taken, or its hold lapsed: the day's times again.
      'hold.lost': { target: '.picking', actions: [sayHoldLost, 'tellSlotsDraft'] },
    },
    states: {
      picking: {
        on: {
          // Forward (or a typed URL) to checkout from this step with a time to confirm: the modal.
          'route.changed': {
            guard: { type: 'routeSkipsConfirmation', params: { flow } },
            target: 'confirming',
          },
          'step.next': [
            refuseIfInvalid(`${flow}-data`),
            { guard: 'needsConfirmation', target: 'confirming' },
            { target: `#${flow}-checkout` },
          ],
          // Shown on a sold-out day only ('Prova a guardare un altro giorno!').
          'waitlist.open': 'waitlisting',
        },
      },
      /** The waitlist dialog of a sold-out day (issue 16): its child machine, then back to picking. */
      waitlisting: {
        invoke: {
          src: 'waitlist',
          id: 'waitlist',
          input: ({ context }) => ({
            email: context.user?.email ?? null,
            draft: context.draft,
            services: context.services,
          }),
          onDone: 'picking',
        },
        on: forward('forwardToWaitlist', ...WAITLIST_EVENTS),
      },
      confirming: {
        invoke: {
          src: 'confirmation',
          id: 'confirmation',
          onDone: [
            {
              guard: { type: 'confirmed', params: ({ event }) => ({ confirmed: event.output.confirmed }) },
              target: `#${flow}-checkout`,
              actions: 'rememberConfirmedTime',
            },
            { target: 'picking' },
          ],
        },
        on: forward('forwardToConfirmation', ...CONFIRMATION_EVENTS),
      },
    },
  });

const checkoutStep = (flow: Flow) =>
  appSetup.createStateConfig({
    ...stepBase(`${flow}-checkout`),
    // SPEC §4: back from checkout resets the coupon discount, whichever way she leaves it (INDIETRO,
    // the browser's Back, a typed URL): the promo box starts off when checkout shows again, and so
    // does the discount (issue 25). A page load starts without one too (context.ts createContext).
    entry: enter(`${flow}-checkout`),
    exit: 'resetCoupon',
    invoke: [
      { src: 'coupon', id: 'coupon', input: ({ context }) => ({ draft: context.draft }) },
      {
        src: 'checkout',
        id: 'checkoutSubmission',
        input: ({ context }) => ({ draft: context.draft }),
        onDone: '.completed',
      },
    ],
    initial: 'editing',
    on: {
      ...forward('forwardToCoupon', ...COUPON_EVENTS),
      'coupon.applied': { actions: 'applyCoupon' },
      'coupon.removed': { actions: 'resetCoupon' },
      'checkout.submit': { actions: 'forwardToCheckout' },
      'step.back': { target: `#${flow}-data` },
      // Issue 28: her time's hold lapsed (or it was taken): back to the day's times, the rest kept.
      'hold.lost': { target: `#${flow}-data`, actions: sayHoldLost },
    },
    states: {
      editing: { on: { 'booking.sending': 'sending' } },
      /**
       * The booking is on its way (SPEC §4 'Checkout submit: busy while sending; on success … then
       * redirect'): she stays on checkout until it answers, whatever she presses (INDIETRO) or the
       * browser reports (Back: the app puts the checkout's URL back), so a booking made is heard.
       */
      sending: {
        on: {
          'booking.failed': 'editing',
          'step.back': {},
          'route.changed': {},
        },
      },
      /** Booked: the browser is on its way to the redirect address. */
      completed: { tags: ['busy'], entry: 'forgetSavedDraft' },
    },
  });

export const wizardRegion = appSetup.createStateConfig({
  initial: 'location',
  invoke: { src: 'upsell', id: 'upsell' },
  on: {
    'route.changed': [
      // SPEC §4: a time to confirm reaches checkout only through the modal's continue, whatever led
      // there (a typed URL, Forward): the modal opens on the data step instead.
      ...FLOWS.map((flow) => ({
        guard: { type: 'routeSkipsConfirmation' as const, params: { flow } },
        target: `#${flow}-data.confirming`,
      })),
      ...ALL_STEPS.map((step) => ({
        guard: { type: 'routeLandsOn' as const, params: { step } },
        target: `#${step}`,
        // SPEC §4: back from the date step resets the date, by INDIETRO or by the browser's Back.
        actions: { type: 'resetDateIfBackFromData' as const, params: { step } },
      })),
      // SPEC §2 'Any other path redirects to the booking start (/booking/location)': / and a closed
      // appointment URL without a session, from whichever step she was on (her choices kept).
      {
        guard: 'routeRedirectsToBookingStart',
        target: '#location',
        actions: { type: 'resetDateIfBackFromData', params: { step: 'location' } },
      },
      // A page loaded on the booking start (or / ) with a draft that had reached the date step: SPEC
      // §4's 'Back from the date step' (the other steps: resetDateIfBackFromData).
      { guard: 'pageLoadBeforeDataKeepsDay', actions: 'resetDate' },
    ],
    'draft.reset': { target: '.location', actions: 'resetDraft' },
    'session.logout': { target: '.location', actions: 'resetDraft' },
    // Her session ended on / (the profile could not be read): the booking start, her choices kept.
    'session.expired': { target: '.location' },
  },
  states: {
    location: {
      ...stepBase('location'),
      entry: enter('location'),
      invoke: {
        src: 'addressPicker',
        id: 'addressPicker',
        input: ({ context }) => ({ location: context.draft.location, autoSelectFirst: context.autoSelectAddress }),
      },
      initial: 'editing',
      on: {
        ...forward('forwardToAddressPicker', ...ADDRESS_PICKER_EVENTS),
        'location.clear': { actions: 'clearLocation' },
        'location.clearStreetNumber': { actions: 'clearStreetNumber' },
        'location.outOfZone': { target: '.outOfZone' },
      },
      states: {
        editing: {
          on: {
            'step.next': [refuseIfInvalid('location'), { target: '#participants' }],
            'location.pending': 'resolving',
          },
        },
        /** A lookup the address needs is running (suggestion, house number, serviceability). */
        resolving: {
          on: {
            'step.next': 'waiting',
            'location.set': { target: 'editing', actions: 'setLocation' },
            ...lookupWaitEnds('editing', 'address.type', 'forwardToAddressPicker'),
          },
        },
        /**
         * AVANTI came during the lookup: the step shows its loading state, then checks the address
         * the lookup answers with (refused with SPEC §5's message, or on to the next step).
         */
        waiting: {
          tags: ['busy'],
          on: {
            'location.set': [
              {
                guard: 'answeredLocationInvalid',
                target: 'editing',
                actions: ['setLocation', { type: 'refuseStep', params: { step: 'location' } }],
              },
              { target: '#participants', actions: 'setLocation' },
            ],
            ...lookupWaitEnds('editing', 'address.type', 'forwardToAddressPicker'),
          },
        },
        /** The out-of-zone dialog (its child machine) is open: one popup per opening. */
        outOfZone: {
          tags: [DIALOG_TAG],
          entry: popup('fuori_zona'),
          invoke: {
            src: 'outOfZone',
            id: 'outOfZone',
            input: ({ event }) => {
              assertEvent(event, 'location.outOfZone');
              return { location: event.location };
            },
            onDone: [
              {
                guard: { type: 'choseOtherAddress', params: ({ event }) => ({ choice: event.output.choice }) },
                target: 'editing',
                actions: 'clearLocation',
              },
              { target: 'editing' },
            ],
          },
          on: forward('forwardToOutOfZone', ...OUT_OF_ZONE_EVENTS),
        },
      },
    },
    participants: {
      ...stepBase('participants'),
      entry: enter('participants'),
      on: {
        'participants.set': { actions: 'setParticipants' },
        'step.next': [
          refuseIfInvalid('participants'),
          toFlow('salotto', '#participants-salotto'),
          { target: '#category' },
        ],
        'step.back': { target: '#location' },
      },
    },
    'participants-salotto': {
      ...stepBase('participants-salotto'),
      entry: [enter('participants-salotto'), 'clearSalottoCategories'],
      on: {
        'participantsCount.increment': { actions: 'incrementParticipants' },
        'participantsCount.decrement': [{ guard: 'atMinimumParticipants' }, { actions: 'decrementParticipants' }],
        'step.next': { target: '#category-salotto' },
        'step.back': { target: '#participants' },
      },
    },
    category: {
      ...stepBase('category'),
      entry: [enter('category'), 'clearCategory'],
      on: {
        'category.set': { actions: 'setCategory' },
        'step.next': [
          refuseIfInvalid('category'),
          toFlow('beauty', '#beauty-service'),
          toFlow('make-up', '#make-up-service'),
          { target: '#hair' },
        ],
        'step.back': { target: '#participants' },
      },
    },
    'category-salotto': {
      ...stepBase('category-salotto'),
      entry: [enter('category-salotto'), 'clearCategory'],
      on: {
        'salottoCategory.toggle': { actions: 'toggleSalottoCategory' },
        'step.next': [refuseIfInvalid('category-salotto'), { target: '#salotto-service' }],
        'step.back': { target: '#participants-salotto' },
      },
    },
    'hair-flow': {
      initial: 'length',
      states: {
        length: {
          ...stepBase('hair'),
          entry: [enter('hair'), 'clearHairAndServices'],
          on: {
            'hair.set': { actions: 'setHair' },
            'step.next': [refuseIfInvalid('hair'), { target: '#hair-service' }],
            'step.back': { target: '#category' },
          },
        },
        service: serviceStep('hair', '#hair', '#hair-data'),
        data: dataStep('hair', '#hair-service'),
        checkout: checkoutStep('hair'),
      },
    },
    'beauty-flow': {
      initial: 'service',
      states: {
        service: serviceStep('beauty', '#category', '#beauty-details'),
        details: detailsStep('beauty'),
        data: dataStep('beauty', '#beauty-details'),
        checkout: checkoutStep('beauty'),
      },
    },
    'make-up-flow': {
      initial: 'service',
      states: {
        service: serviceStep('make-up', '#category', '#make-up-details'),
        details: detailsStep('make-up'),
        data: dataStep('make-up', '#make-up-details'),
        checkout: checkoutStep('make-up'),
      },
    },
    'salotto-flow': {
      initial: 'service',
      states: {
        service: serviceStep('salotto', '#category-salotto', '#salotto-details'),
        details: detailsStep('salotto'),
        data: dataStep('salotto', '#salotto-details'),
        checkout: checkoutStep('salotto'),
      },
    },
  },
});

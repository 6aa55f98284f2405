/**
 * The time she picked is hers while she fills the checkout (issue 28): the root's `hold` region.
 *
 * It follows what the page shows, not the event that led there: while the booking shows a data or
 * checkout step with a time chosen (`heldTimeOf`), that time is held for her in the database; when
 * the page no longer shows one (another day, Back from the date step, leaving the wizard, logout),
 * the hold is released. A new pick asks for the new time at once (the server ends her previous hold
 * in the same transaction: one holder, one hold). The calls carry her holder key (the app keeps it
 * in session storage); closing the tab releases it with a beacon (src/app/hold-beacon.ts).
 *
 * A hold lasts SLOT_HOLD_MINUTES from its answer. Its last minute (`lastMinute`) is announced by the
 * checkout, which renews it when she asks for more time or types on (`hold.extend`); unrenewed, it
 * lapses: she is told, the time is no longer chosen (and given back), and the data step shows the
 * day's times again.
 * A time someone else took before her pick is lost the same way, with the server's message. While
 * the booking is being sent the hold is the server's to honour (no timer runs); a refused booking
 * asks for the hold again.
 */
import { MESSAGES } from '../../contract/messages';
import { appSetup } from './setup';

/**
 * The time chosen is no longer hers: not chosen any more, and the steps are told why (they say it
 * as they show the day's times: the toast belongs to that move, which keeps it on screen).
 */
const loseTime = <T>(message: string | ((args: T) => string)) =>
  [
    'clearHeldTime',
    'forgetHold',
    {
      type: 'tellHoldLost',
      params: typeof message === 'string' ? { message } : (args: T) => ({ message: message(args) }),
    },
  ] as const;

export const holdRegion = appSetup.createStateConfig({
  initial: 'none',
  on: {
    // RICHIEDI PRENOTAZIONE: the server books her held time as held; no lapse meanwhile.
    'booking.sending': { target: '.booking' },
  },
  states: {
    /** Nothing held: a time chosen on a data or checkout step is asked for. */
    none: {
      always: { guard: 'holdWanted', target: 'asking' },
    },
    /** The pick is being held (the page keeps the time chosen meanwhile; AVANTI is not held back). */
    asking: {
      entry: 'rememberHeldTime',
      invoke: {
        src: 'holdSlot',
        input: ({ context }) => ({ draft: context.draft }),
        onDone: [
          {
            guard: { type: 'holdGranted', params: ({ event }) => ({ answer: event.output }) },
            target: 'held',
            actions: 'startHoldClock',
          },
          // Taken by someone else meanwhile (held or booked): said, and the day's times shown again.
          // Her previous hold, if any, is still hers on the server (a refused hold changes nothing): given back.
          {
            guard: 'heldTimeStillChosen',
            target: 'releasing',
            // Stryker disable next-line StringLiteral: asked only when the hold was refused (holdGranted first), which has a message
            actions: loseTime(({ event }) => (event.output.held ? '' : event.output.message)),
          },
          { target: 'releasing' },
        ],
        // No answer (the network): the time stays chosen unheld; the booking takes it if it is still free.
        onError: 'unheld',
      },
    },
    held: {
      always: [
        { guard: 'otherTimeWanted', target: 'asking' },
        { guard: 'noTimeWanted', target: 'releasing' },
      ],
      initial: 'counting',
      states: {
        counting: {
          after: { holdWarning: 'lastMinute' },
        },
        /** Announced on checkout, with a button to keep it; typing on keeps it too. */
        lastMinute: {
          on: { 'hold.extend': 'renewing' },
          after: {
            // Given back at once (the server's own expiry follows a moment later): free for others now.
            holdLastMinute: {
              // Stryker disable next-line StringLiteral: equivalent; without a target the time cleared here has the region release it at once (held's noTimeWanted)
              target: '#app.hold.releasing',
              actions: loseTime(MESSAGES.slotHoldExpired),
            },
          },
        },
        renewing: {
          invoke: {
            src: 'renewHold',
            onDone: [
              {
                guard: { type: 'holdRenewed', params: ({ event }) => ({ answer: event.output }) },
                target: 'counting',
                actions: 'startHoldClock',
              },
              // The server had let it go (its clock, a sweep): lapsed.
              {
                target: '#app.hold.none',
                // Stryker disable next-line StringLiteral: asked only when the renewal was refused (holdRenewed first), which has a message
                actions: loseTime(({ event }) => (event.output.renewed ? '' : event.output.message)),
              },
            ],
            // No answer: still hers as far as anyone knows; the last minute goes on.
            onError: 'lastMinute',
          },
        },
      },
    },
    /** The hold could not be asked (no answer): nothing to release; a new pick asks again. */
    unheld: {
      // A pick (the same time again, or another) is asked for; a time can change only by a pick here.
      on: { 'time.set': 'asking' },
      always: { guard: 'noTimeWanted', target: 'none', actions: 'forgetHold' },
    },
    /** Her hold is given back before anything else is asked (a release after a new hold would end it). */
    releasing: {
      entry: 'forgetHold',
      invoke: { src: 'releaseHold', onDone: 'none', onError: 'none' },
    },
    /** The booking is sent with her holder key; refused, the time is asked for again. */
    booking: {
      on: { 'booking.failed': 'none' },
      always: [
        { guard: 'noTimeWanted', target: 'none', actions: 'forgetHold' },
        // She left the checkout while it was sent (its answer unheard): the time is asked for again,
        // and the server says whether it is still hers.
        { guard: 'checkoutLeft', target: 'none' },
      ],
    },
  },
});

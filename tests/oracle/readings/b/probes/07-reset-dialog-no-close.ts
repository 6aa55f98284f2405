/**
 * SPEC §4 'Dialogs: open/closed; closed by close trigger, Escape, outside click.' and §2 (ask-reset)
 * 'On success the form resets and, after 500 ms, a confirmation dialog opens'. The 'Controlla le tue
 * Email!' dialog has no event that closes it: only leaving the screen does. Once she dismisses it
 * (Escape, outside click) the form under it no longer sends.
 */
import { Probe } from '../harness';

const p = new Probe('07 the reset confirmation dialog', { handlers: { askResetPassword: () => ({ ok: {} }) } });
await p.open('/ask-reset-password');
await p.send({ type: 'session.askReset', email: 'giulia@exampel.it' }, 'INVIA EMAIL (a typo in the address)');
await p.advance(500);
p.show('dialog', { session: p.session(), dialogTag: p.snapshot.hasTag('dialog') });
const signedOut = p.actor.logic.getStateNodeById('signedOut');
const confirming = signedOut.states['askResetPassword']?.states['confirming'];
const own = Object.keys(confirming?.on ?? {});
const screen = Object.keys(signedOut.states['askResetPassword']?.on ?? {});
const outer = Object.keys(signedOut.on);
p.show('events the dialog state takes', { confirming: own, askResetPassword: screen, signedOut: outer });
await p.send({ type: 'session.askReset', email: 'giulia@example.it' }, 'dismisses it, INVIA EMAIL again');
p.show('after', {
  session: p.session(),
  dialogTag: p.snapshot.hasTag('dialog'),
  sends: p.world.callCount('askResetPassword'),
});
p.verdict(
  'the dialog closes on its close trigger, Escape or an outside click; the form then sends again',
  "no close event exists (only 'route.changed' leaves it); the dialog stays and the second INVIA EMAIL is ignored",
  own.length === 0 && p.world.callCount('askResetPassword') === 1,
);

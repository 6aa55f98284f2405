/**
 * SPEC §4: "Dialogs: open/closed; closed by close trigger, Escape, outside click." The password-reset
 * confirmation ('Controlla le tue Email!', SPEC §2 /ask-reset-password) is a dialog; in the machine it
 * is the state `askResetPassword.confirming`, which accepts no event at all: only a route change
 * leaves it. Escape or a click outside cannot close it, and the form under it cannot be sent again
 * (a typo in the e-mail) without leaving the page.
 */
import { header, line, route, startApp, stateOf, verdict } from '../harness';

header(
  '08 the "Controlla le tue Email!" dialog cannot be closed (Escape, outside click), nor the form re-sent',
  '§4 "Dialogs: open/closed; closed by close trigger, Escape, outside click."',
  'visitor on /ask-reset-password sends her e-mail; 500 ms later the dialog opens; she presses Escape / clicks outside, or sends again',
);

const h = startApp();
await h.send(route('/ask-reset-password', '', true));
await h.send({ type: 'session.askReset', email: 'anna@example.it' });
await h.advance(500);
line('dialog open', `${stateOf(h.snap())} tag dialog=${h.snap().hasTag('dialog')}`);

// The events the session region's active states (and the root) take; the wizard region runs beside it.
const sessionNodes = h.snap()._nodes.filter((node) => node.path.length === 0 || node.path[0] === 'session');
const accepted = [...new Set(sessionNodes.flatMap((node) => node.ownEvents))].filter(
  (type) => !type.startsWith('xstate.'),
);
line('session accepts', accepted);

await h.send({ type: 'session.askReset', email: 'anna.rossi@example.it' });
const asked = h.recorded.calls.filter((call) => call.name === 'askResetPassword').length;
line('sent again', `${stateOf(h.snap())} askResetPassword calls=${asked}`);

const onlyRoutes = accepted.every((type) => type === 'route.changed' || type.startsWith('errorPage.'));
verdict('a close event (Escape/outside click/close trigger) closes the dialog; the form can be sent again', onlyRoutes);

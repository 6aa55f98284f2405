/**
 * SPEC §4: "Upsell box closes on route change away from /service (after 100 ms), click outside, close
 * button, or choosing an option". SPEC §2: "Upsell box: shown above the footer only on /service routes".
 * A signed-in customer leaves /booking/hair/service for her personal area (header logo → /) with the
 * box open: it must close. The wizard region keeps its step while the session shows /, so the box
 * never hears it left; coming back (browser Back) it is still open.
 */
import type { Harness } from '../harness';
import { HAIR_LIST, PIEGA, VIA_ROMA_10, header, line, route, startApp, stateOf, verdict } from '../harness';

header(
  '07 upsell box stays open when the route leaves /service for / (and is open again on return)',
  '§4 "Upsell box closes on route change away from /service (after 100 ms), click outside, close button, or choosing an option"',
  'signed in; /booking/hair/service, "Scegli altre opzioni" opens the box; she clicks the logo (/), waits, then browser Back',
);

const upsellState = (h: Harness) => {
  const upsell = h.snap().children.upsell;
  return upsell ? stateOf(upsell.getSnapshot()) : '(none)';
};

const h = startApp({
  input: {
    hasCredential: true,
    draft: { location: VIA_ROMA_10, participants: 'default', category: 'hair', hair: 'long' },
  },
  handlers: { loadServices: async () => HAIR_LIST },
});
await h.send(route('/booking/hair/service', '', true));
line('on service', `${stateOf(h.snap())} services loaded=${h.snap().context.services !== null}`);
await h.send({ type: 'service.selectMain', service: PIEGA });
await h.send({ type: 'upsell.open', groupId: 'g-piega' });
line('box opened', upsellState(h));

await h.send(route('/'));
line('route /', `session=${JSON.stringify(h.snap().value.session)} wizard=${JSON.stringify(h.snap().value.wizard)}`);
await h.advance(1000);
line('1 s later on /', `upsell=${upsellState(h)}`);
const openOnHome = upsellState(h) === '"open"';

await h.send(route('/booking/hair/service'));
line('Back to /service', `upsell=${upsellState(h)}`);

// Control: leaving /service inside the wizard (INDIETRO) closes it after 100 ms.
const c = startApp({
  input: { draft: { location: VIA_ROMA_10, participants: 'default', category: 'hair', hair: 'long' } },
  handlers: { loadServices: async () => HAIR_LIST },
});
await c.send(route('/booking/hair/service', '', true));
await c.send({ type: 'upsell.open', groupId: 'g-piega' });
await c.send({ type: 'step.back' });
await c.advance(100);
line('control: INDIETRO', `upsell=${upsellState(c)}`);

verdict('the box is closed 100 ms after the route left /service (and closed when she comes back)', openOnHome);

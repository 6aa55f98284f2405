/**
 * SPEC §4 'Upsell box closes on route change away from /service (after 100 ms), click outside, close
 * button, or choosing an option'. The box closes only when the wizard leaves the service step; a
 * route change that leaves /service for a screen outside the wizard (the personal area /) keeps it
 * open, and it is there again when she comes back.
 */
import { beautyDraftAtData, PIEGA, Probe } from '../harness';

const p = new Probe('09 upsell box open, route to / and back', {
  input: {
    hasCredential: true,
    draft: {
      ...beautyDraftAtData(),
      category: 'hair',
      hair: 'long',
      services: { includedService: null, primaryService: PIEGA, secondaryServices: [], services: [PIEGA] },
    },
  },
});
await p.open('/booking/hair/service');
p.show('service step', { session: p.session(), wizard: p.wizard(), url: p.url() });
await p.send({ type: 'upsell.open', groupId: 'g-piega' }, "'Scegli altre opzioni'");
p.show('box', { upsell: p.child('upsell') });
await p.go('/', 'clicks the logo →');
await p.advance(100);
await p.advance(1000);
p.show('on /', { session: p.session(), url: p.url(), upsell: p.child('upsell') });
await p.go('/booking/hair/service', 'browser Back →');
p.show('back on service', { url: p.url(), upsell: p.child('upsell') });
p.verdict(
  'the route left /service: the box closes 100 ms later and is closed when she returns',
  `the box is still '${p.child('upsell') ?? '?'}' after 1.1 s on /, and shows again on her return`,
  p.child('upsell') === 'open',
);

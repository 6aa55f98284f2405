/**
 * SPEC §2 Access rules: "No session: only /login, /reset-password and /ask-reset-password are open. Any
 * other path redirects to the booking start (/booking/location), keeping the query string." A visitor
 * part-way through the booking who goes to / (the header's logo link, a typed URL) must land on
 * /booking/location. The machine shows the booking screen but the wizard keeps its step, so the URL
 * the app follows (routing.ts pathOf) is the step she was on.
 */
import { pathOf } from '../../../../../machines/app/routing';
import { HAIR_LIST, VIA_ROMA_10, header, line, route, startApp, stateOf, verdict } from '../harness';

header(
  '10 visitor mid-flow: / does not redirect to the booking start',
  '§2 "No session: ... Any other path redirects to the booking start (/booking/location), keeping the query string."',
  'visitor on /booking/hair/service (draft restored: address, Solo 1, Capelli, long hair); she opens / (logo link)',
);

const h = startApp({
  input: { draft: { location: VIA_ROMA_10, participants: 'default', category: 'hair', hair: 'long' } },
  handlers: { loadServices: async () => HAIR_LIST },
});
await h.send(route('/booking/hair/service', '', true));
line('before', `${stateOf(h.snap())} url=${pathOf(h.snap())}`);
await h.send(route('/', '?utm_source=ig'));
const url = pathOf(h.snap());
line('after /?utm_source=ig', `${stateOf(h.snap())} url=${url}`);

verdict('URL /booking/location (query kept), the location step shown', url !== '/booking/location');

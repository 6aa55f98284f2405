/**
 * SPEC §2 'No session: only /login, /reset-password and /ask-reset-password are open. Any other path
 * redirects to the booking start (/booking/location), keeping the query string.' and the error page's
 * 'TORNA ALL'INIZIO returns to /'. A visitor part-way through a booking who is sent to / (the error
 * page's button, the logo) stays on the step she was on: the URL the machine gives is that step's.
 */
import { beautyDraftAtData, Probe } from '../harness';

const p = new Probe('08 a visitor mid-booking goes to /', { input: { draft: beautyDraftAtData() } });
await p.open('/booking/beauty/data');
p.show('on the data step', { session: p.session(), wizard: p.wizard(), url: p.url() });
await p.go('/booking/beauty/dati', 'follows a broken link to');
p.show('error page', { session: p.session(), url: p.url() });
await p.go('/', "TORNA ALL'INIZIO →");
p.show('after', { session: p.session(), wizard: p.wizard(), url: p.url() });
p.verdict(
  '/ without a session redirects to /booking/location (the booking start)',
  `the URL becomes ${p.url() ?? 'null'}: she is back on the step she left, not at the start`,
  p.url() !== '/booking/location',
);

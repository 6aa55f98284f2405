/**
 * SPEC §2 Access rules: "With a session: ... On / the profile is loaded; if that fails the session is
 * cleared and the user goes to the booking start." (§9: user data stale after 5000 ms.) The machine
 * loads the profile once, when the page loads (`loadingProfile`); coming back to / later never loads
 * it again, so a session that expired meanwhile is not noticed there: the personal area shows.
 */
import { USER, header, line, route, startApp, stateOf, verdict } from '../harness';

header(
  '09 a session that expired mid-flow is not noticed on /: the profile is never loaded again',
  '§2 "On / the profile is loaded; if that fails the session is cleared and the user goes to the booking start."',
  'signed in; page loaded on / (profile OK); she books for a while; her session expires; she clicks the logo (/)',
);

let expired = false;
const h = startApp({
  input: { hasCredential: true },
  handlers: {
    loadProfile: async () => {
      if (expired) throw new Error('Sessione scaduta');
      return USER;
    },
  },
});
await h.send(route('/', '', true));
line('page load on /', stateOf(h.snap()));
await h.send(route('/booking/location'));
await h.advance(60_000);
expired = true;
await h.send(route('/'));
const loads = h.recorded.calls.filter((call) => call.name === 'loadProfile').length;
line(
  'back on / (expired)',
  `${stateOf(h.snap())} hasCredential=${h.snap().context.hasCredential} loadProfile calls=${loads}`,
);

verdict(
  'the profile is loaded on /, fails, the session is cleared and /booking/location shows',
  h.snap().context.hasCredential,
);

/**
 * SPEC §2 'With a session: … On / the profile is loaded; if that fails the session is cleared and the
 * user goes to the booking start.' The machine loads the profile once, when the page loads; arriving
 * on / later in the visit (the logo, INDIETRO from an appointment, browser Back) loads nothing, so a
 * session that expired meanwhile (the API now answers 401) is never cleared there.
 */
import { Probe } from '../harness';

const p = new Probe('11 a customer comes back to / after her session expired', { input: { hasCredential: true } });
await p.open('/booking/location');
p.show('page loaded', { session: p.session(), profileLoads: p.world.callCount('loadProfile') });
// From now on the API refuses her credential.
p.world.setHandler('loadProfile', () => ({ error: 'Sessione scaduta (401)' }));
await p.go('/', 'clicks the logo →');
p.show('on /', {
  session: p.session(),
  url: p.url(),
  profileLoads: p.world.callCount('loadProfile'),
  hasCredential: p.snapshot.context.hasCredential,
  effects: p.world.effects,
});
p.verdict(
  'on / the profile is loaded; it fails (401): session cleared (clearCredential), off to /booking/location',
  `no load (${p.world.callCount('loadProfile')} in all, at page load); she stays signed in on ${p.url() ?? '?'}`,
  p.world.callCount('loadProfile') === 1 && p.session() === 'signedIn.home',
);

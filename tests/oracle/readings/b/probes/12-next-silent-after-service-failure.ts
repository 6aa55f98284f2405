/**
 * SPEC §4 'Next button: the flow validates; errors show as a toast.' with §5 'Service step …: if
 * primary services exist a primary is required …'. After the service list failed to load, AVANTI is
 * taken by no state: nothing happens and no message says why (the step is not busy any more).
 */
import { beautyDraftAtData, Probe } from '../harness';

const p = new Probe('12 AVANTI after the service list failed', {
  input: { draft: { ...beautyDraftAtData(), date: null, availableTime: null } },
  handlers: { loadServices: () => ({ error: 'Servizi non disponibili' }) },
});
await p.open('/booking/beauty/service');
p.show('service step', { wizard: p.wizard(), busy: p.snapshot.hasTag('busy'), toasts: p.world.toasts });
const before = p.snapshot.context.notice;
const loads = p.world.callCount('loadServices');
const toasts = p.world.toasts.length;
await p.send({ type: 'step.next' }, 'AVANTI');
const after = p.snapshot.context.notice;
// With her service already chosen (the draft restored) there is nothing to refuse: the list is asked
// again, and its failure toasted again (docs/decisions.md).
const askedAgain = p.world.callCount('loadServices') > loads && p.world.toasts.length > toasts;
p.show('after AVANTI', {
  wizard: p.wizard(),
  url: p.url(),
  notice: after,
  listAskedAgain: askedAgain,
  toasts: p.world.toasts.slice(toasts),
});
p.verdict(
  "AVANTI validates the step and toasts its message (no service chosen: 'Devi selezionare un servizio'), or asks the list again",
  'AVANTI is ignored: same state, no notice, no toast',
  before === after && !askedAgain && p.wizard() === 'beauty-flow.service.failed',
);

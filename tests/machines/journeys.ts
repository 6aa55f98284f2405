/** Ways through the wizard that several machine tests take, on the real actor (tests/machines/harness.ts). */
import { routeEvent } from '../../machines/app/routing';
import { SERVICES, SUGGESTION_FULL } from '../../machines/testing/fixtures';
import type { Harness } from './harness';

/**
 * The hair flow up to its data step: the Torino address, one person, hair short, Piega. From the
 * booking's first URL, or (`fromStart: false`) from the location step already shown.
 */
export async function toHairData(h: Harness, { fromStart = true }: { fromStart?: boolean } = {}): Promise<void> {
  if (fromStart) await h.send(routeEvent('/booking/location'));
  await h.send({ type: 'address.focus' });
  await h.send({ type: 'address.type', value: 'Via Roma 2' });
  await h.elapse('searchDebounce');
  await h.settle('searchAddresses', 'results');
  await h.send({ type: 'address.select', suggestion: SUGGESTION_FULL });
  await h.settle('resolveAddress', 'ok');
  await h.settle('checkLocation', 'served');
  await h.send({ type: 'step.next' });
  await h.send({ type: 'participants.set', participants: 'default' });
  await h.send({ type: 'step.next' });
  await h.send({ type: 'category.set', category: 'hair' });
  await h.send({ type: 'step.next' });
  await h.send({ type: 'hair.set', hair: 'short' });
  await h.send({ type: 'step.next' });
  await h.settle('loadServices', 'list');
  await h.send({ type: 'service.selectMain', service: SERVICES.piega });
  await h.send({ type: 'step.next' });
}

/**
 * Issue 27: the professionals' pages as the root shows them: each screen with its machine (the root's
 * child) and the root's `send`, which forwards her presses to it. Shown only while the root is on it.
 */
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { ProAgendaScreen } from './agenda-screen';
import { ProRequestScreen } from './request-screen';
import { ProRequestsScreen } from './requests-screen';

export function ProAgendaPage() {
  const { send } = useAppActor();
  const actor = useAppSelector((snapshot) => snapshot.children.proAgenda);
  const shown = useAppSelector((snapshot) => snapshot.context.screen === 'proAgenda');
  return shown ? <ProAgendaScreen actor={actor} send={send} /> : null;
}

export function ProRequestsPage() {
  const { send } = useAppActor();
  const actor = useAppSelector((snapshot) => snapshot.children.proRequests);
  const shown = useAppSelector((snapshot) => snapshot.context.screen === 'proRequests');
  return shown ? <ProRequestsScreen actor={actor} send={send} /> : null;
}

export function ProRequestPage() {
  const { send } = useAppActor();
  const actor = useAppSelector((snapshot) => snapshot.children.proRequest);
  const shown = useAppSelector((snapshot) => snapshot.context.screen === 'proRequest');
  return shown ? <ProRequestScreen actor={actor} send={send} /> : null;
}

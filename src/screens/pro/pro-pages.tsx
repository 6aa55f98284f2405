/**
 * Issue 27: the professionals' pages as the root shows them: each screen with its machine (the root's
 * child) and the root's `send`, which forwards her presses to it. Shown only while the root is on it;
 * to anyone else (a customer who typed /pro…) the root says not found, and so does the page.
 */
import type { ReactNode } from 'react';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import type { Screen } from '../../../machines/app/context';
import { NotFoundScreen } from '../not-found/not-found-screen';
import { ProAgendaScreen } from './agenda-screen';
import { ProRequestScreen } from './request-screen';
import { ProRequestsScreen } from './requests-screen';

function ProPage({ screen, children }: { screen: Screen; children: ReactNode }) {
  const shown = useAppSelector((snapshot) => snapshot.context.screen);
  if (shown === 'notFound') return <NotFoundScreen />;
  return shown === screen ? children : null;
}

export function ProAgendaPage() {
  const { send } = useAppActor();
  const actor = useAppSelector((snapshot) => snapshot.children.proAgenda);
  return (
    <ProPage screen="proAgenda">
      <ProAgendaScreen actor={actor} send={send} />
    </ProPage>
  );
}

export function ProRequestsPage() {
  const { send } = useAppActor();
  const actor = useAppSelector((snapshot) => snapshot.children.proRequests);
  return (
    <ProPage screen="proRequests">
      <ProRequestsScreen actor={actor} send={send} />
    </ProPage>
  );
}

export function ProRequestPage() {
  const { send } = useAppActor();
  const actor = useAppSelector((snapshot) => snapshot.children.proRequest);
  return (
    <ProPage screen="proRequest">
      <ProRequestScreen actor={actor} send={send} />
    </ProPage>
  );
}

/**
 * Issue 27: the professionals' pages as the root shows them: each screen with its machine (the root's
 * child) and the root's `send`, which forwards her presses to it. Shown only while the root is on it;
 * to anyone else (a customer who typed /pro…) the root says not found, and so does the page.
 */
import type { ComponentType, ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import type { Screen } from '../../../machines/app/context';
import { TEAM_ROLE } from '../../../contract/constants';
import { ProAgendaScreen } from './agenda-screen';
import { ProRequestScreen } from './request-screen';
import { ProRequestsScreen } from './requests-screen';
import { ProTimeOffScreen } from './time-off-screen';
import { ProTeamBoardScreen } from './team-board-screen';
import { ProHoursScreen } from './hours-screen';

function ProPage({ screen, children }: { screen: Screen; children: ReactNode }) {
  const shown = useAppSelector((snapshot) => snapshot.context.screen);
  // The root route's own not-found page (read from the router: imported here, it would leave the
  // first load's chunk for a shared one of its own, and cost the customer's first load a request).
  const NotFound = useRouter().routeTree.options.notFoundComponent as ComponentType | undefined;
  if (shown === 'notFound') return NotFound ? <NotFound /> : null;
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
  // Issue 40: the team lands here; its board is a link away.
  const team = useAppSelector((snapshot) => snapshot.context.user?.roles.includes(TEAM_ROLE) === true);
  return (
    <ProPage screen="proRequests">
      <ProRequestsScreen actor={actor} send={send} team={team} />
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

/** Issue 40: her time off. */
export function ProTimeOffPage() {
  const { send } = useAppActor();
  const actor = useAppSelector((snapshot) => snapshot.children.proTimeOff);
  return (
    <ProPage screen="proTimeOff">
      <ProTimeOffScreen actor={actor} send={send} />
    </ProPage>
  );
}

/** Issue 40: the team's board. */
export function ProTeamBoardPage() {
  const { send } = useAppActor();
  const actor = useAppSelector((snapshot) => snapshot.children.proTeamBoard);
  return (
    <ProPage screen="proTeam">
      <ProTeamBoardScreen actor={actor} send={send} />
    </ProPage>
  );
}

/** Issue 40: her hours. */
export function ProHoursPage() {
  const { send } = useAppActor();
  const actor = useAppSelector((snapshot) => snapshot.children.proHours);
  return (
    <ProPage screen="proHours">
      <ProHoursScreen actor={actor} send={send} />
    </ProPage>
  );
}

/**
 * Issue 27: the professionals' machines as the app loads them with its pages (src/app/pro-side.ts),
 * for the model and the tests: the root's `proAgenda`, `proRequests` and `proRequest` stand for them.
 */
import type { ProSide } from '../app/provide';
import { proAgendaMachine } from '../pro/agenda';
import { proRequestMachine } from '../pro/request';
import { proRequestsMachine } from '../pro/requests';
import { proTimeOffMachine } from '../pro/time-off';
import { proTeamBoardMachine } from '../pro/team-board';
import { proHoursMachine } from '../pro/hours';

export const PRO_MACHINES: ProSide['machines'] = {
  agenda: proAgendaMachine,
  requests: proRequestsMachine,
  request: proRequestMachine,
  timeOff: proTimeOffMachine,
  teamBoard: proTeamBoardMachine,
  hours: proHoursMachine,
};

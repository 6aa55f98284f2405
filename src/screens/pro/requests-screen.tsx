import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ProAppointment } from '../../../contract/pro';
import type { proRequestsMachine } from '../../../machines/pro/requests';
import { type ProRequestsEvent } from '../../../machines/pro/requests';
import { buttonClassName } from '../../components/button';
import { formatLongDate, fromApiDate } from '../../lib/format';
import { ScreenSpinner } from '../screen-spinner';
import * as screen from '../screen.css';
import { Deadline, Failed, PRO_TEAM_PATH, ProLink, requestPath } from './appointment-details';
import { PRO_COPY } from './copy';
import * as css from './pro.css';

const COPY = PRO_COPY.requests;

export interface ProRequestsScreenProps {
  actor: ActorRefFrom<typeof proRequestsMachine> | undefined;
  send: (event: ProRequestsEvent) => void;
  /** Issue 40: the team (it lands here) sees the way to its board. */
  team?: boolean;
}

/** One request: when (the link to its page, covering the card), what, where, until when to answer. */
function RequestCard({ request }: { request: ProAppointment }) {
  const when = `${formatLongDate(fromApiDate(request.date))}, ${PRO_COPY.appointment.time(request.startTime, request.endTime)}`;
  return (
    <li className={[screen.card, css.linkCard].join(' ')}>
      <h2 className={css.dayTitle}>
        <ProLink href={requestPath(request.id)} className={css.cardLink}>
          {when}
        </ProLink>
        {request.kind === 'salotto' ? ' ' : null}
        {request.kind === 'salotto' ? <span className={css.badge}>{PRO_COPY.appointment.salotto}</span> : null}
      </h2>
      <p>{request.services.map((service) => service.name).join(', ')}</p>
      <p className={screen.note}>{request.location.address}</p>
      <Deadline appointment={request} />
    </li>
  );
}

/** /pro/requests (issue 27): the requests waiting for her, soonest deadline first. */
export function ProRequestsScreen({ actor, send, team = false }: ProRequestsScreenProps) {
  const view = useSelector(
    actor,
    (snapshot) => {
      if (!snapshot || snapshot.matches('loading')) return { state: 'loading' as const };
      if (snapshot.matches('failed')) return { state: 'failed' as const, message: snapshot.context.error };
      return { state: 'ready' as const, requests: snapshot.context.requests };
    },
    shallowEqual,
  );
  return (
    <>
      <h1 className={screen.title}>{COPY.title}</h1>
      {team ? (
        <ProLink href={PRO_TEAM_PATH} className={buttonClassName('secondary', { fullWidth: true })}>
          {PRO_COPY.board.link}
        </ProLink>
      ) : null}
      {view.state === 'loading' ? <ScreenSpinner label={COPY.loading} /> : null}
      {view.state === 'failed' ? (
        <Failed title={COPY.failedTitle} message={view.message} onRetry={() => send({ type: 'pro.retry' })} />
      ) : null}
      {view.state === 'ready' ? (
        <>
          {view.requests.length === 0 ? (
            <p className={screen.lead}>{COPY.empty}</p>
          ) : (
            <ul className={screen.list}>
              {view.requests.map((request) => (
                <RequestCard key={request.id} request={request} />
              ))}
            </ul>
          )}
          <div className={screen.actions}>
            <ProLink href="/pro" className={buttonClassName('link')}>
              {COPY.agenda}
            </ProLink>
          </div>
        </>
      ) : null}
    </>
  );
}

/**
 * Issue 27: the professionals' side as its pages load it (src/start-app.tsx imports this module only
 * when the page's first URL is one of /pro…): its three machines and its calls. The customer's first
 * load never carries it (tests/web-server/first-load-budget.test.ts).
 */
import {
  acceptRequestCall,
  declineRequestCall,
  offerRequestCall,
  proAgendaCall,
  proRequestCall,
  proRequestsCall,
  quoteSalottoCall,
  requestAvailableTimesCall,
} from '../../contract/pro-calls';
import {
  cancelTimeOffCall,
  createProTimeOffCall,
  createTeamTimeOffCall,
  handOverAppointmentCall,
  proHoursCall,
  proTimeOffCall,
  reassignAppointmentCall,
  saveProHoursCall,
  teamBoardCall,
} from '../../contract/pro-week';
import { proRatingsCall } from '../../contract/rating-calls';
import type { ProSide } from '../../machines/app/provide';
import { proAgendaMachine } from '../../machines/pro/agenda';
import { proRequestMachine } from '../../machines/pro/request';
import { proRequestsMachine } from '../../machines/pro/requests';
import { proTimeOffMachine } from '../../machines/pro/time-off';
import { proTeamBoardMachine } from '../../machines/pro/team-board';
import { proHoursMachine } from '../../machines/pro/hours';
import type { ApiClient } from '../api/client';

export function createProSide(api: ApiClient): ProSide {
  const request = (bookingId: string) => ({ params: { bookingId } });
  return {
    machines: {
      agenda: proAgendaMachine,
      requests: proRequestsMachine,
      request: proRequestMachine,
      timeOff: proTimeOffMachine,
      teamBoard: proTeamBoardMachine,
      hours: proHoursMachine,
    },
    calls: {
      loadProAgenda: async ({ from }) => (await api.call(proAgendaCall, { query: { from, days: '7' } })).appointments,
      loadProRatings: () => api.call(proRatingsCall),
      loadProRequests: async () => (await api.call(proRequestsCall)).requests,
      loadProRequest: async ({ bookingId }) => (await api.call(proRequestCall, request(bookingId))).appointment,
      acceptRequest: async ({ bookingId }) => (await api.call(acceptRequestCall, request(bookingId))).appointment,
      declineRequest: async ({ bookingId, reason, message }) =>
        (await api.call(declineRequestCall, { ...request(bookingId), payload: { reason, message } })).appointment,
      loadRequestTimes: async ({ bookingId, startDate }) =>
        (await api.call(requestAvailableTimesCall, { ...request(bookingId), payload: { startDate } })).availableTimes,
      offerRequest: async ({ bookingId, startDate, startTime }) =>
        (await api.call(offerRequestCall, { ...request(bookingId), payload: { startDate, startTime } })).appointment,
      quoteSalotto: async ({ bookingId, total, includes, team }) =>
        (await api.call(quoteSalottoCall, { ...request(bookingId), payload: { total, includes, team: [...team] } }))
          .appointment,
      // Issue 40: her time off.
      loadProTimeOff: async () => (await api.call(proTimeOffCall)).timeOff,
      createProTimeOff: async (payload) => (await api.call(createProTimeOffCall, { payload })).timeOff,
      cancelTimeOff: async ({ timeOffId }) => (await api.call(cancelTimeOffCall, { params: { timeOffId } })).timeOff,
      // Issue 40: the team's board (no city: the server's first), a reassignment, a sick day.
      loadTeamBoard: ({ zoneId, date }) => api.call(teamBoardCall, { query: zoneId ? { zoneId, date } : { date } }),
      reassignAppointment: async ({ bookingId, professionalId, category }) =>
        (await api.call(reassignAppointmentCall, { ...request(bookingId), payload: { professionalId, category } }))
          .appointment,
      createTeamTimeOff: async ({ professionalId, payload }) =>
        (await api.call(createTeamTimeOffCall, { params: { professionalId }, payload })).timeOff,
      // Issue 40: her hours.
      loadProHours: async () => (await api.call(proHoursCall)).hours,
      saveProHours: async (payload) => (await api.call(saveProHoursCall, { payload })).hours,
      handOverAppointment: async ({ bookingId }) => ({
        bookingId,
        handOvers: (await api.call(handOverAppointmentCall, request(bookingId))).handOvers,
      }),
    },
  };
}

import { createFileRoute } from '@tanstack/react-router';
import { RescheduleScreen } from '../../../screens/appointment/reschedule-screen';

/** Issue 16: moving an appointment to another free time. */
export const Route = createFileRoute('/appointments/$bookingId_/reschedule')({ component: RescheduleScreen });

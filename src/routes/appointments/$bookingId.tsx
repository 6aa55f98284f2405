import { createFileRoute } from '@tanstack/react-router';
import { AppointmentScreen } from '../../screens/appointment/appointment-screen';

/** Issue 16: one appointment (from the personal area, or the e-mail's link with `?token=`). */
export const Route = createFileRoute('/appointments/$bookingId')({ component: AppointmentScreen });

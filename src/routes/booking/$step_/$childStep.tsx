import { createFileRoute } from '@tanstack/react-router';
import { assertHandledStep } from '../../../screens/booking/steps';
import { BookingScreen } from '../../../screens/booking/booking-screen';

export const Route = createFileRoute('/booking/$step_/$childStep')({
  beforeLoad: ({ params }) => assertHandledStep(`/booking/${params.step}/${params.childStep}`),
  component: BookingScreen,
});

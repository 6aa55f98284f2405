import { createFileRoute } from '@tanstack/react-router';
import { assertHandledStep } from '../../screens/booking/steps';
import { BookingScreen } from '../../screens/booking/booking-screen';

export const Route = createFileRoute('/booking/$step')({
  // SPEC §2: an unhandled step throws (the error page reads it as not found).
  beforeLoad: ({ params }) => assertHandledStep(`/booking/${params.step}`),
  component: BookingScreen,
});

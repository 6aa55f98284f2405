import { createFileRoute } from '@tanstack/react-router';
import { assertHandledStep } from '../../screens/booking/steps';
import { preloadStepOfPath } from '../../screens/booking/lazy-steps';
import { BookingScreen } from '../../screens/booking/booking-screen';

export const Route = createFileRoute('/booking/$step')({
  // SPEC §2: an unhandled step throws (the error page reads it as not found).
  beforeLoad: ({ params }) => assertHandledStep(`/booking/${params.step}`),
  // The step's own chunk loads beside the route's (a later step's body is a chunk of its own).
  loader: ({ params }) => preloadStepOfPath(`/booking/${params.step}`).catch(() => undefined),
  component: BookingScreen,
});

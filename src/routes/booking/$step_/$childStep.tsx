import { createFileRoute } from '@tanstack/react-router';
import { assertHandledStep } from '../../../screens/booking/steps';
import { preloadStepOfPath } from '../../../screens/booking/lazy-steps';
import { BookingScreen } from '../../../screens/booking/booking-screen';

export const Route = createFileRoute('/booking/$step_/$childStep')({
  beforeLoad: ({ params }) => assertHandledStep(`/booking/${params.step}/${params.childStep}`),
  // The step's own chunk loads beside the route's (a later step's body is a chunk of its own).
  loader: ({ params }) => preloadStepOfPath(`/booking/${params.step}/${params.childStep}`).catch(() => undefined),
  component: BookingScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import { assertHandledStep } from '../../screens/booking/steps';
import { preloadStepOfPath } from '../../screens/booking/lazy-steps';
import { BookingScreen } from '../../screens/booking/booking-screen';

/**
 * Every booking step, of one segment (/booking/hair) or two (/booking/hair/service): one route, so
 * that moving from one to the other keeps the step's screen. The machine moves first and the URL
 * follows; with two routes the new step was drawn in the old route's screen, then again from scratch
 * once the router had loaded the other route, and a tap in between was lost
 * (tests/screens/step-drawn-once.test.tsx).
 */
export const Route = createFileRoute('/booking/$step/{-$childStep}')({
  // SPEC §2: an unhandled step throws (the error page reads it as not found).
  beforeLoad: ({ params }) => assertHandledStep(stepPath(params)),
  // The step's own chunk loads beside the route's (a later step's body is a chunk of its own).
  loader: ({ params }) => preloadStepOfPath(stepPath(params)).catch(() => undefined),
  component: BookingScreen,
});

function stepPath({ step, childStep }: { step: string; childStep?: string }): string {
  return childStep === undefined ? `/booking/${step}` : `/booking/${step}/${childStep}`;
}

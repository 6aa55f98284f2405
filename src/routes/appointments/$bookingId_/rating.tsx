import { createFileRoute } from '@tanstack/react-router';
import { RatingScreen } from '../../../screens/rating/rating-screen';

/** Issue 29: rating an appointment that took place (the invitation e-mail's `?token=`, or her area's 'Valuta'). */
export const Route = createFileRoute('/appointments/$bookingId_/rating')({ component: RatingScreen });

import { createFileRoute } from '@tanstack/react-router';
import { RebookScreen } from '../../../screens/appointment/rebook-screen';

/** Issue 27: a declined request's 'Prenota di nuovo': the wizard opens again on its services and address. */
export const Route = createFileRoute('/appointments/$bookingId_/rebook')({ component: RebookScreen });

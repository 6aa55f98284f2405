import { createFileRoute } from '@tanstack/react-router';
import { ProRequestPage } from '../../../screens/pro/pro-pages';

/** Issue 27: one request (the e-mail's link): accept, decline, offer another time, quote a salotto. */
export const Route = createFileRoute('/pro/requests/$requestId')({ component: ProRequestPage });

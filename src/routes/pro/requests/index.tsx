import { createFileRoute } from '@tanstack/react-router';
import { ProRequestsPage } from '../../../screens/pro/pro-pages';

/** Issue 27: the requests waiting for her (the team: every unanswered one and every salotto). */
export const Route = createFileRoute('/pro/requests/')({ component: ProRequestsPage });

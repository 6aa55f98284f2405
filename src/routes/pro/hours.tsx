import { createFileRoute } from '@tanstack/react-router';
import { ProHoursPage } from '../../screens/pro/pro-pages';

/** Issue 40: her hours (a professional; the team is shown the requests). */
export const Route = createFileRoute('/pro/hours')({ component: ProHoursPage });

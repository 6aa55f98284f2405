import { createFileRoute } from '@tanstack/react-router';
import { ProTimeOffPage } from '../../screens/pro/pro-pages';

/** Issue 40: her time off (a professional; the team is shown the requests). */
export const Route = createFileRoute('/pro/time-off')({ component: ProTimeOffPage });

import { createFileRoute } from '@tanstack/react-router';
import { ProAgendaPage } from '../../screens/pro/pro-pages';

/** Issue 27: her agenda (a professional), the unanswered requests' way in (the team). */
export const Route = createFileRoute('/pro/')({ component: ProAgendaPage });

import { createFileRoute } from '@tanstack/react-router';
import { ProTeamBoardPage } from '../../screens/pro/pro-pages';

/** Issue 40: the team's board (the team; a professional is shown her agenda). */
export const Route = createFileRoute('/pro/team')({ component: ProTeamBoardPage });

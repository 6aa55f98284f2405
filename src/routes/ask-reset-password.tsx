import { createFileRoute } from '@tanstack/react-router';
import { AskResetScreen } from '../screens/ask-reset/ask-reset-screen';

export const Route = createFileRoute('/ask-reset-password')({ component: AskResetScreen });

import { createFileRoute } from '@tanstack/react-router';
import { resetSearchSchema } from '../shell/search';
import { ResetPasswordScreen } from '../screens/reset-password/reset-password-screen';

export const Route = createFileRoute('/reset-password')({
  validateSearch: resetSearchSchema,
  component: ResetPasswordScreen,
});

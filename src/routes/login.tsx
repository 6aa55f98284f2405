import { createFileRoute } from '@tanstack/react-router';
import { loginSearchSchema } from '../shell/search';
import { LoginScreen } from '../screens/login/login-screen';

export const Route = createFileRoute('/login')({ validateSearch: loginSearchSchema, component: LoginScreen });

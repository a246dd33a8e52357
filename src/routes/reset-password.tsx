import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../components/auth/reset-password-page';
import { resetSearchSchema } from '../components/auth/reset-search';

export const Route = createFileRoute('/reset-password')({
  staticData: { pageTitle: 'Reset password', name: 'reset-password' },
  validateSearch: resetSearchSchema,
  component: function ResetPassword() {
    const { token, email } = Route.useSearch();
    return <ResetPasswordPage userType="user" token={token} email={email} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../components/auth/reset-password-page';
import { resetSearchSchema } from '../components/auth/reset-search';

export const Route = createFileRoute('/artist/reset-password')({
  staticData: { pageTitle: 'Reset password', name: 'artist.reset-password' },
  validateSearch: resetSearchSchema,
  component: function ArtistResetPassword() {
    const { token, email } = Route.useSearch();
    return <ResetPasswordPage userType="artist" token={token} email={email} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { ArtistForgotPasswordPage } from '../components/auth/artist-forgot-password-page';

export const Route = createFileRoute('/artist/forgot-password')({
  staticData: { pageTitle: 'Artist Forgot Password', name: 'artist.forgot-password', guestOnly: true },
  component: ArtistForgotPasswordPage,
});

import { createFileRoute, Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useArtistAuthForm } from '../actors/hooks';
import { ForgotPasswordForm } from '../components/auth/forgot-password-form';
import { AuthCard } from '../components/layout/simple-page';

export const Route = createFileRoute('/artist/forgot-password')({
  staticData: { pageTitle: 'Artist Forgot Password', name: 'artist.forgot-password', guestOnly: true },
  component: function ArtistForgotPassword() {
    const actor = useArtistAuthForm('forgot');
    return (
      <AuthCard title="Forgot Password">
        <ForgotPasswordForm actor={actor} />
        <p className={css({ mt: '4', textAlign: 'center', fontSize: 'sm' })}>
          <Link to="/artist/login" className={css({ color: 'brand.700', textDecoration: 'underline' })}>
            Back to artist login
          </Link>
        </p>
      </AuthCard>
    );
  },
});

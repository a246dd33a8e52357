import { createFileRoute, Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import * as v from 'valibot';
import { useArtistAuthForm } from '../actors/hooks';
import { LoginForm } from '../components/auth/login-form';
import { AuthCard } from '../components/layout/simple-page';
import { Logo } from '../components/ui/logo';

export const Route = createFileRoute('/artist/login')({
  staticData: { pageTitle: 'Artist Login', name: 'artist.login', layout: 'bare', guestOnly: true },
  // The artist's page a signed-out visit asked for (the guard sets it); the login leads back there.
  validateSearch: v.object({ redirect: v.fallback(v.optional(v.string()), undefined) }),
  component: ArtistLogin,
});

function ArtistLogin() {
  const { redirect } = Route.useSearch();
  const actor = useArtistAuthForm('login', redirect);
  return (
    <div className={css({ w: 'full' })}>
      <div className={css({ display: 'flex', justifyContent: 'center' })}>
        <Logo />
      </div>
      <AuthCard title="Artist Login">
        <LoginForm
          actor={actor}
          submitLabel="Login to your artist account"
          forgotLink={
            <Link
              to="/artist/forgot-password"
              className={css({
                color: 'brand.700',
                fontSize: 'sm',
                fontWeight: 'semibold',
                textDecoration: 'underline',
              })}
            >
              Forgot Password?
            </Link>
          }
          footer={
            <p className={css({ mt: '4', textAlign: 'center', fontSize: 'sm' })}>
              Not an artist yet?{' '}
              <Link
                to="/artist/application"
                className={css({ color: 'brand.700', fontWeight: 'semibold', textDecoration: 'underline' })}
              >
                Apply now
              </Link>
            </p>
          }
        />
      </AuthCard>
    </div>
  );
}

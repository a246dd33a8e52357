import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useArtistAuthForm } from '../../actors/auth-form-hooks';
import { AuthCard } from '../layout/simple-page';
import { Logo } from '../ui/logo';
import { FormSlot } from './form-slot';
import { LoginForm } from './login-form';

/** The artist's login page; `returnTo`: the artist's page a signed-out visit asked for. */
export function ArtistLoginPage({ returnTo }: { returnTo?: string }) {
  const { actor, failed, retry } = useArtistAuthForm('login', returnTo);
  return (
    <div className={css({ w: 'full' })}>
      <div className={css({ display: 'flex', justifyContent: 'center' })}>
        <Logo />
      </div>
      <AuthCard title="Artist Login">
        <FormSlot actor={actor} failed={failed} retry={retry}>
          {(form) => (
            <LoginForm
              actor={form}
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
          )}
        </FormSlot>
      </AuthCard>
    </div>
  );
}

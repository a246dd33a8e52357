import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useArtistAuthForm } from '../../actors/auth-form-hooks';
import { AuthCard } from '../layout/simple-page';
import { ForgotPasswordForm } from './forgot-password-form';
import { FormSlot } from './form-slot';

export function ArtistForgotPasswordPage() {
  const { actor, failed, retry } = useArtistAuthForm('forgot');
  return (
    <AuthCard title="Forgot Password">
      <FormSlot actor={actor} failed={failed} retry={retry}>
        {(form) => <ForgotPasswordForm actor={form} />}
      </FormSlot>
      <p className={css({ mt: '4', textAlign: 'center', fontSize: 'sm' })}>
        <Link to="/artist/login" className={css({ color: 'brand.700', textDecoration: 'underline' })}>
          Back to artist login
        </Link>
      </p>
    </AuthCard>
  );
}

import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { ArtistApplicationForm } from './artist-application-form';

export function ArtistApplicationPage() {
  return (
    <div className={css({ maxW: '3xl', mx: 'auto', px: '4', py: { base: '10', md: '14' } })}>
      <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'extrabold', color: 'gray.900' })}>
        Become a Labsongs artist
      </h1>
      <p className={css({ mt: '3', fontSize: 'lg', color: 'fg.muted' })}>
        Write and record personalised songs for customers across the Philippines and beyond. Apply here; we email you a
        temporary password, and once you have finished your profile our team reviews it.
      </p>
      <p className={css({ mt: '3', mb: '8' })}>
        Already an artist with us?{' '}
        <Link
          to="/artist/login"
          className={css({ color: 'brand.700', fontWeight: 'semibold', textDecoration: 'underline' })}
        >
          Log in to your artist account
        </Link>
        .
      </p>
      <ArtistApplicationForm />
    </div>
  );
}

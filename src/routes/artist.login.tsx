import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ArtistLoginPage } from '../components/auth/artist-login-page';

export const Route = createFileRoute('/artist/login')({
  staticData: { pageTitle: 'Artist Login', name: 'artist.login', layout: 'bare', guestOnly: true },
  // The artist's page a signed-out visit asked for (the guard sets it); the login leads back there.
  // Only an artist's page of this app is kept (never another site).
  validateSearch: v.object({
    redirect: v.fallback(v.optional(v.pipe(v.string(), v.startsWith('/artist/'))), undefined),
  }),
  component: function ArtistLogin() {
    return <ArtistLoginPage returnTo={Route.useSearch().redirect} />;
  },
});

import { Hono } from 'hono';
import { deactivateSchema } from '../../contracts/account-care';
import {
  artistDashboardAnswer,
  artistProfileAnswer,
  artistSongAnswer,
  authUserAnswer,
  deactivationPreviewAnswer,
  openWorkListAnswer,
  payoutAnswer,
  signedInAnswer,
} from '../../contracts/api/artist';
import { messageOnlySchema } from '../../contracts/api/envelope';
import {
  artistInfoSchema,
  changePasswordSchema,
  featuredSongSchema,
  onlineStatusSchema,
  payoutSchema,
  personalInfoSchema,
  songSourceSchema,
} from '../../contracts/artist';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { operation } from '../openapi/operation';
import { deactivationPreview } from '../users/deactivation.handlers';
import { apply } from './application.handlers';
import {
  changePassword,
  deactivate,
  getProfile,
  openOrders,
  saveArtistInfo,
  saveBank,
  savePersonal,
} from './profile.handlers';
import { requireApprovedArtist } from './require-approved-artist';
import { downloadSong, removeSong, setFeaturedSong, uploadSong } from './songs.handlers';
import { dashboard, setOnlineStatus } from './status.handlers';

/** The artist area beyond auth (`/api/v1/artist`): the public application, the profile parts, songs, status. */
export function createArtistRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // Authentication runs before body validation: a stranger learns nothing from a 422.
  const signedIn = requireAuth('artist');

  routes.post(
    '/application',
    operation({
      summary: 'Apply as an artist (multipart: details and songs)',
      tags: 'Artist application',
      answers: { 201: messageOnlySchema },
      fails: [400, 409, 413, 415, 422, 429],
    }),
    (c) => apply(c),
  );

  routes.get(
    '/profile',
    operation({
      summary: "The artist's profile",
      tags: 'Artist profile',
      auth: true,
      answers: { 200: artistProfileAnswer },
    }),
    signedIn,
    (c) => getProfile(c),
  );
  routes.patch(
    '/profile/personal',
    operation({
      summary: "Save the artist's personal details",
      tags: 'Artist profile',
      auth: true,
      answers: { 200: authUserAnswer },
      fails: [409],
    }),
    signedIn,
    validateJson(personalInfoSchema),
    (c) => savePersonal(c, c.req.valid('json')),
  );
  routes.patch(
    '/profile/artist-info',
    operation({
      summary: "Save the artist's public details",
      tags: 'Artist profile',
      auth: true,
      answers: { 200: authUserAnswer },
      fails: [409],
    }),
    signedIn,
    validateJson(artistInfoSchema),
    (c) => saveArtistInfo(c, c.req.valid('json')),
  );
  routes.patch(
    '/profile/bank',
    operation({
      summary: "Save the artist's payout account",
      tags: 'Artist profile',
      auth: true,
      answers: { 200: payoutAnswer },
      fails: [409],
    }),
    signedIn,
    validateJson(payoutSchema),
    (c) => saveBank(c, c.req.valid('json')),
  );
  routes.patch(
    '/profile/password',
    operation({
      summary: "Change the artist's password",
      tags: 'Artist profile',
      auth: true,
      answers: { 200: signedInAnswer },
      fails: [429],
    }),
    signedIn,
    validateJson(changePasswordSchema),
    (c) => changePassword(c, c.req.valid('json')),
  );
  routes.get(
    '/profile/open-orders',
    operation({
      summary: "The artist's orders still open",
      tags: 'Artist profile',
      auth: true,
      answers: { 200: openWorkListAnswer },
    }),
    signedIn,
    (c) => openOrders(c),
  );
  routes.get(
    '/profile/deactivation',
    operation({
      summary: 'What deactivating the account would do',
      tags: 'Artist profile',
      auth: true,
      answers: { 200: deactivationPreviewAnswer },
    }),
    signedIn,
    (c) => deactivationPreview(c),
  );
  routes.patch(
    '/profile/deactivate',
    operation({
      summary: 'Deactivate the account',
      tags: 'Artist profile',
      auth: true,
      answers: { 200: messageOnlySchema },
      fails: [409],
    }),
    signedIn,
    validateJson(deactivateSchema),
    (c) => deactivate(c, c.req.valid('json')),
  );

  routes.post(
    '/profile/upload/song',
    operation({
      summary: 'Upload a sample song (multipart)',
      tags: 'Artist profile',
      auth: true,
      answers: { 201: artistSongAnswer },
      fails: [400, 409, 413, 415, 422],
    }),
    signedIn,
    (c) => uploadSong(c),
  );
  routes.get(
    '/profile/upload/song',
    operation({
      summary: 'Play back an uploaded sample song',
      tags: 'Artist profile',
      auth: true,
      answers: { 200: { media: 'audio/*' }, 206: { media: 'audio/*' } },
      fails: [400, 404, 416],
    }),
    signedIn,
    (c) => downloadSong(c),
  );
  routes.delete(
    '/profile/upload/song',
    operation({
      summary: 'Remove a sample song',
      tags: 'Artist profile',
      auth: true,
      answers: { 200: messageOnlySchema },
      fails: [404, 409],
    }),
    signedIn,
    validateJson(songSourceSchema),
    (c) => removeSong(c, c.req.valid('json')),
  );
  routes.patch(
    '/profile/featured-song',
    operation({
      summary: 'Choose the featured sample song',
      tags: 'Artist profile',
      auth: true,
      answers: { 200: authUserAnswer },
      fails: [404],
    }),
    signedIn,
    validateJson(featuredSongSchema),
    (c) => setFeaturedSong(c, c.req.valid('json')),
  );

  // Gated (docs/product.md §4, docs/architecture.md §5): only an approved artist goes online or sees the dashboard.
  routes.patch(
    '/profile/online-status',
    operation({
      summary: 'Go online or offline (approved artists)',
      tags: 'Artist profile',
      auth: true,
      answers: { 200: authUserAnswer },
      fails: [403],
    }),
    signedIn,
    requireApprovedArtist,
    validateJson(onlineStatusSchema),
    (c) => setOnlineStatus(c, c.req.valid('json')),
  );
  routes.get(
    '/dashboard',
    operation({
      summary: "The approved artist's dashboard",
      tags: 'Artist profile',
      auth: true,
      answers: { 200: artistDashboardAnswer },
      fails: [403],
    }),
    signedIn,
    requireApprovedArtist,
    (c) => dashboard(c),
  );

  return routes;
}

import { Hono } from 'hono';
import { deactivateSchema } from '../../contracts/account-care';
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

  routes.post('/application', (c) => apply(c));

  routes.get('/profile', signedIn, (c) => getProfile(c));
  routes.patch('/profile/personal', signedIn, validateJson(personalInfoSchema), (c) =>
    savePersonal(c, c.req.valid('json')),
  );
  routes.patch('/profile/artist-info', signedIn, validateJson(artistInfoSchema), (c) =>
    saveArtistInfo(c, c.req.valid('json')),
  );
  routes.patch('/profile/bank', signedIn, validateJson(payoutSchema), (c) => saveBank(c, c.req.valid('json')));
  routes.patch('/profile/password', signedIn, validateJson(changePasswordSchema), (c) =>
    changePassword(c, c.req.valid('json')),
  );
  routes.get('/profile/open-orders', signedIn, (c) => openOrders(c));
  routes.get('/profile/deactivation', signedIn, (c) => deactivationPreview(c));
  routes.patch('/profile/deactivate', signedIn, validateJson(deactivateSchema), (c) =>
    deactivate(c, c.req.valid('json')),
  );

  routes.post('/profile/upload/song', signedIn, (c) => uploadSong(c));
  routes.get('/profile/upload/song', signedIn, (c) => downloadSong(c));
  routes.delete('/profile/upload/song', signedIn, validateJson(songSourceSchema), (c) =>
    removeSong(c, c.req.valid('json')),
  );
  routes.patch('/profile/featured-song', signedIn, validateJson(featuredSongSchema), (c) =>
    setFeaturedSong(c, c.req.valid('json')),
  );

  // Gated (docs/product.md §4, docs/architecture.md §5): only an approved artist goes online or sees the dashboard.
  routes.patch('/profile/online-status', signedIn, requireApprovedArtist, validateJson(onlineStatusSchema), (c) =>
    setOnlineStatus(c, c.req.valid('json')),
  );
  routes.get('/dashboard', signedIn, requireApprovedArtist, (c) => dashboard(c));

  return routes;
}

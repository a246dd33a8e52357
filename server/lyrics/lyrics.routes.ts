import { Hono } from 'hono';
import { orderMessageAnswer } from '../../contracts/api/order-messages';
import { orderDetailAnswer } from '../../contracts/api/orders';
import { lyricsApprovalSchema, lyricsChangesSchema, postLyricsSchema } from '../../contracts/lyrics';
import { requireApprovedArtist } from '../artists/require-approved-artist';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { operation } from '../openapi/operation';
import { approveLyrics, askLyricsChanges, postLyrics, setLyricsApproval } from './lyrics.handlers';

// Lyrics for approval (docs/api.md "Lyrics for approval"): the artist's draft, the customer's answer, and
// the customer's switch on the order.
const order = '/orders/:id{[0-9]{1,9}}';
const idOf = (raw: string) => Number(raw);
const tags = 'Lyrics for approval';

/** `/api/v1/user`: approve the lyrics, ask for changes, turn lyrics approval on or off. */
export function createCustomerLyricsRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth('user');
  routes.post(
    `${order}/lyrics/approve`,
    operation({
      summary: 'Approve the lyrics draft: the artist may record the song',
      tags,
      auth: true,
      answers: { 201: orderMessageAnswer },
      fails: [404, 409],
    }),
    signedIn,
    (c) => approveLyrics(c, idOf(c.req.param('id'))),
  );
  routes.post(
    `${order}/lyrics/changes`,
    operation({
      summary: 'Ask the artist for changes to the lyrics draft, with a note (not a revision)',
      tags,
      auth: true,
      answers: { 201: orderMessageAnswer },
      fails: [404, 409, 422],
    }),
    signedIn,
    validateJson(lyricsChangesSchema),
    (c) => askLyricsChanges(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.put(
    `${order}/lyrics-approval`,
    operation({
      summary: 'Turn lyrics approval off (before the recording) or on (before an artist takes the order)',
      tags,
      auth: true,
      answers: { 200: orderDetailAnswer },
      fails: [404, 409, 422],
    }),
    signedIn,
    validateJson(lyricsApprovalSchema),
    (c) => setLyricsApproval(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  return routes;
}

/** `/api/v1/artist`: post a lyrics draft in the order's thread. */
export function createArtistLyricsRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post(
    `${order}/lyrics`,
    operation({
      summary: 'Post a lyrics draft for the customer to approve (the same client_id again answers the stored draft)',
      tags,
      auth: true,
      answers: { 200: orderMessageAnswer, 201: orderMessageAnswer },
      fails: [403, 404, 409, 422],
    }),
    requireAuth('artist'),
    requireApprovedArtist,
    validateJson(postLyricsSchema),
    (c) => postLyrics(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  return routes;
}

import type { MiddlewareHandler } from 'hono';
import { artistMessages } from '../../contracts/artist';
import { currentAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { ApiError } from '../http/api-error';

/**
 * The server side of docs/product.md §4's artist gating (docs/architecture.md §5): behind requireAuth('artist'), only an
 * approved artist passes; everyone else gets 403 notApproved. Guards the dashboard, the online switch
 * and, as they arrive, the order and earnings routes.
 */
export const requireApprovedArtist: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (currentAuth(c).user.app_status !== 'approved') throw new ApiError(403, artistMessages.notApproved);
  await next();
};

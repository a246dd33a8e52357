import type { ApiSuccess } from '../../contracts/http';
import type { UserOptions } from '../../contracts/order';
import { call } from '../api/call';
import type { AppActors } from './app-actors';

// GET /options, fetched one way: the order form's lists, the catalogue's filters and the artist's
// application form all come from this one request per visit (the lists come from the server, never
// from constants in the SPA). A failed request is forgotten so "Try again" asks again.
const loaded = new WeakMap<AppActors['api'], Promise<UserOptions>>();

export function loadOptions(api: AppActors['api']): Promise<UserOptions> {
  let pending = loaded.get(api);
  if (!pending) {
    pending = call(async () => (await api.for('user').get('options').json<ApiSuccess<UserOptions>>()).data);
    pending.catch(() => loaded.delete(api));
    loaded.set(api, pending);
  }
  return pending;
}

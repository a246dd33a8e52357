import { useMemo } from 'react';
import type { ApiSuccess } from '../../../contracts/http';
import type { Option } from '../../../contracts/options';
import type { UserOptions } from '../../../contracts/order';
import type { AppActors } from '../../actors/app-actors';
import { useAppActors } from '../../actors/hooks';
import { useResource } from '../../actors/use-resource';
import { call } from '../../api/call';

// GET /options: the order form's choice lists come from the server, never from constants in the SPA.
// One request serves every step of a visit; a failed one is forgotten so "Try again" asks again.
const loaded = new WeakMap<AppActors['api'], Promise<UserOptions>>();

function loadOptions(api: AppActors['api']): Promise<UserOptions> {
  let pending = loaded.get(api);
  if (!pending) {
    pending = call(async () => (await api.for('user').get('options').json<ApiSuccess<UserOptions>>()).data);
    pending.catch(() => loaded.delete(api));
    loaded.set(api, pending);
  }
  return pending;
}

/** The order form's options, with a label lookup for values already chosen (review). */
export function useOrderOptions() {
  const { api } = useAppActors();
  const resource = useResource(() => loadOptions(api), 'order-options');
  const options = resource.data;
  const labelOf = useMemo(() => {
    return (list: keyof Omit<UserOptions, 'base_price'>, value: string): string =>
      (options?.[list] as Option[] | undefined)?.find((o) => o.value === value)?.display ?? value;
  }, [options]);
  return { ...resource, options, labelOf };
}

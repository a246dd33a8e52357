import { useMemo } from 'react';
import type { Option } from '../../../contracts/options';
import type { UserOptions } from '../../../contracts/order';
import { useAppActors } from '../../actors/hooks';
import { loadOptions } from '../../actors/options';
import { useResource } from '../../actors/use-resource';

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

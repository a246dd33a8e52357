import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import type { ClipSlot } from '../../../contracts/order';
import { connectOrderDraft } from '../../../machines/order-draft.connect';
import type { FormStep, OrderFieldChange, OrderForms, OrderStep } from '../../../machines/order-draft.types';
import { useOrderDraftActor } from '../../actors/hooks';

/** The order flow's view model (connectOrderDraft) and the draft actor to send events to. */
export function useOrderDraft() {
  const orderDraft = useOrderDraftActor();
  const view = useSelector(orderDraft, connectOrderDraft);
  return { view, send: orderDraft.send };
}

/** Tells the draft which step's page is open (docs/product.md §2's guard already let the route load). */
export function useStepOpen(step: OrderStep): void {
  const orderDraft = useOrderDraftActor();
  useEffect(() => {
    orderDraft.send({ type: 'step.open', step });
  }, [orderDraft, step]);
}

/** A step's fields that `field.changed` sets (artists and clips have events of their own). */
type FieldName<S extends FormStep> = Exclude<keyof OrderForms[S], 'selected_artists' | ClipSlot>;

/** `field.changed` for one form step, typed by field name. */
export function useFieldChange<S extends FormStep>(step: S) {
  const orderDraft = useOrderDraftActor();
  return useCallback(
    <N extends FieldName<S>>(name: N, value: OrderForms[S][N]) =>
      orderDraft.send({ type: 'field.changed', step, name, value } as unknown as OrderFieldChange),
    [orderDraft, step],
  );
}

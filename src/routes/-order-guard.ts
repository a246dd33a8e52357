import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { isDraftSettled, redirectFor } from '../../machines/order-draft.connect';
import type { OrderStep } from '../../machines/order-draft.types';
import { orderStepPaths } from '../../machines/order-steps';
import type { RouterContext } from './__root';

/** SPEC §2's guard of an order step: each step needs the pending-order flag and the step before it. */
export async function orderStepGuard(context: RouterContext, step: OrderStep): Promise<void> {
  const snapshot = await waitFor(context.actors.orderDraft, isDraftSettled);
  const target = redirectFor(snapshot, step);
  if (target) throw redirect({ to: orderStepPaths[target], replace: true });
}

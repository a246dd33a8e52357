import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { OrderStep } from '../../machines/order-draft.types';
import { isDraftSettled, orderStepPaths, redirectFor } from '../../machines/order-steps';
import type { RouterContext } from './__root';

/** docs/product.md §2's guard of an order step: each step needs the pending-order flag and the step before it. */
export async function orderStepGuard(context: RouterContext, step: OrderStep): Promise<void> {
  // The first step page of the visit starts the draft (its code loads first).
  const draft = await context.actors.needOrderDraft();
  const snapshot = await waitFor(draft, isDraftSettled);
  const target = redirectFor(snapshot, step);
  if (target) throw redirect({ to: orderStepPaths[target], replace: true });
}

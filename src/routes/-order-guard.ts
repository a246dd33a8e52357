import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { clientMessages } from '../../contracts/messages';
import { appActorIds, type OrderDraftActor } from '../../machines/app.machine';
import type { OrderStep } from '../../machines/order-draft.types';
import { isDraftSettled, orderStepPaths, redirectFor } from '../../machines/order-steps';
import type { AppRootActor } from '../actors/app-actors';
import type { RouterContext } from './__root';

/** docs/product.md §2's guard of an order step: each step needs the pending-order flag and the step before it. */
export async function orderStepGuard(context: RouterContext, step: OrderStep): Promise<void> {
  const draft = await startedDraft(context.actors.root);
  if (!draft) return;
  const snapshot = await waitFor(draft, isDraftSettled);
  const target = redirectFor(snapshot, step);
  if (target) throw redirect({ to: orderStepPaths[target], replace: true });
}

/**
 * /order: the first step, or review when a draft with review reached is in progress (a guest who signs
 * in at review stays there, docs/product.md §4 Customer login).
 */
export async function orderLandingGuard(context: RouterContext): Promise<never> {
  const draft = await startedDraft(context.actors.root);
  const snapshot = draft ? await waitFor(draft, isDraftSettled) : null;
  const atReview = snapshot !== null && redirectFor(snapshot, 'review') === null;
  throw redirect({ to: atReview ? orderStepPaths.review : orderStepPaths.occasion, replace: true });
}

/**
 * The customer's draft, once the root has started it for the step being opened (its code loads first),
 * or null when nothing opens a step (a link's preload): then there is nothing to decide yet.
 * Rejects when its code did not load (the page shows the error, with Try again).
 */
async function startedDraft(root: AppRootActor): Promise<OrderDraftActor | null> {
  const lazyDraft = root.getSnapshot().children.lazyDraft;
  if (!lazyDraft || lazyDraft.getSnapshot().matches('idle')) return null;
  const settled = await waitFor(lazyDraft, (s) => !s.hasTag('loading'));
  const draft: OrderDraftActor | undefined = settled.context.children?.[appActorIds.orderDraft];
  if (!draft) throw new Error(clientMessages.partNotLoaded);
  return draft;
}

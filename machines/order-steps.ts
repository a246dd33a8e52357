// docs/product.md §2 Order flow guards and §4 step order as pure, synchronous functions: route guards
// (beforeLoad, which also runs on hover-preload) call them with the draft's snapshot context without
// touching the actor, and the machine uses the same rules for step.open.
import type { CompletableStep, CompletedSteps, FormStep, OrderStep } from './order-draft.types';

/** The steps in order (docs/product.md §4). */
export const orderSteps: readonly OrderStep[] = ['occasion', 'song', 'story', 'review', 'checkout'];

/** The steps that carry a completed flag, in order. */
export const completableSteps: readonly CompletableStep[] = ['occasion', 'song', 'story', 'review'];

/** docs/product.md §2: each page's path; /order redirects to /order/occasion; checkout is a route of its own. */
export const orderStepPaths: Readonly<Record<OrderStep, string>> = {
  occasion: '/order/occasion',
  song: '/order/song',
  story: '/order/story',
  review: '/order/review',
  checkout: '/order/checkout',
};

/** docs/product.md §2: the step whose completed flag a step needs, besides the pending-order flag (occasion needs nothing). */
const requiredStep: Readonly<Record<Exclude<OrderStep, 'occasion'>, CompletableStep>> = {
  song: 'occasion',
  story: 'song',
  review: 'story',
  checkout: 'review',
};

export const noStepsCompleted: CompletedSteps = { occasion: false, song: false, story: false, review: false };

/**
 * docs/product.md §2's route guard for `step`: null when the page may open, otherwise the step to redirect to.
 * /order/song needs the pending-order flag and occasion (else /order/occasion), /order/story the flag
 * and song (else /order/song), /order/review the flag and story (else /order/story), /order/checkout
 * the flag and review (else /order/review). Once the order is placed, the three forms lead to review.
 */
export function stepGuard(completed: CompletedSteps, hasPendingOrder: boolean, step: OrderStep): OrderStep | null {
  // Placed (committed): the server refuses changes to its parts (409), so their forms stay closed
  // and review, which says the order is placed, is where they lead.
  if (isOrderPlaced(completed, hasPendingOrder) && isFormStep(step)) return 'review';
  if (step === 'occasion') return null;
  const needed = requiredStep[step];
  return hasPendingOrder && completed[needed] ? null : needed;
}

/** The steps with a form of their own (the parts of the temp order). */
function isFormStep(step: OrderStep): step is FormStep {
  return step === 'occasion' || step === 'song' || step === 'story';
}

/**
 * "Place order" went through: the draft is an order now, waiting for checkout (review is marked only
 * by the commit, which needs every part saved; a stored copy that says otherwise is not trusted).
 */
export function isOrderPlaced(completed: CompletedSteps, hasPendingOrder: boolean): boolean {
  return hasPendingOrder && completableSteps.every((step) => completed[step]);
}

/** Whether docs/product.md §2's guard lets `step` open. */
export function isStepReachable(completed: CompletedSteps, hasPendingOrder: boolean, step: OrderStep): boolean {
  return stepGuard(completed, hasPendingOrder, step) === null;
}

/** The first step not done yet (checkout when everything before it is), where a resumed flow continues. */
export function firstOpenStep(completed: CompletedSteps, hasPendingOrder: boolean): OrderStep {
  if (!hasPendingOrder) return 'occasion';
  return completableSteps.find((step) => !completed[step]) ?? 'checkout';
}

/** Where the draft lands after a (re)load: the wanted step when its guard allows it, else the first step not done. */
export function landingStep(completed: CompletedSteps, hasPendingOrder: boolean, wanted: OrderStep | null): OrderStep {
  return wanted !== null && isStepReachable(completed, hasPendingOrder, wanted)
    ? wanted
    : firstOpenStep(completed, hasPendingOrder);
}

/** The step after `step` (checkout is the last). */
export function nextStep(step: OrderStep): OrderStep {
  return orderSteps[orderSteps.indexOf(step) + 1] ?? 'checkout';
}

/** What the route guards read of the draft's snapshot. */
interface DraftSnapshotLike {
  hasTag(tag: 'busy'): boolean;
  context: { completed: CompletedSteps; hasPendingOrder: boolean };
}

/** No call in flight: the stored draft has been checked with the server and no save is pending (route guards waitFor this). */
export function isDraftSettled(snapshot: DraftSnapshotLike): boolean {
  return !snapshot.hasTag('busy');
}

/** docs/product.md §2's guard for a step's route: null to let it open, else the step to redirect to. */
export function redirectFor(snapshot: DraftSnapshotLike, step: OrderStep): OrderStep | null {
  const { completed, hasPendingOrder } = snapshot.context;
  return stepGuard(completed, hasPendingOrder, step);
}

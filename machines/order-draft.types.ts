// The customer's order draft (docs/product.md §3 Temp order, §4 Order draft flow, §2 order-flow guards): the steps
// occasion → song → story → review → checkout, saved to the server's temp order step by step and kept
// in local storage under docs/product.md §9's keys. Read this file for the flow's vocabulary;
// order-draft.machine.ts for its logic, order-steps.ts for the route guards.
import type { AuthUser } from '../contracts/account';
import type { FieldErrors } from '../contracts/http';
import type { ClipSlot, OccasionBody, Order, SongBody, StoryBody, TempOrder } from '../contracts/order';

/** The steps in order; each requires the one before it (docs/product.md §4). */
export type OrderStep = 'occasion' | 'song' | 'story' | 'review' | 'checkout';

/** The steps with a form of their own, each saved by its own call. */
export type FormStep = 'occasion' | 'song' | 'story';

/** The steps that carry a completed flag (docs/product.md §3, stored under labsongs_completed_steps). */
export type CompletableStep = Exclude<OrderStep, 'checkout'>;

/** The completed-step flags, exactly as stored under labsongs_completed_steps. */
export type CompletedSteps = Record<CompletableStep, boolean>;

export type OccasionValues = Required<OccasionBody>;
export type SongValues = Required<SongBody>;
export type StoryValues = Required<StoryBody>;

/** What each form step's fields hold: the bodies of POST /temp-order and the three PATCH calls. */
export interface OrderForms {
  occasion: OccasionValues;
  song: SongValues;
  story: StoryValues;
}

/** The committed order as the draft keeps it (reference and price are unknown when only the server's id is). */
export interface CommittedOrder {
  id: number;
  /** "OR" followed by digits. */
  reference: string | null;
  price: number | null;
}

/** The customer's details that prefill the gifter (from the signed-in account). */
export type DraftAccount = Pick<AuthUser, 'first_name' | 'last_name' | 'email'> &
  Partial<Pick<AuthUser, 'id' | 'contact_number' | 'country' | 'dial_code'>>;

export interface OrderDraftContext {
  /** The temp order's id (POST /temp-order's order_id), or null before the first occasion save. */
  orderId: number | null;
  completed: CompletedSteps;
  /** docs/product.md §2's pending-order flag: a draft exists on the server. */
  hasPendingOrder: boolean;
  /** Set by review/commit (docs/product.md §4); the login rules of docs/product.md §4 read it. */
  checkoutPending: boolean;
  /** The step the app has open (or last asked for); null until it opens one. */
  step: OrderStep | null;
  /** The values as the customer types them; restored from storage, replaced by the server's where it has them. */
  forms: OrderForms;
  /** The server's 422 `errors` per step; a field's errors clear when it is edited. */
  errors: Record<OrderStep, FieldErrors>;
  /** The server's draft as last answered (price, earliest needed-by date, the selected artists, clip URLs). */
  tempOrder: TempOrder | null;
  /** The order review/commit created. */
  order: CommittedOrder | null;
  /** The payment method last sent to checkout. */
  paymentMethod: string;
  /** The message of the last failure shown as a toast; cleared when the next call starts. */
  lastError: string | null;
  /** Story clip slots with a take or upload under way that saving now would lose (never stored). */
  pendingClips: ClipSlot[];
  /**
   * Nobody is signed in: the steps are checked here and kept in this browser only (no order id); the
   * draft is saved to the account when someone signs in (the app starts the draft as a guest and the
   * root tells it who is signed in at once).
   */
  guest: boolean;
  /**
   * Whose draft this is: the account last signed in here (its id, else its email), or null. Kept when the
   * session ends in another tab, so the same account continues it and another account never sees it.
   */
  owner: string | null;
  /** Steps saved in this browser while nobody was signed in over a draft the account has: re-sent at sign-in. */
  unsynced: boolean;
}

/** The forms as stored: any field may be missing (an older or damaged copy). */
export interface StoredForms {
  occasion?: Partial<OccasionValues>;
  song?: Partial<SongValues>;
  story?: Partial<StoryValues>;
}

/** What the app restored from storage (readDraftInput builds it), plus the account and a preselected artist. */
export interface OrderDraftInput {
  orderId?: number | null;
  completed?: Partial<CompletedSteps> | null;
  hasPendingOrder?: boolean | null;
  checkoutPending?: boolean | null;
  forms?: StoredForms | null;
  order?: CommittedOrder | null;
  /** "Order with this artist" (storage key labsongs_preselected_artist): the song step preselects it. */
  preselectedArtist?: string | null;
  /** The signed-in customer: the gifter is prefilled from it while the gifter is blank. */
  account?: DraftAccount | null;
  /** Start as a guest (the app does; a sign-in told at once ends it). Its stored steps count without an order id. */
  guest?: boolean | null;
}

/** What the draft stores under labsongs_temp_order. */
export interface StoredDraft {
  orderId: number | null;
  forms: OrderForms;
  order: CommittedOrder | null;
}

/**
 * Params of persistDraft: one entry per storage key, named as in contracts/storage-keys.ts
 * (completedSteps → labsongs_completed_steps, hasPendingOrder → labsongs_has_pending_order,
 * checkoutPending → labsongs_checkout_pending, tempOrder → labsongs_temp_order). Store each as JSON.
 */
export interface PersistDraftParams {
  completedSteps: CompletedSteps;
  hasPendingOrder: boolean;
  checkoutPending: boolean;
  tempOrder: StoredDraft;
}

/** One field of one form step, with the value type of that field (artists and clips have their own events). */
export type OrderFieldChange = {
  [S in FormStep]: {
    [N in Exclude<keyof OrderForms[S], 'selected_artists' | ClipSlot>]: {
      type: 'field.changed';
      step: S;
      name: N;
      value: OrderForms[S][N];
    };
  }[Exclude<keyof OrderForms[S], 'selected_artists' | ClipSlot>];
}[FormStep];

export type OrderDraftEvent =
  /** A step's page opened (its route component); taken only when docs/product.md §2's guard allows it. */
  | { type: 'step.open'; step: OrderStep }
  | OrderFieldChange
  /** Select or unselect an artist on the song step; a fourth selection is ignored (docs/product.md §5). */
  | { type: 'artists.toggle'; id: string }
  /** "Order with this artist" while the app runs: selected unless already there or the cap is reached. */
  | { type: 'artists.preselect'; id: string }
  /** A story clip slot: a temporary location from POST /temp-order/upload (the file-upload machine), or null to remove it. */
  | { type: 'clip.set'; slot: ClipSlot; temp_location: string | null }
  /** A clip slot reports that a take or upload started (true) or ended (false). */
  | { type: 'clip.pending'; slot: ClipSlot; pending: boolean }
  | { type: 'step.save'; step: FormStep }
  /** Review's "Continue to checkout": commits the draft into an order. */
  | { type: 'review.commit' }
  | { type: 'checkout.pay'; paymentMethod: string }
  /** The checkout's payment method was chosen (it is kept for Pay, and shown chosen on the way back). */
  | { type: 'checkout.methodChosen'; paymentMethod: string }
  /** docs/product.md §4 Reset: clears the order id, steps, forms and flags (and their storage). */
  | { type: 'draft.reset' }
  /** "Start over": the draft is deleted from the account (when it is there) and cleared here. */
  | { type: 'draft.discard' }
  /** A customer signed in: a blank gifter is prefilled from the account. */
  | { type: 'session.loggedIn'; account: DraftAccount }
  /**
   * The session ended in another tab (its own Logout there, or a sign-out elsewhere): this tab's draft and
   * typed text are kept for the same account's next sign-in.
   */
  | { type: 'session.endedElsewhere' }
  /** Logout or a session reset: the draft goes with the session. */
  | { type: 'session.loggedOut' };

/** busy: a call is in flight; saving: a step's save, the commit or the checkout; restoring: loading the server's draft; leaving: on the way to the payment page. */
export type OrderDraftTag = 'busy' | 'saving' | 'restoring' | 'leaving';

/** POST /temp-order answers the new draft's id (docs/product.md §7). */
export interface CreateTempOrderOutput {
  order_id: number;
}

/** PATCH /temp-order/{id}/<step>: the id and the step's values. */
export interface SaveStepInput<V> {
  orderId: number;
  values: V;
}

/** GET /temp-order/{id} and POST /temp-order/{id}/commit. */
export interface DraftCallInput {
  orderId: number;
}

/** POST /order/{id}/checkout: the committed order's id and {paymentMethod}. */
export interface StartCheckoutInput {
  orderId: number;
  paymentMethod: string;
}

/** The PATCH calls and GET /temp-order/{id} answer with the draft as saved. */
export type TempOrderOutput = TempOrder;

/** POST /temp-order/{id}/commit answers with the order. */
export type CommitOrderOutput = Order;

/** Params of goToStep: the app navigates to the step's page (orderStepPaths). */
export interface GoToStepParams {
  step: OrderStep;
}

/** Params of leaveForPayment: the app sets window.location to the provider's page. */
export interface LeaveForPaymentParams {
  url: string;
}

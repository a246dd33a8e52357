import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { StatePath } from 'xstate/graph';
import type { Order, TempOrder } from '../../contracts/order';
import { orderDraftMachine } from '../../machines/order-draft.machine';
import type { OrderDraftEvent, OrderStep } from '../../machines/order-draft.types';
import { storage } from '../../src/lib/storage';
import {
  definedTransitions,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  getTransitionPaths,
} from '../machines/model';
import { renderApp } from './app-harness';
import { customerServer } from './fixtures';

// The order steps (occasion → song → story → review → checkout) driven along paths generated from
// orderDraftMachine: Save & continue, Place order and Pay are clicks, and each call the draft makes
// (POST /temp-order, PATCH …/song and …/story, POST …/commit, POST /order/{id}/checkout) is held
// until the step answers it, with the draft as saved or with the server's refusal. After every step
// the screen must show what the state means: the step's page and heading, which steps the header
// marks done, the button busy while a call is out, each field's message under its field, the
// refusal's message, and at the end the draft cleared on the way to the payment page.

afterEach(() => vi.unstubAllGlobals());

const refusals = {
  occasion: { message: 'The given data was invalid.', errors: { recipient_first_name: ['Please enter a name'] } },
  song: { message: 'The given data was invalid.', errors: { song_mood: ['Choose the mood'] } },
  story: { message: 'The given data was invalid.', errors: { song_about: ['Tell us what the song is about'] } },
  review: { message: 'The artists you chose are no longer available.' },
  checkout: { message: 'The payment provider is not answering. Please try again.' },
} as const;

const events = [
  // Back to the first step from the steps header (the other steps' links are the same kind of click).
  { type: 'step.open', step: 'occasion' },
  { type: 'step.save', step: 'occasion' },
  { type: 'step.save', step: 'song' },
  { type: 'step.save', step: 'story' },
  { type: 'review.commit' },
  { type: 'checkout.pay', paymentMethod: 'sandbox' },
  { type: 'xstate.done.actor.createTempOrder', output: { order_id: 9 } },
  { type: 'xstate.error.actor.createTempOrder', error: { status: 422, ...refusals.occasion } },
  { type: 'xstate.done.actor.saveOccasion', output: {} },
  { type: 'xstate.error.actor.saveOccasion', error: { status: 422, ...refusals.occasion } },
  { type: 'xstate.done.actor.saveSong', output: {} },
  { type: 'xstate.error.actor.saveSong', error: { status: 422, ...refusals.song } },
  { type: 'xstate.done.actor.saveStory', output: {} },
  { type: 'xstate.error.actor.saveStory', error: { status: 422, ...refusals.story } },
  { type: 'xstate.done.actor.commitOrder', output: {} },
  { type: 'xstate.error.actor.commitOrder', error: { status: 503, ...refusals.review } },
  { type: 'xstate.done.actor.startCheckout', output: { payment: { Url: 'https://pay.example/x' } } },
  { type: 'xstate.error.actor.startCheckout', error: { status: 503, ...refusals.checkout } },
] as unknown as OrderDraftEvent[];

/**
 * States as the person tells them apart: the state, whether a draft exists (Save then updates it) and
 * which steps show a refusal. The steps done are checked on every screen but do not make new states.
 */
const serializeState = (s: any) =>
  JSON.stringify([
    s.value,
    s.context.orderId !== null,
    Object.entries(s.context.errors)
      .filter(([, e]) => Object.keys(e as object).length > 0)
      .map(([step]) => step),
  ]);

const draft = (over: Partial<TempOrder> = {}): TempOrder => ({
  id: 9,
  occasion: null,
  song: null,
  story: null,
  price: 3200,
  add_ons: null,
  earliest_needed_by: '2030-01-10',
  committed_order_id: null,
  ...over,
});

const placed: Order = {
  id: 41,
  reference: 'OR1041',
  status: 'pending_payment' as Order['status'],
  price: 3200,
  currency: 'PHP',
  occasion_name: 'birthday',
  recipient_first_name: 'Lola',
  needed_by: '2030-01-20',
  artists: [{ id: 'a1', stage_name: 'Ana Reyes' }],
  created_at: '2029-12-01T00:00:00Z',
  add_ons: { rush: false, rush_price: 0, extra_revisions: 0, extra_revisions_price: 0 },
  paid_at: null,
  events: [],
};

type Answer = { status: number; body: unknown };

/** The model's calls never settle on their own: the path's done/error events stand for the answers. */
const held = () => fromPromise(() => new Promise(() => {}));

/** A signed-in customer with no draft yet, on /order/occasion; every call the draft makes is held. */
function start() {
  const held: { answer?: (a: Answer) => void; path?: string } = {};
  const sent: string[] = [];
  customerServer();
  const answered = globalThis.fetch;
  vi.stubGlobal('fetch', async (request: Request | string | URL, init?: RequestInit) => {
    const req = request instanceof Request ? request : new Request(String(request), init);
    const path = new URL(req.url).pathname;
    if (req.method !== 'GET' && /\/api\/v1\/user\/(temp-order|order\/\d+\/checkout)/.test(path)) {
      sent.push(`${req.method} ${path}`);
      const answer = await new Promise<Answer>((resolve) => {
        held.answer = resolve;
        held.path = path;
      });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return answered(request, init);
  });
  const app = renderApp('/order/occasion');
  return {
    app,
    sent,
    toastsBefore: new Set<Element>(),
    answerWith(answer: Answer) {
      expect(held.answer, 'a call is out').toBeDefined();
      const release = held.answer;
      held.answer = undefined;
      release?.(answer);
    },
  };
}

type Run = ReturnType<typeof start>;

const titles: Record<OrderStep, string> = {
  occasion: 'Tell us about the occasion',
  song: 'Choose your artists and the sound',
  story: 'Tell the story',
  review: 'Review your order',
  checkout: 'Checkout',
};
const heading = (step: OrderStep) => screen.queryByRole('heading', { level: 1, name: titles[step] });
const ok = (data: unknown): Answer => ({ status: 200, body: { data } });

async function act(event: any, h: Run) {
  switch (event.type) {
    case 'step.open':
      await userEvent.click(
        within(screen.getByRole('navigation', { name: 'Order steps' })).getByRole('link', { name: /^.?Occasion/ }),
      );
      return;
    case 'step.save':
      await userEvent.click(await screen.findByRole('button', { name: 'Save & continue' }));
      return;
    case 'review.commit':
      await userEvent.click(await screen.findByRole('button', { name: /^(Place order|Continue to checkout)$/ }));
      return;
    case 'checkout.pay':
      await userEvent.click(await screen.findByRole('button', { name: /^Pay/ }));
      return;
    case 'xstate.done.actor.createTempOrder':
      h.answerWith({ status: 201, body: { data: { order_id: 9 } } });
      return;
    case 'xstate.done.actor.saveOccasion':
      h.answerWith(ok(draft({ occasion: { recipient_first_name: 'Lola' } as never })));
      return;
    case 'xstate.done.actor.saveSong':
      h.answerWith(ok(draft({ song: { needed_by: '2030-01-20', artists: [] } as never })));
      return;
    case 'xstate.done.actor.saveStory':
      h.answerWith(ok(draft({ story: { song_about: 'Her garden' } as never })));
      return;
    case 'xstate.done.actor.commitOrder':
      h.answerWith(ok(placed));
      return;
    case 'xstate.done.actor.startCheckout':
      h.answerWith(ok({ payment: { Url: 'https://pay.example/x', RefNo: 'R1', Status: 'S' } }));
      return;
    default: {
      // A refusal: the held call answers with the step's message.
      const step = (
        {
          createTempOrder: 'occasion',
          saveOccasion: 'occasion',
          saveSong: 'song',
          saveStory: 'story',
          commitOrder: 'review',
          startCheckout: 'checkout',
        } as const
      )[String(event.type).replace('xstate.error.actor.', '') as 'saveSong'];
      h.toastsBefore = new Set(screen.queryAllByText(refusals[step].message));
      h.answerWith({ status: 'errors' in refusals[step] ? 422 : 503, body: refusals[step] });
    }
  }
}

/** The step whose page shows in a state. */
function pageOf(s: any): OrderStep | 'leaving' {
  if (s.matches('leaving')) return 'leaving';
  if (s.matches('saving.creating')) return 'occasion';
  if (s.matches('committing')) return 'review';
  if (s.matches('paying')) return 'checkout';
  for (const step of ['occasion', 'song', 'story', 'review', 'checkout'] as const)
    if (s.matches({ editing: step }) || s.matches({ saving: step })) return step;
  throw new Error(`no page for ${JSON.stringify(s.value)}`);
}

function expectScreen(s: any, last: any, h: Run) {
  const page = pageOf(s);
  if (page === 'leaving') {
    // docs/product.md §4: the draft is reset before the browser leaves for the payment page.
    expect(screen.getAllByRole('status').map((e) => e.textContent)).toContain('Taking you to the payment page…');
    for (const key of ['tempOrder', 'completedSteps', 'checkoutPending'] as const) expect(storage.get(key)).toBeNull();
    return;
  }
  expect(heading(page)).toBeTruthy();
  // The header: the open step is current, the steps done say so.
  const steps = within(screen.getByRole('navigation', { name: 'Order steps' })).getAllByRole('listitem');
  const current = steps.find((li) => li.getAttribute('aria-current') === 'step');
  expect(current?.textContent).toContain(String(['occasion', 'song', 'story', 'review', 'checkout'].indexOf(page) + 1));
  const done = steps.filter((li) => li.getAttribute('data-state') === 'done').length;
  const expectedDone = (['occasion', 'song', 'story', 'review'] as const).filter(
    (step) => s.context.completed[step] && step !== page,
  ).length;
  expect(done).toBe(expectedDone);

  const busy = s.hasTag('saving');
  if (page === 'occasion' || page === 'song' || page === 'story') {
    const button = screen.getByRole('button', { name: busy ? 'Saving…' : 'Save & continue' });
    expect(button).toBeTruthy();
    const message = refusals[page].errors;
    const [field, messages] = Object.entries(message)[0] as [string, readonly string[]];
    const text = messages.join(' ');
    // A refusal's message sits under its field until the step is saved again.
    if (Object.keys(s.context.errors[page]).length > 0) expect(screen.getByText(text)).toBeTruthy();
    else expect(screen.queryByText(text), field).toBeNull();
  }
  if (page === 'review') {
    const button = screen.getByRole('button', {
      name: busy ? 'Placing your order…' : s.context.order ? 'Continue to checkout' : 'Place order',
    });
    expect(button.getAttribute('aria-busy')).toBe(busy ? 'true' : null);
  }
  if (page === 'checkout') {
    const button = screen.getByRole('button', { name: busy ? 'Starting the payment…' : /^Pay/ });
    expect(button.getAttribute('aria-busy')).toBe(busy ? 'true' : null);
    // The order placed at review: its reference shows.
    expect(screen.getByTestId('order-reference').textContent).toBe(placed.reference);
  }
  if (last?.type?.startsWith('xstate.error.actor.') && (page === 'review' || page === 'checkout')) {
    // The refusal's message reaches the person as a toast.
    const message = refusals[page].message;
    expect(screen.queryAllByText(message).some((element) => !h.toastsBefore.has(element))).toBe(true);
  }
  if (busy) expect(h.sent.length).toBeGreaterThan(0);
}

/** A guest's brief and the account's draft: what these signed-in paths never meet. */
const GUEST_OR_ACCOUNT_DRAFT =
  "a guest's steps and their save at sign-in, the account's draft looked for or discarded: tests/machines/order-draft.test.ts, tests/e2e/guest-order.spec.ts, tests/e2e/two-devices.spec.ts";

/** Why a transition of the events played here is not taken by a fresh order's paths (by its label). */
function whyNotHere(label: string): string | null {
  // The guest's step.save transitions are guarded by and(isEventStep, isGuest, …); a signed-in customer's are not.
  if (
    /^syncing\./.test(label) ||
    /^editing\.(occasion|song|story) —step\.save \[and\(…\)\]→ (\(stays\)|editing\.(song|story|review))$/.test(label)
  )
    return GUEST_OR_ACCOUNT_DRAFT;
  if (
    /^starting —always \[hasOrderId\]/.test(label) ||
    /^deciding —always \[isLandingElsewhere\]/.test(label) ||
    /^deciding —always \[isLanding\]→ editing\.(song|story|review|checkout)$/.test(label)
  )
    return 'where a reload with a stored draft lands: tests/machines/order-draft.test.ts';
  if (/^(editing|leaving) —step\.open \[canOpenStep\]→ editing\.(song|story|review|checkout)$/.test(label))
    return 'the header’s other step links are the same click as Occasion; their guards: the machine tests';
  if (label === 'editing.review —review.commit [isCommitted]→ editing.checkout')
    return 'back on review after placing the order: tests/machines/order-draft.test.ts';
  if (/^(committing|paying) —error\.actor\.\w+ \[hasFieldErrors\]/.test(label))
    return 'the commit and the payment refused with field errors: tests/machines/order-draft.test.ts';
  if (/\[(isOutOfSync|isDraftMissing)\]/.test(label))
    return 'a 409 or 404 answer (the server’s draft changed or is gone): tests/machines/order-draft.test.ts';
  if (/^saving\.(creating|occasion|song|story) —error\.actor\.\w+→ editing\.\w+$/.test(label))
    return 'a form step refused without field errors (a toast): tests/machines/order-draft.test.ts';
  return null;
}

describe('the order steps along the order draft machine’s paths', () => {
  // On the occasion page its step is not a link: step.open there is the page's own mount, not a click.
  const clickable = (path: StatePath<any, any>) =>
    path.steps.every(
      (step, i) => step.event.type !== 'step.open' || !path.steps[i - 1]?.state.matches({ editing: 'occasion' }),
    );
  const paths = getTransitionPaths(orderDraftMachine, { input: {}, events, serializeState }).filter(clickable);

  it('reaches every state of the steps a fresh order walks', () =>
    expectAllStatesCovered(
      orderDraftMachine,
      // Restoring a stored draft is the reload's concern (tests/machines/order-draft.test.ts).
      [...paths, ...getTransitionPaths(orderDraftMachine, { input: { orderId: 9 }, events: [], serializeState })],
      Object.fromEntries(
        [
          'syncing',
          'syncing.occasion',
          'syncing.occasionAgain',
          'syncing.song',
          'syncing.story',
          'finding',
          'discarding',
        ].map((state) => [state, GUEST_OR_ACCOUNT_DRAFT]),
      ),
    ));

  it('takes every transition a click or an answer makes on these pages', () => {
    const played = new Set(events.map((e) => e.type));
    // Transitions of events no path here plays: the machine's own paths and the other UI tests cover them.
    const unreachable: Record<string, string> = {};
    for (const [label, t] of definedTransitions(orderDraftMachine)) {
      const why =
        t.eventType !== '' && !played.has(t.eventType as never)
          ? `${t.eventType} is not played here: tests/machines/order-draft.test.ts, tests/ui/order-forms.test.tsx`
          : whyNotHere(label);
      if (why) unreachable[label] = why;
    }
    expectAllTransitionsCovered(orderDraftMachine, paths, unreachable);
  });

  for (const path of paths) {
    it(describePath(path), async () => {
      const h = start();
      const model = createActor(
        orderDraftMachine.provide({
          actors: {
            loadTempOrder: held() as never,
            createTempOrder: held() as never,
            saveOccasion: held() as never,
            saveSong: held() as never,
            saveStory: held() as never,
            commitOrder: held() as never,
            startCheckout: held() as never,
          },
        }),
        { input: {} },
      ).start();
      await waitFor(() => expectScreen(model.getSnapshot(), undefined, h), { timeout: 8000 });
      for (const step of path.steps.slice(1)) {
        model.send(step.event);
        const expected = model.getSnapshot();
        expect(serializeState(expected)).toEqual(serializeState(step.state));
        await act(step.event, h);
        await waitFor(() => expectScreen(expected, step.event, h), { timeout: 4000 });
      }
      model.stop();
      h.app.unmount();
    }, 60_000);
  }
});

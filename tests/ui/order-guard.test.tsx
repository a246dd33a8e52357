import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TempOrder } from '../../contracts/order';
import { storage } from '../../src/lib/storage';
import { renderApp } from './app-harness';
import { customerServer, occasionStep as occasion, songStep as song } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('order step guards (docs/product.md §2)', () => {
  it('a direct visit to /order/review without any step lands on /order/occasion', async () => {
    customerServer();
    const { router } = renderApp('/order/review');
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/occasion'));
    expect(await screen.findByRole('heading', { name: 'Tell us about the occasion' })).toBeTruthy();
    const steps = screen.getByRole('navigation', { name: 'Order steps' });
    expect(within(steps).queryAllByRole('link')).toEqual([]);
    expect(within(steps).getByText('Occasion').closest('li')?.getAttribute('aria-current')).toBe('step');
  });

  it('/order/checkout with occasion and song saved lands on the story, with the server draft restored', async () => {
    const draft: TempOrder = {
      id: 5,
      occasion,
      song,
      story: null,
      price: 3200,
      add_ons: null,
      earliest_needed_by: '2029-12-01',
      committed_order_id: null,
    };
    storage.setJson('tempOrder', { orderId: 5, forms: { story: { song_about: 'Typed before the reload' } } });
    storage.setJson('completedSteps', { occasion: true, song: true, story: false, review: false });
    storage.set('hasPendingOrder', 'true');
    const server = customerServer({ 'GET /api/v1/user/temp-order/5': () => ({ status: 200, body: { data: draft } }) });
    const { router } = renderApp('/order/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/story'));
    // What was typed on the story is still there; the saved steps are links in the header.
    expect(((await screen.findByLabelText(/What should the song say about Lola/)) as HTMLTextAreaElement).value).toBe(
      'Typed before the reload',
    );
    const steps = screen.getByRole('navigation', { name: 'Order steps' });
    expect(within(steps).getAllByRole('link')).toHaveLength(2);
    expect(within(steps).getByRole('link', { name: 'Occasion (done)' }).getAttribute('href')).toBe('/order/occasion');
    expect(within(steps).getByRole('link', { name: 'Song (done)' }).getAttribute('href')).toBe('/order/song');
    expect(server.calls.filter((c) => c.path === '/api/v1/user/temp-order/5')).toHaveLength(1);
  });

  it('/order/song without the pending-order flag goes back to the occasion', async () => {
    storage.setJson('completedSteps', { occasion: true, song: false, story: false, review: false });
    customerServer();
    const { router } = renderApp('/order/song');
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/occasion'));
  });
});

describe('the order draft ends with the session (docs/product.md §9)', () => {
  const storeDraft = () => {
    storage.setJson('tempOrder', { orderId: 5, forms: {} });
    storage.setJson('completedSteps', { occasion: true, song: false, story: false, review: false });
    storage.set('hasPendingOrder', 'true');
  };
  const draftKeys = () => ['tempOrder', 'completedSteps', 'hasPendingOrder'].map((key) => storage.get(key as never));
  const logout = { 'POST /api/v1/user/auth/logout': () => ({ status: 200, body: { data: null } }) };

  it('a logout before any page needed the draft clears its storage without loading it', async () => {
    storeDraft();
    const server = customerServer(logout);
    const { actors } = renderApp('/');
    await waitFor(() => expect(actors.session.getSnapshot().hasTag('authenticated')).toBe(true));
    actors.session.send({ type: 'user.signOut' });
    await waitFor(() => expect(draftKeys()).toEqual([null, null, null]));
    expect(actors.root.getSnapshot().context.orderDraft).toBeNull();
    expect(server.calls.some((c) => c.path.startsWith('/api/v1/user/temp-order'))).toBe(false);
  });

  it('a logout on an order step resets the running draft and its storage', async () => {
    storeDraft();
    customerServer({
      ...logout,
      'GET /api/v1/user/temp-order/5': () => ({ status: 404, body: { message: 'Not found.' } }),
    });
    const { actors } = renderApp('/order/occasion');
    await screen.findByLabelText("Recipient's first name");
    const draft = actors.root.getSnapshot().context.orderDraft;
    expect(draft).not.toBeNull();
    storeDraft();
    actors.session.send({ type: 'user.signOut' });
    await waitFor(() => expect(draftKeys()).toEqual([null, null, null]));
    expect(draft?.getSnapshot().context.orderId).toBeNull();
  });
});

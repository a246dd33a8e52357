import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ArtistOrder,
  type ArtistStage,
  type EarningLine,
  type Earnings,
  lifecycleMessages,
  type Payout,
  type RecordingUpload,
} from '../../contracts/lifecycle';
import type { OrderStatus } from '../../contracts/order';
import { toaster } from '../../src/components/ui/toaster-region';
import { currentPlayer, type FakeCall, fakeServer, makeUser, renderApp, storeSession } from './app-harness';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const inDays = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * HOUR).toISOString();

const ok = (data: unknown, message?: string) => ({ status: 200, body: { message, data } });
const invalid = (errors: Record<string, string[]>) => ({
  status: 422,
  body: { message: 'The given data was invalid.', errors },
});
const posts = (calls: FakeCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);
const listCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/artist/orders');

function artistOrder(id: number, status: OrderStatus, extra: Partial<ArtistOrder> = {}): ArtistOrder {
  return {
    id,
    reference: `OR${1000 + id}`,
    status,
    occasion_name: 'birthday',
    recipient_first_name: 'Lola',
    needed_by: '2030-12-24',
    due_at: status === 'offered' ? null : inDays(3, 2),
    overdue: false,
    price: 3200,
    earning: 2560,
    add_ons: { rush: false, rush_price: 0, extra_revisions: 0, extra_revisions_price: 0 },
    offer: { status: status === 'offered' ? 'pending' : 'accepted', rank: 1, expires_at: null, decline_reason: null },
    brief: {
      occasion: {
        gifter_first_name: 'Ana',
        recipient_first_name: 'Lola',
        recipient_last_name: 'Santos',
        recipient_relationship: 'grandparent',
        recipient_pronunciation: 'LOH-lah',
        recipient_mentioned: true,
        occasion_name: 'birthday',
        occasion_mentioned: true,
      },
      song: {
        selected_artists: ['a1'],
        song_mood: 'sentimental',
        song_tempo: 'slow',
        genre: 'ballad',
        vocal_type: 'female',
        is_rebook: false,
        rush: false,
        extra_revisions: 0,
        needed_by: '2030-12-24',
      },
      story: {
        song_about: 'Her ninetieth birthday and the garden she grew for all of us.',
        song_prompt1_title: 'Sunday lunches',
        song_prompt1_details: 'Sinigang and stories.',
        song_prompt2_title: '',
        song_prompt2_details: '',
        song_clip: null,
        song_prompt1_clip: null,
        song_prompt2_clip: null,
        audio_recording1_clip: {
          temp_location: 'tmp_nameclip01',
          url: '/media/audio/nameclip01?exp=1&sig=x',
          mime: 'audio/webm',
          size: 2048,
        },
        audio_recording2_clip: null,
      },
    },
    lifecycle: {
      status,
      rated: extra.rating != null,
      open_offers: status === 'offered' ? 1 : 0,
      revisions_used: 0,
      revision_limit: 2,
    },
    recording: null,
    feedback: null,
    rating: null,
    review: null,
    thanks: null,
    accepted_at: status === 'offered' ? null : inDays(-1),
    completed_at: null,
    unread_messages: 0,
    ...extra,
  };
}

/** A signed-in, approved artist; `pages` answers GET /orders for each stage (a function may page or change). */
function signedInArtist(
  pages: Partial<Record<ArtistStage, (call: FakeCall) => { status: number; body: unknown }>>,
  extra: Parameters<typeof fakeServer>[0] = {},
) {
  const user = makeUser({
    type: 'artist',
    user_id: 'a_1',
    full_name: 'Liza Cruz',
    first_name: 'Liza',
    app_status: 'approved',
    application_progress: { personal_info: true, artist_info: true, payout_info: true, password_updated: true },
    is_online: 1,
    featured_song_path: 'song0001',
  });
  storeSession(user);
  return fakeServer({
    'GET /api/v1/artist/auth/me': () => ok(user),
    'GET /api/v1/artist/orders': (call) =>
      pages[call.query.get('stage') as ArtistStage]?.(call) ?? ok({ items: [], next_cursor: null }),
    ...extra,
  });
}

/** XMLHttpRequest as the upload actor uses it; the test plays the server: progress, then an answer. */
class FakeXhr {
  static readonly DONE = 4;
  static sent: FakeXhr[] = [];
  readyState = 0;
  status = 0;
  statusText = '';
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  upload: { onprogress: ((e: { loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.readyState = FakeXhr.DONE;
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.readyState = FakeXhr.DONE;
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
  // The toaster outlives a test and shows at most five at a time: start each test with none.
  toaster.remove();
});

const card = (name: string | RegExp) => screen.findByRole('article', { name });

describe('artist order screens', () => {
  it('Ongoing shows the due date as the customer and the admin read it, with its zone', async () => {
    signedInArtist({
      ongoing: () =>
        ok({ items: [artistOrder(41, 'in_progress', { due_at: '2026-12-22T16:00:00.000Z' })], next_cursor: null }),
    });
    renderApp('/artist/ongoing');
    const article = await card('Birthday song for Lola');
    expect(within(article).getByTestId('due').textContent).toContain('Dec 22, 2026, end of day (Manila time, UTC+8)');
  });

  it('the dashboard names the next due order with the same date, and counts one rating as one', async () => {
    signedInArtist(
      {},
      {
        'GET /api/v1/artist/dashboard': () =>
          ok({
            counts: { song_orders: 0, ongoing: 1, validation: 0, revision: 0, completed: 1 },
            earnings_this_month: 0,
            rating: 5,
            rating_count: 1,
            is_online: 1,
            next_due: { reference: 'OR1041', due_at: '2026-12-22T16:00:00.000Z' },
          }),
      },
    );
    renderApp('/artist/dashboard');
    expect(
      await screen.findByText(`Next due: OR1041 by ${'Dec 22, 2026, end of day (Manila time, UTC+8)'}`),
    ).toBeTruthy();
    expect(screen.getByText('1 rating')).toBeTruthy();
  });

  it('Song Orders shows each offer with its brief; accepting asks first, then the list reloads', async () => {
    let taken = false;
    const offer = artistOrder(7, 'offered', {
      offer: { status: 'pending', rank: 1, expires_at: inDays(0, 5.5), decline_reason: null },
    });
    const server = signedInArtist(
      { new: () => ok({ items: taken ? [] : [offer], next_cursor: null }) },
      {
        'POST /api/v1/artist/orders/7/accept': () => {
          taken = true;
          return ok(artistOrder(7, 'in_progress'), lifecycleMessages.accepted);
        },
      },
    );
    renderApp('/artist/song-orders');
    const article = await card('Birthday song for Lola');
    expect(within(article).getByTestId('order-reference').textContent).toBe('OR1007');
    expect(within(article).getByTestId('price').textContent).toContain('₱3,200.00');
    expect(within(article).getByTestId('earning').textContent).toContain('₱2,560.00');
    expect(within(article).getByTestId('needed-by').textContent).toContain('Dec 24, 2030');
    // The countdown to the answer deadline, in words for screen readers too; not urgent with hours left.
    const countdown = within(article).getByTestId('answer-countdown');
    expect(countdown.textContent).toMatch(/Answer within (4 h 5\d min|5 h)/);
    expect(countdown.textContent).toMatch(/Answer within (4 hours 5\d minutes|5 hours)/);
    expect(countdown.getAttribute('data-urgent')).toBeNull();
    expect(listCalls(server.calls)[0]?.query.get('limit')).toBe('10');
    // The brief is open for an offer: the artist decides with it.
    const brief = within(article).getByText('The brief').closest('details') as HTMLDetailsElement;
    expect(brief.open).toBe(true);
    expect(brief.textContent).toContain('Sentimental, slow');
    expect(brief.textContent).toContain('Ballad');
    expect(brief.textContent).toContain('LOH-lah');
    expect(brief.textContent).toContain('Her ninetieth birthday');
    expect(brief.textContent).toContain('Sunday lunches');
    await userEvent.click(within(brief).getByRole('button', { name: "Play How to say the recipient's name" }));
    expect((await currentPlayer()).getSnapshot().context.songs).toEqual([
      { url: '/media/audio/nameclip01?exp=1&sig=x', title: "How to say the recipient's name" },
    ]);

    await userEvent.click(within(article).getByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Accept this order?' });
    expect(posts(server.calls, '/api/v1/artist/orders/7/accept')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Accept order' }));
    expect(await screen.findByText(lifecycleMessages.accepted)).toBeTruthy();
    expect(posts(server.calls, '/api/v1/artist/orders/7/accept')).toHaveLength(1);
    expect(await screen.findByText(/No new song orders right now/)).toBeTruthy();
    expect(listCalls(server.calls)).toHaveLength(2);
  });

  it('declining needs a reason; the server’s 422 shows under the field and what was typed stays', async () => {
    let attempt = 0;
    let declined = false;
    const server = signedInArtist(
      { new: () => ok({ items: declined ? [] : [artistOrder(7, 'offered')], next_cursor: null }) },
      {
        'POST /api/v1/artist/orders/7/decline': () => {
          if (++attempt === 1) return invalid({ reason: ['Tell the customer a little more'] });
          declined = true;
          return ok(null, lifecycleMessages.declined);
        },
      },
    );
    renderApp('/artist/song-orders');
    const article = await card('Birthday song for Lola');
    await userEvent.click(within(article).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this order' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    // Checked here first: nothing is sent without a reason.
    expect(await within(dialog).findByText(lifecycleMessages.reasonRequired)).toBeTruthy();
    expect(posts(server.calls, '/api/v1/artist/orders/7/decline')).toHaveLength(0);

    const reason = within(dialog).getByLabelText('Reason') as HTMLTextAreaElement;
    await userEvent.type(reason, 'Busy');
    expect(within(dialog).queryByText(lifecycleMessages.reasonRequired)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    const message = await within(dialog).findByText('Tell the customer a little more');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.getAttribute('aria-describedby')).toBe(message.id);
    expect(reason.value).toBe('Busy');
    expect(posts(server.calls, '/api/v1/artist/orders/7/decline')[0]?.body).toEqual({ reason: 'Busy' });

    await userEvent.type(reason, ' that week, sorry');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    expect(await screen.findByText(lifecycleMessages.declined)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Decline this order' })).toBeNull());
    expect(posts(server.calls, '/api/v1/artist/orders/7/decline')[1]?.body).toEqual({
      reason: 'Busy that week, sorry',
    });
    expect(await screen.findByText(/No new song orders right now/)).toBeTruthy();
  });

  it('Ongoing shows the time left and overdue work; the upload modal uploads with progress, previews and submits', async () => {
    let submitted = false;
    let submits = 0;
    const late = artistOrder(42, 'in_progress', {
      recipient_first_name: 'Ben',
      occasion_name: 'anniversary',
      due_at: inDays(-2, -1),
      overdue: true,
    });
    const server = signedInArtist(
      { ongoing: () => ok({ items: submitted ? [late] : [late, artistOrder(41, 'in_progress')], next_cursor: null }) },
      {
        'POST /api/v1/artist/orders/41/recording': () => {
          if (++submits === 1) return { status: 409, body: { message: lifecycleMessages.notNow.recording_uploaded } };
          submitted = true;
          return ok(artistOrder(41, 'in_validation'), lifecycleMessages.recordingSubmitted);
        },
      },
    );
    renderApp('/artist/ongoing');
    const lateCard = await card('Anniversary song for Ben');
    expect(lateCard.getAttribute('data-overdue')).toBe('true');
    expect(within(lateCard).getByTestId('due').textContent).toContain('Overdue by 2 days');
    expect(within(lateCard).getByTestId('order-status').textContent).toBe('Overdue');
    const article = await card('Birthday song for Lola');
    expect(article.getAttribute('data-overdue')).toBe('false');
    expect(within(article).getByTestId('due').textContent).toContain('3 days left');
    // The brief is there, folded, once the order is taken.
    expect((within(article).getByText('The brief').closest('details') as HTMLDetailsElement).open).toBe(false);

    await userEvent.click(within(article).getByRole('button', { name: 'Upload recording' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload the song' });
    const submit = within(dialog).getByRole('button', { name: 'Submit recording' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    const input = within(dialog).getByLabelText(/^Recording \(audio, up to 100 MB\)/) as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('audio/*');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await within(dialog).findByText('Upload an audio file (MP3, WAV, OGG, M4A, FLAC or WebM).')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);

    const wav = new File([new Uint8Array(800)], 'take-2.wav', { type: 'audio/wav' });
    fireEvent.change(input, { target: { files: [wav] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0] as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/artist/order/song/upload');
    expect(xhr.headers.authorization).toMatch(/^Bearer /);
    expect((xhr.body?.get('file') as File | undefined)?.name).toBe('take-2.wav');

    xhr.progress(400, 800);
    const bar = await within(dialog).findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(within(dialog).getByText('Uploading take-2.wav')).toBeTruthy();

    const uploaded: RecordingUpload = {
      temp_location: 'tmp_recording01',
      url: '/api/v1/artist/order/song/upload?source=tmp_recording01',
      mime: 'audio/wav',
      size: 800,
    };
    xhr.respond(201, { message: lifecycleMessages.recordingUploaded, data: uploaded });
    expect(await within(dialog).findByText(lifecycleMessages.recordingUploaded)).toBeTruthy();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Play the uploaded recording' }));
    expect((await currentPlayer()).getSnapshot().context.songs).toEqual([
      { url: uploaded.url, title: 'Birthday song for Lola' },
    ]);
    expect(within(dialog).getByRole('button', { name: 'Pause the uploaded recording' })).toBeTruthy();

    const lyrics = within(dialog).getByLabelText('Lyrics (optional)') as HTMLTextAreaElement;
    await userEvent.type(lyrics, 'Happy birthday, Lola');
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    // The declaration is required: checked here, nothing is sent.
    const humanError = await within(dialog).findByText(lifecycleMessages.humanMadeRequired);
    const checkbox = within(dialog).getByRole('checkbox', { name: /I made this recording myself/ });
    expect(checkbox.getAttribute('aria-describedby')).toBe(humanError.id);
    expect(posts(server.calls, '/api/v1/artist/orders/41/recording')).toHaveLength(0);

    await userEvent.click(checkbox);
    expect(within(dialog).queryByText(lifecycleMessages.humanMadeRequired)).toBeNull();
    await userEvent.click(submit);
    // Refused: a toast, and the form keeps what was typed.
    expect(await screen.findByText(lifecycleMessages.notNow.recording_uploaded)).toBeTruthy();
    expect(lyrics.value).toBe('Happy birthday, Lola');
    expect((checkbox as HTMLInputElement).checked).toBe(true);

    await userEvent.click(submit);
    expect(await screen.findByText(lifecycleMessages.recordingSubmitted)).toBeTruthy();
    expect(posts(server.calls, '/api/v1/artist/orders/41/recording')[1]?.body).toEqual({
      temp_location: 'tmp_recording01',
      lyrics: 'Happy birthday, Lola',
      human_made: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload the song' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Birthday song for Lola' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Anniversary song for Ben' })).toBeTruthy();
  });

  it('closing the modal keeps the upload and what was typed; an upload refused by the server can be retried', async () => {
    signedInArtist({ ongoing: () => ok({ items: [artistOrder(41, 'in_progress')], next_cursor: null }) });
    renderApp('/artist/ongoing');
    const article = await card('Birthday song for Lola');
    await userEvent.click(within(article).getByRole('button', { name: 'Upload recording' }));
    let dialog = await screen.findByRole('dialog', { name: 'Upload the song' });
    await userEvent.type(within(dialog).getByLabelText('Lyrics (optional)'), 'Verse one');
    fireEvent.change(within(dialog).getByLabelText(/^Recording/), {
      target: { files: [new File([new Uint8Array(10)], 'take.mp3', { type: 'audio/mpeg' })] },
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]?.respond(415, {
      message: 'Unsupported',
      errors: { file: ['Upload an audio file (MP3, WAV, OGG, M4A, FLAC or WebM).'] },
    });
    expect(await within(dialog).findByText('Upload an audio file (MP3, WAV, OGG, M4A, FLAC or WebM).')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try the upload again' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]?.respond(201, {
      data: { temp_location: 'tmp_recording02', url: '/preview/2', mime: 'audio/mpeg', size: 10 },
    });
    expect(await within(dialog).findByText(lifecycleMessages.recordingUploaded)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload the song' })).toBeNull());
    await userEvent.click(within(article).getByRole('button', { name: 'Upload recording' }));
    dialog = await screen.findByRole('dialog', { name: 'Upload the song' });
    expect(within(dialog).getByText(lifecycleMessages.recordingUploaded)).toBeTruthy();
    expect((within(dialog).getByLabelText('Lyrics (optional)') as HTMLTextAreaElement).value).toBe('Verse one');
  });

  it('For Validation lists recordings being checked and delivered songs, with nothing to do', async () => {
    const recording = {
      id: 5,
      version: 1,
      url: '/media/audio/rec5?exp=1&sig=x',
      mime: 'audio/wav',
      size: 800,
      lyrics: 'Happy birthday, Lola',
      uploaded_at: inDays(-1),
      status: 'pending' as const,
    };
    signedInArtist({
      validation: () =>
        ok({
          items: [
            artistOrder(41, 'in_validation', { recording }),
            artistOrder(43, 'delivered', { recipient_first_name: 'Ben', recording: { ...recording, id: 6 } }),
          ],
          next_cursor: null,
        }),
    });
    renderApp('/artist/validation');
    const checking = await card('Birthday song for Lola');
    expect(within(checking).getByTestId('order-status').textContent).toBe('Being checked by our team');
    expect(within(checking).getByText('Lyrics')).toBeTruthy();
    await userEvent.click(within(checking).getByRole('button', { name: 'Play your recording for OR1041' }));
    expect((await currentPlayer()).getSnapshot().context.songs).toEqual([
      { url: recording.url, title: 'Birthday song for Lola' },
    ]);
    const delivered = await card('Birthday song for Ben');
    expect(within(delivered).getByTestId('order-status').textContent).toBe('Delivered: waiting for the customer');
    for (const name of ['Accept', 'Decline', 'Upload recording', 'Upload revised recording'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('For Revision shows what to change and offers the upload again', async () => {
    signedInArtist({
      revision: () =>
        ok({
          items: [
            artistOrder(44, 'in_revision', {
              feedback: { from: 'customer', text: 'Please sing her name in the chorus.', at: inDays(-1) },
              recording: {
                id: 7,
                version: 1,
                url: '/media/audio/rec7?exp=1&sig=x',
                mime: 'audio/wav',
                size: 800,
                lyrics: 'Lola, Lola, ninety years',
                uploaded_at: inDays(-2),
                status: 'rejected_by_customer',
              },
            }),
          ],
          next_cursor: null,
        }),
    });
    renderApp('/artist/revision');
    const article = await card('Birthday song for Lola');
    const notes = within(article).getByRole('region', { name: 'What to change' });
    expect(notes.textContent).toContain('Feedback from the customer');
    expect(notes.textContent).toContain('Please sing her name in the chorus.');
    await userEvent.click(within(article).getByRole('button', { name: 'Upload revised recording' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload the revised song' });
    // The modal repeats what to change and starts from the lyrics sent with the earlier version.
    const inModal = within(dialog).getByRole('region', { name: 'What to change' });
    expect(inModal.textContent).toContain('Please sing her name in the chorus.');
    expect((within(dialog).getByLabelText('Lyrics (optional)') as HTMLTextAreaElement).value).toBe(
      'Lola, Lola, ninety years',
    );
  });

  it('Completed shows the rating, the review and the thank-you note', async () => {
    signedInArtist({
      completed: () =>
        ok({
          items: [
            artistOrder(45, 'completed', {
              rating: 4,
              review: 'Lola cried happy tears.',
              thanks: { name: 'Lola', message: 'Salamat, iha!', at: inDays(-1) },
              completed_at: inDays(-2),
            }),
          ],
          next_cursor: null,
        }),
    });
    renderApp('/artist/completed');
    const article = await card('Birthday song for Lola');
    expect(within(article).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(article.textContent).toContain('Lola cried happy tears.');
    expect(article.textContent).toContain('A thank-you note from Lola');
    expect(article.textContent).toContain('Salamat, iha!');
  });

  it('"Show more" asks for the next page with the cursor and moves focus to the first new order', async () => {
    const first = Array.from({ length: 10 }, (_, i) => artistOrder(i + 1, 'offered'));
    const server = signedInArtist({
      new: (call) =>
        call.query.get('cursor') === 'page2'
          ? ok({ items: [artistOrder(11, 'offered', { recipient_first_name: 'Ben' })], next_cursor: null })
          : ok({ items: first, next_cursor: 'page2' }),
    });
    renderApp('/artist/song-orders');
    const list = await screen.findByRole('list', { name: 'New song orders' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    const added = await card('Birthday song for Ben');
    expect(within(list).getAllByRole('article')).toHaveLength(11);
    const asked = listCalls(server.calls).at(-1);
    expect(asked?.query.get('cursor')).toBe('page2');
    expect(asked?.query.get('stage')).toBe('new');
    expect(asked?.query.get('limit')).toBe('10');
    await waitFor(() => expect(document.activeElement).toBe(added));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('a list that fails to load says why and tries again', async () => {
    let attempt = 0;
    signedInArtist({
      ongoing: () =>
        ++attempt === 1
          ? { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } }
          : ok({ items: [], next_cursor: null }),
    });
    renderApp('/artist/ongoing');
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No ongoing orders/)).toBeTruthy();
  });
});

describe('artist earnings', () => {
  const earnings: Earnings = {
    totals: { pending: 2560, available: 5120, paid_out: 12800 },
    monthly: Array.from({ length: 12 }, (_, i) => ({
      month: `${i < 9 ? '2025' : '2026'}-${String(((i + 3) % 12) + 1).padStart(2, '0')}`,
      amount: i === 11 ? 12800 : i === 10 ? 5120 : 0,
    })),
  };
  const pending: EarningLine = {
    id: 41,
    reference: 'OR1041',
    occasion_name: 'birthday',
    status: 'pending',
    amount: 2560,
    credited_at: null,
    paid_at: null,
  };
  const paidLine: EarningLine = {
    id: 30,
    reference: 'OR1030',
    occasion_name: 'wedding',
    status: 'paid',
    amount: 12800,
    credited_at: '2026-03-10T04:00:00.000Z',
    paid_at: '2026-03-15T04:00:00.000Z',
  };
  const payout: Payout = {
    id: 9,
    order_reference: 'OR1030',
    amount: 12800,
    status: 'paid',
    created_at: '2026-03-10T04:00:00.000Z',
    paid_at: '2026-03-15T04:00:00.000Z',
    reference: 'BDO-778899',
  };

  it('shows the totals, an accessible monthly chart with its table, the lines and the payouts', async () => {
    signedInArtist(
      {},
      {
        'GET /api/v1/artist/earnings': () => ok(earnings),
        'GET /api/v1/artist/earnings/lines': () => ok({ items: [pending, paidLine], next_cursor: null }),
        'GET /api/v1/artist/payouts': () => ok({ items: [payout], next_cursor: null }),
      },
    );
    renderApp('/artist/earnings');
    expect((await screen.findByTestId('total-pending')).textContent).toContain('₱2,560.00');
    expect(screen.getByTestId('total-available').textContent).toContain('₱5,120.00');
    expect(screen.getByTestId('total-paid-out').textContent).toContain('₱12,800.00');

    const chart = screen.getByRole('img', { name: /Earnings by month, last 12 months/ });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelector('desc')?.textContent).toBe(
      '₱17,920.00 in total from Apr 2025 to Mar 2026. The best month was Mar 2026 with ₱12,800.00.',
    );
    const bars = within(chart as unknown as HTMLElement).getAllByTestId('chart-bar');
    expect(bars).toHaveLength(12);
    expect(bars[11]?.querySelector('title')?.textContent).toBe('Mar 2026: ₱12,800.00');
    expect(bars[0]?.textContent).toContain('Apr');
    const table = screen.getByRole('table', { name: 'Earnings by month' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('rowheader', { name: 'Feb 2026' }).nextElementSibling?.textContent).toBe(
      '₱5,120.00',
    );

    const lines = await screen.findByRole('table', { name: 'Earnings per order' });
    expect(within(lines).getByRole('rowheader', { name: 'OR1041' }).closest('tr')?.textContent).toContain('Pending');
    const payouts = await screen.findByRole('table', { name: 'Payout history' });
    const paid = within(payouts).getByRole('rowheader', { name: 'OR1030' }).closest('tr');
    expect(paid?.textContent).toContain('BDO-778899');
    expect(paid?.textContent).toContain('Paid');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('"Show more" asks for the next page of lines with the cursor and focuses the first new line', async () => {
    const server = signedInArtist(
      {},
      {
        'GET /api/v1/artist/earnings': () => ok(earnings),
        'GET /api/v1/artist/earnings/lines': (call) =>
          call.query.get('cursor') === 'p41'
            ? ok({ items: [paidLine], next_cursor: null })
            : ok({ items: [pending], next_cursor: 'p41' }),
        'GET /api/v1/artist/payouts': () => ok({ items: [], next_cursor: null }),
      },
    );
    renderApp('/artist/earnings');
    const lines = await screen.findByRole('table', { name: 'Earnings per order' });
    expect(within(lines).queryByRole('rowheader', { name: 'OR1030' })).toBeNull();
    expect(screen.getByText(/No payouts yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    const added = await within(lines).findByRole('rowheader', { name: 'OR1030' });
    expect(within(lines).getAllByRole('rowheader')).toHaveLength(2);
    const asked = server.calls.filter((c) => c.path === '/api/v1/artist/earnings/lines').at(-1);
    expect(asked?.query.get('cursor')).toBe('p41');
    expect(asked?.query.get('limit')).toBe('10');
    await waitFor(() => expect(document.activeElement).toBe(added.closest('tr')));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});

import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages } from '../../contracts/field-messages';
import { storySchema } from '../../contracts/order';
import { isPlainText } from '../../contracts/text';
import {
  applicationFields,
  artistInfoBody,
  bankBody,
  formOf,
  makeArtist,
  personalBody,
  wavBytes,
} from './artist-fixtures';
import { createHarness, databases, type Harness, uniqueEmail } from './harness';
import { A, ADMIN, type SignedIn, signedIn } from './lifecycle-fixtures';
import { completeDraft, makeCustomer, makeRatedArtist, occasionBody, storyBody, U } from './orders-fixtures';

// Every free-text field of every endpoint, sent a NUL: a 422 that names the field, never a 500
// (PostgreSQL refuses NUL in text; SQLite would store it). The bodies are otherwise valid, so the
// control character is what is refused.

type Who = 'nobody' | 'customer' | 'artist' | 'admin';

interface JsonEndpoint {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  who: Who;
  body: () => Record<string, unknown>;
  /** The body's free-text fields (array fields get the NUL in their first element). */
  fields: string[];
  /** Strings with a format of their own (a date, a key, a list item): 422 naming the field, with that format's message. */
  formatted?: string[];
}

const password = 'Secret123!';
const NUL = '\u0000';
/** The value with a NUL in it, whatever its shape. */
const poisoned = (value: unknown): unknown => {
  if (Array.isArray(value)) return [poisoned(value[0]), ...value.slice(1)];
  return `${String(value ?? 'x').slice(0, 3)}${NUL}${String(value ?? '').slice(3)}`;
};

const jsonEndpoints = (draftId: () => number): JsonEndpoint[] => [
  // Public and signed-out calls of each area.
  ...(['user', 'artist', 'admin'] as const).flatMap((area): JsonEndpoint[] => [
    {
      method: 'POST',
      path: `/api/v1/${area}/auth/login`,
      who: 'nobody',
      body: () => ({ email: 'someone@example.test', password }),
      // The password is only compared with a hash (see the test below), so only the email is text.
      fields: ['email'],
    },
  ]),
  ...(['user', 'artist'] as const).flatMap((area): JsonEndpoint[] => [
    {
      method: 'POST',
      path: `/api/v1/${area}/password/forgot`,
      who: 'nobody',
      body: () => ({ email: 'someone@example.test' }),
      fields: ['email'],
    },
    {
      method: 'PATCH',
      path: `/api/v1/${area}/password/reset`,
      who: 'nobody',
      body: () => ({ token: 'reset-token', email: 'someone@example.test', password, password_confirmation: password }),
      fields: ['token', 'email', 'password', 'password_confirmation'],
    },
  ]),
  {
    method: 'POST',
    path: `${U}/auth/register`,
    who: 'nobody',
    body: () => ({
      first_name: 'Maria',
      middle_name: 'Luz',
      last_name: 'Santos',
      email: uniqueEmail('register'),
      password,
      password_confirmation: password,
      contact_number: '917 123 4567',
      country: 'PH',
      dial_code: '+63',
    }),
    fields: [
      'first_name',
      'middle_name',
      'last_name',
      'email',
      'password',
      'password_confirmation',
      'contact_number',
      'country',
      'dial_code',
    ],
  },
  {
    method: 'POST',
    path: `${U}/gifts/some-gift-token/thanks`,
    who: 'nobody',
    body: () => ({ name: 'Jose', message: 'Thank you for the song!' }),
    fields: ['name', 'message'],
  },
  // The customer.
  {
    method: 'PATCH',
    path: `${U}/profile`,
    who: 'customer',
    body: () => ({
      first_name: 'Maria',
      middle_name: '',
      last_name: 'Santos',
      contact_number: '917 123 4567',
      country: 'PH',
      dial_code: '+63',
    }),
    fields: ['first_name', 'middle_name', 'last_name', 'contact_number', 'country', 'dial_code'],
  },
  {
    method: 'PATCH',
    path: `${U}/profile/password`,
    who: 'customer',
    body: () => ({ current_password: password, password: 'Another123!', password_confirmation: 'Another123!' }),
    fields: ['password', 'password_confirmation'],
  },
  ...(['POST /temp-order', 'PATCH occasion'] as const).map(
    (kind): JsonEndpoint => ({
      method: kind === 'POST /temp-order' ? 'POST' : 'PATCH',
      get path() {
        return kind === 'POST /temp-order' ? `${U}/temp-order` : `${U}/temp-order/${draftId()}/occasion`;
      },
      who: 'customer',
      body: () => occasionBody(),
      fields: [
        'gifter_first_name',
        'gifter_last_name',
        'gifter_contact_number',
        'gifter_dial_code',
        'gifter_country',
        'gifter_email',
        'recipient_first_name',
        'recipient_last_name',
        'recipient_relationship',
        'recipient_pronunciation',
        'occasion_name',
      ],
    }),
  ),
  {
    method: 'PATCH',
    get path() {
      return `${U}/temp-order/${draftId()}/song`;
    },
    who: 'customer',
    body: () => ({
      selected_artists: ['artist-public-id'],
      song_mood: 'romantic',
      song_tempo: 'medium',
      genre: 'pop',
      vocal_type: 'female',
      is_rebook: false,
      needed_by: '2099-01-01',
    }),
    fields: ['selected_artists', 'song_mood', 'song_tempo', 'genre', 'vocal_type', 'needed_by'],
  },
  {
    method: 'PATCH',
    get path() {
      return `${U}/temp-order/${draftId()}/story`;
    },
    who: 'customer',
    body: () => storyBody({ song_prompt2_title: 'The proposal', song_prompt2_details: 'On the beach.' }),
    fields: ['song_about', 'song_prompt1_title', 'song_prompt1_details', 'song_prompt2_title', 'song_prompt2_details'],
  },
  {
    method: 'POST',
    path: `${U}/order/999999/checkout`,
    who: 'customer',
    body: () => ({ paymentMethod: 'gcash' }),
    fields: ['paymentMethod'],
  },
  {
    method: 'POST',
    path: `${U}/orders/999999/reject`,
    who: 'customer',
    body: () => ({ reason: 'Please sing the chorus slower.' }),
    fields: ['reason'],
  },
  {
    method: 'POST',
    path: `${U}/orders/999999/rate`,
    who: 'customer',
    body: () => ({ rating: 5, review: 'Lovely.' }),
    fields: ['review'],
  },
  {
    method: 'POST',
    path: `${U}/orders/999999/cancel`,
    who: 'customer',
    body: () => ({ reason: 'Plans changed.' }),
    fields: ['reason'],
  },
  {
    method: 'POST',
    path: `${U}/orders/999999/rebook`,
    who: 'customer',
    body: () => ({ selected_artists: ['artist-public-id'] }),
    fields: ['selected_artists'],
  },
  {
    method: 'POST',
    path: `${U}/orders/999999/gift`,
    who: 'customer',
    body: () => ({ reveal_on: '2099-01-01' }),
    fields: [],
    formatted: ['reveal_on'],
  },
  // The artist.
  {
    method: 'PATCH',
    path: `${A}/profile/personal`,
    who: 'artist',
    body: () => personalBody(),
    fields: ['first_name', 'middle_name', 'last_name', 'contact_number', 'country', 'dial_code', 'city', 'birthdate'],
  },
  {
    method: 'PATCH',
    path: `${A}/profile/artist-info`,
    who: 'artist',
    body: () => artistInfoBody(),
    fields: ['stage_name', 'bio', 'vocal_type'],
    formatted: ['genres'],
  },
  {
    method: 'PATCH',
    path: `${A}/profile/bank`,
    who: 'artist',
    body: () => bankBody(),
    fields: ['bank_name', 'account_name', 'account_number'],
  },
  {
    method: 'PATCH',
    path: `${A}/profile/password`,
    who: 'artist',
    body: () => ({ current_password: password, password: 'Another123!', password_confirmation: 'Another123!' }),
    fields: ['password', 'password_confirmation'],
  },
  {
    method: 'DELETE',
    path: `${A}/profile/upload/song`,
    who: 'artist',
    body: () => ({ source: 'abcdefgh12' }),
    fields: [],
    formatted: ['source'],
  },
  {
    method: 'PATCH',
    path: `${A}/profile/featured-song`,
    who: 'artist',
    body: () => ({ source: 'abcdefgh12' }),
    fields: [],
    formatted: ['source'],
  },
  {
    method: 'POST',
    path: `${A}/orders/999999/decline`,
    who: 'artist',
    body: () => ({ reason: 'Booked that week.' }),
    fields: ['reason'],
  },
  {
    method: 'POST',
    path: `${A}/orders/999999/recording`,
    who: 'artist',
    body: () => ({ temp_location: 'tmp_abcdefgh12', lyrics: 'La la la', human_made: true }),
    fields: ['lyrics'],
    formatted: ['temp_location'],
  },
  // The admin.
  {
    method: 'POST',
    path: `${ADMIN}/applications/999999/reject`,
    who: 'admin',
    body: () => ({ reason: 'The sample song is missing.' }),
    fields: ['reason'],
  },
  ...(['suspend', 'reactivate'] as const).map(
    (action): JsonEndpoint => ({
      method: 'POST',
      path: `${ADMIN}/artists/some-artist/${action}`,
      who: 'admin',
      body: () => ({ reason: 'Reported by customers.' }),
      fields: ['reason'],
    }),
  ),
  {
    method: 'POST',
    path: `${ADMIN}/orders/999999/request-revision`,
    who: 'admin',
    body: () => ({ notes: 'The second verse is too quiet.' }),
    fields: ['notes'],
  },
  {
    method: 'POST',
    path: `${ADMIN}/orders/999999/cancel`,
    who: 'admin',
    body: () => ({ reason: 'Customer asked.' }),
    fields: ['reason'],
  },
  {
    method: 'POST',
    path: `${ADMIN}/orders/999999/reassign`,
    who: 'admin',
    body: () => ({ artist_id: 'artist-public-id', reason: 'The artist left the platform.' }),
    fields: ['artist_id', 'reason'],
  },
  {
    method: 'POST',
    path: `${ADMIN}/payouts/999999/mark-paid`,
    who: 'admin',
    body: () => ({ reference: 'BANK-123' }),
    fields: ['reference'],
  },
  {
    method: 'POST',
    path: `${ADMIN}/refunds/999999/mark-sent`,
    who: 'admin',
    body: () => ({ method: 'GCash', reference: 'BANK-123' }),
    fields: ['method', 'reference'],
  },
  {
    method: 'POST',
    path: `${ADMIN}/refunds/999999/mark-failed`,
    who: 'admin',
    body: () => ({ reason: 'Account closed' }),
    fields: ['reason'],
  },
];

/** Query strings that reach the database (`text`: free text, answered with the control-character message). */
const queryEndpoints: { path: string; who: Who; field: string; text: boolean }[] = [
  { path: `${U}/artists`, who: 'nobody', field: 'q', text: true },
  { path: `${U}/artists`, who: 'nobody', field: 'cursor', text: true },
  { path: `${U}/orders`, who: 'customer', field: 'transaction', text: false },
  { path: `${ADMIN}/orders`, who: 'admin', field: 'q', text: true },
  { path: `${ADMIN}/orders`, who: 'admin', field: 'transaction', text: false },
  { path: `${ADMIN}/artists`, who: 'admin', field: 'q', text: true },
];

describe.each(databases)('a control character in any text field (%s)', (kind) => {
  let h: Harness;
  const tokens = {} as Record<Who, string | undefined>;
  let customer: { token: string };
  let admin: SignedIn;
  let draft = 0;
  const endpoints = jsonEndpoints(() => draft);

  beforeAll(async () => {
    h = await createHarness(kind);
    customer = await makeCustomer(h);
    admin = await signedIn(h, 'admin');
    const artist = await makeArtist(h, { status: 'approved' });
    tokens.nobody = undefined;
    tokens.customer = customer.token;
    tokens.artist = artist.token;
    tokens.admin = admin.token;
    const created = await h.call('POST', `${U}/temp-order`, occasionBody(), { token: customer.token });
    expect(created.status, created.text).toBe(201);
    draft = created.body.data.order_id;
  });
  afterAll(() => h.close());

  const cases = jsonEndpoints(() => 0).flatMap((endpoint, index) => [
    ...endpoint.fields.map((field) => ({
      name: `${endpoint.method} ${endpoint.path} ${field}`,
      index,
      field,
      text: true,
    })),
    ...(endpoint.formatted ?? []).map((field) => ({
      name: `${endpoint.method} ${endpoint.path} ${field}`,
      index,
      field,
      text: false,
    })),
  ]);

  it.each(cases)('$name: 422 naming the field', async ({ index, field, text }) => {
    const endpoint = endpoints[index] as JsonEndpoint;
    const valid = endpoint.body();
    const body = { ...valid, [field]: poisoned(valid[field]) };
    const answer = await h.call(endpoint.method, endpoint.path, body, { token: tokens[endpoint.who] });
    expect(answer.status, answer.text).toBe(422);
    const key = Object.keys(answer.body.errors).find((name) => name === field || name.startsWith(`${field}.`));
    expect(key, answer.text).toBeDefined();
    if (text) expect(answer.body.errors[key as string], answer.text).toContain(fieldMessages.controlCharacters);
  });

  it.each(queryEndpoints)('GET $path?$field= with a NUL: 422 naming the field', async ({ path, who, field, text }) => {
    const answer = await h.call('GET', `${path}?${field}=OR12%00`, undefined, { token: tokens[who] });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body.errors[field], answer.text).toBeDefined();
    if (text) expect(answer.body.errors[field], answer.text).toContain(fieldMessages.controlCharacters);
  });

  it.each(Object.keys(applicationFields()))('the artist application form, %s: 422 naming the field', async (field) => {
    const fields = applicationFields();
    const form = formOf({ ...fields, [field]: poisoned(fields[field]) as string });
    const answer = await h.upload(`${A}/application`, form);
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body.errors[field], answer.text).toContain(fieldMessages.controlCharacters);
  });

  it.each([
    { path: `${U}/artists/ab%00cd`, who: 'nobody' as Who },
    { path: `${U}/gifts/ab%00cd`, who: 'nobody' as Who },
    { path: `/api/v1/media/ab%00cd`, who: 'nobody' as Who },
    { path: `${ADMIN}/artists/ab%00cd`, who: 'admin' as Who },
  ])('GET $path (a NUL in a path parameter) is not found, never a 500', async ({ path, who }) => {
    const answer = await h.call('GET', path, undefined, { token: tokens[who] });
    expect(answer.status, answer.text).toBe(404);
  });

  it('an existing password is only compared with its hash: one holding a tab still signs in and is changed', async () => {
    // Registration accepted any character before new passwords had to be plain text.
    const email = uniqueEmail('tabbed');
    const old = 'Old\tPass123';
    await h.createAccount({ type: 'user', email, password: old });
    const login = await h.call('POST', `${U}/auth/login`, { email, password: old });
    expect(login.status, login.text).toBe(200);
    const wrong = await h.call('POST', `${U}/auth/login`, { email, password: `Old${NUL}Pass123` });
    expect(wrong.status, wrong.text).toBe(422);
    expect(wrong.body.errors.password, wrong.text).toBeUndefined();
    const change = await h.call(
      'PATCH',
      `${U}/profile/password`,
      { current_password: old, password: 'Plain123!', password_confirmation: 'Plain123!' },
      { token: login.body.data.token },
    );
    expect(change.status, change.text).toBe(200);
  });

  it('POST a suspension for an artist id holding a NUL is not found, never a 500', async () => {
    const answer = await h.call(
      'POST',
      `${ADMIN}/artists/ab%00cd/suspend`,
      { reason: 'Reported.' },
      { token: tokens.admin },
    );
    expect(answer.status, answer.text).toBe(404);
  });

  it('a sample song title: 422 naming the field', async () => {
    const form = formOf({ title: `My${NUL}song` }, { file: { bytes: wavBytes(), name: 'song.wav' } });
    const answer = await h.upload(`${A}/profile/upload/song`, form, { token: tokens.artist });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body.errors.title, answer.text).toContain(fieldMessages.controlCharacters);
  });

  it('escape codes, DEL and C1 controls are refused too; a line break only where a field has lines', async () => {
    for (const bad of ['\u001b[31m', '\u007f', '\u0085', '\u009b']) {
      const answer = await h.call('POST', `${U}/temp-order`, occasionBody({ recipient_first_name: `Jo${bad}se` }), {
        token: customer.token,
      });
      expect(answer.status, JSON.stringify(bad)).toBe(422);
      expect(answer.body.errors.recipient_first_name).toContain(fieldMessages.controlCharacters);
    }
    const named = await h.call('POST', `${U}/temp-order`, occasionBody({ recipient_first_name: 'Jo\nse' }), {
      token: customer.token,
    });
    expect(named.body.errors.recipient_first_name).toContain(fieldMessages.controlCharacters);
    // Past validation to the handler, which knows no such order.
    const reason = 'Slower, please.\r\n\tAnd louder in the chorus.';
    const lines = await h.call('POST', `${U}/orders/999999/reject`, { reason }, { token: customer.token });
    expect(lines.status, lines.text).toBe(404);
  });

  it('a draft that already holds a NUL answers 422 naming the field on commit, and stays open', async () => {
    const artist = await makeRatedArtist(h);
    const id = await completeDraft(h, customer.token, [artist.user_id]);
    // As a draft saved before text was checked would be stored.
    const row = await h.database.db
      .selectFrom('temp_orders')
      .select(['occasion', 'story'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const occasion = { ...JSON.parse(row.occasion as string), recipient_first_name: `Jo${NUL}se` };
    const story = { ...JSON.parse(row.story as string), song_prompt1_details: `At a stop${NUL}` };
    await h.database.db
      .updateTable('temp_orders')
      .set({ occasion: JSON.stringify(occasion), story: JSON.stringify(story) })
      .where('id', '=', id)
      .execute();

    const commit = await h.call('POST', `${U}/temp-order/${id}/commit`, undefined, { token: customer.token });
    expect(commit.status, commit.text).toBe(422);
    expect(commit.body.errors.recipient_first_name).toContain(fieldMessages.controlCharacters);
    expect(commit.body.errors.song_prompt1_details).toContain(fieldMessages.controlCharacters);
    const after = await h.database.db
      .selectFrom('temp_orders')
      .select('committed_order_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.committed_order_id).toBeNull();

    // Fixed through the steps, it commits.
    const fixed = await h.call('PATCH', `${U}/temp-order/${id}/occasion`, occasionBody(), { token: customer.token });
    expect(fixed.status, fixed.text).toBe(200);
    const fixedStory = await h.call('PATCH', `${U}/temp-order/${id}/story`, storyBody(), { token: customer.token });
    expect(fixedStory.status, fixedStory.text).toBe(200);
    const again = await h.call('POST', `${U}/temp-order/${id}/commit`, undefined, { token: customer.token });
    expect(again.status, again.text).toBe(201);
  });
});

describe('the text rule shared by the forms and the API', () => {
  it.each([
    ['Maria', false, true],
    ['María José 🎵', false, true],
    ['tab\there', false, false],
    ['line\nbreak', false, false],
    ['line\nbreak\r\nand\ttab', true, true],
    [`nul${NUL}`, true, false],
    ['bell\u0007', true, false],
    ['vertical\u000btab', true, false],
    ['del\u007f', true, false],
    ['c1\u0080', true, false],
    ['c1\u009f', true, false],
    ['nbsp\u00a0ok', false, true],
  ])('%j (multi-line %s): %s', (text, multiline, expected) => {
    expect(isPlainText(text, multiline)).toBe(expected);
  });

  it('names the field in the forms too (the SPA runs the same schema)', () => {
    const result = v.safeParse(storySchema, storyBody({ song_prompt1_title: `How${NUL}we met` }));
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.path?.[0]?.key).toBe('song_prompt1_title');
    expect(result.issues?.[0]?.message).toBe(fieldMessages.controlCharacters);
  });
});

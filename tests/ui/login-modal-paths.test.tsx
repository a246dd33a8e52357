import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { serverMessages } from '../../contracts/server-messages';
import {
  type LogInInput,
  type LogInOutput,
  type LoginFormEvent,
  loginFormMachine,
} from '../../machines/login-form.machine';
import {
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  getTransitionPaths,
} from '../machines/model';
import { fakeServer, fakeToken, makeUser, renderApp } from './app-harness';

// The login modal driven along paths generated from loginFormMachine: each event is what a person does
// (types, clicks, closes the modal) or what the server answers, and after each step the screen must
// show what the machine's state means (the fields, their errors, the password shown or masked, the
// button busy while the request is out).

afterEach(() => vi.unstubAllGlobals());

const maria = makeUser({ first_name: 'Maria' });
const credentials = {
  status: 422,
  body: {
    message: 'The given data was invalid.',
    errors: { email: [serverMessages.invalidCredentials], password: ['Please enter your password'] },
  },
};
const tooMany = { status: 429, body: { message: serverMessages.tooManyRequests } };

const events = [
  { type: 'field.changed', name: 'email', value: 'maria@example.test' },
  { type: 'password.toggleVisibility' },
  { type: 'user.submit' },
  { type: 'dialog.closed' },
  { type: 'xstate.done.actor.logIn', output: { user: maria, token: 'token' } },
  {
    type: 'xstate.error.actor.logIn',
    error: { status: 422, message: credentials.body.message, errors: credentials.body.errors },
  },
  { type: 'xstate.error.actor.logIn', error: { status: 429, message: tooMany.body.message } },
] as LoginFormEvent[];

/**
 * States as the person tells them apart: the machine's state, the password shown or masked and which
 * fields show an error (what was typed is checked on every step, but does not make a new state).
 */
const serializeState = (s: any) =>
  JSON.stringify([s.value, s.context.passwordVisible, Object.keys(s.context.errors).sort()]);

/** The app with the login request held until the step that answers it. */
function start() {
  let answer: { status: number; body: unknown } = { status: 500, body: { message: 'unset' } };
  let release: (() => void) | undefined;
  fakeServer({
    'POST /api/v1/user/auth/login': () => answer,
    'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: maria } }),
  });
  const answered = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: Request | string | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/auth/login')) await new Promise<void>((resolve) => (release = resolve));
    return answered(input, init);
  });
  const app = renderApp('/');
  return {
    app,
    /** The toasts showing before the step (the toaster outlives one rendered app). */
    toastsBefore: new Set<Element>(),
    answerWith(next: { status: number; body: unknown }) {
      answer = next;
      expect(release, 'a login request is out').toBeDefined();
      release?.();
      release = undefined;
    },
  };
}

const dialog = () => screen.getByRole('dialog', { name: 'Account Login' });
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const submitButton = () => within(dialog()).getByRole('button', { name: 'Login to your account' });

async function openModal() {
  const banner = await screen.findByRole('banner');
  await userEvent.click(within(banner).getByRole('button', { name: 'Login' }));
  await screen.findByRole('dialog', { name: 'Account Login' });
}

/** Each event as the person (or the server) does it. */
async function act(event: any, h: ReturnType<typeof start>) {
  switch (event.type) {
    case 'field.changed':
      await userEvent.clear(field(event.name === 'email' ? 'Email' : 'Password'));
      await userEvent.type(field(event.name === 'email' ? 'Email' : 'Password'), event.value);
      return;
    case 'password.toggleVisibility':
      await userEvent.click(within(dialog()).getByRole('button', { name: /^(Show|Hide) password$/ }));
      return;
    case 'user.submit':
      await userEvent.click(submitButton());
      return;
    case 'dialog.closed':
      // Closing is the event; the person opens the modal again to see what it kept.
      await userEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account Login' })).toBeNull());
      await openModal();
      return;
    case 'xstate.done.actor.logIn':
      h.toastsBefore = new Set(screen.queryAllByText('Welcome back, Maria'));
      h.answerWith({ status: 200, body: { data: { user: maria, token: fakeToken() } } });
      return;
    case 'xstate.error.actor.logIn':
      h.toastsBefore = new Set(screen.queryAllByText(serverMessages.tooManyRequests));
      h.answerWith(event.error.status === 422 ? credentials : tooMany);
      return;
  }
}

/** Whether a toast saying `text` appeared during the step. */
const newToast = (h: ReturnType<typeof start>, text: string) =>
  screen.queryAllByText(text).some((element) => !h.toastsBefore.has(element));

/** What the person sees in each state of the form. */
function expectScreen(s: any, last: any, h: ReturnType<typeof start>) {
  if (last?.type === 'xstate.done.actor.logIn') {
    // Signed in: the modal has gone and the welcome says who.
    expect(screen.queryByRole('dialog', { name: 'Account Login' })).toBeNull();
    expect(newToast(h, 'Welcome back, Maria')).toBe(true);
    return;
  }
  const { values, errors, passwordVisible } = s.context;
  expect(field('Email').value).toBe(values.email);
  expect(field('Password').value).toBe(values.password);
  // The password is masked unless the person asked to see it.
  expect(field('Password').type).toBe(passwordVisible ? 'text' : 'password');
  for (const [label, name] of [
    ['Email', 'email'],
    ['Password', 'password'],
  ] as const) {
    const message = errors[name]?.[0];
    if (message) {
      expect(within(dialog()).getByText(message)).toBeTruthy();
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
    } else {
      expect(field(label).getAttribute('aria-invalid')).toBeNull();
    }
  }
  if (s.matches('submitting')) {
    // The request is out: the button says so and cannot be pressed twice.
    expect(submitButton().getAttribute('aria-busy')).toBe('true');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
  } else {
    expect(submitButton().getAttribute('aria-busy')).toBeNull();
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  }
  if (last?.type === 'xstate.error.actor.logIn' && last.error.status === 429) {
    // No field to blame: the message is a toast.
    expect(newToast(h, serverMessages.tooManyRequests)).toBe(true);
  }
}

describe('the login modal along the login form machine’s paths', () => {
  const paths = getTransitionPaths(loginFormMachine, { input: { userType: 'user' }, events, serializeState });

  it('reaches every state of the form', () => expectAllStatesCovered(loginFormMachine, paths));
  it('takes every transition of the form', () => expectAllTransitionsCovered(loginFormMachine, paths));

  for (const path of paths) {
    it(describePath(path), async () => {
      const h = start();
      await openModal();
      // The path's snapshots stand for their class of states (serializeState); what this run should
      // show exactly (the typed values) comes from the machine itself, played along.
      const model = createActor(
        loginFormMachine.provide({
          actors: { logIn: fromPromise<LogInOutput, LogInInput>(() => new Promise(() => {})) },
        }),
        { input: { userType: 'user' } },
      ).start();
      expectScreen(model.getSnapshot(), undefined, h);
      for (const step of path.steps.slice(1)) {
        model.send(step.event);
        const expected = model.getSnapshot();
        expect(serializeState(expected)).toBe(serializeState(step.state));
        await act(step.event, h);
        // Signing in also loads the next page (the first time, its code too): that can take a while.
        const signingIn = step.event.type === 'xstate.done.actor.logIn';
        await waitFor(() => expectScreen(expected, step.event, h), { timeout: signingIn ? 15_000 : 4000 });
      }
      model.stop();
      h.app.unmount();
    });
  }
});

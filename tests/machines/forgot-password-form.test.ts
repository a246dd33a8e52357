import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { forgotPassword } from '../../contracts/constants';
import { serverMessages } from '../../contracts/server-messages';
import { connectForgotPasswordForm } from '../../machines/forgot-password-form.connect';
import {
  emailMessage,
  type ForgotPasswordFormEvent,
  forgotPasswordFormMachine,
} from '../../machines/forgot-password-form.machine';
import type { SendResetLinkInput } from '../../machines/forgot-password-form.types';
import { validationError } from './fixtures';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  flush,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  recordingActions,
  runPath,
  type StepCheck,
} from './model';

const EMPTY = 'Please enter your email address';
const INVALID = 'Please enter a valid email address';
const serverEmailError = validationError({ email: ['This email cannot receive mail.'] });

const events = [
  { type: 'field.changed', name: 'email', value: '' },
  { type: 'field.changed', name: 'email', value: 'ann@' },
  { type: 'field.changed', name: 'email', value: 'ann@example.com' },
  { type: 'user.submit' },
  { type: 'dialog.closed' },
  { type: 'dialog.opened' },
  { type: 'xstate.done.actor.sendResetLink', output: { message: serverMessages.forgotSent } },
  { type: 'xstate.error.actor.sendResetLink', error: serverEmailError },
  { type: 'xstate.error.actor.sendResetLink', error: { status: 429, message: serverMessages.tooManyRequests } },
  { type: 'xstate.after.resetAfterClose.forgotPasswordForm.closing' },
] as ForgotPasswordFormEvent[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = forgotPasswordFormMachine.provide({
    actors: { sendResetLink: fakes.actor<unknown, SendResetLinkInput>('sendResetLink') },
    actions: recordingActions(['showErrorToast'], log),
  });
  return { actor: createActor(machine, { input: { userType: 'user' } }).start(), fakes, log };
}

const tags = (s: any) => ({ busy: s.hasTag('busy'), error: s.hasTag('error'), sent: s.hasTag('sent') });

const stateExpectations: Record<string, (s: any, h: Harness) => void> = {
  'editing.pristine': (s, h) => {
    expect(s.context.email).toBe('');
    expect(s.context.errors).toEqual({});
    expect(tags(s)).toEqual({ busy: false, error: false, sent: false });
    // The Send button: disabled while the email is empty.
    expect(s.can({ type: 'user.submit' })).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
  },
  'editing.invalid': (s) => {
    expect(tags(s)).toEqual({ busy: false, error: true, sent: false });
    const [message] = s.context.errors.email ?? [];
    expect(message).toBeDefined();
    // Either the as-you-type message for this email, or the server's.
    if (message === EMPTY || message === INVALID) expect(emailMessage(s.context.email)).toBe(message);
    else expect(message).toBe('This email cannot receive mail.');
    expect(s.can({ type: 'user.submit' })).toBe(false);
  },
  'editing.valid': (s) => {
    expect(tags(s)).toEqual({ busy: false, error: false, sent: false });
    expect(s.context.errors).toEqual({});
    expect(emailMessage(s.context.email)).toBeNull();
    expect(s.can({ type: 'user.submit' })).toBe(true);
  },
  sending: (s, h) => {
    expect(tags(s)).toEqual({ busy: true, error: false, sent: false });
    expect(s.can({ type: 'user.submit' })).toBe(false);
    expect(h.fakes.pending.get('sendResetLink')?.input).toEqual({ email: s.context.email.trim(), userType: 'user' });
  },
  sent: (s) => {
    expect(tags(s)).toEqual({ busy: false, error: false, sent: true });
    expect(s.can({ type: 'user.submit' })).toBe(false);
    expect(s.can({ type: 'field.changed', name: 'email', value: 'x' })).toBe(false);
    expect(s.can({ type: 'dialog.closed' })).toBe(true);
  },
  'closing.form': (s, h) => {
    expect(tags(s)).toEqual({ busy: false, error: false, sent: false });
    expect(s.can({ type: 'dialog.opened' })).toBe(true);
    expect(s.can({ type: 'user.submit' })).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
    expect(vi.getTimerCount()).toBe(1);
  },
  'closing.sent': (s) => {
    // The confirmation stays on screen while the modal closes.
    expect(tags(s)).toEqual({ busy: false, error: false, sent: true });
    expect(s.can({ type: 'dialog.opened' })).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
  },
};

function stepExpectations({ event, before, after, actions }: StepCheck<Harness>): void {
  const handled = before.can(event);
  if ((event.type.startsWith('xstate.after.') || event.type === 'dialog.opened') && handled) {
    expect(after.value).toEqual({ editing: 'pristine' });
    expect(after.context).toEqual({ userType: 'user', email: '', errors: {} });
  }
  if (event.type === 'field.changed' && handled) {
    expect(after.context.email).toBe(event.value);
    const message = emailMessage(event.value as string);
    expect(after.context.errors).toEqual(message ? { email: [message] } : {});
  }
  if (event.type === 'xstate.error.actor.sendResetLink') {
    const error = event.error as { message: string; errors?: Record<string, string[]> };
    if (error.errors) {
      expect(after.context.errors).toEqual(error.errors);
      expect(actions).toEqual([]);
    } else {
      expect(actions).toEqual([{ type: 'showErrorToast', params: { message: error.message } }]);
    }
  } else {
    expect(actions).toEqual([]);
  }
}

describe('forgotPasswordFormMachine: model-based paths', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  const paths = getTransitionPaths(forgotPasswordFormMachine, { input: { userType: 'user' }, events });

  it('takes every transition', () => expectAllTransitionsCovered(forgotPasswordFormMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(forgotPasswordFormMachine, paths));
  it('has expectations for every state', () => {
    expect(Object.keys(stateExpectations).sort()).toEqual(leafStateKeys(forgotPasswordFormMachine).sort());
  });
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states: stateExpectations, step: stepExpectations });
    });
  }
});

describe('forgotPasswordFormMachine: docs/product.md §4–§5', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('uses the exact product messages, shown from the first edit', () => {
    const h = start();
    const view = () => connectForgotPasswordForm(h.actor.getSnapshot());
    expect(view().emailError).toBeUndefined();
    expect(view().canSend).toBe(false);
    h.actor.send({ type: 'field.changed', name: 'email', value: '' });
    expect(view().emailError).toBe('Please enter your email address');
    for (const bad of ['ann', 'ann@', 'ann @example.com', 'ann@exa mple.com', '@example.com']) {
      h.actor.send({ type: 'field.changed', name: 'email', value: bad });
      expect(view().emailError, bad).toBe('Please enter a valid email address');
      expect(view().canSend).toBe(false);
    }
    h.actor.send({ type: 'field.changed', name: 'email', value: 'ann@example.com' });
    expect(view().emailError).toBeUndefined();
    expect(view().canSend).toBe(true);
  });

  it('after sending, the form is replaced by the confirmation', async () => {
    const h = start();
    h.actor.send({ type: 'field.changed', name: 'email', value: ' ann@example.com ' });
    h.actor.send({ type: 'user.submit' });
    expect(h.fakes.pending.get('sendResetLink')?.input).toEqual({ email: 'ann@example.com', userType: 'user' });
    h.fakes.resolve('sendResetLink', {});
    await flush();
    expect(connectForgotPasswordForm(h.actor.getSnapshot()).showConfirmation).toBe(true);
  });

  it('closing resets the email and the sent state after exactly 1 second', async () => {
    expect(forgotPassword.resetAfterCloseMs).toBe(1000);
    const h = start();
    h.actor.send({ type: 'field.changed', name: 'email', value: 'ann@example.com' });
    h.actor.send({ type: 'user.submit' });
    h.fakes.resolve('sendResetLink', {});
    await flush();
    h.actor.send({ type: 'dialog.closed' });
    await vi.advanceTimersByTimeAsync(999);
    expect(h.actor.getSnapshot().hasTag('sent')).toBe(true);
    expect(h.actor.getSnapshot().context.email).toBe('ann@example.com');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.actor.getSnapshot().value).toEqual({ editing: 'pristine' });
    expect(h.actor.getSnapshot().hasTag('sent')).toBe(false);
    expect(h.actor.getSnapshot().context.email).toBe('');
  });

  it('reopening during the closing second gives a fresh, working form that the old timer leaves alone', async () => {
    const h = start();
    h.actor.send({ type: 'field.changed', name: 'email', value: 'ann@example.com' });
    h.actor.send({ type: 'user.submit' });
    h.fakes.resolve('sendResetLink', {});
    await flush();
    h.actor.send({ type: 'dialog.closed' });
    await vi.advanceTimersByTimeAsync(500);
    h.actor.send({ type: 'dialog.opened' });
    expect(h.actor.getSnapshot().value).toEqual({ editing: 'pristine' });
    h.actor.send({ type: 'field.changed', name: 'email', value: 'ben@example.com' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.actor.getSnapshot().context.email).toBe('ben@example.com');
    expect(h.actor.getSnapshot().can({ type: 'user.submit' })).toBe(true);
    h.actor.send({ type: 'user.submit' });
    expect(h.fakes.pending.get('sendResetLink')?.input).toEqual({ email: 'ben@example.com', userType: 'user' });
  });

  it('typing during the closing second also reopens the form (without dialog.opened)', async () => {
    const h = start();
    h.actor.send({ type: 'field.changed', name: 'email', value: 'ann@example.com' });
    h.actor.send({ type: 'dialog.closed' });
    await vi.advanceTimersByTimeAsync(300);
    h.actor.send({ type: 'field.changed', name: 'email', value: 'ben@' });
    expect(h.actor.getSnapshot().value).toEqual({ editing: 'invalid' });
    expect(connectForgotPasswordForm(h.actor.getSnapshot()).emailError).toBe('Please enter a valid email address');
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.actor.getSnapshot().context.email).toBe('ben@');
  });

  it('closing while sending drops the call and still resets after 1 second', async () => {
    const h = start();
    h.actor.send({ type: 'field.changed', name: 'email', value: 'ann@example.com' });
    h.actor.send({ type: 'user.submit' });
    h.actor.send({ type: 'dialog.closed' });
    expect(h.fakes.pending.size).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.actor.getSnapshot().context.email).toBe('');
  });

  it('posts to the artist area for the artist forgot-password page', () => {
    const actor = createActor(
      forgotPasswordFormMachine.provide({
        actors: { sendResetLink: new FakeCalls().actor<unknown, SendResetLinkInput>('sendResetLink') },
      }),
      { input: { userType: 'artist' } },
    ).start();
    actor.send({ type: 'field.changed', name: 'email', value: 'ben@example.com' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().children.sendResetLink).toBeDefined();
    expect(actor.getSnapshot().context.userType).toBe('artist');
  });
});

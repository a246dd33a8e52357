import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { specMessages } from '../../contracts/messages';
import { serverMessages } from '../../contracts/server-messages';
import {
  type ResetPasswordFormEvent,
  type ResetPasswordFormInput,
  type ResetPasswordInput,
  resetPasswordFormMachine,
} from '../../machines/reset-password-form.machine';
import { isPasswordMismatch } from '../../machines/sign-up-form.machine';
import { validationError } from './fixtures';
import {
  type ActionLog,
  describePath,
  distinctPaths,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  recordingActions,
  runPath,
  type StepCheck,
} from './model';

const link: ResetPasswordFormInput = { userType: 'artist', token: 'tok123', email: 'ana@example.test' };
const incomplete: ResetPasswordFormInput = { userType: 'user', token: '', email: 'ana@example.test' };
const expiredLink = validationError({ token: [serverMessages.resetInvalid] });

const events = [
  { type: 'field.changed', name: 'password', value: 'NewPass123' },
  { type: 'field.changed', name: 'password_confirmation', value: 'NewPass12' },
  { type: 'field.changed', name: 'password_confirmation', value: 'NewPass123' },
  { type: 'user.submit' },
  { type: 'xstate.done.actor.resetPassword', output: { message: serverMessages.resetDone } },
  { type: 'xstate.error.actor.resetPassword', error: expiredLink },
  { type: 'xstate.error.actor.resetPassword', error: { status: 429, message: serverMessages.tooManyRequests } },
] as ResetPasswordFormEvent[];

const appActions = ['showSuccessToast', 'showErrorToast', 'goToLogin'] as const;

function starter(input: ResetPasswordFormInput) {
  return (): Harness => {
    const fakes = new FakeCalls();
    const log: ActionLog = [];
    const machine = resetPasswordFormMachine.provide({
      actors: { resetPassword: fakes.actor<{ message: string }, ResetPasswordInput>('resetPassword') },
      actions: recordingActions(appActions, log),
    });
    return { actor: createActor(machine, { input }).start(), fakes, log };
  };
}

const tags = (s: any) => ({
  busy: s.hasTag('busy'),
  done: s.hasTag('done'),
  linkIncomplete: s.hasTag('linkIncomplete'),
});

const stateExpectations: Record<string, (s: any, h: Harness) => void> = {
  linkIncomplete: (s, h) => {
    expect(tags(s)).toEqual({ busy: false, done: false, linkIncomplete: true });
    expect(s.can({ type: 'user.submit' })).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
  },
  editing: (s, h) => {
    expect(tags(s)).toEqual({ busy: false, done: false, linkIncomplete: false });
    // The mismatch shows as the user types; submitting is refused while it shows.
    const mismatch = isPasswordMismatch(s.context.values);
    expect(s.context.errors.password_confirmation?.includes(specMessages.passwordsDoNotMatch) ?? false).toBe(mismatch);
    expect(s.can({ type: 'user.submit' })).toBe(!mismatch);
    expect(h.fakes.pending.size).toBe(0);
  },
  submitting: (s, h) => {
    expect(tags(s)).toEqual({ busy: true, done: false, linkIncomplete: false });
    expect(h.fakes.pending.get('resetPassword')?.input).toEqual({
      ...s.context.values,
      userType: link.userType,
      token: link.token,
      email: link.email,
    });
    expect(s.can({ type: 'user.submit' })).toBe(false);
  },
  done: (s) => {
    expect(tags(s)).toEqual({ busy: false, done: true, linkIncomplete: false });
    expect(s.status).toBe('done');
  },
};

function stepExpectations({ event, after, actions }: StepCheck<Harness>): void {
  if (event.type === 'xstate.done.actor.resetPassword') {
    expect(actions).toEqual([
      { type: 'showSuccessToast', params: { message: serverMessages.resetDone } },
      { type: 'goToLogin', params: { userType: link.userType } },
    ]);
  } else if (event.type === 'xstate.error.actor.resetPassword') {
    const error = event.error as { message: string; errors?: Record<string, string[]> };
    if (error.errors) {
      expect(after.context.errors).toEqual(error.errors);
      expect(actions).toEqual([]);
    } else expect(actions).toEqual([{ type: 'showErrorToast', params: { message: error.message } }]);
  } else {
    expect(actions).toEqual([]);
  }
  if (event.type === 'field.changed' && after.matches('editing')) {
    expect(after.context.values[event.name as string]).toBe(event.value);
  }
}

describe('resetPasswordFormMachine: model-based paths', () => {
  const seen = new Set<string>();
  const withLink = getTransitionPaths(resetPasswordFormMachine, { input: link, events }, seen);
  // An incomplete link rests in a state that handles no event: shortest paths reach it.
  const withoutLink = distinctPaths(
    resetPasswordFormMachine,
    getShortestPaths(resetPasswordFormMachine, { input: incomplete, events }),
    { input: incomplete, seen },
  );

  it('takes every transition', () =>
    expectAllTransitionsCovered(resetPasswordFormMachine, [...withLink, ...withoutLink]));
  it('reaches every state', () => expectAllStatesCovered(resetPasswordFormMachine, [...withLink, ...withoutLink]));
  it('has expectations for every state', () => {
    expect(Object.keys(stateExpectations).sort()).toEqual(
      leafStateKeys(resetPasswordFormMachine)
        .filter((k) => k !== 'checkingLink')
        .sort(),
    );
  });
  for (const path of withLink) {
    it(`with a complete link: ${describePath(path)}`, async () => {
      await runPath(path, starter(link), { states: stateExpectations, step: stepExpectations });
    });
  }
  for (const path of withoutLink) {
    it(`with an incomplete link: ${describePath(path)}`, async () => {
      await runPath(path, starter(incomplete), { states: stateExpectations, step: stepExpectations });
    });
  }
});

describe('resetPasswordFormMachine: rules', () => {
  it('an incomplete link (no token or no email) cannot be submitted', () => {
    for (const input of [incomplete, { ...link, email: '' }]) {
      const actor = createActor(resetPasswordFormMachine, { input }).start();
      expect(actor.getSnapshot().hasTag('linkIncomplete')).toBe(true);
      expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    }
  });

  it("a field edit clears that field's server error only", () => {
    const h = starter(link)();
    h.actor.send({ type: 'field.changed', name: 'password', value: 'abc12345' });
    h.actor.send({ type: 'user.submit' });
    h.fakes.reject('resetPassword', validationError({ password: ['Too weak'], token: [serverMessages.resetInvalid] }));
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      h.actor.send({ type: 'field.changed', name: 'password', value: 'abc123456' });
      expect(h.actor.getSnapshot().context.errors).toEqual({ token: [serverMessages.resetInvalid] });
    });
  });
});

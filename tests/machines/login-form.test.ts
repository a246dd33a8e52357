import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { UserType } from '../../contracts/account';
import { serverMessages } from '../../contracts/server-messages';
import { connectLoginForm } from '../../machines/login-form.connect';
import { emptyLoginValues, type LoginFormEvent, loginFormMachine } from '../../machines/login-form.machine';
import type { LogInInput, LogInOutput } from '../../machines/login-form.types';
import { customer, makeToken, validationError } from './fixtures';
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
  sentTo,
  startWithPeers,
  types,
} from './model';

const token = makeToken(3600);
const credentialsError = validationError({
  email: [serverMessages.invalidCredentials],
  password: ['Please enter your password'],
});
const rateLimited = { status: 429, message: serverMessages.tooManyRequests };

const events = [
  { type: 'field.changed', name: 'email', value: 'ann@example.com' },
  { type: 'field.changed', name: 'password', value: 'secret' },
  { type: 'field.changed', name: 'remember', value: true },
  { type: 'password.toggleVisibility' },
  { type: 'user.submit' },
  { type: 'dialog.closed' },
  { type: 'xstate.done.actor.logIn', output: { user: customer, token } },
  { type: 'xstate.error.actor.logIn', error: credentialsError },
  { type: 'xstate.error.actor.logIn', error: rateLimited },
] as LoginFormEvent[];

function start(userType: UserType = 'user'): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = loginFormMachine.provide({
    actors: { logIn: fakes.actor<LogInOutput, LogInInput>('logIn') },
    actions: recordingActions(['showErrorToast'], log),
  });
  // Recorders in the session's and the account modals' places: a login is told to both, in that order.
  const actor = startWithPeers(machine, { peers: ['session', 'authDialogs'], log, input: { userType } });
  return { actor, fakes, log };
}

const stateExpectations: Record<string, (s: any, h: Harness) => void> = {
  editing: (s, h) => {
    expect(s.hasTag('busy')).toBe(false);
    // docs/product.md §5 Login: no client-side bounds, whatever the values.
    expect(s.can({ type: 'user.submit' })).toBe(true);
    expect(s.can({ type: 'dialog.closed' })).toBe(true);
    expect(h.fakes.pending.size).toBe(0);
  },
  submitting: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.can({ type: 'user.submit' })).toBe(false);
    expect(s.can({ type: 'dialog.closed' })).toBe(false);
    expect(s.can({ type: 'password.toggleVisibility' })).toBe(true);
    expect(s.context.errors).toEqual({});
    expect(h.fakes.pending.get('logIn')?.input).toEqual({ ...s.context.values, userType: 'user' });
  },
};

function stepExpectations({ event, before, after, actions }: StepCheck<Harness>): void {
  const reset = { userType: 'user', values: emptyLoginValues, errors: {}, passwordVisible: false };
  switch (event.type) {
    case 'field.changed': {
      const name = event.name as string;
      expect(after.context.values).toEqual({ ...before.context.values, [name]: event.value });
      // Only that field's server error clears.
      const { [name]: _cleared, ...others } = before.context.errors;
      expect(after.context.errors).toEqual(others);
      expect(actions).toEqual([]);
      break;
    }
    case 'xstate.done.actor.logIn': {
      expect(actions).toEqual([
        // "Remember me" as it was ticked when the form was sent: the session keeps it across visits or in this tab only.
        sentTo('session', {
          type: 'session.signedIn',
          token,
          user: customer,
          userType: 'user',
          remember: before.context.values.remember,
        }),
        sentTo('authDialogs', { type: 'login.succeeded', user: customer, userType: 'user' }),
      ]);
      expect(after.context).toEqual(reset);
      break;
    }
    case 'xstate.error.actor.logIn': {
      const error = event.error as { message: string; errors?: Record<string, string[]> };
      if (error.errors) {
        expect(after.context.errors).toEqual(error.errors);
        expect(actions).toEqual([]);
      } else {
        expect(after.context.errors).toEqual({});
        expect(actions).toEqual([{ type: 'showErrorToast', params: { message: error.message } }]);
      }
      expect(after.context.values).toEqual(before.context.values);
      break;
    }
    case 'dialog.closed':
      if (before.matches('editing')) expect(after.context).toEqual(reset);
      expect(actions).toEqual([]);
      break;
    case 'password.toggleVisibility':
      expect(after.context.passwordVisible).toBe(!before.context.passwordVisible);
      expect(actions).toEqual([]);
      break;
    default:
      expect(actions).toEqual([]);
  }
}

describe('loginFormMachine: model-based paths', () => {
  const paths = getTransitionPaths(loginFormMachine, { input: { userType: 'user' }, events });

  it('takes every transition', () => expectAllTransitionsCovered(loginFormMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(loginFormMachine, paths));
  it('has expectations for every state', () => {
    expect(Object.keys(stateExpectations).sort()).toEqual(leafStateKeys(loginFormMachine).sort());
  });
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, () => start('user'), { states: stateExpectations, step: stepExpectations });
    });
  }
});

describe('loginFormMachine: docs/product.md §3–§5', () => {
  it('starts empty with remember false and the password masked', () => {
    const h = start();
    expect(h.actor.getSnapshot().context).toEqual({
      userType: 'user',
      values: { email: '', password: '', remember: false },
      errors: {},
      passwordVisible: false,
    });
    expect(connectLoginForm(h.actor.getSnapshot()).passwordInputType).toBe('password');
    h.actor.send({ type: 'password.toggleVisibility' });
    expect(connectLoginForm(h.actor.getSnapshot()).passwordInputType).toBe('text');
  });

  it('posts the artist area when the form is the artist login', async () => {
    const h = start('artist');
    h.actor.send({ type: 'field.changed', name: 'email', value: 'ben@example.com' });
    h.actor.send({ type: 'user.submit' });
    expect(h.fakes.pending.get('logIn')?.input).toEqual({
      email: 'ben@example.com',
      password: '',
      remember: false,
      userType: 'artist',
    });
    h.fakes.resolve('logIn', { user: customer, token });
    await flush();
    expect(h.log).toEqual([
      sentTo('session', { type: 'session.signedIn', token, user: customer, userType: 'artist', remember: false }),
      sentTo('authDialogs', { type: 'login.succeeded', user: customer, userType: 'artist' }),
    ]);
  });

  it('shows server field errors under email and password and clears one as it is edited', async () => {
    const h = start();
    h.actor.send({ type: 'user.submit' });
    h.fakes.reject('logIn', credentialsError);
    await flush();
    const view = () => connectLoginForm(h.actor.getSnapshot());
    expect(view().errorOf('email')).toBe(serverMessages.invalidCredentials);
    expect(view().errorOf('password')).toBe('Please enter your password');
    h.actor.send({ type: 'field.changed', name: 'email', value: 'a' });
    expect(view().errorOf('email')).toBeUndefined();
    expect(view().errorOf('password')).toBe('Please enter your password');
  });

  it('keeps messages under other keys for a general alert', async () => {
    const h = start();
    h.actor.send({ type: 'user.submit' });
    h.fakes.reject('logIn', validationError({ remember: ['Must be true or false'] }));
    await flush();
    expect(connectLoginForm(h.actor.getSnapshot()).otherErrors).toEqual(['Must be true or false']);
  });

  it('a failure without an errors object shows its message as an error toast', async () => {
    const h = start();
    h.actor.send({ type: 'user.submit' });
    h.fakes.reject('logIn', new Error('We could not reach the server.'));
    await flush();
    expect(h.log).toEqual([{ type: 'showErrorToast', params: { message: 'We could not reach the server.' } }]);
  });

  it('closing the dialog clears all errors and resets the form', async () => {
    const h = start();
    h.actor.send({ type: 'field.changed', name: 'email', value: 'ann@example.com' });
    h.actor.send({ type: 'field.changed', name: 'remember', value: true });
    h.actor.send({ type: 'user.submit' });
    h.fakes.reject('logIn', credentialsError);
    await flush();
    h.actor.send({ type: 'dialog.closed' });
    expect(h.actor.getSnapshot().context).toMatchObject({
      values: { email: '', password: '', remember: false },
      errors: {},
    });
    expect(types(h.log)).toEqual([]);
  });

  it('runs with its default actor (the visualiser): the call fails into a toast', async () => {
    const actor = createActor(loginFormMachine, { input: { userType: 'user' } }).start();
    actor.send({ type: 'user.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
  });
});

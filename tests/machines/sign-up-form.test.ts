import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { registerFields } from '../../contracts/auth';
import { findCountry } from '../../contracts/countries';
import { fieldMessages } from '../../contracts/field-messages';
import { specMessages } from '../../contracts/messages';
import { serverMessages } from '../../contracts/server-messages';
import { connectSignUpForm } from '../../machines/sign-up-form.connect';
import {
  initialSignUpValues,
  isPasswordMismatch,
  type SignUpFormEvent,
  signUpFormMachine,
} from '../../machines/sign-up-form.machine';
import type { RegisterInput, RegisterOutput } from '../../machines/sign-up-form.types';
import { customer, validationError } from './fixtures';
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
} from './model';

const serverFieldErrors = validationError({
  email: [fieldMessages.emailTaken],
  contact_number: [fieldMessages.contactNumberInvalid],
  country: [fieldMessages.countryInvalid],
});

const signedUp: RegisterOutput = { user: customer, token: 'new-session-token' };

const events = [
  { type: 'field.changed', name: 'first_name', value: 'Ann' },
  { type: 'field.changed', name: 'password', value: 'abc12345' },
  { type: 'field.changed', name: 'password_confirmation', value: 'abc12345' },
  { type: 'field.changed', name: 'password_confirmation', value: 'abc1234x' },
  { type: 'field.changed', name: 'contact_number', value: '9171234567' },
  { type: 'field.changed', name: 'country', value: 'US' },
  { type: 'field.changed', name: 'country', value: 'PH' },
  { type: 'form.prefill', first_name: 'Cy', last_name: 'Diaz', email: 'cy@example.com' },
  { type: 'user.submit' },
  { type: 'dialog.closed' },
  { type: 'xstate.done.actor.register', output: signedUp },
  { type: 'xstate.error.actor.register', error: serverFieldErrors },
  { type: 'xstate.error.actor.register', error: { status: 429, message: serverMessages.tooManyRequests } },
] as SignUpFormEvent[];

/** What a sign-up tells the others: exactly what a login tells them, and that this is a first visit. */
const signedInActions = (output: RegisterOutput) => [
  sentTo('session', { type: 'session.signedIn', ...output, userType: 'user', remember: false }),
  sentTo('authDialogs', { type: 'login.succeeded', user: output.user, userType: 'user', firstVisit: true }),
];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = signUpFormMachine.provide({
    actors: { register: fakes.actor<RegisterOutput, RegisterInput>('register') },
    actions: recordingActions(['showErrorToast'], log),
  });
  // Recorders in the session's and the account modals' places: signing in and leading on are events they receive.
  return { actor: startWithPeers(machine, { peers: ['session', 'authDialogs'], log }), fakes, log };
}

const stateExpectations: Record<string, (s: any, h: Harness) => void> = {
  editing: (s, h) => {
    const { values, errors } = s.context;
    expect(s.hasTag('busy')).toBe(false);
    // docs/product.md §5: "Passwords do not match." on the confirmation exactly while it is non-empty and differs.
    const mismatch = values.password_confirmation !== '' && values.password_confirmation !== values.password;
    expect((errors.password_confirmation ?? []).includes('Passwords do not match.')).toBe(mismatch);
    expect(s.can({ type: 'user.submit' })).toBe(!mismatch);
    expect(s.can({ type: 'dialog.closed' })).toBe(true);
    expect(values.dial_code).toBe(findCountry(values.country)?.dial_code);
    for (const key of Object.keys(errors)) expect(registerFields).toContain(key);
    expect(h.fakes.pending.size).toBe(0);
  },
  submitting: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.can({ type: 'user.submit' })).toBe(false);
    expect(s.can({ type: 'dialog.closed' })).toBe(false);
    expect(h.fakes.pending.get('register')?.input).toEqual(s.context.values);
  },
};

function stepExpectations({ event, before, after, actions }: StepCheck<Harness>): void {
  const handled = before.can(event);
  switch (event.type) {
    case 'field.changed': {
      if (!handled) break;
      const name = event.name as string;
      expect(after.context.values[name]).toBe(event.value);
      if (name !== 'password_confirmation') expect(after.context.errors[name]).toBeUndefined();
      if (name === 'country') {
        const changed = event.value !== before.context.values.country;
        expect(after.context.values.contact_number).toBe(changed ? '' : before.context.values.contact_number);
        expect(after.context.values.dial_code).toBe(findCountry(event.value as string)?.dial_code);
        if (changed) expect(after.context.errors.contact_number).toBeUndefined();
      }
      if (name === 'password_confirmation') {
        const others = (after.context.errors.password_confirmation ?? []).filter(
          (m: string) => m !== specMessages.passwordsDoNotMatch,
        );
        expect(others).toEqual([]);
      }
      // Fields not edited keep their server errors.
      for (const [field, messages] of Object.entries(before.context.errors)) {
        if (
          field !== name &&
          field !== 'password_confirmation' &&
          !(name === 'country' && field === 'contact_number')
        ) {
          expect(after.context.errors[field]).toEqual(messages);
        }
      }
      expect(actions).toEqual([]);
      break;
    }
    case 'xstate.done.actor.register':
      // docs/product.md §4 Registration: signed in (the session keeps the new session, for the tab's life) and on
      // as after a login, with a first welcome; no login modal follows. The form is cleared.
      expect(after.context).toEqual({ values: initialSignUpValues(), errors: {} });
      expect(actions).toEqual(signedInActions(signedUp));
      break;
    case 'xstate.error.actor.register': {
      const error = event.error as { message: string; errors?: Record<string, string[]> };
      expect(after.context.values).toEqual(before.context.values);
      if (error.errors) {
        expect(after.context.errors).toEqual(error.errors);
        expect(actions).toEqual([]);
      } else {
        expect(actions).toEqual([{ type: 'showErrorToast', params: { message: error.message } }]);
      }
      break;
    }
    case 'dialog.closed':
      if (handled) expect(after.context).toEqual({ values: initialSignUpValues(), errors: {} });
      expect(actions).toEqual([]);
      break;
    case 'form.prefill':
      if (handled) {
        expect(after.context.values).toMatchObject({ first_name: 'Cy', last_name: 'Diaz', email: 'cy@example.com' });
      }
      expect(actions).toEqual([]);
      break;
    default:
      expect(actions).toEqual([]);
  }
}

describe('signUpFormMachine: model-based paths', () => {
  // States are told apart by what the checks look at; the text of untouched fields does not matter.
  const serializeState = (s: { value: unknown; context: { values: Record<string, string>; errors: unknown } }) => {
    const { values, errors } = s.context;
    return JSON.stringify([
      s.value,
      errors,
      values.country,
      values.contact_number !== '',
      values.password_confirmation === ''
        ? 'no confirmation'
        : values.password_confirmation === values.password
          ? 'confirmed'
          : 'mismatch',
      values.email !== '',
    ]);
  };
  const paths = getTransitionPaths(signUpFormMachine, { events, serializeState });

  it('takes every transition', () => expectAllTransitionsCovered(signUpFormMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(signUpFormMachine, paths));
  it('has expectations for every state', () => {
    expect(Object.keys(stateExpectations).sort()).toEqual(leafStateKeys(signUpFormMachine).sort());
  });
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states: stateExpectations, step: stepExpectations, serializeState });
    });
  }
});

describe('signUpFormMachine: docs/product.md §3–§5', () => {
  it('starts with country PH and its dial code', () => {
    const h = start();
    expect(h.actor.getSnapshot().context.values).toEqual({
      first_name: '',
      middle_name: '',
      last_name: '',
      email: '',
      password: '',
      password_confirmation: '',
      contact_number: '',
      country: 'PH',
      dial_code: '+63',
    });
  });

  it('shows "Passwords do not match." as the user types, recomputed from either field', () => {
    const h = start();
    const send = (name: 'password' | 'password_confirmation', value: string) =>
      h.actor.send({ type: 'field.changed', name, value });
    const view = () => connectSignUpForm(h.actor.getSnapshot());
    send('password_confirmation', 'a');
    expect(view().errorOf('password_confirmation')).toBe('Passwords do not match.');
    send('password', 'a');
    expect(view().errorOf('password_confirmation')).toBeUndefined();
    send('password', 'ab');
    expect(view().errorOf('password_confirmation')).toBe('Passwords do not match.');
    expect(view().canSubmit).toBe(false);
    send('password_confirmation', 'ab');
    expect(view().errorOf('password_confirmation')).toBeUndefined();
    expect(view().canSubmit).toBe(true);
    send('password_confirmation', '');
    expect(view().errorOf('password_confirmation')).toBeUndefined();
    expect(isPasswordMismatch({ password: 'x', password_confirmation: '' })).toBe(false);
  });

  it('changing the country clears contact_number and sets dial_code; the same country keeps it', () => {
    const h = start();
    h.actor.send({ type: 'field.changed', name: 'contact_number', value: '9171234567' });
    h.actor.send({ type: 'field.changed', name: 'country', value: 'PH' });
    expect(h.actor.getSnapshot().context.values.contact_number).toBe('9171234567');
    h.actor.send({ type: 'field.changed', name: 'country', value: 'us' });
    expect(h.actor.getSnapshot().context.values).toMatchObject({ country: 'US', dial_code: '+1', contact_number: '' });
    h.actor.send({ type: 'field.changed', name: 'country', value: 'JP' });
    expect(h.actor.getSnapshot().context.values.dial_code).toBe('+81');
  });

  it('shows server errors per field for every registration field and clears one on its edit', async () => {
    const h = start();
    const all = Object.fromEntries(registerFields.map((f) => [f, [`bad ${f}`]]));
    h.actor.send({ type: 'user.submit' });
    h.fakes.reject('register', validationError(all));
    await flush();
    for (const field of registerFields) {
      expect(connectSignUpForm(h.actor.getSnapshot()).errorOf(field)).toBe(`bad ${field}`);
      h.actor.send({ type: 'field.changed', name: field, value: field === 'country' ? 'PH' : '' });
      expect(connectSignUpForm(h.actor.getSnapshot()).errorOf(field)).toBeUndefined();
    }
    expect(h.actor.getSnapshot().context.errors).toEqual({});
  });

  it('shows a dial_code error under the country and keeps unplaced messages for a general alert', async () => {
    const h = start();
    h.actor.send({ type: 'user.submit' });
    h.fakes.reject(
      'register',
      validationError({ country: ['bad country'], dial_code: [fieldMessages.dialCodeMismatch], _: ['odd'] }),
    );
    await flush();
    const view = connectSignUpForm(h.actor.getSnapshot());
    expect(view.errorsOf('country')).toEqual(['bad country', fieldMessages.dialCodeMismatch]);
    expect(view.otherErrors).toEqual(['odd']);
    h.actor.send({ type: 'field.changed', name: 'country', value: 'US' });
    expect(connectSignUpForm(h.actor.getSnapshot()).errorsOf('country')).toEqual([]);
  });

  it('success: signed in and led on as by a login (never the login form again), then cleared', async () => {
    const h = start();
    h.actor.send({ type: 'field.changed', name: 'first_name', value: 'Ann' });
    h.actor.send({ type: 'user.submit' });
    h.fakes.resolve('register', signedUp);
    await flush();
    expect(h.log).toEqual(signedInActions(signedUp));
    expect(h.log).not.toContainEqual(sentTo('authDialogs', { type: 'dialog.openLogin' }));
    expect(h.actor.getSnapshot().context.values.first_name).toBe('');
  });

  it('prefills first name, last name and email for the social sign-up return', () => {
    const h = start();
    h.actor.send({ type: 'form.prefill', first_name: 'Cy', last_name: 'Diaz', email: 'cy@example.com' });
    expect(h.actor.getSnapshot().context.values).toMatchObject({
      first_name: 'Cy',
      last_name: 'Diaz',
      email: 'cy@example.com',
      country: 'PH',
    });
  });

  it('runs with its default actor (the visualiser)', async () => {
    const actor = createActor(signUpFormMachine).start();
    actor.send({ type: 'user.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
  });
});

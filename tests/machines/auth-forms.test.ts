import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import {
  type AuthForms,
  type AuthFormsEvent,
  type AuthFormsLogic,
  authFormIds,
  authFormsMachine,
  formsToStart,
} from '../../machines/auth-forms.machine';
import { forgotPasswordFormMachine } from '../../machines/forgot-password-form.machine';
import { heldBy, type LoadedChildren, lazyChildMachine, loadingWith } from '../../machines/lazy-child.machine';
import { loginFormMachine } from '../../machines/login-form.machine';
import { signUpFormMachine } from '../../machines/sign-up-form.machine';
import {
  describePath,
  expectAllTransitionsCovered,
  FakeCalls,
  flush,
  getTransitionPaths,
  type Harness,
  runPath,
  type StepCheck,
} from './model';

const prefill = { first_name: 'Cy', last_name: 'Diaz', email: 'cy@example.com' };
const loadFailure = new Error('Failed to fetch dynamically imported module');

/** What the modals and pages tell the forms (auth-dialogs.machine's signals), one of each kind. */
const signals: AuthFormsEvent[] = [
  { type: 'form.signal', form: 'signUp', signal: { type: 'form.prefill', ...prefill } },
  { type: 'form.signal', form: 'login', signal: { type: 'dialog.closed' } },
  { type: 'form.signal', form: 'artistForgot', signal: { type: 'dialog.opened' } },
];

/** The forms' lazy child (machines/lazy-child.machine.ts), where the forms run once loaded. */
const lazyForms = (actor: AnyActorRef) => actor.getSnapshot().children.forms as AnyActorRef;

const events = () => [{ type: 'forms.needed' }, ...signals];

function start(): Harness {
  const fakes = new FakeCalls();
  const actor = createActor(
    authFormsMachine.provide({
      actors: { forms: lazyChildMachine.provide({ actors: { load: fakes.actor<LoadedChildren, unknown>('load') } }) },
    }),
  ).start();
  return { actor, fakes, log: [] };
}

/**
 * What each step did: a need loads the forms' code; a signal is held for its form even before anything
 * needs the forms (a social sign-up's prefill comes before the modal asks for them).
 */
function checkStep({ harness, event }: StepCheck<Harness>) {
  const forms = lazyForms(harness.actor);
  if (event.type === 'forms.needed') {
    expect(forms.getSnapshot().value).toBe('loading');
    expect(harness.fakes.calls).toHaveLength(1);
    expect(heldBy(forms)).toEqual([]);
  } else {
    expect(harness.fakes.calls).toHaveLength(0);
    expect(forms.getSnapshot().context.held).toEqual([{ to: event.form, event: event.signal }]);
  }
}

describe('authFormsMachine: model-based paths', () => {
  const paths = getTransitionPaths(authFormsMachine, { events });

  it('takes every transition', () => {
    expectAllTransitionsCovered(authFormsMachine, paths);
  });

  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states: { ready: (s) => expect(s.children.forms).toBeDefined() }, step: checkStep });
    });
  }
});

const real: AuthFormsLogic = {
  loginForm: loginFormMachine,
  signUpForm: signUpFormMachine,
  forgotPasswordForm: forgotPasswordFormMachine,
};

describe('authFormsMachine: the forms load with the first modal or page that shows one', () => {
  function startWith(loadForms: () => Promise<AuthFormsLogic>) {
    const load = () => loadForms().then(formsToStart);
    const actor = createActor(authFormsMachine.provide({ actors: { forms: loadingWith(load) } })).start();
    const forms = (): Partial<AuthForms> | null => lazyForms(actor).getSnapshot().context.children;
    const failed = () => lazyForms(actor).getSnapshot().hasTag('failed');
    return { actor, forms, failed };
  }

  it('starts the real forms, each in its area, and passes on the prefill told before they ran', async () => {
    const started = startWith(async () => real);
    const { actor } = started;
    // A social sign-up's return: the prefill comes before the modal asks for the forms.
    actor.send(signals[0] as AuthFormsEvent);
    actor.send({ type: 'forms.needed' });
    await flush();
    const forms = started.forms();
    expect(forms?.signUp?.getSnapshot().context.values).toMatchObject(prefill);
    expect(forms?.login?.getSnapshot().context.userType).toBe('user');
    expect(forms?.artistLogin?.getSnapshot().context.userType).toBe('artist');
    expect(forms?.forgot?.getSnapshot().context.userType).toBe('user');
    expect(forms?.artistForgot?.getSnapshot().context.userType).toBe('artist');
    // Later signals reach the form directly: a closed modal resets its form.
    actor.send({ type: 'form.signal', form: 'signUp', signal: { type: 'dialog.closed' } });
    expect(forms?.signUp?.getSnapshot().context.values.first_name).toBe('');
  });

  it('fails as a state the modal shows, and loads the code again on Try again', async () => {
    let attempt = 0;
    const { actor, forms, failed } = startWith(async () => {
      attempt += 1;
      if (attempt === 1) throw loadFailure;
      return real;
    });
    actor.send({ type: 'forms.needed' });
    await flush();
    expect(failed()).toBe(true);
    expect(forms()).toBeNull();
    actor.send({ type: 'forms.needed' });
    await flush();
    expect(failed()).toBe(false);
    expect(Object.keys(forms() ?? {}).sort()).toEqual(Object.values(authFormIds).sort());
    expect(attempt).toBe(2);
  });
});

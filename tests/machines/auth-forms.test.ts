import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, type EventObject, fromCallback, fromPromise } from 'xstate';
import {
  type AuthFormsEvent,
  type AuthFormsLogic,
  authFormIds,
  authFormsMachine,
} from '../../machines/auth-forms.machine';
import { forgotPasswordFormMachine } from '../../machines/forgot-password-form.machine';
import { loginFormMachine } from '../../machines/login-form.machine';
import { signUpFormMachine } from '../../machines/sign-up-form.machine';
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
  runPath,
  type StepCheck,
  sentTo,
} from './model';

const prefill = { first_name: 'Cy', last_name: 'Diaz', email: 'cy@example.com' };
const loadFailure = new Error('Failed to fetch dynamically imported module');

/** What the modals and pages tell the forms (auth-dialogs.machine's signals), one of each kind. */
const signals: AuthFormsEvent[] = [
  { type: 'form.signal', form: 'signUp', signal: { type: 'form.prefill', ...prefill } },
  { type: 'form.signal', form: 'login', signal: { type: 'dialog.closed' } },
  { type: 'form.signal', form: 'artistForgot', signal: { type: 'dialog.opened' } },
];

/**
 * The loaded forms in the paths: recorders that log what each form is told as `to:<its id>`, into the
 * log of the actor a path drives (the traversal spawns them too, and its log is thrown away).
 */
let formsLog: ActionLog = [];
const formRecorder = fromCallback<EventObject>(({ receive, self }) => {
  receive((event) => formsLog.push(sentTo((self as AnyActorRef).id, event as EventObject & Record<string, unknown>)));
});
const recordingForms = {
  loginForm: formRecorder,
  signUpForm: formRecorder,
  forgotPasswordForm: formRecorder,
} as unknown as AuthFormsLogic;

const events = (s: any) => [
  { type: 'forms.needed' },
  ...signals,
  // A loader settles only while it runs (an error event nobody invoked would stop the actor).
  ...(s.matches('loadingForms')
    ? [
        { type: 'xstate.done.actor.loadForms', output: recordingForms },
        { type: 'xstate.error.actor.loadForms', error: loadFailure },
      ]
    : []),
];

/** A step is told apart by its state, whether the forms run and whether anything is held for them. */
const serializeState = (s: any) => JSON.stringify([s.value, s.context.forms !== null, s.context.held.length > 0]);

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  formsLog = log;
  const actor = createActor(
    authFormsMachine.provide({
      actors: { loadForms: fakes.actor<AuthFormsLogic, unknown>('loadForms') },
    }),
  ).start();
  return { actor, fakes, log };
}

const formIds = Object.values(authFormIds);

const stateExpectations: Record<string, (s: any, h: Harness) => void> = {
  withoutForms: (s, h) => {
    // Nothing asked for them: no code is loading, no form runs.
    expect(s.context.forms).toBeNull();
    expect(h.fakes.calls).toHaveLength(0);
    expect(Object.keys(s.children)).toEqual([]);
  },
  loadingForms: (s, h) => {
    expect(s.context.forms).toBeNull();
    expect(h.fakes.pending.has('loadForms')).toBe(true);
    expect(s.hasTag('failed')).toBe(false);
  },
  formsFailed: (s, h) => {
    // The modal or page says so (the tag), with Try again; nothing runs or loads.
    expect(s.hasTag('failed')).toBe(true);
    expect(s.context.forms).toBeNull();
    expect(h.fakes.pending.has('loadForms')).toBe(false);
  },
  withForms: (s) => {
    // The five forms run under their ids, and nothing waits for them.
    expect(Object.keys(s.children).sort()).toEqual([...formIds].sort());
    for (const id of formIds) expect(s.context.forms[id]).toBe(s.children[id]);
    expect(s.context.held).toEqual([]);
    expect(s.hasTag('failed')).toBe(false);
  },
};

const toForm = ({ form, signal }: { form: string; signal: EventObject }) =>
  sentTo(form, signal as EventObject & Record<string, unknown>);

/**
 * What each step did: a signal reaches its form at once when the forms run, else it is held; a load
 * passes on what was held, in order; a failed load drops it.
 */
function checkStep({ event, before, after, actions }: StepCheck<Harness>) {
  const toForms = actions;
  if (event.type === 'form.signal') {
    if (before.matches('withForms')) {
      expect(toForms).toEqual([toForm(event as any)]);
      expect(after.context.held).toEqual([]);
    } else {
      expect(toForms).toEqual([]);
      expect(after.context.held).toEqual([...before.context.held, { form: event.form, signal: event.signal }]);
    }
  } else if (event.type === 'xstate.done.actor.loadForms') {
    expect(toForms).toEqual(before.context.held.map(toForm));
  } else {
    expect(toForms).toEqual([]);
  }
  if (event.type === 'xstate.error.actor.loadForms') expect(after.context.held).toEqual([]);
  if (event.type === 'forms.needed' && !before.matches('withForms') && !before.matches('loadingForms'))
    expect(after.matches('loadingForms')).toBe(true);
}

describe('authFormsMachine: model-based paths', () => {
  const paths = getTransitionPaths(authFormsMachine, { events, serializeState });

  it('takes every transition and reaches every state', () => {
    expectAllTransitionsCovered(authFormsMachine, paths);
    expectAllStatesCovered(authFormsMachine, paths);
  });
  it('has expectations for every state', () => {
    expect(Object.keys(stateExpectations).sort()).toEqual(leafStateKeys(authFormsMachine).sort());
  });

  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states: stateExpectations, step: checkStep, serializeState });
    });
  }
});

describe('authFormsMachine: the forms load with the first modal or page that shows one', () => {
  function startWith(loadForms: () => Promise<AuthFormsLogic>) {
    const actor = createActor(authFormsMachine.provide({ actors: { loadForms: fromPromise(loadForms) } })).start();
    return { actor };
  }

  it('starts the real forms, each in its area, and passes on the prefill told before they ran', async () => {
    const real = {
      loginForm: loginFormMachine,
      signUpForm: signUpFormMachine,
      forgotPasswordForm: forgotPasswordFormMachine,
    } as AuthFormsLogic;
    const { actor } = startWith(async () => real);
    // A social sign-up's return: the prefill comes before the modal asks for the forms.
    actor.send(signals[0] as AuthFormsEvent);
    actor.send({ type: 'forms.needed' });
    await flush();
    const forms = actor.getSnapshot().context.forms;
    expect(forms?.signUp.getSnapshot().context.values).toMatchObject(prefill);
    expect(forms?.login.getSnapshot().context.userType).toBe('user');
    expect(forms?.artistLogin.getSnapshot().context.userType).toBe('artist');
    expect(forms?.forgot.getSnapshot().context.userType).toBe('user');
    expect(forms?.artistForgot.getSnapshot().context.userType).toBe('artist');
    // Later signals reach the form directly: a closed modal resets its form.
    actor.send({ type: 'form.signal', form: 'signUp', signal: { type: 'dialog.closed' } });
    expect(forms?.signUp.getSnapshot().context.values.first_name).toBe('');
  });

  it('fails as a state the modal shows, and loads the code again on Try again', async () => {
    let attempt = 0;
    const { actor } = startWith(async () => {
      attempt += 1;
      if (attempt === 1) throw loadFailure;
      return recordingForms;
    });
    actor.send({ type: 'forms.needed' });
    await flush();
    expect(actor.getSnapshot().value).toBe('formsFailed');
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    actor.send({ type: 'forms.needed' });
    await flush();
    expect(actor.getSnapshot().value).toBe('withForms');
    expect(attempt).toBe(2);
  });
});

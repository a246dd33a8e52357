import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { serverMessages } from '../../contracts/server-messages';
import { SUPPORT_MESSAGE_MAX, supportMessages } from '../../contracts/support';
import {
  type AdminSupportEvent,
  adminSupportRequestMachine,
  type CloseSupportAnswer,
} from '../../machines/admin-support-request.machine';
import {
  type SendSupportAnswer,
  type SendSupportInput,
  type SupportField,
  type SupportRequestEvent,
  type SupportRequestInput,
  supportRequestMachine,
  validateSupport,
} from '../../machines/support-request.machine';
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

// ---- The contact form and "Report a problem" ------------------------------------------------------

const sent: SendSupportAnswer = {
  message: supportMessages.sent,
  data: { id: 7, topic: 'order', order_reference: 'OR1' },
};
const messageError = { status: 422, message: serverMessages.validationFailed, errors: { message: ['Too long'] } };
const tooMany = { status: 429, message: 'Too many requests. Please try again later.' };

const formEvents = [
  { type: 'user.open' },
  { type: 'field.changed', field: 'name', value: 'Lola Cruz' },
  { type: 'field.changed', field: 'email', value: 'lola@example.test' },
  { type: 'field.changed', field: 'topic', value: 'payment' },
  { type: 'field.changed', field: 'message', value: 'It did not play.' },
  { type: 'field.changed', field: 'message', value: '' },
  { type: 'user.submit' },
  { type: 'user.dismiss' },
  { type: 'user.again' },
  { type: 'xstate.done.actor.sendRequest', output: sent },
  { type: 'xstate.error.actor.sendRequest', error: messageError },
  { type: 'xstate.error.actor.sendRequest', error: tooMany },
] as SupportRequestEvent[];

const starts: Record<string, SupportRequestInput> = {
  'a report on an order': { mode: { kind: 'order', orderId: 42 } },
  'the contact page, signed in': {
    mode: { kind: 'page' },
    identity: { name: 'Maria Santos', email: 'maria@example.test' },
  },
  'the contact page, as a guest': { mode: { kind: 'page' } },
};

function startForm(input: SupportRequestInput): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = supportRequestMachine.provide({
    actors: { sendRequest: fakes.actor<SendSupportAnswer, SendSupportInput>('sendRequest') },
  });
  return { actor: createActor(machine, { input }).start(), fakes, log };
}

// Context told apart by what the person sees: which fields pass, which messages show.
const serializeForm = (s: any) =>
  JSON.stringify([
    s.value,
    Object.keys(validateSupport(s.context.mode, s.context.fields)).sort(),
    Object.keys(s.context.errors).sort(),
    s.context.formError !== null,
    s.context.sentMessage !== null,
  ]);

const formStates: Record<string, (s: any, h: Harness) => void> = {
  closed: (s, h) => {
    expect(s.context.mode.kind).toBe('order');
    expect(s.hasTag('open')).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
  },
  editing: (s, h) => {
    expect(s.hasTag('open')).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
    // Nothing goes before the person sends it.
    expect(h.fakes.pending.size).toBe(0);
  },
  sending: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    // Only a complete form is sent, as it stands.
    expect(validateSupport(s.context.mode, s.context.fields)).toEqual({});
    expect(h.fakes.pending.get('sendRequest')?.input).toEqual({ mode: s.context.mode, fields: s.context.fields });
  },
  sent: (s) => {
    expect(s.hasTag('sent')).toBe(true);
    expect(s.context.sentMessage).toBe(supportMessages.sent);
  },
};

function formStep({ event, before, after }: StepCheck<Harness>): void {
  if (event.type === 'field.changed') {
    const field = event.field as SupportField;
    const fixed = before.context.identityFixed && (field === 'name' || field === 'email');
    expect(after.context.fields[field]).toBe(fixed ? before.context.fields[field] : event.value);
    if (!fixed) expect(after.context.errors[field]).toBeUndefined();
  }
  if (event.type === 'user.submit' && before.matches('editing') && after.matches('editing')) {
    expect(after.context.errors).toEqual(validateSupport(after.context.mode, after.context.fields));
    expect(Object.keys(after.context.errors).length).toBeGreaterThan(0);
  }
  if (event.type === 'xstate.error.actor.sendRequest') {
    const error = event.error as { message: string; errors?: Record<string, string[]> };
    if (error.errors) expect(after.context.errors).toEqual(error.errors);
    else expect(after.context.formError).toBe(error.message);
    // What was typed is kept for another try.
    expect(after.context.fields).toEqual(before.context.fields);
  }
  if ((event.type === 'user.again' || event.type === 'user.dismiss') && before.matches('sent')) {
    expect(after.context.fields.message).toBe('');
    expect(after.context.fields.name).toBe(before.context.fields.name);
  }
}

describe('supportRequestMachine: model-based paths', () => {
  const seen = new Set<string>();
  const pathsByStart = Object.entries(starts).map(([name, input]) => ({
    name,
    input,
    paths: getTransitionPaths(
      supportRequestMachine,
      { input, events: formEvents, serializeState: serializeForm },
      seen,
    ),
  }));
  const all = pathsByStart.flatMap((s) => s.paths);
  it('takes every transition', () => expectAllTransitionsCovered(supportRequestMachine, all));
  it('reaches every state', () => expectAllStatesCovered(supportRequestMachine, all));
  it('has expectations for every state', () =>
    expect(Object.keys(formStates).sort()).toEqual(leafStateKeys(supportRequestMachine).sort()));
  for (const { name, input, paths } of pathsByStart.filter((s) => s.paths.length > 0)) {
    describe(`from ${name}`, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          await runPath(path, () => startForm(input), {
            states: formStates,
            step: formStep,
            serializeState: serializeForm,
          });
        });
      }
    });
  }
});

describe('supportRequestMachine: rules', () => {
  it('sends a guest’s whole form, trimmed by the server’s own schema', async () => {
    const h = startForm({ mode: { kind: 'page' } });
    expect(h.actor.getSnapshot().matches('editing')).toBe(true);
    h.actor.send({ type: 'user.submit' });
    expect(Object.keys(h.actor.getSnapshot().context.errors).sort()).toEqual(['email', 'message', 'name', 'topic']);
    for (const [field, value] of Object.entries({
      name: 'Lola',
      email: 'lola@example.test',
      topic: 'other',
      message: 'Hi',
    }))
      h.actor.send({ type: 'field.changed', field: field as 'name', value });
    h.actor.send({ type: 'user.submit' });
    expect(h.fakes.calls.map((c) => c.input)).toEqual([
      { mode: { kind: 'page' }, fields: { name: 'Lola', email: 'lola@example.test', topic: 'other', message: 'Hi' } },
    ]);
    h.fakes.resolve('sendRequest', sent);
    await flush();
    expect(h.actor.getSnapshot().hasTag('sent')).toBe(true);
  });

  it('keeps a signed-in customer’s name and email, and asks a report for its message only', () => {
    const h = startForm({ mode: { kind: 'order', orderId: 9 }, identity: { name: 'Maria', email: 'm@example.test' } });
    expect(h.actor.getSnapshot().matches('closed')).toBe(true);
    h.actor.send({ type: 'user.open' });
    h.actor.send({ type: 'field.changed', field: 'email', value: 'other@example.test' });
    expect(h.actor.getSnapshot().context.fields.email).toBe('m@example.test');
    h.actor.send({ type: 'field.changed', field: 'message', value: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) });
    h.actor.send({ type: 'user.submit' });
    expect(h.actor.getSnapshot().context.errors).toEqual({ message: [supportMessages.messageTooLong] });
    h.actor.send({ type: 'field.changed', field: 'message', value: 'The song stops halfway.' });
    h.actor.send({ type: 'user.submit' });
    expect(h.fakes.calls).toHaveLength(1);
    expect(h.fakes.calls.map((c) => (c.input as SendSupportInput).mode)).toEqual([{ kind: 'order', orderId: 9 }]);
  });
});

// ---- The admin reading and closing one ------------------------------------------------------------

const closed: CloseSupportAnswer = { message: supportMessages.closed };
const adminEvents = [
  { type: 'user.read', id: 3 },
  { type: 'user.close' },
  { type: 'user.dismiss' },
  { type: 'xstate.done.actor.closeRequest', output: closed },
  { type: 'xstate.error.actor.closeRequest', error: { status: 409, message: supportMessages.alreadyClosed } },
  { type: 'xstate.error.actor.closeRequest', error: { status: 500, message: 'Server down' } },
] as AdminSupportEvent[];

function startAdmin(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = adminSupportRequestMachine.provide({
    actors: { closeRequest: fakes.actor<CloseSupportAnswer, { id: number }>('closeRequest') },
    actions: recordingActions(['showSuccessToast', 'showErrorToast', 'refreshList'], log),
  });
  return { actor: createActor(machine).start(), fakes, log };
}

const adminStates: Record<string, (s: any, h: Harness) => void> = {
  idle: (s, h) => {
    expect(s.hasTag('dialogOpen')).toBe(false);
    expect(s.context.requestId).toBeNull();
    expect(h.fakes.pending.size).toBe(0);
  },
  reading: (s, h) => {
    expect(s.hasTag('dialogOpen')).toBe(true);
    expect(s.context.requestId).toBe(3);
    expect(h.fakes.pending.size).toBe(0);
  },
  closing: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.get('closeRequest')?.input).toEqual({ id: 3 });
  },
};

function adminStep({ event, actions }: StepCheck<Harness>): void {
  if (event.type === 'xstate.done.actor.closeRequest') {
    expect(actions).toEqual([
      { type: 'showSuccessToast', params: { message: supportMessages.closed } },
      { type: 'refreshList', params: undefined },
    ]);
  } else if (event.type === 'xstate.error.actor.closeRequest') {
    const error = event.error as { status: number; message: string };
    expect(actions).toEqual(
      error.status === 409
        ? [
            { type: 'showErrorToast', params: { message: error.message } },
            { type: 'refreshList', params: undefined },
          ]
        : [{ type: 'showErrorToast', params: { message: error.message } }],
    );
  } else {
    expect(actions).toEqual([]);
  }
}

describe('adminSupportRequestMachine: model-based paths', () => {
  const paths = getTransitionPaths(adminSupportRequestMachine, { events: adminEvents });
  it('takes every transition', () => expectAllTransitionsCovered(adminSupportRequestMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(adminSupportRequestMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(adminStates).sort()).toEqual(leafStateKeys(adminSupportRequestMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, startAdmin, { states: adminStates, step: adminStep });
    });
  }
});

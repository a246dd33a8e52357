import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { emailConfirmationMessages as messages } from '../../contracts/email-confirmation';
import { serverMessages } from '../../contracts/server-messages';
import {
  type ConfirmationAnswer,
  type EmailConfirmationEvent,
  type EmailConfirmationInput,
  emailConfirmationMachine,
} from '../../machines/email-confirmation.machine';
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
  runPath,
  type StepCheck,
} from './model';

// The welcome mail's link confirms the address on /confirm-email; the account page reminds the customer
// until it is done. Both offer the link again.

const fromLink: EmailConfirmationInput = { token: 'mailed-token' };
const onAccount: EmailConfirmationInput = { token: null };
const email = 'lola@example.test';
const confirmedAnswer: ConfirmationAnswer = {
  data: { email, confirmed_at: '2026-01-02T03:04:05.000Z' },
  message: messages.confirmed,
};
const unconfirmedAnswer: ConfirmationAnswer = { data: { email, confirmed_at: null } };
const expiredLink = validationError({ token: [messages.linkExpired] });
const tooMany = { status: 429, message: serverMessages.tooManyRequests };

const events = [
  { type: 'user.resend' },
  { type: 'xstate.done.actor.confirm', output: confirmedAnswer },
  { type: 'xstate.error.actor.confirm', error: expiredLink },
  { type: 'xstate.done.actor.loadState', output: confirmedAnswer },
  { type: 'xstate.done.actor.loadState', output: unconfirmedAnswer },
  { type: 'xstate.error.actor.loadState', error: { status: 500, message: 'down' } },
  { type: 'xstate.done.actor.resend', output: { message: messages.linkSent(email) } },
  { type: 'xstate.error.actor.resend', error: tooMany },
] as unknown as EmailConfirmationEvent[];

function starter(input: EmailConfirmationInput) {
  return (): Harness => {
    const fakes = new FakeCalls();
    const log: ActionLog = [];
    const machine = emailConfirmationMachine.provide({
      actors: {
        confirm: fakes.actor<ConfirmationAnswer, { token: string }>('confirm'),
        loadState: fakes.actor<ConfirmationAnswer, unknown>('loadState'),
        resend: fakes.actor<{ message: string }, unknown>('resend'),
      },
    });
    return { actor: createActor(machine, { input }).start(), fakes, log };
  };
}

const view = (s: any) => ({ busy: s.hasTag('busy'), canResend: s.hasTag('canResend') });

const stateExpectations: Record<string, (s: any, h: Harness) => void> = {
  confirming: (s, h) => {
    expect(view(s)).toEqual({ busy: true, canResend: false });
    expect(h.fakes.pending.get('confirm')?.input).toEqual({ token: fromLink.token });
  },
  loading: (s, h) => {
    expect(view(s)).toEqual({ busy: false, canResend: false });
    expect(h.fakes.pending.has('loadState')).toBe(true);
  },
  unconfirmed: (s) => {
    expect(view(s)).toEqual({ busy: false, canResend: true });
    expect(s.context.email).toBe(email);
  },
  refused: (s) => {
    expect(view(s)).toEqual({ busy: false, canResend: true });
    // The reason is the server's: the field's message, or the failure's own.
    expect([messages.linkExpired, serverMessages.tooManyRequests]).toContain(s.context.message);
  },
  resending: (s, h) => {
    expect(view(s)).toEqual({ busy: true, canResend: false });
    expect(h.fakes.pending.has('resend')).toBe(true);
  },
  sent: (s) => {
    expect(view(s)).toEqual({ busy: false, canResend: true });
    expect(s.context.message).toBe(messages.linkSent(email));
  },
  confirmed: (s) => {
    expect(s.status).toBe('done');
    expect(view(s)).toEqual({ busy: false, canResend: false });
  },
  unknown: (s) => {
    expect(s.status).toBe('done');
    expect(s.context.message).toBeNull();
  },
};

function stepExpectations({ event, after }: StepCheck<Harness>): void {
  if (event.type === 'xstate.done.actor.confirm') expect(after.context.message).toBe(messages.confirmed);
  if (event.type === 'xstate.error.actor.confirm') expect(after.context.message).toBe(messages.linkExpired);
  if (event.type === 'xstate.error.actor.resend') expect(after.context.message).toBe(serverMessages.tooManyRequests);
}

describe('emailConfirmationMachine: model-based paths', () => {
  const seen = new Set<string>();
  const withLink = getTransitionPaths(emailConfirmationMachine, { input: fromLink, events }, seen);
  const onAccountPage = getTransitionPaths(emailConfirmationMachine, { input: onAccount, events }, seen);
  const all = [...withLink, ...onAccountPage];

  it('takes every transition', () => expectAllTransitionsCovered(emailConfirmationMachine, all));
  it('reaches every state', () => expectAllStatesCovered(emailConfirmationMachine, all));
  it('has expectations for every state', () => {
    expect(Object.keys(stateExpectations).sort()).toEqual(
      leafStateKeys(emailConfirmationMachine)
        .filter((k) => k !== 'starting')
        .sort(),
    );
  });
  for (const path of withLink) {
    it(`from the mailed link: ${describePath(path)}`, async () => {
      await runPath(path, starter(fromLink), { states: stateExpectations, step: stepExpectations });
    });
  }
  for (const path of onAccountPage) {
    it(`on the account page: ${describePath(path)}`, async () => {
      await runPath(path, starter(onAccount), { states: stateExpectations, step: stepExpectations });
    });
  }
});

describe('emailConfirmationMachine: rules', () => {
  it('a refused link shows the message under the token, and a new link can be sent from there', async () => {
    const h = starter(fromLink)();
    h.fakes.reject('confirm', validationError({ token: [messages.linkExpired] }));
    await flush();
    expect(h.actor.getSnapshot().context.message).toBe(messages.linkExpired);
    h.actor.send({ type: 'user.resend' });
    expect(h.actor.getSnapshot().value).toBe('resending');
  });

  it('runs with its default actors (the visualiser)', async () => {
    const actor = createActor(emailConfirmationMachine, { input: fromLink }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('refused');
  });
});

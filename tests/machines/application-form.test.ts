import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ApplicationProgress, AppStatus, AuthUser } from '../../contracts/account';
import { type ArtistProfile, applicationParts, artistMessages } from '../../contracts/artist';
import { specMessages } from '../../contracts/messages';
import { serverMessages } from '../../contracts/server-messages';
import { connectApplicationForm } from '../../machines/application-form.connect';
import {
  type ApplicationFormEvent,
  type ApplicationPart,
  applicationFormMachine,
  flagOf,
  initialApplicationValues,
  isEveryPartDone,
  nextPartToEdit,
  valuesFromProfile,
} from '../../machines/application-form.machine';
import type {
  ArtistInfoValues,
  ChangePasswordOutput,
  PasswordValues,
  PayoutValues,
  PersonalInfoValues,
  SavePartOutput,
  SavePayoutOutput,
} from '../../machines/application-form.types';
import { artist, validationError } from './fixtures';
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
  transientStateKeys,
  types,
} from './model';

const PARTS: ApplicationPart[] = ['personalInfo', 'artistInfo', 'payoutInfo', 'password'];
const ACTORS: Record<ApplicationPart, string> = {
  personalInfo: 'savePersonalInfo',
  artistInfo: 'saveArtistInfo',
  payoutInfo: 'savePayout',
  password: 'changePassword',
};
const FLAGS: Record<ApplicationPart, keyof ApplicationProgress> = {
  personalInfo: 'personal_info',
  artistInfo: 'artist_info',
  payoutInfo: 'payout_info',
  password: 'password_updated',
};
const NEW_TOKEN = 'new.jwt.token';
const MASKED = '•••• 6789';
const fieldErrors: Record<ApplicationPart, ReturnType<typeof validationError>> = {
  personalInfo: validationError({ city: ['Please enter your city or province'] }),
  artistInfo: validationError({ bio: [artistMessages.bioTooShort], samples: [artistMessages.samplesRequired] }),
  payoutInfo: validationError({ account_number: [artistMessages.accountNumberInvalid] }),
  password: validationError({ current_password: [artistMessages.currentPasswordWrong] }),
};
const conflict = { status: 409, message: 'This application is not waiting for review.' };

const none: ApplicationProgress = {
  personal_info: false,
  artist_info: false,
  payout_info: false,
  password_updated: false,
};
const allDone: ApplicationProgress = {
  personal_info: true,
  artist_info: true,
  payout_info: true,
  password_updated: true,
};
const applicant = (app_status: AppStatus, progress: Partial<ApplicationProgress>): AuthUser => ({
  ...artist,
  app_status,
  is_first_time_login: 1,
  application_progress: { ...none, ...progress },
});

/** The server as docs/architecture.md §5 describes it: a part sets its flag; the fourth (or a rejected artist's save) sends it for review. */
function serverUser(part: ApplicationPart, context: { progress: ApplicationProgress; appStatus: AppStatus | null }) {
  const progress = { ...context.progress, [FLAGS[part]]: true };
  const status: AppStatus =
    isEveryPartDone(progress) && context.appStatus !== 'approved' ? 'for_review' : (context.appStatus ?? 'incomplete');
  return applicant(status, progress);
}

function doneOutput(part: ApplicationPart, context: any): unknown {
  const user = serverUser(part, context);
  if (part === 'payoutInfo')
    return {
      user,
      payout: { bank_name: 'GCash', account_name: 'Ben Cruz', account_number_masked: MASKED, holder_review: null },
    };
  if (part === 'password') return { user, token: NEW_TOKEN };
  return user;
}

const profile: ArtistProfile = {
  user: applicant('rejected', allDone),
  stage_name: 'Ben C',
  pending_stage_name: null,
  city: 'Quezon City',
  birthdate: '1990-04-01',
  bio: 'I write warm acoustic songs for weddings and birthdays.',
  genres: ['acoustic', 'pop'],
  vocal_type: 'male',
  rate: 3000,
  turnaround_days: 5,
  rush_price: null,
  rush_turnaround_days: null,
  links: [],
  pitch: null,
  payout: { bank_name: 'GCash', account_name: 'Ben Cruz', account_number_masked: '•••• 1234', holder_review: null },
  songs: [],
  rejection_reason: 'Please upload a clearer sample.',
};

function modelEvents(snapshot: any): ApplicationFormEvent[] {
  return [
    ...PARTS.map((part) => ({ type: 'part.open', part }) as const),
    ...PARTS.map((part) => ({ type: 'part.save', part }) as const),
    { type: 'field.changed', part: 'personalInfo', name: 'city', value: 'Cebu' },
    // The server's profile agrees with the progress: all four parts done reads as rejected (the reason is there).
    {
      type: 'profile.loaded',
      profile: {
        ...profile,
        user: applicant(
          isEveryPartDone(snapshot.context.progress) ? 'rejected' : (snapshot.context.appStatus ?? 'incomplete'),
          snapshot.context.progress,
        ),
      },
    },
    ...PARTS.flatMap((part) => [
      { type: `xstate.done.actor.${ACTORS[part]}`, output: doneOutput(part, snapshot.context) },
      { type: `xstate.error.actor.${ACTORS[part]}`, error: fieldErrors[part] },
      { type: `xstate.error.actor.${ACTORS[part]}`, error: conflict },
    ]),
  ] as ApplicationFormEvent[];
}

const appActions = ['patchUser', 'announceNewToken', 'showSuccessToast', 'showErrorToast'] as const;

function start(user: AuthUser | null): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = applicationFormMachine.provide({
    actors: {
      savePersonalInfo: fakes.actor<SavePartOutput, PersonalInfoValues>('savePersonalInfo'),
      saveArtistInfo: fakes.actor<SavePartOutput, ArtistInfoValues>('saveArtistInfo'),
      savePayout: fakes.actor<SavePayoutOutput, PayoutValues>('savePayout'),
      changePassword: fakes.actor<ChangePasswordOutput, PasswordValues>('changePassword'),
    },
    actions: recordingActions(appActions, log),
  });
  return { actor: createActor(machine, { input: { user } }).start(), fakes, log };
}

const tags = (s: any) => ({ busy: s.hasTag('busy'), submitted: s.hasTag('submitted'), rejected: s.hasTag('rejected') });

function editingExpectation(part: ApplicationPart) {
  return (s: any, h: Harness) => {
    expect(tags(s)).toEqual({ busy: false, submitted: false, rejected: false });
    expect(s.context.activePart).toBe(part);
    const view = connectApplicationForm(s);
    expect(view.openPart).toBe(part);
    // Any part can be opened and saved from here.
    for (const p of PARTS) {
      expect(s.can({ type: 'part.open', part: p })).toBe(true);
      expect(s.can({ type: 'part.save', part: p })).toBe(true);
    }
    expect(view.parts.map((p) => p.done)).toEqual(PARTS.map((p) => s.context.progress[FLAGS[p]]));
    expect(h.fakes.pending.size).toBe(0);
  };
}

function savingExpectation(part: ApplicationPart) {
  return (s: any, h: Harness) => {
    expect(tags(s)).toEqual({ busy: true, submitted: false, rejected: false });
    expect(s.context.activePart).toBe(part);
    expect([...h.fakes.pending.keys()]).toEqual([ACTORS[part]]);
    expect(h.fakes.pending.get(ACTORS[part])?.input).toEqual(s.context.values[part]);
    expect(s.context.errors[part]).toEqual({});
    expect(connectApplicationForm(s).savingPart).toBe(part);
    for (const p of PARTS) {
      expect(s.can({ type: 'part.save', part: p })).toBe(false);
      expect(s.can({ type: 'part.open', part: p })).toBe(false);
    }
    expect(s.can({ type: 'field.changed', part: 'personalInfo', name: 'city', value: 'x' })).toBe(false);
    // What is being sent stays as it was.
    expect(s.can({ type: 'profile.loaded', profile })).toBe(false);
  };
}

const stateExpectations: Record<string, (s: any, h: Harness) => void> = {
  ...Object.fromEntries(PARTS.map((p) => [`editing.${p}`, editingExpectation(p)])),
  ...Object.fromEntries(PARTS.map((p) => [`saving.${p}`, savingExpectation(p)])),
  submitted: (s, h) => {
    expect(tags(s)).toEqual({ busy: false, submitted: true, rejected: false });
    expect(isEveryPartDone(s.context.progress)).toBe(true);
    expect(s.context.appStatus).not.toBe('rejected');
    expect(connectApplicationForm(s)).toMatchObject({ openPart: null, doneCount: 4, submitted: true });
    for (const p of PARTS) {
      expect(s.can({ type: 'part.open', part: p })).toBe(true);
      expect(s.can({ type: 'part.save', part: p })).toBe(false);
    }
    expect(h.fakes.pending.size).toBe(0);
  },
  rejected: (s, h) => {
    expect(tags(s)).toEqual({ busy: false, submitted: false, rejected: true });
    expect(s.context.appStatus).toBe('rejected');
    expect(connectApplicationForm(s)).toMatchObject({ openPart: null, rejected: true });
    for (const p of PARTS) {
      expect(s.can({ type: 'part.open', part: p })).toBe(true);
      expect(s.can({ type: 'part.save', part: p })).toBe(false);
    }
    expect(h.fakes.pending.size).toBe(0);
  },
};

function stepExpectations({ event, before, after, actions }: StepCheck<Harness>): void {
  const handled = before.can(event);
  const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
  const failed = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
  if (done) {
    const part = PARTS.find((p) => ACTORS[p] === done[1]) as ApplicationPart;
    const output = (event as any).output;
    const user: AuthUser = part === 'payoutInfo' || part === 'password' ? output.user : output;
    // The flag is marked, the session hears of the user (and of the new token after a password change).
    expect(after.context.progress[FLAGS[part]]).toBe(true);
    expect(after.context.appStatus).toBe(user.app_status);
    const submittedNow = user.app_status === 'for_review' && before.context.appStatus !== 'for_review';
    const toast = {
      type: 'showSuccessToast',
      params: { message: submittedNow ? artistMessages.submittedForReview : expect.any(String) },
    };
    expect(actions).toEqual(
      part === 'password'
        ? [
            toast,
            { type: 'announceNewToken', params: { token: NEW_TOKEN, user } },
            { type: 'patchUser', params: { user } },
          ]
        : [toast, { type: 'patchUser', params: { user } }],
    );
    // Then the next unfinished part, or the submitted summary once all four are done.
    if (isEveryPartDone(after.context.progress)) {
      expect(after.value).toBe(user.app_status === 'rejected' ? 'rejected' : 'submitted');
    } else {
      const next = nextPartToEdit(after.context.progress, part);
      expect(after.value).toEqual({ editing: next });
      expect(after.context.progress[FLAGS[next]]).toBe(false);
    }
    expect(after.context.errors[part]).toEqual({});
    if (part === 'payoutInfo') {
      expect(after.context.payoutMasked).toBe(MASKED);
      expect(after.context.values.payoutInfo.account_number).toBe('');
    }
    if (part === 'password') expect(after.context.values.password).toEqual(initialApplicationValues(null).password);
    return;
  }
  if (failed) {
    const part = PARTS.find((p) => ACTORS[p] === failed[1]) as ApplicationPart;
    const error = (event as any).error as { message: string; errors?: Record<string, string[]> };
    expect(after.value).toEqual({ editing: part });
    expect(after.context.values).toEqual(before.context.values);
    expect(after.context.progress).toEqual(before.context.progress);
    if (error.errors) {
      expect(after.context.errors[part]).toEqual(error.errors);
      expect(actions).toEqual([]);
    } else {
      expect(actions).toEqual([{ type: 'showErrorToast', params: { message: error.message } }]);
    }
    return;
  }
  expect(actions).toEqual([]);
  if (event.type === 'field.changed' && handled) {
    const { part, name, value } = event as any;
    expect(after.context.values[part][name]).toBe(value);
    // The edited field's server errors clear; the others stay.
    expect(after.context.errors[part][name]).toBeUndefined();
    for (const [field, messages] of Object.entries(before.context.errors[part] as Record<string, string[]>)) {
      if (field !== name && !(name === 'country' && (field === 'contact_number' || field === 'dial_code')))
        expect(after.context.errors[part][field]).toEqual(messages);
    }
  }
  if (event.type === 'part.open' && handled) expect(after.value).toEqual({ editing: (event as any).part });
  if (event.type === 'part.save' && handled) expect(after.value).toEqual({ saving: (event as any).part });
  if (event.type === 'field.changed' && handled)
    expect(after.context.edited[(event as any).part]).toContain((event as any).name);
  if (event.type === 'profile.loaded' && handled) {
    // The profile fills every field but those changed and not saved yet, which keep what was typed.
    const loaded = valuesFromProfile((event as any).profile) as any;
    for (const part of applicationParts.map((p) => p.part)) {
      const values = after.context.values[part] as Record<string, unknown>;
      for (const [field, value] of Object.entries(values)) {
        const typed = before.context.edited[part].includes(field);
        expect(value).toEqual(typed ? (before.context.values[part] as any)[field] : loaded[part][field]);
      }
    }
    expect(after.context.payoutMasked).toBe('•••• 1234');
    expect(after.context.rejectionReason).toBe('Please upload a clearer sample.');
    expect(after.context.appStatus).toBe((event as any).profile.user.app_status);
    // The summary and the reason are decided again (the fixture's profile is rejected); a part stays open.
    expect(after.value).toEqual(typeof before.value === 'string' ? 'rejected' : before.value);
  }
}

describe('applicationFormMachine: model-based paths', () => {
  // States are told apart by the progress, the status and whether the open part shows server errors;
  // the text in the fields does not matter (the targeted tests below look at it).
  const serializeState = (s: any) => {
    const c = s.context;
    const open = typeof s.value === 'object' ? (Object.values(s.value)[0] as ApplicationPart) : null;
    return JSON.stringify([s.value, c.progress, c.appStatus, open ? Object.keys(c.errors[open]).length > 0 : null]);
  };
  const starts: Record<string, AuthUser> = {
    'a new applicant': applicant('incomplete', {}),
    'an application in review': applicant('for_review', allDone),
    'a rejected application': applicant('rejected', allDone),
    'an approved artist': applicant('approved', allDone),
  };
  // Each further start keeps only the paths that take a transition the earlier ones did not.
  const seen = new Set<string>();
  const all = Object.entries(starts).map(([name, user]) => ({
    name,
    user,
    paths: getTransitionPaths(applicationFormMachine, { input: { user }, events: modelEvents, serializeState }, seen),
  }));

  it('takes every transition', () =>
    expectAllTransitionsCovered(
      applicationFormMachine,
      all.flatMap((s) => s.paths),
    ));
  it('reaches every state', () =>
    expectAllStatesCovered(
      applicationFormMachine,
      all.flatMap((s) => s.paths),
    ));
  it('has expectations for every state a snapshot can rest in', () => {
    expect(transientStateKeys(applicationFormMachine)).toEqual(['deciding']);
    expect(Object.keys(stateExpectations).sort()).toEqual(
      leafStateKeys(applicationFormMachine)
        .filter((k) => k !== 'deciding')
        .sort(),
    );
  });
  // A start that adds no transition has no paths of its own.
  for (const { name, user, paths } of all.filter((s) => s.paths.length > 0)) {
    describe(`for ${name}`, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          await runPath(path, () => start(user), {
            states: stateExpectations,
            step: stepExpectations,
            serializeState,
          });
        });
      }
    });
  }
});

describe('applicationFormMachine: docs/architecture.md §5 application parts', () => {
  const state = (h: Harness) => h.actor.getSnapshot();
  const view = (h: Harness) => connectApplicationForm(state(h));

  async function save(h: Harness, part: ApplicationPart) {
    h.actor.send({ type: 'part.save', part });
    h.fakes.resolve(ACTORS[part], doneOutput(part, state(h).context));
    await flush();
  }

  it.each([
    ['a new applicant', applicant('incomplete', {}), { editing: 'personalInfo' }],
    ['no user yet', null, { editing: 'personalInfo' }],
    [
      'personal info and password done',
      applicant('incomplete', { personal_info: true, password_updated: true }),
      { editing: 'artistInfo' },
    ],
    [
      'all but the password',
      applicant('incomplete', { personal_info: true, artist_info: true, payout_info: true }),
      { editing: 'password' },
    ],
    ['an application in review', applicant('for_review', allDone), 'submitted'],
    ['an approved artist', applicant('approved', allDone), 'submitted'],
    ['a rejected application', applicant('rejected', allDone), 'rejected'],
  ] as const)('opens %s at %o', (_, user, value) => {
    expect(state(start(user)).value).toEqual(value);
  });

  it('walks the four parts in order, marking each flag, and ends submitted for review', async () => {
    const h = start(applicant('incomplete', {}));
    expect(view(h).parts.map((p) => [p.part, p.title, p.done])).toEqual([
      ['personalInfo', 'Personal information', false],
      ['artistInfo', 'Artist information', false],
      ['payoutInfo', 'Payout details', false],
      ['password', 'Password', false],
    ]);
    for (const [i, part] of PARTS.entries()) {
      expect(view(h).openPart).toBe(part);
      await save(h, part);
      expect(view(h).doneCount).toBe(i + 1);
      expect(state(h).context.progress[FLAGS[part]]).toBe(true);
    }
    expect(state(h).value).toBe('submitted');
    expect(view(h)).toMatchObject({ submitted: true, appStatus: 'for_review', openPart: null });
    expect(h.log.filter((e) => e.type === 'showSuccessToast').map((e) => (e.params as any).message)).toEqual([
      artistMessages.personalInfoSaved,
      artistMessages.artistInfoSaved,
      artistMessages.payoutSaved,
      artistMessages.submittedForReview,
    ]);
    expect(types(h.log).filter((t) => t === 'patchUser')).toHaveLength(4);
    const last = h.log.filter((e) => e.type === 'patchUser').at(-1)?.params as { user: AuthUser };
    expect(last.user.app_status).toBe('for_review');
    expect(last.user.application_progress).toEqual(allDone);
  });

  it('a password change hands the new token and user to the session and clears the fields', async () => {
    const h = start(applicant('incomplete', { personal_info: true, artist_info: true, payout_info: true }));
    for (const [name, value] of [
      ['current_password', 'temp-Pass1'],
      ['password', 'n3w-passw0rd'],
      ['password_confirmation', 'n3w-passw0rd'],
    ] as const)
      h.actor.send({ type: 'field.changed', part: 'password', name, value });
    h.actor.send({ type: 'part.save', part: 'password' });
    expect(h.fakes.pending.get('changePassword')?.input).toEqual({
      current_password: 'temp-Pass1',
      password: 'n3w-passw0rd',
      password_confirmation: 'n3w-passw0rd',
    });
    const user = applicant('for_review', allDone);
    h.fakes.resolve('changePassword', { user, token: NEW_TOKEN });
    await flush();
    expect(h.log).toEqual([
      { type: 'showSuccessToast', params: { message: artistMessages.submittedForReview } },
      { type: 'announceNewToken', params: { token: NEW_TOKEN, user } },
      { type: 'patchUser', params: { user } },
    ]);
    expect(state(h).context.values.password).toEqual({ current_password: '', password: '', password_confirmation: '' });
    expect(state(h).hasTag('submitted')).toBe(true);
  });

  it('moves on to the next unfinished part, wrapping round', async () => {
    expect(nextPartToEdit({ ...none, artist_info: true }, 'personalInfo')).toBe('payoutInfo');
    expect(nextPartToEdit({ ...none, personal_info: true, artist_info: true }, 'artistInfo')).toBe('payoutInfo');
    expect(nextPartToEdit({ ...allDone, personal_info: false }, 'password')).toBe('personalInfo');
    expect(nextPartToEdit(none, null)).toBe('personalInfo');
    expect(nextPartToEdit(allDone, 'artistInfo')).toBe('artistInfo');
    const h = start(applicant('incomplete', { artist_info: true, payout_info: true }));
    h.actor.send({ type: 'part.open', part: 'password' });
    await save(h, 'password');
    expect(state(h).value).toEqual({ editing: 'personalInfo' });
  });

  it('any part can be revisited, done or not, and saved again', async () => {
    const h = start(applicant('incomplete', {}));
    await save(h, 'personalInfo');
    h.actor.send({ type: 'part.open', part: 'personalInfo' });
    expect(view(h).openPart).toBe('personalInfo');
    h.actor.send({ type: 'part.open', part: 'password' });
    expect(view(h).openPart).toBe('password');
    await save(h, 'personalInfo');
    expect(h.fakes.calls.map((c) => c.src)).toEqual(['savePersonalInfo', 'savePersonalInfo']);
    expect(state(h).value).toEqual({ editing: 'artistInfo' });
  });

  it('cannot save (or switch parts) while a save is in flight', () => {
    const h = start(applicant('incomplete', {}));
    expect(view(h).parts.every((p) => p.canSave)).toBe(true);
    h.actor.send({ type: 'part.save', part: 'artistInfo' });
    for (const part of PARTS) expect(state(h).can({ type: 'part.save', part })).toBe(false);
    expect(view(h)).toMatchObject({ busy: true, savingPart: 'artistInfo' });
    expect(view(h).parts.some((p) => p.canSave || p.canOpen)).toBe(false);
    h.actor.send({ type: 'part.save', part: 'artistInfo' });
    expect(h.fakes.calls).toHaveLength(1);
  });

  it('shows 422 errors per field of that part; editing a field clears only its own', async () => {
    const h = start(applicant('incomplete', {}));
    h.actor.send({ type: 'part.open', part: 'artistInfo' });
    h.actor.send({ type: 'part.save', part: 'artistInfo' });
    h.fakes.reject('saveArtistInfo', fieldErrors.artistInfo);
    await flush();
    expect(state(h).value).toEqual({ editing: 'artistInfo' });
    expect(h.log).toEqual([]);
    expect(view(h).errorOf('artistInfo', 'bio')).toBe(artistMessages.bioTooShort);
    expect(view(h).otherErrorsOf('artistInfo')).toEqual([artistMessages.samplesRequired]);
    expect(view(h).errorOf('personalInfo', 'bio')).toBeUndefined();
    h.actor.send({
      type: 'field.changed',
      part: 'artistInfo',
      name: 'bio',
      value: 'A longer bio about my songs and my voice.',
    });
    expect(view(h).errorOf('artistInfo', 'bio')).toBeUndefined();
    expect(view(h).otherErrorsOf('artistInfo')).toEqual([artistMessages.samplesRequired]);
    // Saving again starts clean.
    h.actor.send({ type: 'part.save', part: 'artistInfo' });
    expect(state(h).context.errors.artistInfo).toEqual({});
  });

  it('a failure without field errors shows the server message as a toast and keeps the values', async () => {
    const h = start(applicant('incomplete', {}));
    h.actor.send({ type: 'field.changed', part: 'personalInfo', name: 'city', value: 'Cebu' });
    h.actor.send({ type: 'part.save', part: 'personalInfo' });
    h.fakes.reject('savePersonalInfo', { status: 429, message: serverMessages.tooManyRequests });
    await flush();
    expect(h.log).toEqual([{ type: 'showErrorToast', params: { message: serverMessages.tooManyRequests } }]);
    expect(state(h).value).toEqual({ editing: 'personalInfo' });
    expect(state(h).context.values.personalInfo.city).toBe('Cebu');
    expect(state(h).context.progress.personal_info).toBe(false);
  });

  it('starts personal info from the user; a new country brings its dial code and clears the number', () => {
    const h = start({ ...applicant('incomplete', {}), country: 'PH', dial_code: '+63', contact_number: '9171234567' });
    expect(state(h).context.values.personalInfo).toEqual({
      first_name: 'Ben',
      middle_name: '',
      last_name: 'Cruz',
      contact_number: '9171234567',
      country: 'PH',
      dial_code: '+63',
      city: '',
      birthdate: '',
    });
    h.actor.send({ type: 'field.changed', part: 'personalInfo', name: 'country', value: 'PH' });
    expect(state(h).context.values.personalInfo.contact_number).toBe('9171234567');
    h.actor.send({ type: 'field.changed', part: 'personalInfo', name: 'country', value: 'us' });
    expect(state(h).context.values.personalInfo).toMatchObject({ country: 'US', dial_code: '+1', contact_number: '' });
  });

  it('fills the fields from the profile; payout shows only the masked number and its field starts empty', () => {
    const h = start(applicant('rejected', allDone));
    h.actor.send({ type: 'profile.loaded', profile });
    const { values } = state(h).context;
    expect(values.artistInfo).toEqual({
      stage_name: 'Ben C',
      bio: 'I write warm acoustic songs for weddings and birthdays.',
      genres: ['acoustic', 'pop'],
      vocal_type: 'male',
      rate: 3000,
      turnaround_days: 5,
      offers_rush: false,
      rush_price: null,
      rush_turnaround_days: null,
    });
    expect(values.personalInfo).toMatchObject({ city: 'Quezon City', birthdate: '1990-04-01', first_name: 'Ben' });
    expect(values.payoutInfo).toEqual({
      bank_name: 'GCash',
      account_name: 'Ben Cruz',
      account_number: '',
      current_password: '',
    });
    expect(view(h)).toMatchObject({
      payoutMasked: '•••• 1234',
      rejected: true,
      rejectionReason: 'Please upload a clearer sample.',
    });
  });

  it('keeps what the artist typed before the profile arrived, and fills the rest from it', async () => {
    const h = start(applicant('incomplete', {}));
    h.actor.send({ type: 'field.changed', part: 'personalInfo', name: 'city', value: 'Davao City' });
    h.actor.send({ type: 'field.changed', part: 'artistInfo', name: 'bio', value: 'Soul and R&B from Davao.' });
    h.actor.send({ type: 'profile.loaded', profile });
    const { values } = state(h).context;
    expect(values.personalInfo).toMatchObject({ city: 'Davao City', birthdate: '1990-04-01' });
    expect(values.artistInfo).toMatchObject({ bio: 'Soul and R&B from Davao.', stage_name: 'Ben C', rate: 3000 });
    // Once saved, the part is the server's again: a later profile fills it.
    await save(h, 'personalInfo');
    h.actor.send({ type: 'profile.loaded', profile });
    expect(state(h).context.values.personalInfo.city).toBe('Quezon City');
    expect(state(h).context.values.artistInfo.bio).toBe('Soul and R&B from Davao.');
  });

  it('saving payout keeps only the masked number the server answers', async () => {
    const h = start(applicant('incomplete', { personal_info: true, artist_info: true }));
    h.actor.send({ type: 'field.changed', part: 'payoutInfo', name: 'bank_name', value: 'GCash' });
    h.actor.send({ type: 'field.changed', part: 'payoutInfo', name: 'account_name', value: 'Ben Cruz' });
    h.actor.send({ type: 'field.changed', part: 'payoutInfo', name: 'account_number', value: '0917 123 456789' });
    h.actor.send({ type: 'part.save', part: 'payoutInfo' });
    expect(h.fakes.pending.get('savePayout')?.input).toEqual({
      bank_name: 'GCash',
      account_name: 'Ben Cruz',
      account_number: '0917 123 456789',
      current_password: '',
    });
    h.fakes.resolve('savePayout', doneOutput('payoutInfo', state(h).context));
    await flush();
    expect(view(h).payoutMasked).toBe(MASKED);
    expect(state(h).context.values.payoutInfo.account_number).toBe('');
    expect(state(h).value).toEqual({ editing: 'password' });
  });

  it('a rejected artist sees the reason, edits a part and resubmits; a save the server keeps rejected returns to the reason', async () => {
    const h = start(applicant('rejected', allDone));
    h.actor.send({ type: 'profile.loaded', profile });
    expect(view(h).rejectionReason).toBe('Please upload a clearer sample.');
    expect(state(h).can({ type: 'part.save', part: 'artistInfo' })).toBe(false);
    h.actor.send({ type: 'part.open', part: 'artistInfo' });
    h.actor.send({ type: 'part.save', part: 'artistInfo' });
    h.fakes.resolve('saveArtistInfo', applicant('rejected', allDone));
    await flush();
    expect(state(h).value).toBe('rejected');
    h.actor.send({ type: 'part.open', part: 'artistInfo' });
    await save(h, 'artistInfo');
    expect(state(h).value).toBe('submitted');
    expect(view(h).appStatus).toBe('for_review');
    expect(h.log.filter((e) => e.type === 'showSuccessToast').map((e) => (e.params as any).message)).toEqual([
      artistMessages.artistInfoSaved,
      artistMessages.submittedForReview,
    ]);
  });

  it('the password part says "Passwords do not match." as either field is typed, and is not sent until they match', async () => {
    const h = start(applicant('incomplete', { personal_info: true, artist_info: true, payout_info: true }));
    const type = (name: keyof PasswordValues, value: string) =>
      h.actor.send({ type: 'field.changed', part: 'password', name, value });
    type('current_password', 'Temp1234!');
    type('password', 'NewPass123');
    // Nothing typed in the confirmation yet: no message.
    expect(view(h).errorsOf('password', 'password_confirmation')).toEqual([]);
    type('password_confirmation', 'NewPass12');
    expect(view(h).errorsOf('password', 'password_confirmation')).toEqual([specMessages.passwordsDoNotMatch]);
    expect(state(h).can({ type: 'part.save', part: 'password' })).toBe(false);
    // Other parts are not held back by it.
    expect(state(h).can({ type: 'part.save', part: 'personalInfo' })).toBe(true);
    h.actor.send({ type: 'part.save', part: 'password' });
    expect(h.fakes.pending.size).toBe(0);
    type('password_confirmation', 'NewPass123');
    expect(view(h).errorsOf('password', 'password_confirmation')).toEqual([]);
    // Changing the password itself re-checks the confirmation.
    type('password', 'NewPass1234');
    expect(view(h).errorsOf('password', 'password_confirmation')).toEqual([specMessages.passwordsDoNotMatch]);
    type('password', 'NewPass123');
    expect(view(h).errorsOf('password', 'password_confirmation')).toEqual([]);
    await save(h, 'password');
    expect(state(h).value).toBe('submitted');
  });

  it('a rejected artist keeps the reason in sight while editing a part', () => {
    const h = start(applicant('rejected', allDone));
    h.actor.send({ type: 'profile.loaded', profile });
    h.actor.send({ type: 'part.open', part: 'artistInfo' });
    expect(view(h)).toMatchObject({
      openPart: 'artistInfo',
      rejected: true,
      rejectionReason: 'Please upload a clearer sample.',
    });
  });

  it('a rejection that arrives while the summary shows (the profile reloads) turns it into the reason', () => {
    const h = start(applicant('for_review', allDone));
    expect(state(h).value).toBe('submitted');
    h.actor.send({ type: 'profile.loaded', profile });
    expect(state(h).value).toBe('rejected');
    expect(view(h)).toMatchObject({
      rejected: true,
      submitted: false,
      rejectionReason: 'Please upload a clearer sample.',
    });
    // And the other way: approved after a resubmission.
    h.actor.send({ type: 'profile.loaded', profile: { ...profile, user: applicant('approved', allDone) } });
    expect(state(h).value).toBe('submitted');
    expect(view(h)).toMatchObject({ rejected: false, appStatus: 'approved' });
  });

  it('an approved artist may still edit the form; it stays approved', async () => {
    const h = start(applicant('approved', allDone));
    h.actor.send({ type: 'part.open', part: 'personalInfo' });
    await save(h, 'personalInfo');
    expect(state(h).value).toBe('submitted');
    expect(view(h).appStatus).toBe('approved');
    expect(h.log[0]).toEqual({ type: 'showSuccessToast', params: { message: artistMessages.personalInfoSaved } });
  });

  it('the flag is marked even when the answer does not carry the progress', async () => {
    const h = start(applicant('incomplete', {}));
    h.actor.send({ type: 'part.save', part: 'personalInfo' });
    h.fakes.resolve('savePersonalInfo', { ...applicant('incomplete', {}), application_progress: null });
    await flush();
    expect(state(h).context.progress).toEqual({ ...none, personal_info: true });
  });

  it('maps each part to its flag as the contract lists them', () => {
    expect(applicationParts.map((p) => [p.part, p.flag])).toEqual(PARTS.map((p) => [p, FLAGS[p]]));
    for (const part of PARTS) expect(flagOf(part)).toBe(FLAGS[part]);
  });

  it('runs with its default actors (the visualiser): a save fails into a toast', async () => {
    const log: ActionLog = [];
    const actor = createActor(applicationFormMachine.provide({ actions: recordingActions(['showErrorToast'], log) }), {
      input: { user: applicant('incomplete', {}) },
    }).start();
    actor.send({ type: 'part.save', part: 'personalInfo' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ editing: 'personalInfo' });
    expect(log).toEqual([{ type: 'showErrorToast', params: { message: 'savePersonalInfo not provided' } }]);
  });
});

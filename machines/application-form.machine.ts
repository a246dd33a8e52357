// docs/architecture.md §5: the four parts of /artist/application-form. Each part saves on its own (its own PATCH),
// sets its progress flag and moves on to the next unfinished part; with all four the application is
// submitted (app_status for_review). Every part stays open for edits; a rejected application shows
// the reason. The server validates (its 422 errors show per field and clear as the field is edited).
// The app supplies the four save actors, patchUser, announceNewToken and the toasts.

import { assign, fromPromise, setup } from 'xstate';
import type { ApplicationProgress, AppStatus, AuthUser } from '../contracts/account';
import type { HolderReview } from '../contracts/account-care';
import { type ArtistProfile, applicationParts, artistMessages } from '../contracts/artist';
import { phone } from '../contracts/constants';
import { findCountry } from '../contracts/countries';
import { DEFAULT_TURNAROUND_DAYS } from '../contracts/delivery';
import { BASE_PRICE_CENTAVOS } from '../contracts/options';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';
import type {
  ApplicationFormContext,
  ApplicationFormEvent,
  ApplicationFormInput,
  ApplicationFormTag,
  ApplicationPart,
  ApplicationValues,
  ArtistInfoValues,
  ChangePasswordOutput,
  NewTokenParams,
  PasswordValues,
  PayoutValues,
  PersonalInfoValues,
  SavePartOutput,
  SavePayoutOutput,
} from './application-form.types';
import { isPasswordMismatch, withMismatch } from './sign-up-form.machine';

export type * from './application-form.types';

/** The parts in form order. */
const applicationPartOrder: readonly ApplicationPart[] = applicationParts.map((p) => p.part);

/** A part's title as the form shows it (for the chart's descriptions). */
const titleOf = (part: ApplicationPart) => (applicationParts.find((p) => p.part === part) ?? applicationParts[0]).title;

/** The application_progress flag a part sets. */
export function flagOf(part: ApplicationPart): keyof ApplicationProgress {
  return (applicationParts.find((p) => p.part === part) ?? applicationParts[0]).flag;
}

const noProgress: ApplicationProgress = {
  personal_info: false,
  artist_info: false,
  payout_info: false,
  password_updated: false,
};

export function isEveryPartDone(progress: ApplicationProgress): boolean {
  return applicationPartOrder.every((part) => progress[flagOf(part)]);
}

/** The first unfinished part after `after` (wrapping round), or `after` itself (personalInfo) when all are done. */
export function nextPartToEdit(progress: ApplicationProgress, after: ApplicationPart | null): ApplicationPart {
  const start = after === null ? 0 : applicationPartOrder.indexOf(after) + 1;
  for (let i = 0; i < applicationPartOrder.length; i++) {
    const part = applicationPartOrder[(start + i) % applicationPartOrder.length] as ApplicationPart;
    if (!progress[flagOf(part)]) return part;
  }
  return after ?? 'personalInfo';
}

const emptyPayout: PayoutValues = { bank_name: '', account_name: '', account_number: '', current_password: '' };
const emptyPasswords: PasswordValues = { current_password: '', password: '', password_confirmation: '' };

function personalFrom(user: AuthUser | null, extra: Pick<PersonalInfoValues, 'city' | 'birthdate'>) {
  const country = (user?.country ?? phone.defaultCountry).toUpperCase();
  return {
    first_name: user?.first_name ?? '',
    middle_name: user?.middle_name ?? '',
    last_name: user?.last_name ?? '',
    contact_number: user?.contact_number ?? '',
    country,
    dial_code: user?.dial_code ?? findCountry(country)?.dial_code ?? '',
    ...extra,
  } satisfies PersonalInfoValues;
}

/** The fields before the profile arrives: personal details from the user, the rest empty. */
export function initialApplicationValues(user: AuthUser | null): ApplicationValues {
  return {
    personalInfo: personalFrom(user, { city: '', birthdate: '' }),
    artistInfo: {
      stage_name: '',
      bio: '',
      genres: [],
      vocal_type: '',
      rate: BASE_PRICE_CENTAVOS / 100,
      turnaround_days: DEFAULT_TURNAROUND_DAYS,
      // Rush delivery is opt-in (docs/product.md §9 "Add-ons").
      offers_rush: false,
      rush_price: null,
      rush_turnaround_days: null,
    },
    payoutInfo: emptyPayout,
    password: emptyPasswords,
  };
}

/** The fields from GET /profile; the account number starts empty (only its masked form is known). */
export function valuesFromProfile(profile: ArtistProfile): ApplicationValues {
  const artistInfo: ArtistInfoValues = {
    // A name waiting for review stays asked for: saving the form again must not withdraw it.
    stage_name: profile.pending_stage_name ?? profile.stage_name ?? '',
    bio: profile.bio ?? '',
    genres: [...profile.genres],
    vocal_type: profile.vocal_type ?? '',
    rate: profile.rate,
    turnaround_days: profile.turnaround_days,
    offers_rush: profile.rush_price !== null,
    rush_price: profile.rush_price,
    rush_turnaround_days: profile.rush_turnaround_days,
  };
  return {
    personalInfo: personalFrom(profile.user, { city: profile.city ?? '', birthdate: profile.birthdate ?? '' }),
    artistInfo,
    payoutInfo: {
      bank_name: profile.payout?.bank_name ?? '',
      account_name: profile.payout?.account_name ?? '',
      account_number: '',
      current_password: '',
    },
    password: emptyPasswords,
  };
}

const savedMessages: Record<ApplicationPart, string> = {
  personalInfo: artistMessages.personalInfoSaved,
  artistInfo: artistMessages.artistInfoSaved,
  payoutInfo: artistMessages.payoutSaved,
  password: artistMessages.passwordChanged,
};

/** The success toast: the part's, or the submission's when this save sent the application for review. */
function savedMessage(part: ApplicationPart, before: AppStatus | null, user: AuthUser): string {
  return user.app_status === 'for_review' && before !== 'for_review'
    ? artistMessages.submittedForReview
    : savedMessages[part];
}

const noErrors: ApplicationFormContext['errors'] = { personalInfo: {}, artistInfo: {}, payoutInfo: {}, password: {} };
const noEdits: ApplicationFormContext['edited'] = { personalInfo: [], artistInfo: [], payoutInfo: [], password: [] };

/** The profile's values, except the fields the artist has changed and not saved yet: those stay as typed. */
function keepEdited(loaded: ApplicationValues, current: ApplicationValues, edited: ApplicationFormContext['edited']) {
  const merged = { ...loaded };
  for (const part of applicationPartOrder) {
    const typed = Object.fromEntries(
      edited[part].map((name) => [name, (current[part] as Record<string, unknown>)[name]]),
    );
    merged[part] = { ...loaded[part], ...typed } as never;
  }
  return merged;
}

type PartParams = { part: ApplicationPart };

// The same structure serves each of the four parts; these build it, so the config below stays a
// plain object (what the visualiser imports) with one piece of code per shape.

/** The actions on GET /profile's answer (editing, submitted, rejected). */
const fillFromProfileOnLoad = {
  actions: {
    type: 'fillFromProfile',
    params: ({ event }: { event: { profile: ArtistProfile } }) => ({ profile: event.profile }),
  },
  description:
    "The artist's saved profile arrives: the form fills with it (not while saving, which would overwrite what is being sent).",
} as const;

/** part.open, one transition per part: to its editing state (`prefix` '.' inside editing, 'editing.' outside it). */
function openPartTransitions(prefix: '.' | 'editing.') {
  return applicationPartOrder.map(
    (part) =>
      ({
        guard: { type: 'isEventPart', params: { part } },
        target: `${prefix}${part}`,
        actions: { type: 'setActivePart', params: { part } },
        description: `The artist opens the ${titleOf(part)} part to edit it.`,
      }) as const,
  );
}

/**
 * part.save, one transition per part: to its saving state, with its old server errors cleared. The
 * password part is not sent while the confirmation differs ("Passwords do not match." is on screen).
 */
function savePartTransitions() {
  return applicationPartOrder.map(
    (part) =>
      ({
        guard: { type: 'canSavePart', params: { part } },
        target: `saving.${part}`,
        actions: [
          { type: 'setActivePart', params: { part } },
          { type: 'clearPartErrors', params: { part } },
        ],
        description: `The artist saves the ${titleOf(part)} part (a new password only when both entries match).`,
      }) as const,
  );
}

/** What a part's save actor answers with, as an onDone action's params mapper sees it. */
type SavedArgs<Output> = { context: ApplicationFormContext; event: { output: Output } };

/** A part's own onDone actions, besides the toast, applySavedUser and patchUser. */
type PartSavedAction<Output> =
  | 'clearPasswords'
  | { type: 'setPayoutMasked'; params: (args: SavedArgs<Output>) => { masked: string; review: HolderReview | null } }
  | { type: 'announceNewToken'; params: (args: SavedArgs<Output>) => NewTokenParams };

/**
 * saving.<part>: invokes the part's save actor with its values. Done: the success toast, the saved user
 * applied (with the part's own actions before and after), then the session's user patched. Failed:
 * back to the part, with its field errors or a toast.
 */
function savingState<const P extends ApplicationPart, const Src extends string, Output>(
  part: P,
  src: Src,
  userOf: (output: Output) => AuthUser,
  extra: {
    beforeApply?: readonly PartSavedAction<Output>[];
    afterApply?: readonly PartSavedAction<Output>[];
    /** The server's own message for this save, when it says more than the part's (a payout account change). */
    messageOf?: (output: Output) => string | undefined;
  } = {},
) {
  const editing = `#applicationForm.editing.${part}` as const;
  return {
    description: `The ${titleOf(part)} part is being saved.`,
    invoke: {
      id: src,
      src,
      input: ({ context }: { context: ApplicationFormContext }) => context.values[part],
      onDone: {
        target: '#applicationForm.deciding',
        description: `Saved: the artist sees a confirmation and moves on to the next unfinished part, or the summary once all four are done.`,
        actions: [
          {
            type: 'showSuccessToast',
            params: ({ context, event }: SavedArgs<Output>) => ({
              message: extra.messageOf?.(event.output) ?? savedMessage(part, context.appStatus, userOf(event.output)),
            }),
          },
          ...(extra.beforeApply ?? []),
          { type: 'applySavedUser', params: ({ event }: SavedArgs<Output>) => ({ part, user: userOf(event.output) }) },
          ...(extra.afterApply ?? []),
          { type: 'patchUser', params: ({ event }: SavedArgs<Output>) => ({ user: userOf(event.output) }) },
        ],
      },
      onError: [
        {
          guard: 'hasFieldErrors',
          target: editing,
          actions: {
            type: 'setPartErrors',
            params: ({ event }: { event: { error: unknown } }) => ({ part, error: event.error }),
          },
          description: `The server refused some answers: the ${titleOf(part)} part shows what to fix.`,
        },
        {
          target: editing,
          actions: {
            type: 'showErrorToast',
            params: ({ event }: { event: { error: unknown } }) => ({ message: readFailure(event.error).message }),
          },
          description: `It failed (offline, or the server): the artist is told and can save the ${titleOf(part)} part again.`,
        },
      ],
    },
  } as const;
}

export const applicationFormMachine = setup({
  types: {
    context: {} as ApplicationFormContext,
    events: {} as ApplicationFormEvent,
    input: {} as ApplicationFormInput | undefined,
    tags: {} as ApplicationFormTag,
  },
  actors: {
    /** PATCH /profile/personal → the user (personal_info set). */
    savePersonalInfo: fromPromise<SavePartOutput, PersonalInfoValues>(notProvided('savePersonalInfo')),
    /** PATCH /profile/artist-info → the user (artist_info set). */
    saveArtistInfo: fromPromise<SavePartOutput, ArtistInfoValues>(notProvided('saveArtistInfo')),
    /** PATCH /profile/bank → {user, payout} (payout_info set; the number comes back masked). */
    savePayout: fromPromise<SavePayoutOutput, PayoutValues>(notProvided('savePayout')),
    /** PATCH /profile/password → {user, token} (password_updated set; the old token is revoked). */
    changePassword: fromPromise<ChangePasswordOutput, PasswordValues>(notProvided('changePassword')),
  },
  guards: {
    isEventPart: ({ event }, params: PartParams) => 'part' in event && event.part === params.part,
    isActivePart: ({ context }, params: PartParams) => context.activePart === params.part,
    isRejected: ({ context }) => context.appStatus === 'rejected',
    /** part.save for this part; the password part only with a matching confirmation. */
    canSavePart: ({ context, event }, params: PartParams) =>
      'part' in event &&
      event.part === params.part &&
      (params.part !== 'password' || !isPasswordMismatch(context.values.password)),
    isEveryPartDone: ({ context }) => isEveryPartDone(context.progress),
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
  },
  actions: {
    setActivePart: assign((_, params: PartParams) => ({ activePart: params.part })),
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const { part, name, value } = event;
      let partValues: Record<string, unknown> = { ...context.values[part], [name]: value };
      let partErrors = withoutField(context.errors[part], name);
      if (part === 'personalInfo' && name === 'country') {
        // As in sign-up (docs/product.md §5): the dial code follows the country, and a new country clears the number.
        const code = String(value).toUpperCase();
        partValues = { ...partValues, country: code, dial_code: findCountry(code)?.dial_code ?? '' };
        if (code !== context.values.personalInfo.country) {
          partValues.contact_number = '';
          partErrors = withoutField(partErrors, 'contact_number');
        }
        partErrors = withoutField(partErrors, 'dial_code');
      }
      // docs/product.md §5: "Passwords do not match." on the confirmation as the artist types either field.
      if (part === 'password' && (name === 'password' || name === 'password_confirmation'))
        partErrors = withMismatch(partErrors, partValues as PasswordValues);
      // The field, and those it changed with it (the country's dial code and number).
      const before = context.values[part] as Record<string, unknown>;
      const changed = Object.keys(partValues).filter((field) => field === name || partValues[field] !== before[field]);
      return {
        values: { ...context.values, [part]: partValues },
        errors: { ...context.errors, [part]: partErrors },
        edited: { ...context.edited, [part]: [...new Set([...context.edited[part], ...changed])] },
      };
    }),
    clearPartErrors: assign(({ context }, params: PartParams) => ({
      errors: { ...context.errors, [params.part]: {} },
    })),
    setPartErrors: assign(({ context }, params: PartParams & { error: unknown }) => ({
      errors: { ...context.errors, [params.part]: readFailure(params.error).errors ?? {} },
    })),
    /** The server's user is the truth for progress and status; the saved part's flag is set whatever it says. */
    applySavedUser: assign(({ context }, params: PartParams & { user: AuthUser }) => {
      const progress = {
        ...context.progress,
        ...(params.user.application_progress ?? {}),
        [flagOf(params.part)]: true,
      };
      return {
        progress,
        appStatus: params.user.app_status,
        activePart: nextPartToEdit(progress, params.part),
        // What was sent is saved: a later profile is the truth for this part again.
        edited: { ...context.edited, [params.part]: [] },
      };
    }),
    setPayoutMasked: assign(({ context }, params: { masked: string; review: HolderReview | null }) => ({
      payoutMasked: params.masked,
      payoutReview: params.review,
      // The number and the password are never kept once sent.
      values: {
        ...context.values,
        payoutInfo: { ...context.values.payoutInfo, account_number: '', current_password: '' },
      },
    })),
    clearPasswords: assign(({ context }) => ({ values: { ...context.values, password: emptyPasswords } })),
    fillFromProfile: assign(({ context }, params: { profile: ArtistProfile }) => ({
      values: keepEdited(valuesFromProfile(params.profile), context.values, context.edited),
      payoutMasked: params.profile.payout?.account_number_masked ?? null,
      payoutReview: params.profile.payout?.holder_review ?? null,
      rejectionReason: params.profile.rejection_reason,
      // An admin may have decided since the form opened (the profile reloads on the live notification).
      appStatus: params.profile.user.app_status,
    })),
    // Supplied by the app:
    patchUser: (_, _params: { user: AuthUser }) => {},
    announceNewToken: (_, _params: NewTokenParams) => {},
    showSuccessToast: (_, _params: { message: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'applicationForm',
  context: ({ input }) => {
    const user = input?.user ?? null;
    const progress = { ...noProgress, ...(user?.application_progress ?? {}) };
    return {
      progress,
      appStatus: user?.app_status ?? null,
      activePart: nextPartToEdit(progress, null),
      values: initialApplicationValues(user),
      errors: noErrors,
      edited: noEdits,
      payoutMasked: null,
      payoutReview: null,
      rejectionReason: null,
    };
  },
  initial: 'deciding',
  states: {
    deciding: {
      description:
        "Where the form opens, and where a save lands: the rejection's reason, the summary, or the part to fill in next.",
      always: [
        {
          guard: 'isRejected',
          target: 'rejected',
          description: 'The application was rejected: the artist sees the reason.',
        },
        {
          guard: 'isEveryPartDone',
          target: 'submitted',
          description: 'All four parts are done: the artist sees the summary.',
        },
        {
          guard: { type: 'isActivePart', params: { part: 'personalInfo' } },
          target: 'editing.personalInfo',
          description: 'Personal information is the part to fill in next.',
        },
        {
          guard: { type: 'isActivePart', params: { part: 'artistInfo' } },
          target: 'editing.artistInfo',
          description: 'Artist information is the part to fill in next.',
        },
        {
          guard: { type: 'isActivePart', params: { part: 'payoutInfo' } },
          target: 'editing.payoutInfo',
          description: 'Payout details are the part to fill in next.',
        },
        { target: 'editing.password', description: 'The password is the part to fill in next.' },
      ],
    },
    editing: {
      description: 'The artist fills in one part of the application.',
      initial: 'personalInfo',
      states: {
        personalInfo: { description: 'The artist fills in the Personal information part.' },
        artistInfo: { description: 'The artist fills in the Artist information part.' },
        payoutInfo: { description: 'The artist fills in the Payout details part: where their earnings are paid.' },
        password: { description: 'The artist sets a new password.' },
      },
      on: {
        'profile.loaded': fillFromProfileOnLoad,
        'field.changed': { actions: 'setField', description: 'The artist types in a field; its error clears.' },
        'part.open': openPartTransitions('.'),
        'part.save': savePartTransitions(),
      },
    },
    saving: {
      description: 'A part is being saved; the artist waits.',
      tags: ['busy'],
      // Always entered at a part (part.save targets it); the initial child is only a formality.
      initial: 'personalInfo',
      states: {
        personalInfo: savingState('personalInfo', 'savePersonalInfo', (user: SavePartOutput) => user),
        artistInfo: savingState('artistInfo', 'saveArtistInfo', (user: SavePartOutput) => user),
        payoutInfo: savingState('payoutInfo', 'savePayout', (output: SavePayoutOutput) => output.user, {
          messageOf: (output) => output.message,
          afterApply: [
            {
              type: 'setPayoutMasked',
              params: ({ event }) => ({
                masked: event.output.payout.account_number_masked,
                review: event.output.payout.holder_review,
              }),
            },
          ],
        }),
        password: savingState('password', 'changePassword', (output: ChangePasswordOutput) => output.user, {
          // The old token is revoked: the session takes the new one before anything else calls the API.
          beforeApply: [
            {
              type: 'announceNewToken',
              params: ({ event }) => ({ token: event.output.token, user: event.output.user }),
            },
          ],
          afterApply: ['clearPasswords'],
        }),
      },
    },
    submitted: {
      description:
        'All four parts are done: the application is under review (or approved); the artist sees a summary and can still open any part.',
      tags: ['submitted'],
      on: {
        'profile.loaded': {
          target: 'deciding',
          ...fillFromProfileOnLoad,
          description:
            'The profile arrives again: if the application was rejected meanwhile, the artist sees the reason.',
        },
        'part.open': openPartTransitions('editing.'),
      },
    },
    rejected: {
      description:
        'The application was rejected: the reason shows; the artist edits a part and saves it to apply again.',
      tags: ['rejected'],
      on: {
        'profile.loaded': {
          target: 'deciding',
          ...fillFromProfileOnLoad,
          description: 'The profile arrives again: the form fills with it and where it opens is decided again.',
        },
        'part.open': openPartTransitions('editing.'),
      },
    },
  },
});

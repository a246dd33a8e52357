// The artist's application form at /artist/application-form (docs/architecture.md §5): four parts, each saved on
// its own and setting its progress flag; with all four the application goes for review. Read this
// file for the flow's vocabulary; application-form.machine.ts for its logic.

import type { ApplicationProgress, AppStatus, AuthUser } from '../contracts/account';
import type { HolderReview } from '../contracts/account-care';
import type {
  ArtistInfoBody,
  ArtistProfile,
  ChangePasswordBody,
  PayoutAnswer,
  PayoutBody,
  PersonalInfoBody,
} from '../contracts/artist';
import type { FieldErrors } from '../contracts/http';

/** The parts in form order. */
export type ApplicationPart = 'personalInfo' | 'artistInfo' | 'payoutInfo' | 'password';

export type PersonalInfoValues = Required<PersonalInfoBody>;
export type ArtistInfoValues = Required<ArtistInfoBody>;
export type PayoutValues = Required<PayoutBody>;
export type PasswordValues = Required<ChangePasswordBody>;

/** What each part's fields hold (the bodies of the four PATCH calls). */
export interface ApplicationValues {
  personalInfo: PersonalInfoValues;
  artistInfo: ArtistInfoValues;
  payoutInfo: PayoutValues;
  password: PasswordValues;
}

export interface ApplicationFormContext {
  progress: ApplicationProgress;
  appStatus: AppStatus | null;
  /** The part on screen, or the one being saved. */
  activePart: ApplicationPart;
  values: ApplicationValues;
  /** The server's 422 `errors` per part; a field's errors clear when it is edited. */
  errors: Record<ApplicationPart, FieldErrors>;
  /**
   * The fields the artist has changed since their part was last saved: a profile that loads meanwhile
   * (the first one, or a reload on a live notification) fills the others and keeps these as typed.
   */
  edited: Record<ApplicationPart, string[]>;
  /** The saved payout account, masked ("•••• 1234"): the full number never comes back. */
  payoutMasked: string | null;
  /** The saved account's holder-name check (null: it matches the artist's legal name). */
  payoutReview: HolderReview | null;
  /** Why the application was rejected (from the profile). */
  rejectionReason: string | null;
}

export interface ApplicationFormInput {
  user: AuthUser | null;
}

/** One field of one part, with the value type of that field. */
export type ApplicationFieldChange = {
  [P in ApplicationPart]: {
    [N in keyof ApplicationValues[P]]: { type: 'field.changed'; part: P; name: N; value: ApplicationValues[P][N] };
  }[keyof ApplicationValues[P]];
}[ApplicationPart];

export type ApplicationFormEvent =
  /** Open a part to edit it (any part, done or not). */
  | { type: 'part.open'; part: ApplicationPart }
  | ApplicationFieldChange
  | { type: 'part.save'; part: ApplicationPart }
  /** GET /profile answered: fill the fields. */
  | { type: 'profile.loaded'; profile: ArtistProfile };

export type ApplicationFormTag = 'busy' | 'submitted' | 'rejected';

/** savePersonalInfo and saveArtistInfo answer with the updated user. */
export type SavePartOutput = AuthUser;

/** savePayout answers with the updated user and the saved account, masked, and the server's message. */
export type SavePayoutOutput = PayoutAnswer & { message?: string };

/** changePassword answers with the updated user and a new token (the old one is revoked). */
export interface ChangePasswordOutput {
  user: AuthUser;
  token: string;
}

/** Params of announceNewToken: the app replaces the session's token and user. */
export interface NewTokenParams {
  token: string;
  user: AuthUser;
}

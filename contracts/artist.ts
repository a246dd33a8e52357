import * as v from 'valibot';
import { type AppStatus, type AuthUser, appStatuses } from './account';
import { addOnMessages, isRushPrice, type RushOffer } from './addons';
import { contactNumberSchema, emailSchema, existingPasswordSchema, newPasswordSchema } from './auth';
import { catalogSortValues } from './catalog-sorts';
import { findCountry } from './countries';
import { type DeliveryPromise, deliveryMessages, isCalendarDate, turnaroundDaysSchema } from './delivery';
import { fieldMessages as m } from './field-messages';
import type { Page } from './lifecycle';
import { specMessages } from './messages';
import {
  type Genre,
  genreValues,
  MAX_RATE_CENTAVOS,
  MIN_RATE_CENTAVOS,
  type VocalType,
  vocalTypeValues,
} from './options';
import { cursorIdInRange, invalidCursorMessage, pageLimitSchema } from './paging';
import type { ArtistReview, StarCount } from './reviews';
import { linesInput, plainText, textInput } from './text';

// The artist's side of the API (docs/product.md §7 artist area, docs/architecture.md §3 and §5): the public application,
// the four application parts, sample songs, the online switch, the admin review and the catalogue.

export const artistMessages = {
  stageNameRequired: 'Please enter your stage name',
  stageNameTaken: 'That stage name is taken. Choose another one.',
  /** Saved on an approved profile with a new stage name: an admin reviews it first. */
  stageNamePending: 'Your artist information has been saved. Your new stage name is waiting for our review.',
  pitchTooShort: 'Tell us a little more about yourself (at least 20 characters)',
  pitchTooLong: 'Please keep your pitch under 1000 characters',
  linksInvalid: 'Enter up to three links, each starting with http:// or https://',
  termsRequired: 'Please accept the terms to apply',
  bioTooShort: 'Your bio should be at least 40 characters',
  bioTooLong: 'Please keep your bio under 2000 characters',
  genresRequired: 'Choose between one and five genres',
  genreUnknown: 'Choose genres from the list',
  vocalTypeRequired: 'Choose your vocal type',
  rateInvalid: `Set a rate between ₱${MIN_RATE_CENTAVOS / 100} and ₱${MAX_RATE_CENTAVOS / 100}`,
  samplesRequired: 'Upload at least one sample song',
  cityRequired: 'Please enter your city or province',
  birthdateInvalid: 'Enter your date of birth',
  tooYoung: 'Artists must be at least 18 years old',
  bankNameRequired: 'Please enter your bank or e-wallet',
  accountNameRequired: 'Please enter the account name',
  accountNumberInvalid: 'Enter the account number (6 to 20 digits)',
  currentPasswordWrong: 'Your current password is not correct',
  samePassword: 'Choose a password different from your temporary one',
  reasonRequired: 'Please give a reason (at least 10 characters)',
  applicationReceived:
    'Thank you for applying! We have emailed you a temporary password. Log in to finish your application.',
  notApproved: 'Your artist account is not approved yet.',
  applicationIncomplete: 'Finish your application first.',
  notForReview: 'This application is not waiting for review.',
  artistUnavailable: 'This artist is not taking orders right now.',
  audioOnly: 'Upload an audio file (MP3, WAV, OGG, M4A, FLAC or WebM).',
  imageOnly: 'Upload an image (JPEG, PNG or WebP).',
  fileTooLarge: 'This file is too large.',
  fileRequired: 'Choose a file to upload',
  songLimit: 'You can keep up to 5 sample songs. Delete one first.',
  wentOnline: 'Your profile will show in the artist page where customers choose their artist to collaborate with.',
  wentOffline: 'Your profile will not show in the artist page where customers choose their artist to collaborate with.',
  personalInfoSaved: 'Your personal information has been saved.',
  artistInfoSaved: 'Your artist information has been saved.',
  payoutSaved: 'Your payout details have been saved.',
  passwordChanged: 'Your password has been changed.',
  submittedForReview: 'Your application is complete. We will review it and email you soon.',
  songUploaded: 'Your song has been uploaded.',
  songDeleted: 'The song has been deleted.',
  songNotFound: 'Unknown song',
  featuredSongSet: 'Your featured song has been updated.',
  featuredSongCleared: 'Your featured song has been removed.',
  accountDeactivated: 'Your artist account has been deactivated.',
  applicationApproved: 'The application has been approved.',
  applicationRejected: 'The application has been rejected.',
  titleTooLong: 'The title must be at most 100 characters',
  multipartRequired: 'Send the form as multipart/form-data.',
  linkInvalid: 'This link is invalid or has expired.',
  rangeNotSatisfiable: 'The requested range is outside the file.',
} as const;

/** A size limit as people read it: "25 MB", "1.5 MB", "500 KB". */
function formatSizeLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** "This file is too large." with the limit the file broke, so the person knows what will be taken. */
export function fileTooLargeFor(maxBytes: number): string {
  return `${artistMessages.fileTooLarge} Choose a file of ${formatSizeLimit(maxBytes)} or less.`;
}

const str = textInput;
const text = (label: string, max: number, required = m.required(label)) =>
  v.pipe(str(), v.trim(), v.nonEmpty(required), v.maxLength(max, m.tooLong(label, max)));
const country = v.pipe(
  str(m.countryInvalid),
  v.check((code) => findCountry(code) !== undefined, m.countryInvalid),
);
const dialMatches = (i: { country: string; dial_code: string }) => findCountry(i.country)?.dial_code === i.dial_code;

/** Up to three http(s) links, one per line (or separated by spaces). */
const linksSchema = v.pipe(
  linesInput(artistMessages.linksInvalid),
  v.trim(),
  v.transform((s) => (s === '' ? [] : s.split(/\s+/))),
  v.check(
    (links) => links.length <= 3 && links.every((l) => /^https?:\/\/[^\s]{3,300}$/i.test(l)),
    artistMessages.linksInvalid,
  ),
);

/**
 * POST /api/v1/artist/application (public, multipart): these fields plus an optional `sample` audio
 * file. Creates the artist with app_status `incomplete` and mails a temporary password.
 */
export const applicationSchema = v.pipe(
  v.strictObject({
    first_name: text('first name', 100),
    last_name: text('last name', 100),
    stage_name: text('stage name', 60, artistMessages.stageNameRequired),
    email: emailSchema,
    contact_number: contactNumberSchema,
    country,
    dial_code: v.pipe(str(m.dialCodeMismatch), v.trim()),
    links: linksSchema,
    pitch: v.pipe(
      linesInput(),
      v.trim(),
      v.minLength(20, artistMessages.pitchTooShort),
      v.maxLength(1000, artistMessages.pitchTooLong),
    ),
    accept_terms: v.pipe(str(artistMessages.termsRequired), v.literal('true', artistMessages.termsRequired)),
  }),
  v.forward(v.partialCheck([['country'], ['dial_code']], dialMatches, m.dialCodeMismatch), ['dial_code']),
);
export type ApplicationBody = v.InferInput<typeof applicationSchema>;
export const applicationFields = [
  'first_name',
  'last_name',
  'stage_name',
  'email',
  'contact_number',
  'country',
  'dial_code',
  'links',
  'pitch',
  'accept_terms',
  'sample',
] as const;

/** PATCH /profile/personal: sets personal_info. */
export const personalInfoSchema = v.pipe(
  v.strictObject({
    first_name: text('first name', 100),
    middle_name: v.pipe(str(), v.trim(), v.maxLength(100, m.tooLong('middle name', 100))),
    last_name: text('last name', 100),
    contact_number: contactNumberSchema,
    country,
    dial_code: v.pipe(str(m.dialCodeMismatch), v.trim()),
    city: text('city or province', 100, artistMessages.cityRequired),
    birthdate: v.pipe(
      str(artistMessages.birthdateInvalid),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, artistMessages.birthdateInvalid),
      v.check((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), artistMessages.birthdateInvalid),
      v.check((d) => isAdult(d, new Date()), artistMessages.tooYoung),
    ),
  }),
  v.forward(v.partialCheck([['country'], ['dial_code']], dialMatches, m.dialCodeMismatch), ['dial_code']),
);
export type PersonalInfoBody = v.InferInput<typeof personalInfoSchema>;

/** True when someone born on `birthdate` (yyyy-mm-dd) is 18 or older on `today`. */
function isAdult(birthdate: string, today: Date): boolean {
  const [y, mo, d] = birthdate.split('-').map(Number) as [number, number, number];
  const eighteenth = Date.UTC(y + 18, mo - 1, d);
  return eighteenth <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

/** PATCH /profile/artist-info: sets artist_info (the server also needs at least one sample song). */
export const artistInfoSchema = v.pipe(
  v.strictObject({
    stage_name: text('stage name', 60, artistMessages.stageNameRequired),
    bio: v.pipe(
      linesInput(),
      v.trim(),
      v.minLength(40, artistMessages.bioTooShort),
      v.maxLength(2000, artistMessages.bioTooLong),
    ),
    genres: v.pipe(
      v.optional(v.array(v.string(artistMessages.genreUnknown), artistMessages.genresRequired), []),
      v.minLength(1, artistMessages.genresRequired),
      v.maxLength(5, artistMessages.genresRequired),
      v.check((gs) => gs.every((g) => (genreValues as string[]).includes(g)), artistMessages.genreUnknown),
      v.check((gs) => new Set(gs).size === gs.length, artistMessages.genreUnknown),
    ),
    vocal_type: v.pipe(
      str(artistMessages.vocalTypeRequired),
      v.check((t) => (vocalTypeValues as string[]).includes(t), artistMessages.vocalTypeRequired),
    ),
    /** Whole pesos. */
    rate: v.pipe(
      v.number(artistMessages.rateInvalid),
      v.integer(artistMessages.rateInvalid),
      v.minValue(MIN_RATE_CENTAVOS / 100, artistMessages.rateInvalid),
      v.maxValue(MAX_RATE_CENTAVOS / 100, artistMessages.rateInvalid),
    ),
    /** Days to record a song once accepted (contracts/delivery.ts limits); left out, the one on file stays. */
    turnaround_days: v.optional(turnaroundDaysSchema),
    /** Rush delivery (contracts/addons.ts): offered or not; left out, what is on file stays. */
    offers_rush: v.optional(v.boolean(addOnMessages.rushChoiceInvalid)),
    /** Whole pesos on top of the rate; read only when offers_rush is true. */
    rush_price: v.optional(v.nullable(v.number(addOnMessages.rushPriceInvalid))),
    /** Days to record a rush song; read only when offers_rush is true, shorter than turnaround_days. */
    rush_turnaround_days: v.optional(v.nullable(v.number(addOnMessages.rushTurnaroundInvalid))),
  }),
  v.forward(
    v.partialCheck(
      [['offers_rush'], ['rush_price']],
      (i) => i.offers_rush !== true || isRushPrice(i.rush_price),
      addOnMessages.rushPriceInvalid,
    ),
    ['rush_price'],
  ),
  v.forward(
    v.partialCheck(
      [['offers_rush'], ['rush_turnaround_days']],
      (i) => i.offers_rush !== true || v.is(turnaroundDaysSchema, i.rush_turnaround_days),
      addOnMessages.rushTurnaroundInvalid,
    ),
    ['rush_turnaround_days'],
  ),
  // Against the standard turnaround sent with it; the server checks the one on file when none is sent.
  v.forward(
    v.partialCheck(
      [['offers_rush'], ['turnaround_days'], ['rush_turnaround_days']],
      (i) =>
        i.offers_rush !== true ||
        i.turnaround_days === undefined ||
        typeof i.rush_turnaround_days !== 'number' ||
        i.rush_turnaround_days < i.turnaround_days,
      addOnMessages.rushNotShorter,
    ),
    ['rush_turnaround_days'],
  ),
);
export type ArtistInfoBody = v.InferInput<typeof artistInfoSchema>;

/** PATCH /profile/bank: sets payout_info; stored encrypted, answered masked. */
export const payoutSchema = v.strictObject({
  bank_name: text('bank or e-wallet', 80, artistMessages.bankNameRequired),
  account_name: text('account name', 100, artistMessages.accountNameRequired),
  account_number: v.pipe(
    str(artistMessages.accountNumberInvalid),
    v.transform((s) => s.replace(/[\s-]/g, '')),
    v.regex(/^\d{6,20}$/, artistMessages.accountNumberInvalid),
  ),
  /** Needed to replace an account on file (server/artists/payout-account.ts); not for the first one. */
  current_password: v.optional(v.pipe(v.string(m.passwordRequired), v.maxLength(128, m.passwordTooLong)), ''),
});
export type PayoutBody = v.InferInput<typeof payoutSchema>;

/** PATCH /profile/password (artist; the customer one arrives with the account pages): sets password_updated. */
export const changePasswordSchema = v.pipe(
  v.strictObject({
    current_password: existingPasswordSchema,
    password: newPasswordSchema,
    password_confirmation: v.pipe(str(m.confirmationRequired), v.nonEmpty(m.confirmationRequired)),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (i) => i.password === i.password_confirmation,
      specMessages.passwordsDoNotMatch,
    ),
    ['password_confirmation'],
  ),
);
export type ChangePasswordBody = v.InferInput<typeof changePasswordSchema>;

/** PATCH /profile/online-status (docs/product.md §3): 0 asks to go online, 1 to go offline. */
export const onlineStatusSchema = v.strictObject({
  status: v.picklist([0, 1], 'Status must be 0 (online) or 1 (offline)'),
});

/** PATCH /profile/featured-song: a sample song's `source`, or null to remove the featured song. */
export const featuredSongSchema = v.strictObject({
  source: v.nullable(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Unknown song'))),
});

/** DELETE /profile/upload/song body, GET ?source= query: an opaque server key, never a path. */
export const songSourceSchema = v.strictObject({
  source: v.pipe(str('Unknown song'), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Unknown song')),
});

/** POST /applications/{id}/reject. */
export const rejectSchema = v.strictObject({
  reason: v.pipe(
    linesInput(),
    v.trim(),
    v.minLength(10, artistMessages.reasonRequired),
    v.maxLength(1000, m.tooLong('reason', 1000)),
  ),
});

// ---- Answers -------------------------------------------------------------------------------------

/** A sample song; `url` is a short-lived signed address that supports Range requests. */
export interface ArtistSong {
  source: string;
  title: string;
  url: string;
  mime: string;
  size: number;
  is_featured: boolean;
  created_at: string;
}

export interface PayoutMasked {
  bank_name: string;
  account_name: string;
  /** e.g. "•••• 1234": the full number never leaves the server. */
  account_number_masked: string;
  /** The holder name's check against the legal name: null when it matched (no check needed). */
  holder_review: 'pending' | 'approved' | 'rejected' | null;
}

/** PATCH /profile/bank answer. */
export interface PayoutAnswer {
  user: AuthUser;
  payout: PayoutMasked;
}

/** GET /api/v1/user/options. `base_price` is in whole pesos, like ArtistCard.rate. */
export interface CatalogOptions {
  genres: { value: Genre; display: string }[];
  vocal_types: { value: VocalType; display: string }[];
  base_price: number;
}

/** The applications queue's cursor: "<submitted_at, or created_at when never sent>_<id>" of the last row sent. */
export const applicationCursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(\d{1,12})$/;

/** Admin: GET /api/v1/admin/applications?status=&cursor=&limit= (status default for_review, limit default 10). */
export const applicationListQuerySchema = v.strictObject({
  status: v.optional(v.picklist(appStatuses, 'Unknown status'), 'for_review'),
  cursor: v.optional(v.pipe(v.string(), v.regex(applicationCursorPattern, invalidCursorMessage), cursorIdInRange)),
  limit: pageLimitSchema,
});

/** GET /api/v1/artist/profile: everything the artist edits. */
export interface ArtistProfile {
  user: AuthUser;
  stage_name: string | null;
  /** A new stage name waiting for an admin's review (approved profiles); customers see `stage_name` until then. */
  pending_stage_name: string | null;
  city: string | null;
  birthdate: string | null;
  bio: string | null;
  genres: Genre[];
  vocal_type: VocalType | null;
  /** Whole pesos; the platform base price until the artist sets one. */
  rate: number;
  /** Days to record a song once accepted; the platform default until the artist sets one. */
  turnaround_days: number;
  /** Rush delivery (contracts/addons.ts): whole pesos on top of the rate, and its days; both null: not offered. */
  rush_price: number | null;
  rush_turnaround_days: number | null;
  links: string[];
  pitch: string | null;
  payout: PayoutMasked | null;
  songs: ArtistSong[];
  rejection_reason: string | null;
}

/** GET /api/v1/artist/dashboard. Order stages fill in with the order lifecycle; until then real zeros. */
export interface ArtistDashboard {
  counts: { song_orders: number; ongoing: number; validation: number; revision: number; completed: number };
  earnings_this_month: number;
  rating: number | null;
  rating_count: number;
  is_online: 0 | 1;
  next_due: { reference: string; due_at: string } | null;
}

/** One card of the public catalogue (GET /api/v1/user/artists). `id` is the public user_id. */
export interface ArtistCard {
  id: string;
  stage_name: string;
  avatar: string | null;
  genres: Genre[];
  vocal_type: VocalType | null;
  rating: number | null;
  rating_count: number;
  /** Whole pesos. */
  rate: number;
  sample: { title: string; url: string } | null;
  /** The turnaround, the answer window and the date a song ordered now arrives (computed by the server). */
  delivery: DeliveryPromise;
  /** Their rush delivery and the date a rush song ordered now arrives; null when they do not offer it. */
  rush: RushOffer | null;
}

export interface ArtistCatalogPage {
  artists: ArtistCard[];
  next_cursor: string | null;
}

/** GET /api/v1/user/artists/{id}: an online, approved artist. */
export interface ArtistPublicProfile extends ArtistCard {
  bio: string;
  songs: { source: string; title: string; url: string }[];
  /** The newest reviews; `reviews_next_cursor` pages on through GET /user/artists/{id}/reviews. */
  reviews: ArtistReview[];
  reviews_next_cursor: string | null;
  /** Ratings per star, 5 down to 1, from maintained counts. */
  rating_distribution: StarCount[];
}

/** Admin: one row of GET /api/v1/admin/applications?status= (a Page of them). */
export interface ApplicationSummary {
  id: number;
  user_id: string;
  full_name: string;
  stage_name: string | null;
  email: string;
  app_status: AppStatus;
  application_progress: NonNullable<AuthUser['application_progress']>;
  created_at: string;
  submitted_at: string | null;
}

/** Admin: GET /api/v1/admin/applications: newest first, `next_cursor` null on the last page. */
export type ApplicationPage = Page<ApplicationSummary>;

/** Admin: GET /api/v1/admin/applications/{id} */
export interface ApplicationDetail extends ApplicationSummary {
  contact_number: string | null;
  dial_code: string | null;
  country: string | null;
  city: string | null;
  links: string[];
  pitch: string | null;
  bio: string | null;
  genres: Genre[];
  vocal_type: VocalType | null;
  rate: number;
  songs: ArtistSong[];
  payout_complete: boolean;
  rejection_reason: string | null;
}

export { type CatalogSort, catalogSorts } from './catalog-sorts';

export const catalogMessages = {
  priceInvalid: `Enter a price in whole pesos, up to ₱${(MAX_RATE_CENTAVOS / 100).toLocaleString('en-PH')}`,
  priceRangeBackwards: 'The highest price must not be below the lowest',
  ratingInvalid: 'Choose a minimum rating from 1 to 5 stars',
  sortInvalid: 'Unknown sort',
} as const;

/** A price bound in whole pesos, as the query string carries it. */
const pesosBound = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, catalogMessages.priceInvalid),
    v.transform(Number),
    v.maxValue(MAX_RATE_CENTAVOS / 100, catalogMessages.priceInvalid),
  ),
);

/** Catalogue query (GET /api/v1/user/artists). */
export const catalogQuerySchema = v.pipe(
  v.strictObject({
    genre: v.optional(v.picklist(genreValues as [string, ...string[]], 'Unknown genre')),
    vocal_type: v.optional(v.picklist(vocalTypeValues as [string, ...string[]], 'Unknown vocal type')),
    q: v.optional(v.pipe(v.string(), plainText(), v.trim(), v.maxLength(60, m.tooLong('search', 60)))),
    /** The artist's rate, whole pesos, both bounds included. */
    min_price: pesosBound,
    max_price: pesosBound,
    /** The average rating shown on the card (one decimal) is at least this many stars. */
    min_rating: v.optional(
      v.pipe(v.string(), v.picklist(['1', '2', '3', '4', '5'], catalogMessages.ratingInvalid), v.transform(Number)),
    ),
    /** The artist's standard turnaround is at most this many days. */
    turnaround: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,2}$/, deliveryMessages.turnaroundInvalid),
        v.transform(Number),
        turnaroundDaysSchema,
      ),
    ),
    /** yyyy-mm-dd: a song ordered now arrives on or before this date ("can deliver by"). */
    deliver_by: v.optional(v.pipe(v.string(), v.check(isCalendarDate, deliveryMessages.deliverByInvalid))),
    sort: v.optional(v.picklist(catalogSortValues, catalogMessages.sortInvalid), 'recommended'),
    cursor: v.optional(v.pipe(v.string(), plainText(), v.maxLength(200, 'Invalid cursor'))),
    limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'Invalid limit'))),
  }),
  v.forward(
    v.partialCheck(
      [['min_price'], ['max_price']],
      ({ min_price, max_price }) => min_price === undefined || max_price === undefined || min_price <= max_price,
      catalogMessages.priceRangeBackwards,
    ),
    ['max_price'],
  ),
);

/**
 * The four parts of /artist/application-form in form order (docs/architecture.md §5): each PATCH sets its
 * application_progress flag (machines/application-form.machine.ts).
 */
export const applicationParts = [
  { part: 'personalInfo', flag: 'personal_info', title: 'Personal information' },
  { part: 'artistInfo', flag: 'artist_info', title: 'Artist information' },
  { part: 'payoutInfo', flag: 'payout_info', title: 'Payout details' },
  { part: 'password', flag: 'password_updated', title: 'Password' },
] as const;

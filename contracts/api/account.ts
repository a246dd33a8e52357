import * as v from 'valibot';
import { type AccountType, type AppStatus, type AuthUser, appStatuses, type LoginAnswer } from '../account';
import type { Expect, SameType } from './same-type';

const flag = v.picklist([0, 1]);

export const applicationProgressSchema = v.strictObject({
  personal_info: v.boolean(),
  artist_info: v.boolean(),
  payout_info: v.boolean(),
  password_updated: v.boolean(),
});

/** The user object every signed-in answer carries (contracts/account.ts `AuthUser`). */
export const authUserSchema = v.strictObject({
  id: v.number(),
  user_id: v.string(),
  type: v.picklist<AccountType[]>(['user', 'artist', 'admin']),
  full_name: v.string(),
  first_name: v.string(),
  middle_name: v.nullable(v.string()),
  last_name: v.string(),
  email: v.string(),
  avatar: v.nullable(v.string()),
  contact_number: v.nullable(v.string()),
  country: v.nullable(v.string()),
  dial_code: v.nullable(v.string()),
  app_status: v.nullable(v.picklist<AppStatus[]>([...appStatuses])),
  application_progress: v.nullable(applicationProgressSchema),
  is_first_time_login: flag,
  is_online: flag,
  featured_song_path: v.nullable(v.string()),
});

export const loginAnswerSchema = v.strictObject({ user: authUserSchema, token: v.string() });

export type AuthUserCheck = Expect<SameType<v.InferOutput<typeof authUserSchema>, AuthUser>>;
export type LoginAnswerCheck = Expect<SameType<v.InferOutput<typeof loginAnswerSchema>, LoginAnswer>>;

// The account as every page knows it: its kinds, its application's status and the user object the
// API returns (docs/product.md §3). Kept apart from contracts/auth (the forms' rules, with the country list) so
// that the session and the route guards, which every page loads, do not carry those.

/** The kinds of account. `user` is a customer; `admin` signs in to the console only. */
export const userTypes = ['user', 'artist'] as const;
export type UserType = (typeof userTypes)[number];
export type AccountType = UserType | 'admin';

export const appStatuses = ['incomplete', 'for_review', 'approved', 'rejected'] as const;
export type AppStatus = (typeof appStatuses)[number];

export interface ApplicationProgress {
  personal_info: boolean;
  artist_info: boolean;
  payout_info: boolean;
  password_updated: boolean;
}

/** The user object of docs/product.md §3 as the API returns it. */
export interface AuthUser {
  id: number;
  user_id: string;
  type: AccountType;
  full_name: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string;
  avatar: string | null;
  contact_number: string | null;
  country: string | null;
  dial_code: string | null;
  app_status: AppStatus | null;
  application_progress: ApplicationProgress | null;
  /** 1 on the first login, 0 afterwards. */
  is_first_time_login: 0 | 1;
  is_online: 0 | 1;
  featured_song_path: string | null;
}

export interface LoginAnswer {
  user: AuthUser;
  token: string;
}

export interface RefreshAnswer extends LoginAnswer {
  message: string;
}

import type { FieldErrors } from '../contracts/http';
import type { Gift } from '../contracts/lifecycle';

/** The recipient's thank-you note to the artist, as typed. */
export interface ThanksValues {
  name: string;
  message: string;
}

export interface GiftPageContext {
  token: string;
  gift: Gift | null;
  values: ThanksValues;
  /** The client check's or the server's 422 messages, by field. */
  errors: FieldErrors;
  /** Why the gift could not be loaded. */
  loadError: string | null;
}

export type GiftPageEvent =
  | { type: 'field.changed'; name: keyof ThanksValues; value: string }
  | { type: 'user.submit' }
  | { type: 'user.retry' };

export interface GiftPageInput {
  token: string;
}

export interface SendThanksInput {
  token: string;
  body: ThanksValues;
}

export type GiftPageTag = 'loading' | 'missing' | 'error' | 'locked' | 'busy' | 'thanked';

import * as v from 'valibot';

// Mail preferences (issue 14): the kinds of non-essential mail a customer or an artist may turn off.
// Receipts, refunds, cancellations, payouts, password and security mails are essential and always go.

export const mailCategories = {
  user: ['payment_reminders', 'order_progress', 'messages'],
  artist: ['offers', 'order_progress', 'thank_you_notes', 'messages'],
} as const;

export type MailArea = keyof typeof mailCategories;
export type MailCategory = (typeof mailCategories)[MailArea][number];

export const allMailCategories: readonly MailCategory[] = [...new Set(Object.values(mailCategories).flat())];

/** What the settings screen and the unsubscribe page call each kind. */
export const mailCategoryLabels: Record<MailCategory, { label: string; hint: string }> = {
  payment_reminders: {
    label: 'Payment reminders',
    hint: 'A mail with the payment link when you place an order.',
  },
  order_progress: {
    label: 'Order updates',
    hint: 'When an order moves on: accepted, ready to listen, revisions, validation, completion and ratings.',
  },
  offers: {
    label: 'New offers',
    hint: 'New song offers with their answer-by time, and offers withdrawn or expired.',
  },
  thank_you_notes: {
    label: 'Thank-you notes',
    hint: 'When a gift recipient thanks you for a song, or a customer tips you.',
  },
  messages: {
    label: 'Unread messages',
    hint: 'When a message about one of your orders waits unread for 10 minutes (one mail until you read it or more messages come).',
  },
};

/** GET/PATCH /api/v1/{user|artist}/mail-preferences → data. true: the mail is sent. */
export type MailPreferences = Partial<Record<MailCategory, boolean>>;

export const mailPreferenceMessages = {
  mustBeBoolean: 'Must be true or false',
  saved: 'Your mail preferences are saved.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;

/** PATCH body: any subset of the area's categories, each true or false; an unknown key is a field error. */
export function mailPreferencesSchema(area: MailArea) {
  const entries = Object.fromEntries(
    mailCategories[area].map((category) => [category, v.optional(v.boolean(mailPreferenceMessages.mustBeBoolean))]),
  ) as Record<MailCategory, v.OptionalSchema<v.BooleanSchema<string>, undefined>>;
  return v.strictObject(entries);
}

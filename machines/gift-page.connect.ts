// View model of the public gift page: which of its faces to show and the thank-you form's state.
import type { SnapshotFrom } from 'xstate';
import { lifecycleMessages } from '../contracts/lifecycle';
import type { giftPageMachine } from './gift-page.machine';

type GiftPageSnapshot = SnapshotFrom<typeof giftPageMachine>;

export function connectGiftPage(snapshot: GiftPageSnapshot) {
  const { context } = snapshot;
  const thanked = snapshot.hasTag('thanked');
  const justThanked = snapshot.matches({ ready: 'thanked' });
  return {
    loading: snapshot.hasTag('loading'),
    missing: snapshot.hasTag('missing'),
    failed: snapshot.hasTag('error'),
    loadError: context.loadError,
    locked: snapshot.hasTag('locked'),
    gift: context.gift,
    /** The song, lyrics and thank-you form show once the gift is open. */
    open: snapshot.matches('ready'),
    values: context.values,
    errors: context.errors,
    sending: snapshot.hasTag('busy'),
    /** What replaces the form once a note was sent (just now, or before). */
    thanksNote: thanked ? (justThanked ? lifecycleMessages.thanksSent : lifecycleMessages.thanksAlreadySent) : null,
    /** Sent from this page just now: focus moves to the note that replaced the form. */
    justThanked,
  };
}

export type GiftPageView = ReturnType<typeof connectGiftPage>;

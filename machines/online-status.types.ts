// The artist's online switch (docs/product.md §3 Online-status payload, §4 Online/offline, §8 Online-status
// failure). Read this file for the flow's vocabulary; online-status.machine.ts for its logic.
import type { onlineStatus } from '../contracts/constants';

/** The user's is_online flag (docs/product.md §3: truthy means online). */
export type OnlineFlag = 0 | 1;

/** The PATCH /profile/online-status payload value: 0 asks to go online, 1 to go offline. */
export type OnlineStatusValue = (typeof onlineStatus)[keyof typeof onlineStatus];

export interface OnlineStatusContext {
  isOnline: OnlineFlag;
  /** The status being sent while saving, else null. */
  pendingStatus: OnlineStatusValue | null;
  /** The server's message of the last failure (also shown as a toast), cleared by the next toggle. */
  lastError: string | null;
  /** The confirmation modal's kind while it is open. */
  modal: 'online' | 'offline' | null;
}

export interface OnlineStatusInput {
  isOnline: OnlineFlag;
}

export type OnlineStatusEvent =
  /** The switch was flipped. */
  | { type: 'user.toggle' }
  /** The confirmation modal was closed. */
  | { type: 'user.dismiss' }
  /** The session's user changed elsewhere: the switch follows it while nothing is in flight. */
  | { type: 'session.userChanged'; isOnline: OnlineFlag };

export type OnlineStatusTag = 'busy' | 'confirmOpen';

export interface SaveOnlineStatusInput {
  status: OnlineStatusValue;
}

/** Params of applyOnline: the app patches the session user with is_online and is_first_time_login. */
export interface ApplyOnlineParams {
  isOnline: OnlineFlag;
  isFirstTimeLogin: 0;
}

// The systemIds of the app root's long-lived children (machines/app.machine.ts). A machine that tells
// another child something does it declaratively, `sendTo(({ system }) => system.get(appActorIds.x), …)`,
// so the ids live apart from the root, which imports every child.
export const appActorIds = {
  /** The root itself (the app starts it under this id), for what only it can pass on. */
  app: 'app',
  session: 'session',
  authDialogs: 'authDialogs',
  orderDraft: 'orderDraft',
  notifications: 'notifications',
  artistGate: 'artistGate',
  onlineStatus: 'onlineStatus',
  live: 'live',
  player: 'player',
  tour: 'tour',
} as const;

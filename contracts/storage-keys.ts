// Local storage keys. The four docs/product.md names are binding; the rest follow the same prefix.
export const storageKeys = {
  userType: 'vue_user_type',
  completedSteps: 'labsongs_completed_steps',
  hasPendingOrder: 'labsongs_has_pending_order',
  checkoutPending: 'labsongs_checkout_pending',
  tempOrder: 'labsongs_temp_order',
  accessToken: 'labsongs_access_token',
  user: 'labsongs_user',
  adminToken: 'labsongs_admin_token',
  /** "Order with this artist": the order flow's song step preselects it. */
  preselectedArtist: 'labsongs_preselected_artist',
  /** The session's message to the other tabs, where BroadcastChannel is missing (written, then removed). */
  sessionBroadcast: 'labsongs_session_broadcast',
} as const;

/** The BroadcastChannel the tabs of one browser tell each other of sign-in, renewal and sign-out on. */
export const sessionChannelName = 'labsongs-session';

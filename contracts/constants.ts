// Business constants of docs/product.md §9 (and the few that §4/§5 name), in one place.

export const PRODUCT_NAME = 'Labsongs';

export const player = {
  progressIntervalMs: 1000,
  nextSongDelayMs: 1000,
  errorNoticeMs: 3000,
  playbackRates: [0.5, 1, 1.5, 2] as const,
  loop: true,
  autoNext: true,
  themeColor: '#f97316',
  artworkSizes: [96, 128, 192, 256, 512] as const,
} as const;

export const phone = {
  defaultCountry: 'PH',
  contactNumberMask: '### #### ### #### #### ##',
  contactNumberMaxDigits: 20,
  defaultMask: '### ### ####',
  countryReportDelayMs: 1000,
} as const;

export const notificationsUi = {
  pageSize: 10,
  showMoreDelayMs: 500,
  panelMaxHeight: '400px',
  panelMaxHeightLarge: '640px',
} as const;

export const toast = {
  placement: 'top-end',
  durationMs: 5000,
} as const;

export const forgotPassword = {
  resetAfterCloseMs: 1000,
} as const;

export const tour = {
  delayMs: 1000,
  labels: { skip: 'Skip tour', back: 'Previous', next: 'Next', last: 'Finish' },
  scrollDurationMs: 1000,
  stepText: 'Start your artist journey and attract customers by enabling this',
  notRunningIndex: -1,
} as const;

/** Online-status payload of docs/product.md §3: 0 asks to go online, 1 asks to go offline. */
export const onlineStatus = { goOnline: 0, goOffline: 1 } as const;

export const passwordRules = { minLength: 8, maxLength: 128 } as const;

/** The SPA renews its access token this long before the token's `exp` (machines/session.machine.ts). */
export const session = {
  refreshLeadMs: 60_000,
  /** setTimeout cannot wait longer than 2^31 − 1 ms; a longer wait fires at once, so the renewal timer is capped. */
  maxTimerMs: 2_147_483_647,
} as const;

/**
 * docs/product.md §2 Artist area: the sidebar entries in order, with the path and the route name of each page
 * (machines/artist-gate.ts filters them by status, docs/product.md §4 "Artist menu by status").
 */
export const artistMenuEntries = [
  { to: '/artist/dashboard', label: 'Dashboard', routeName: 'artist.dashboard' },
  { to: '/artist/profile', label: 'My Profile', routeName: 'artist.profile' },
  { to: '/artist/earnings', label: 'Earnings', routeName: 'artist.earnings' },
  { to: '/artist/song-orders', label: 'Song Order', routeName: 'artist.song-orders' },
  { to: '/artist/ongoing', label: 'Ongoing', routeName: 'artist.ongoing' },
  { to: '/artist/validation', label: 'For Validation', routeName: 'artist.validation' },
  { to: '/artist/revision', label: 'For Revision', routeName: 'artist.revision' },
  { to: '/artist/completed', label: 'Completed', routeName: 'artist.completed' },
  { to: '/artist/account-settings', label: 'Account Settings', routeName: 'artist.account-settings' },
] as const;

/** docs/product.md §2: the application form sits outside the artist layout. */
export const artistApplicationFormRoute = {
  to: '/artist/application-form',
  label: 'Application Form',
  routeName: 'artist.application-form',
} as const;

/** The server's default MAX_UPLOAD_MB: what the SPA refuses before sending a byte (the server has the last word). */
const DEFAULT_MAX_UPLOAD_MB = 25;
export const DEFAULT_MAX_UPLOAD_BYTES = DEFAULT_MAX_UPLOAD_MB * 1024 * 1024;
/**
 * Largest recording an artist uploads for an order, whatever MAX_UPLOAD_MB says (that one caps samples):
 * a finished master, e.g. 3 minutes of CD-quality WAV (31.7 MB) or 9 minutes; streamed, never held whole.
 */
export const RECORDING_MAX_BYTES = 100 * 1024 * 1024;

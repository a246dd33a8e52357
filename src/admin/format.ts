import type { ApplicationProgress, AppStatus } from '../../contracts/account';

/** The list's tabs, in the order the console shows them. */
export const applicationTabs: readonly { status: AppStatus; label: string; empty: string }[] = [
  { status: 'for_review', label: 'For review', empty: 'No applications are waiting for review.' },
  { status: 'approved', label: 'Approved', empty: 'No approved applications yet.' },
  { status: 'rejected', label: 'Rejected', empty: 'No rejected applications.' },
  { status: 'incomplete', label: 'Incomplete', empty: 'No incomplete applications.' },
];

export const statusLabel: Record<AppStatus, string> = {
  for_review: 'For review',
  approved: 'Approved',
  rejected: 'Rejected',
  incomplete: 'Incomplete',
};

/** The four parts an artist finishes after applying (docs/architecture.md §5), with what the console calls them. */
export const progressParts: readonly { key: keyof ApplicationProgress; label: string }[] = [
  { key: 'personal_info', label: 'Personal info' },
  { key: 'artist_info', label: 'Artist info' },
  { key: 'payout_info', label: 'Payout' },
  { key: 'password_updated', label: 'Password' },
];

export function progressSummary(progress: ApplicationProgress | null | undefined) {
  const done = progressParts.filter((p) => progress?.[p.key]);
  const missing = progressParts.filter((p) => !progress?.[p.key]).map((p) => p.label);
  return { done: done.length, total: progressParts.length, missing };
}

/** A server timestamp as a date (contracts/format.ts: the order zone), or a dash. */
export { formatDate } from '../../contracts/format';

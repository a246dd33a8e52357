import type { AppStatus } from '../../contracts/account';
import type { ApplicationSummary } from '../../contracts/artist';
import type { AdminOrder, AdminStage } from '../../contracts/lifecycle';
import { getAdminActors } from './admin-actors';
import { ADMIN_PAGE_SIZE, getAdminOrdersApi } from './orders.api';
import { useAdminList } from './paged-list';

// The console's paged lists, wired to the API here so that its pages only read and send.

/** /admin/orders: one stage (or a search within it, or one reference), followed live. */
export function useAdminOrders(filters: { stage: AdminStage; transaction?: string; q?: string }) {
  return useAdminList<AdminOrder>(
    (query, cursor) => getAdminOrdersApi().orders({ ...query, cursor }),
    {
      stage: filters.stage,
      ...(filters.transaction ? { transaction: filters.transaction } : {}),
      ...(filters.q ? { q: filters.q } : {}),
    },
    { kinds: ['order', 'offer', 'refund'] },
  );
}

/** /admin/validation: the recordings waiting for validation, oldest due first. */
export function useValidationQueue() {
  return useAdminList<AdminOrder>(
    (query, cursor) => getAdminOrdersApi().orders({ ...query, cursor }),
    {
      stage: 'in_validation',
    },
    { kinds: ['order'] },
  );
}

/** /admin/applications: one status's applications; a decision or a new submission refreshes it. */
export function useApplications(status: AppStatus) {
  return useAdminList<ApplicationSummary>(
    (query, cursor) =>
      getAdminActors().api.applications({ status: query.status as AppStatus, cursor, limit: ADMIN_PAGE_SIZE }),
    { status },
    { kinds: ['application'] },
  );
}

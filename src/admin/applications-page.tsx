import { Link, useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { AppStatus } from '../../contracts/account';
import type { ApplicationSummary } from '../../contracts/artist';
import { AdminListPage, StatusTabs } from './admin-list-toolbar';
import { useApplications } from './admin-lists';
import { applicationTabs, formatDate, progressSummary } from './format';
import { ListTable } from './paged-list';
import { cell, small, textLink } from './table-styles';

/** /admin/applications: one tab per status, a page at a time; the chosen tab is in the URL (?status=). */
export function ApplicationsPage({ status }: { status: AppStatus }) {
  const navigate = useNavigate();
  return (
    <AdminListPage title="Artist applications">
      <StatusTabs
        label="Application status"
        tabs={applicationTabs}
        value={status}
        onValueChange={(next) => void navigate({ to: '/admin/applications', search: { status: next } })}
      >
        {(tab) => <ApplicationsList key={tab.status} status={tab.status} caption={tab.label} empty={tab.empty} />}
      </StatusTabs>
    </AdminListPage>
  );
}

/** One status's applications: the first page, then "Show more"; a decision or a new submission refreshes it. */
function ApplicationsList({ status, caption, empty }: { status: AppStatus; caption: string; empty: string }) {
  const list = useApplications(status);
  return (
    <ListTable
      list={list}
      noun="application"
      loadingText="Loading applications…"
      emptyText={empty}
      caption={`${caption} applications`}
      columns={['Name', 'Stage name', 'Email', 'Submitted', 'Progress']}
      className={css({ minW: '48rem' })}
    >
      <ApplicationRows applications={list.items} />
    </ListTable>
  );
}

/** A row per application: its name opens it. */
function ApplicationRows({ applications }: { applications: ApplicationSummary[] }) {
  return (
    <>
      {applications.map((a) => {
        const progress = progressSummary(a.application_progress);
        return (
          <tr key={a.id} data-testid="application-row">
            <th scope="row" className={`${cell} ${css({ fontWeight: 'semibold' })}`}>
              <Link to="/admin/applications/$id" params={{ id: a.id }} data-row-link className={textLink}>
                {a.full_name}
              </Link>
            </th>
            <td className={cell}>{a.stage_name ?? '—'}</td>
            <td className={cell}>{a.email}</td>
            <td className={cell}>
              {a.submitted_at ? formatDate(a.submitted_at) : 'Not yet'}
              <span className={small}>Applied {formatDate(a.created_at)}</span>
            </td>
            <td className={cell}>
              {`${progress.done} of ${progress.total} parts`}
              {progress.missing.length > 0 ? (
                <span className={small}>Missing: {progress.missing.join(', ')}</span>
              ) : null}
            </td>
          </tr>
        );
      })}
    </>
  );
}

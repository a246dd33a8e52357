import { Tabs } from '@ark-ui/react/tabs';
import { Link, useNavigate } from '@tanstack/react-router';
import { type RefObject, useRef } from 'react';
import { css } from 'styled-system/css';
import type { AppStatus } from '../../contracts/account';
import type { ApplicationSummary } from '../../contracts/artist';
import { ListFooter } from '../components/ui/list-footer';
import { useApplications } from './admin-lists';
import { applicationTabs, formatDate, progressSummary } from './format';
import { ListState, panel } from './paged-list';
import { cell, headCell, tabTrigger } from './table-styles';

/** /admin/applications: one tab per status, a page at a time; the chosen tab is in the URL (?status=). */
export function ApplicationsPage({ status }: { status: AppStatus }) {
  const navigate = useNavigate();
  return (
    <div className={css({ maxW: '7xl', mx: 'auto', px: '4', py: '8' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'extrabold', mb: '4' })}>Artist applications</h1>
      <Tabs.Root
        value={status}
        activationMode="manual"
        onValueChange={({ value }) =>
          void navigate({ to: '/admin/applications', search: { status: value as AppStatus } })
        }
      >
        <Tabs.List
          aria-label="Application status"
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            borderBottomWidth: '1px',
            borderColor: 'border.default',
          })}
        >
          {applicationTabs.map((tab) => (
            <Tabs.Trigger key={tab.status} value={tab.status} className={tabTrigger}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {applicationTabs.map((tab) => (
          <Tabs.Content key={tab.status} value={tab.status} className={css({ pt: '4' })}>
            {tab.status === status ? (
              <ApplicationsList key={status} status={status} caption={tab.label} empty={tab.empty} />
            ) : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

/** One status's applications: the first page, then "Show more"; a decision or a new submission refreshes it. */
function ApplicationsList({ status, caption, empty }: { status: AppStatus; caption: string; empty: string }) {
  const list = useApplications(status);
  const tableRef = useRef<HTMLTableElement>(null);
  return (
    <>
      <ListState list={list} loadingText="Loading applications…" emptyText={empty} />
      {list.items.length > 0 ? (
        <ApplicationsTable applications={list.items} caption={caption} tableRef={tableRef} />
      ) : null}
      <ListFooter list={list} noun="application" listRef={tableRef} />
    </>
  );
}

function ApplicationsTable({
  applications,
  caption,
  tableRef,
}: {
  applications: ApplicationSummary[];
  caption: string;
  tableRef: RefObject<HTMLTableElement | null>;
}) {
  return (
    <div className={`${panel} ${css({ overflowX: 'auto', position: 'relative' })}`}>
      <table ref={tableRef} className={css({ w: 'full', borderCollapse: 'collapse', minW: '48rem' })}>
        <caption className={css({ srOnly: true })}>{`${caption} applications`}</caption>
        <thead>
          <tr>
            <th scope="col" className={headCell}>
              Name
            </th>
            <th scope="col" className={headCell}>
              Stage name
            </th>
            <th scope="col" className={headCell}>
              Email
            </th>
            <th scope="col" className={headCell}>
              Submitted
            </th>
            <th scope="col" className={headCell}>
              Progress
            </th>
          </tr>
        </thead>
        <tbody>
          {applications.map((a) => {
            const progress = progressSummary(a.application_progress);
            return (
              <tr key={a.id} data-testid="application-row">
                <th scope="row" className={`${cell} ${css({ fontWeight: 'semibold' })}`}>
                  <Link
                    to="/admin/applications/$id"
                    params={{ id: a.id }}
                    data-row-link
                    className={css({ color: 'brand.700', textDecoration: 'underline' })}
                  >
                    {a.full_name}
                  </Link>
                </th>
                <td className={cell}>{a.stage_name ?? '—'}</td>
                <td className={cell}>{a.email}</td>
                <td className={cell}>
                  {a.submitted_at ? formatDate(a.submitted_at) : 'Not yet'}
                  <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>
                    Applied {formatDate(a.created_at)}
                  </span>
                </td>
                <td className={cell}>
                  {`${progress.done} of ${progress.total} parts`}
                  {progress.missing.length > 0 ? (
                    <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>
                      Missing: {progress.missing.join(', ')}
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

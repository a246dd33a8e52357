import { Tabs } from '@ark-ui/react/tabs';
import { Link, useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { AppStatus } from '../../contracts/account';
import type { ApplicationSummary } from '../../contracts/artist';
import { applicationTabs, formatDate, progressSummary } from './format';
import { cell, headCell, tabTrigger } from './table-styles';

/** /admin/applications: one tab per status; the chosen tab is in the URL (?status=). */
export function ApplicationsPage({ status, applications }: { status: AppStatus; applications: ApplicationSummary[] }) {
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
              <ApplicationsTable applications={applications} caption={tab.label} empty={tab.empty} />
            ) : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

function ApplicationsTable({
  applications,
  caption,
  empty,
}: {
  applications: ApplicationSummary[];
  caption: string;
  empty: string;
}) {
  if (applications.length === 0) {
    return (
      <p
        data-testid="applications-empty"
        className={css({ py: '12', textAlign: 'center', color: 'fg.muted', bg: 'white', borderRadius: 'lg' })}
      >
        {empty}
      </p>
    );
  }
  return (
    <div className={css({ overflowX: 'auto', position: 'relative', bg: 'white', borderRadius: 'lg', boxShadow: 'sm' })}>
      <table className={css({ w: 'full', borderCollapse: 'collapse', minW: '48rem' })}>
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

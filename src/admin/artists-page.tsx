import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { type ArtistListStatus, artistListStatuses } from '../../contracts/artist-list';
import type { AdminArtist } from '../../contracts/operations';
import { TextAreaField } from '../components/artist-application/text-area-field';
import { Avatar } from '../components/ui/avatar';
import { Button } from '../components/ui/button';
import { Modal } from '../components/ui/modal';
import { AdminListPage, AdminListToolbar } from './admin-list-toolbar';
import { useAdminArtists, useArtistStatusActor, useStageNameActor } from './artists-actors';
import { formatDateTime } from './orders-format';
import { Badge, ListTable } from './paged-list';
import { cell, small, textLink } from './table-styles';

const statusLabels: Record<ArtistListStatus, string> = {
  all: 'All artists',
  active: 'Approved and active',
  suspended: 'Suspended',
  stage_name: 'Stage names to review',
};
const statusOptions = artistListStatuses.map((value) => ({ value, display: statusLabels[value] }));
const appStatusLabels: Record<string, string> = {
  incomplete: 'Application unfinished',
  for_review: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Needs changes',
};

/** /admin/artists: every artist account with its status, a search, suspend / reactivate and stage names to review. */
export function ArtistsPage({ status, q }: { status: ArtistListStatus; q: string | undefined }) {
  const navigate = useNavigate();
  const searchOf = (next: { status?: ArtistListStatus; q?: string | undefined }) => ({
    ...(next.status && next.status !== 'all' ? { status: next.status } : {}),
    ...(next.q ? { q: next.q } : {}),
  });
  return (
    <AdminListPage title="Artists">
      <AdminListToolbar
        filter={{
          label: 'Show',
          options: statusOptions,
          value: status,
          onValueChange: (value) => void navigate({ to: '/admin/artists', search: searchOf({ status: value, q }) }),
        }}
        search={{
          label: 'Search artists',
          id: 'artists-search',
          placeholder: 'Stage name, name or email',
          value: q,
          onSearch: (text) => void navigate({ to: '/admin/artists', search: searchOf({ status, q: text }) }),
          summary: (
            <>
              Artists matching “{q}”.{' '}
              <Link to="/admin/artists" search={searchOf({ status })} className={textLink}>
                Clear the search
              </Link>
            </>
          ),
        }}
      />
      <ArtistsList key={`${status}|${q ?? ''}`} status={status} q={q} />
    </AdminListPage>
  );
}

function ArtistsList({ status, q }: { status: ArtistListStatus; q: string | undefined }) {
  const list = useAdminArtists(status, q);
  const statusActor = useArtistStatusActor(list.actor);
  const nameActor = useStageNameActor(list.actor);
  const deciding = useSelector(nameActor, (s) => s.context.deciding);
  const open = useSelector(statusActor, (s) => s.hasTag('dialogOpen'));
  const busy = useSelector(statusActor, (s) => s.hasTag('busy'));
  const { artistId, action, reason, errors } = useSelector(statusActor, (s) => s.context);
  const chosen = list.items.find((a) => a.user_id === artistId);
  const name = chosen?.stage_name ?? chosen?.name ?? 'this artist';
  const empty = q
    ? `No artist matches “${q}”.`
    : status === 'suspended'
      ? 'No artist is suspended.'
      : status === 'stage_name'
        ? 'No stage name is waiting for review.'
        : 'No artists yet.';

  return (
    <>
      {/* On a phone each artist is a card (cells stacked); from md up, a table. */}
      <ListTable
        list={list}
        noun="artist"
        loadingText="Loading artists…"
        emptyText={empty}
        caption={statusLabels[status]}
        columns={['Artist', 'Application', 'Status', 'Action']}
        className={css({
          minW: { md: '44rem' },
          '& thead': { display: { base: 'none', md: 'table-header-group' } },
          '& tbody, & tr, & tbody th, & tbody td': { display: { base: 'block', md: 'revert' } },
          '& tbody tr': {
            borderBottomWidth: { base: '1px', md: '0' },
            borderColor: 'border.default',
            py: { base: '2', md: '0' },
          },
        })}
      >
        {list.items.map((artist) => (
          <tr key={artist.id} data-testid="artist-row">
            <th scope="row" className={cell}>
              <span className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
                <Avatar src={artist.avatar} name={artist.stage_name ?? artist.name} size={40} />
                <span>
                  <span className={css({ fontWeight: 'semibold' })}>{artist.stage_name ?? artist.name}</span>
                  <span className={small}>
                    {artist.name} · {artist.email}
                  </span>
                  {artist.pending_stage_name ? (
                    <StageNameRequest
                      artist={artist}
                      busy={deciding?.id === artist.user_id ? deciding.decision : null}
                      disabled={deciding !== null}
                      onDecide={(decision) =>
                        nameActor.send({
                          type: decision === 'approve' ? 'user.approve' : 'user.reject',
                          id: artist.user_id,
                          stageName: artist.pending_stage_name ?? '',
                        })
                      }
                    />
                  ) : null}
                </span>
              </span>
            </th>
            <td className={cell}>{artist.app_status ? appStatusLabels[artist.app_status] : '—'}</td>
            <td className={cell}>
              <Badge
                tone={artist.status === 'active' ? 'ok' : artist.status === 'suspended' ? 'danger' : 'muted'}
                testId="artist-status"
              >
                {artist.status === 'active'
                  ? artist.is_online
                    ? 'Active · online'
                    : 'Active · offline'
                  : artist.status === 'suspended'
                    ? 'Suspended'
                    : 'Deactivated'}
              </Badge>
              {artist.status === 'suspended' && artist.suspended_at ? (
                <span className={small}>since {formatDateTime(artist.suspended_at)}</span>
              ) : null}
              {artist.last_reason ? <span className={small}>Reason: {artist.last_reason}</span> : null}
            </td>
            <td className={cell}>
              {artist.status === 'active' ? (
                <Button
                  size="sm"
                  color="danger"
                  data-row-link
                  aria-label={`Suspend ${artist.stage_name ?? artist.name}`}
                  onClick={() => statusActor.send({ type: 'user.suspend', id: artist.user_id })}
                >
                  Suspend
                </Button>
              ) : artist.status === 'suspended' ? (
                <Button
                  size="sm"
                  color="secondary"
                  data-row-link
                  aria-label={`Reactivate ${artist.stage_name ?? artist.name}`}
                  onClick={() => statusActor.send({ type: 'user.reactivate', id: artist.user_id })}
                >
                  Reactivate
                </Button>
              ) : (
                <span className={small}>The artist closed their account</span>
              )}
            </td>
          </tr>
        ))}
      </ListTable>

      <Modal
        open={open}
        role="alertdialog"
        onClose={() => statusActor.send({ type: 'user.dismiss' })}
        title={action === 'reactivate' ? `Reactivate ${name}?` : `Suspend ${name}?`}
        description={
          action === 'reactivate'
            ? 'They can sign in again and go online when they choose.'
            : 'They go offline, disappear from the catalogue and cannot sign in. Their open offers are withdrawn and work they took goes back to the customers to choose another artist.'
        }
        staticBackdrop={busy}
        footer={
          <>
            <Button color="text" onClick={() => statusActor.send({ type: 'user.dismiss' })} disabled={busy}>
              Cancel
            </Button>
            <Button
              color={action === 'reactivate' ? 'primary' : 'danger'}
              type="submit"
              form="artist-status-form"
              loading={busy}
            >
              {action === 'reactivate' ? 'Reactivate' : 'Suspend'}
            </Button>
          </>
        }
      >
        <form
          id="artist-status-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            statusActor.send({ type: 'user.confirm' });
          }}
        >
          <TextAreaField
            label="Reason"
            name="reason"
            value={reason}
            errors={errors.reason ?? []}
            hint="Kept with the account's history. Up to 500 characters."
            maxLength={500}
            onValueChange={(value) => statusActor.send({ type: 'reason.changed', value })}
          />
        </form>
      </Modal>
    </>
  );
}

/** An artist's new stage name waiting for a decision, with the two answers. */
function StageNameRequest({
  artist,
  busy,
  disabled,
  onDecide,
}: {
  artist: AdminArtist;
  busy: 'approve' | 'reject' | null;
  disabled: boolean;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  const current = artist.stage_name ?? artist.name;
  return (
    <span
      data-testid="stage-name-request"
      className={css({ display: 'grid', gap: '2', mt: '2', p: '2', bg: 'yellow.50', borderRadius: 'md' })}
    >
      <span className={css({ fontSize: 'sm' })}>
        <Badge tone="info">Stage name to review</Badge> Asks to be called <strong>{artist.pending_stage_name}</strong>
        {artist.pending_stage_name_at ? ` (since ${formatDateTime(artist.pending_stage_name_at)})` : ''}
      </span>
      <span className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <Button
          size="sm"
          loading={busy === 'approve'}
          disabled={disabled}
          aria-label={`Approve the stage name ${artist.pending_stage_name} for ${current}`}
          onClick={() => onDecide('approve')}
        >
          Approve new name
        </Button>
        <Button
          size="sm"
          color="secondary"
          loading={busy === 'reject'}
          disabled={disabled}
          aria-label={`Keep ${current} as the stage name`}
          onClick={() => onDecide('reject')}
        >
          Keep {current}
        </Button>
      </span>
    </span>
  );
}

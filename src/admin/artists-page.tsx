import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { css } from 'styled-system/css';
import { type ArtistListStatus, artistListStatuses } from '../../contracts/artist-list';
import type { AdminArtist } from '../../contracts/operations';
import { TextAreaField } from '../components/artist-application/text-area-field';
import { Avatar } from '../components/ui/avatar';
import { Button } from '../components/ui/button';
import { inputClass } from '../components/ui/field';
import { ListFooter } from '../components/ui/list-footer';
import { Modal } from '../components/ui/modal';
import { SelectField } from '../components/ui/select-field';
import { useAdminArtists, useArtistStatusActor, useStageNameActor } from './artists-actors';
import { formatDateTime } from './orders-format';
import { Badge, ListState, panel } from './paged-list';
import { cell, headCell, small, tableScroller } from './table-styles';

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
const link = css({ color: 'brand.700', textDecoration: 'underline', fontWeight: 'semibold' });

/** /admin/artists: every artist account with its status, a search, suspend / reactivate and stage names to review. */
export function ArtistsPage({ status, q }: { status: ArtistListStatus; q: string | undefined }) {
  const navigate = useNavigate();
  const searchOf = (next: { status?: ArtistListStatus; q?: string | undefined }) => ({
    ...(next.status && next.status !== 'all' ? { status: next.status } : {}),
    ...(next.q ? { q: next.q } : {}),
  });
  return (
    <div className={css({ maxW: '7xl', mx: 'auto', px: '4', py: '8' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'extrabold', mb: '4' })}>Artists</h1>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'flex-end', mb: '4' })}>
        <div className={css({ w: { base: 'full', sm: '16rem' } })}>
          <SelectField
            label="Show"
            options={statusOptions}
            value={status}
            onChange={(value) =>
              void navigate({ to: '/admin/artists', search: searchOf({ status: value as ArtistListStatus, q }) })
            }
          />
        </div>
        {/* Uncontrolled: the address holds the search; the box is read when the form is sent. */}
        <form
          aria-label="Search artists"
          key={q ?? ''}
          className={css({
            display: 'flex',
            gap: '2',
            alignItems: 'flex-end',
            flex: '1',
            minW: { base: 'full', sm: '20rem' },
          })}
          onSubmit={(e) => {
            e.preventDefault();
            const text = String(new FormData(e.currentTarget).get('q') ?? '').trim();
            void navigate({ to: '/admin/artists', search: searchOf({ status, q: text.slice(0, 100) }) });
          }}
        >
          <div className={css({ flex: '1', mb: '4' })}>
            <label
              htmlFor="artists-search"
              className={css({ display: 'block', fontWeight: 'semibold', mb: '1', fontSize: 'sm' })}
            >
              Search
            </label>
            <input
              id="artists-search"
              name="q"
              type="search"
              defaultValue={q ?? ''}
              maxLength={100}
              placeholder="Stage name, name or email"
              className={inputClass}
            />
          </div>
          <Button type="submit" color="secondary" className={css({ mb: '4' })}>
            Search
          </Button>
        </form>
      </div>
      {q ? (
        <p className={css({ mb: '4' })}>
          Artists matching “{q}”.{' '}
          <Link to="/admin/artists" search={searchOf({ status })} className={link}>
            Clear the search
          </Link>
        </p>
      ) : null}
      <ArtistsList key={`${status}|${q ?? ''}`} status={status} q={q} />
    </div>
  );
}

function ArtistsList({ status, q }: { status: ArtistListStatus; q: string | undefined }) {
  const list = useAdminArtists(status, q);
  const tableRef = useRef<HTMLTableElement>(null);
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
      <ListState list={list} loadingText="Loading artists…" emptyText={empty} />
      {list.items.length > 0 ? (
        <div className={`${panel} ${tableScroller}`}>
          {/* On a phone each artist is a card (cells stacked); from md up, a table. */}
          <table
            ref={tableRef}
            className={css({
              w: 'full',
              borderCollapse: 'collapse',
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
            <caption className={css({ srOnly: true })}>{statusLabels[status]}</caption>
            <thead>
              <tr>
                <th scope="col" className={headCell}>
                  Artist
                </th>
                <th scope="col" className={headCell}>
                  Application
                </th>
                <th scope="col" className={headCell}>
                  Status
                </th>
                <th scope="col" className={headCell}>
                  Action
                </th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      ) : null}
      <ListFooter list={list} noun="artist" listRef={tableRef} />

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

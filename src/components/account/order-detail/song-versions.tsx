import { css } from 'styled-system/css';
import { formatDate } from '../../../../contracts/format';
import type { OrderDetail } from '../../../../contracts/order';
import { usePlayer } from '../../../player/use-player';
import { Button } from '../../ui/button';
import { sectionClass, sectionHeading } from './order-facts';

const notesClass = css({
  borderLeftWidth: '4px',
  borderColor: 'brand.500',
  pl: '3',
  mt: '2',
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
});

/** Her notes as the version they asked for shows them. */
function YourNotes({ notes }: { notes: string }) {
  return (
    <>
      <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '2' })}>Your notes:</p>
      <blockquote className={notesClass}>{notes}</blockquote>
    </>
  );
}

/**
 * Every song she was given, newest first (v1, v2, …), each with its date, the notes that asked for it
 * and a play button; the version being made after her latest notes on top. Shown once there is more
 * than the first song to follow.
 */
export function SongVersions({ order, artistName }: { order: OrderDetail; artistName: string }) {
  const player = usePlayer();
  const requested = order.requested_version;
  if (order.versions.length < 2 && !requested) return null;
  const newest = order.versions.at(-1)?.number;
  return (
    <section aria-labelledby="versions-heading" className={sectionClass}>
      <h3 id="versions-heading" className={sectionHeading}>
        Versions of your song
      </h3>
      <ol className={css({ display: 'grid', gap: '4' })}>
        {requested ? (
          <li data-testid={`version-${requested.number}`}>
            <h4 className={css({ fontWeight: 'semibold' })}>Version {requested.number}: being made</h4>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Asked for on {formatDate(requested.asked_at)}</p>
            <YourNotes notes={requested.notes} />
          </li>
        ) : null}
        {[...order.versions].reverse().map((version) => {
          const playerId = `order-${order.id}-v${version.number}`;
          const playing = player.playingArtistId === playerId;
          const title = `Song for ${order.recipient_first_name}, version ${version.number}`;
          return (
            <li key={version.number} data-testid={`version-${version.number}`}>
              <h4 className={css({ fontWeight: 'semibold' })}>
                Version {version.number}
                {version.number === newest ? ' (current)' : ''}
              </h4>
              <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                Delivered on {formatDate(version.delivered_at)}
              </p>
              {version.notes ? <YourNotes notes={version.notes} /> : null}
              <Button
                size="sm"
                color="secondary"
                className={css({ mt: '2' })}
                onClick={() =>
                  player.toggleArtist({ id: playerId, name: artistName, image: null }, [{ url: version.url, title }])
                }
              >
                <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>{' '}
                {playing ? `Pause version ${version.number}` : `Play version ${version.number}`}
              </Button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

import { css } from 'styled-system/css';
import type { AdminOrder } from '../../contracts/lifecycle';
import { formatDateTime, recordingStatusLabel } from './orders-format';
import { Badge, panel } from './paged-list';

const sectionTitle = css({ fontSize: 'lg', fontWeight: 'bold', mb: '3' });
const cardTitle = css({ fontWeight: 'semibold', mb: '2' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });
const player = css({ w: 'full', mt: '1' });

/**
 * The recording beside the customer's clip of the recipient's name, so the admin can compare how the
 * artist sang it; the lyrics below. Two plain players: the admin may want to play them in turn, and
 * the global player holds one song at a time.
 */
export function OrderMedia({ order }: { order: AdminOrder }) {
  const { recording } = order;
  const { occasion, story } = order.brief;
  const name = occasion.recipient_first_name;
  const clip = story.audio_recording1_clip;
  return (
    <section aria-labelledby="media-title" className={`${panel} ${css({ p: { base: '4', md: '6' } })}`}>
      <h2 id="media-title" className={sectionTitle}>
        Recording and the name
      </h2>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '5' })}>
        <div data-testid="recording-player">
          <h3 className={cardTitle}>{recording ? `Recording, version ${recording.version}` : 'Recording'}</h3>
          {recording ? (
            <>
              {/* biome-ignore lint/a11y/useMediaCaption: the lyrics are shown in full right below. */}
              <audio
                controls
                preload="none"
                src={recording.url}
                aria-label={`Play the recording, version ${recording.version}`}
                className={player}
              />
              <p className={`${muted} ${css({ mt: '1', display: 'flex', gap: '2', flexWrap: 'wrap' })}`}>
                <span>Submitted {formatDateTime(recording.uploaded_at)}</span>
                <Badge tone="muted">{recordingStatusLabel[recording.status]}</Badge>
              </p>
            </>
          ) : (
            <p className={muted}>The artist has not submitted a recording yet.</p>
          )}
        </div>
        <div data-testid="pronunciation-player">
          <h3 className={cardTitle}>How to say “{name}”</h3>
          {clip ? (
            // biome-ignore lint/a11y/useMediaCaption: a spoken name; the written pronunciation is below.
            <audio
              controls
              preload="none"
              src={clip.url}
              aria-label={`Play how the customer says ${name}`}
              className={player}
            />
          ) : (
            <p className={muted}>The customer did not record the name.</p>
          )}
          <p className={css({ mt: '2' })}>
            <span className={muted}>Written as: </span>
            {occasion.recipient_pronunciation || <span className={muted}>not given</span>}
          </p>
          <p className={muted}>
            {occasion.recipient_mentioned ? `${name}'s name should be in the song.` : 'The name need not be sung.'}
          </p>
        </div>
      </div>
      <h3 className={`${cardTitle} ${css({ mt: '5' })}`}>Lyrics</h3>
      {recording?.lyrics ? (
        <p
          data-testid="lyrics"
          className={css({
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            bg: 'bg.subtle',
            p: '3',
            borderRadius: 'md',
          })}
        >
          {recording.lyrics}
        </p>
      ) : (
        <p className={muted}>{recording ? 'No lyrics were submitted with this recording.' : 'No lyrics yet.'}</p>
      )}
    </section>
  );
}

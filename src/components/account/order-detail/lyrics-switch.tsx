import { css } from 'styled-system/css';
import type { LifecycleFacts } from '../../../../contracts/lifecycle';
import { lyricsLabels } from '../../../../contracts/lyrics';
import { useLyricsSwitch } from '../../../actors/use-lyrics-switch';

/**
 * Whether the server still lets the customer change lyrics approval (server/lyrics/lyrics.handlers.ts):
 * freely before an artist takes the order; afterwards only off, while the artist works on the lyrics.
 */
export function lyricsSwitchOpen(facts: LifecycleFacts): boolean {
  if (['awaiting_payment', 'offered', 'needs_artist'].includes(facts.status)) return true;
  return facts.status === 'in_progress' && facts.lyrics_approval === true && facts.lyrics_step !== undefined;
}

/** "Approve the lyrics before the recording" on the customer's order page, while it can still change. */
export function LyricsSwitch({ orderId, facts }: { orderId: number; facts: LifecycleFacts }) {
  const { view, send } = useLyricsSwitch(orderId, facts.lyrics_approval === true);
  const hintId = `lyrics-switch-hint-${orderId}`;
  const problemId = `lyrics-switch-problem-${orderId}`;
  return (
    <div className={css({ mt: '4', display: 'grid', gap: '1' })}>
      {/* A button the machine alone turns (as the artist's online switch): a refused change leaves it as it was. */}
      <button
        type="button"
        role="switch"
        aria-checked={view.on}
        aria-busy={view.busy}
        aria-describedby={view.problem ? `${hintId} ${problemId}` : hintId}
        disabled={view.busy}
        onClick={() => send({ type: 'user.toggle' })}
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '2',
          justifySelf: 'start',
          cursor: 'pointer',
          bg: 'transparent',
          color: 'inherit',
          textAlign: 'left',
          _disabled: { cursor: 'default' },
          _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
        })}
      >
        <span
          aria-hidden="true"
          data-state={view.on ? 'checked' : 'unchecked'}
          className={css({
            flexShrink: 0,
            w: '11',
            h: '6',
            bg: 'gray.500',
            borderRadius: 'full',
            display: 'inline-flex',
            alignItems: 'center',
            p: '0.5',
            _checked: { bg: 'green.700' },
          })}
        >
          <span
            data-state={view.on ? 'checked' : 'unchecked'}
            className={css({
              w: '5',
              h: '5',
              bg: 'white',
              borderRadius: 'full',
              _checked: { transform: 'translateX(1.25rem)' },
            })}
          />
        </span>
        <span className={css({ fontWeight: 'medium' })}>{lyricsLabels.switchLabel}</span>
      </button>
      <p id={hintId} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {lyricsLabels.switchHint}
      </p>
      {view.problem ? (
        <p id={problemId} role="alert" className={css({ fontSize: 'sm', color: 'red.700' })}>
          {view.problem}
        </p>
      ) : null}
    </div>
  );
}

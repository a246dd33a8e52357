// docs/product.md §2 Global audio player bar: fixed at the bottom of every page while something is loaded.
// It renders connectPlayer's view and sends the player's events; it holds no playback state itself.
// A spacer as tall as the bar follows the page so the bar never covers the footer.
import { Slider, type SliderRootProps } from '@ark-ui/react/slider';
import { useSelector } from '@xstate/react';
import { type CSSProperties, type Ref, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { player } from '../../contracts/constants';
import { connectPlayer, type PlayerView, progressText, rateLabel } from '../../machines/player.connect';
import { SelectField } from '../components/ui/select-field';
import { CloseIcon, MusicIcon, MutedIcon, NextIcon, PauseIcon, PlayIcon, PreviousIcon, VolumeIcon } from './icons';
import { type PlayerActor, usePlayerActor } from './player-actor';

// docs/product.md §9: the player's theme colour is orange.
const themeStyle = { '--player-accent': player.themeColor } as CSSProperties;

const rateOptions = player.playbackRates.map((rate) => ({ value: String(rate), display: rateLabel(rate) }));

const iconButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '9',
  h: '9',
  flexShrink: 0,
  borderRadius: 'full',
  color: 'gray.700',
  cursor: 'pointer',
  transition: 'background 0.15s, color 0.15s',
  _hover: { bg: 'gray.100', color: 'gray.900' },
  _focusVisible: { outline: '3px solid', outlineColor: 'brand.300', outlineOffset: '1px' },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
});

const sliderControl = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  h: '6',
  cursor: 'pointer',
  touchAction: 'none',
  '&[data-disabled]': { cursor: 'default' },
});
const sliderTrack = css({ flex: '1', h: '1.5', bg: 'gray.200', borderRadius: 'full', overflow: 'hidden' });
const sliderRange = css({ h: 'full', bg: 'var(--player-accent)', '&[data-disabled]': { bg: 'gray.300' } });
const sliderThumb = css({
  w: '4',
  h: '4',
  borderRadius: 'full',
  bg: 'white',
  borderWidth: '2px',
  borderColor: 'brand.700',
  boxShadow: 'sm',
  cursor: 'grab',
  _focusVisible: { outline: '3px solid', outlineColor: 'brand.300', outlineOffset: '1px' },
  '&[data-dragging]': { cursor: 'grabbing', transform: 'scale(1.15)' },
  '&[data-disabled]': { display: 'none' },
});
/** A row on phones; on wider screens its children join the bar's grid. */
const rowClass = css({ display: { base: 'flex', md: 'contents' }, alignItems: 'center', gap: '2', minW: '0' });
const timeLabel = css({
  fontSize: 'xs',
  color: 'gray.600',
  fontVariantNumeric: 'tabular-nums',
  minW: '9',
  textAlign: 'center',
  flexShrink: 0,
});

/** The bar of the app's player (nothing before the first play has started it). */
export function PlayerBar() {
  const actor = usePlayerActor();
  return actor ? <StartedPlayerBar actor={actor} /> : null;
}

function StartedPlayerBar({ actor }: { actor: PlayerActor }) {
  const view = useSelector(actor, connectPlayer);
  const barRef = useRef<HTMLElement | null>(null);
  const barHeight = useElementHeight(barRef, view.visible);

  return (
    <>
      {view.visible ? <div aria-hidden="true" data-part="player-spacer" style={{ height: barHeight }} /> : null}
      <PlayerNotice notice={view.notice} bottom={view.visible ? barHeight : 0} />
      {view.visible ? <Bar ref={barRef} view={view} actor={actor} /> : null}
    </>
  );
}

/** docs/product.md §8: the error notice, a status message above the bar (kept mounted so it is announced). */
function PlayerNotice({ notice, bottom }: { notice: string | null; bottom: number }) {
  return (
    <div
      role="status"
      aria-label="Player notice"
      data-part="player-notice"
      style={{ bottom: bottom + 12 }}
      className={css({
        position: 'fixed',
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 'banner',
        maxW: 'calc(100vw - 2rem)',
        w: 'max-content',
        pointerEvents: 'none',
      })}
    >
      {notice ? (
        <p
          className={css({
            bg: 'gray.900',
            color: 'white',
            fontSize: 'sm',
            px: '4',
            py: '2.5',
            borderRadius: 'lg',
            boxShadow: 'lg',
            borderLeftWidth: '4px',
            borderLeftColor: 'var(--player-accent)',
            animation: 'fade-in 0.2s',
          })}
          style={themeStyle}
        >
          {notice}
        </p>
      ) : null}
    </div>
  );
}

function Bar({ ref, view, actor }: { ref: Ref<HTMLElement>; view: PlayerView; actor: PlayerActor }) {
  const artistName = view.artist?.name ?? '';
  return (
    <section
      ref={ref}
      aria-label="Audio player"
      data-part="player-bar"
      data-state={view.isBusy ? 'loading' : view.isPlaying ? 'playing' : 'paused'}
      style={themeStyle}
      className={css({
        position: 'fixed',
        insetX: '0',
        bottom: '0',
        zIndex: 'banner',
        bg: 'white',
        borderTopWidth: '1px',
        borderColor: 'border.default',
        boxShadow: '0 -6px 20px rgba(17, 24, 39, 0.08)',
        pb: 'env(safe-area-inset-bottom)',
      })}
    >
      {/* The song's progress, as a thin line along the top edge. */}
      <div
        aria-hidden="true"
        className={css({ position: 'absolute', top: '-1px', left: '0', h: '2px', bg: 'var(--player-accent)' })}
        style={{ width: view.duration > 0 ? `${Math.min(100, (view.position / view.duration) * 100)}%` : 0 }}
      />
      <div
        className={css({
          maxW: '7xl',
          mx: 'auto',
          px: { base: '3', md: '4' },
          py: { base: '2', md: '3' },
          // Phones: two rows (song and buttons; progress and settings). Wider: one grid row.
          display: { base: 'flex', md: 'grid' },
          flexDir: 'column',
          alignItems: { md: 'center' },
          gap: { base: '1', md: '4' },
          gridTemplateColumns: 'minmax(10rem, 15rem) auto minmax(10rem, 1fr) auto auto auto',
          gridTemplateAreas: '"info controls progress volume rate close"',
        })}
      >
        <div className={rowClass}>
          <div
            className={css({ gridArea: 'info', flex: '1', display: 'flex', alignItems: 'center', gap: '3', minW: '0' })}
          >
            <AlbumImage key={view.artist?.image ?? ''} src={view.artist?.image ?? null} />
            <div className={css({ minW: '0' })}>
              <p
                className={css({ fontWeight: 'semibold', fontSize: 'sm', lineHeight: '1.3', truncate: true })}
                data-part="player-artist"
              >
                {artistName}
              </p>
              <p className={css({ fontSize: 'xs', color: 'gray.600', lineHeight: '1.3', truncate: true })}>
                {view.song?.title}
                {view.hasManySongs ? (
                  <span className={css({ color: 'gray.500' })}>
                    {' '}
                    · {view.songNumber} of {view.songCount}
                  </span>
                ) : null}
              </p>
            </div>
          </div>

          <div className={css({ gridArea: 'controls', display: 'flex', alignItems: 'center', gap: '1' })}>
            {view.hasManySongs ? <SongStepButton step="previous" enabled={view.canPrevious} actor={actor} /> : null}
            <PlayPauseButton view={view} actor={actor} />
            {view.hasManySongs ? <SongStepButton step="next" enabled={view.canNext} actor={actor} /> : null}
          </div>
        </div>
        <div className={rowClass}>
          <ProgressSlider view={view} actor={actor} />
          <VolumeControl view={view} actor={actor} />
          <RateSelect view={view} actor={actor} />
          <button
            type="button"
            className={cx(iconButton, css({ gridArea: 'close', justifySelf: 'end' }))}
            aria-label="Close player"
            onClick={() => actor.send({ type: 'player.close' })}
          >
            <CloseIcon />
          </button>
        </div>
      </div>
    </section>
  );
}

function AlbumImage({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false);
  const box = css({
    w: { base: '10', md: '12' },
    h: { base: '10', md: '12' },
    borderRadius: 'md',
    flexShrink: 0,
    objectFit: 'cover',
  });
  if (!src || broken) {
    return (
      <span
        aria-hidden="true"
        data-part="album-placeholder"
        className={cx(
          box,
          css({
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: 'white',
            bgGradient: 'to-br',
            gradientFrom: 'brand.400',
            gradientTo: 'brand.700',
          }),
        )}
      >
        <MusicIcon />
      </span>
    );
  }
  // Decorative: the artist's name is written beside it.
  return <img src={src} alt="" data-part="album-image" className={box} onError={() => setBroken(true)} />;
}

/** Previous and next song (shown for an artist with more than one). */
const songSteps = {
  previous: { label: 'Previous song', event: { type: 'player.previous' }, icon: <PreviousIcon /> },
  next: { label: 'Next song', event: { type: 'player.next' }, icon: <NextIcon /> },
} as const;

function SongStepButton({
  step,
  enabled,
  actor,
}: {
  step: keyof typeof songSteps;
  enabled: boolean;
  actor: PlayerActor;
}) {
  const { label, event, icon } = songSteps[step];
  return (
    <button
      type="button"
      className={iconButton}
      aria-label={label}
      disabled={!enabled}
      onClick={() => actor.send(event)}
    >
      {icon}
    </button>
  );
}

function PlayPauseButton({ view, actor }: { view: PlayerView; actor: PlayerActor }) {
  const pauses = view.isPlaying;
  return (
    <button
      type="button"
      aria-label={pauses ? 'Pause' : 'Play'}
      aria-busy={view.isBusy || undefined}
      disabled={pauses ? !view.canPause : !view.canPlay}
      onClick={() => actor.send({ type: pauses ? 'player.pause' : 'player.play' })}
      className={css({
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        w: '11',
        h: '11',
        flexShrink: 0,
        borderRadius: 'full',
        bg: 'brand.600',
        color: 'white',
        cursor: 'pointer',
        boxShadow: 'sm',
        transition: 'background 0.15s, transform 0.1s',
        _hover: { bg: 'brand.700' },
        _active: { transform: 'scale(0.96)' },
        _focusVisible: { outline: '3px solid', outlineColor: 'brand.300', outlineOffset: '2px' },
        _disabled: { opacity: 0.5, cursor: 'not-allowed' },
      })}
    >
      {pauses ? <PauseIcon size={22} /> : <PlayIcon size={22} />}
      {view.isBusy ? (
        <span
          aria-hidden="true"
          className={css({
            position: 'absolute',
            inset: '-3px',
            borderRadius: 'full',
            borderWidth: '2px',
            borderColor: 'transparent',
            borderTopColor: 'var(--player-accent)',
            animation: 'spin 0.9s linear infinite',
          })}
        />
      ) : null}
    </button>
  );
}

function ProgressSlider({ view, actor }: { view: PlayerView; actor: PlayerActor }) {
  const max = view.duration > 0 ? view.duration : 1;
  return (
    <div
      className={css({ gridArea: 'progress', flex: '1', display: 'flex', alignItems: 'center', gap: '2', minW: '0' })}
    >
      <span className={timeLabel} data-part="player-position">
        {view.positionLabel}
      </span>
      <BarSlider
        label="Seek"
        className={css({ flex: '1', minW: '0' })}
        min={0}
        max={max}
        step={1}
        value={[Math.min(view.position, max)]}
        disabled={!view.canSeek}
        getAriaValueText={(details) => progressText(details.value, view.duration)}
        // Dragging only moves the thumb; letting go (or a click, or a key) seeks.
        onValueChange={(details) => actor.send({ type: 'seek.move', time: details.value[0] ?? 0 })}
        onValueChangeEnd={(details) => actor.send({ type: 'seek.commit', time: details.value[0] ?? 0 })}
      />
      <span className={timeLabel} data-part="player-duration">
        {view.durationLabel}
      </span>
    </div>
  );
}

function VolumeControl({ view, actor }: { view: PlayerView; actor: PlayerActor }) {
  return (
    <div className={css({ gridArea: 'volume', display: 'flex', alignItems: 'center', gap: '1', justifySelf: 'end' })}>
      <button
        type="button"
        className={iconButton}
        aria-label={view.muted ? 'Unmute' : 'Mute'}
        onClick={() => actor.send({ type: 'player.toggleMute' })}
      >
        {view.muted ? <MutedIcon /> : <VolumeIcon />}
      </button>
      {/* Phones set the volume with their own buttons (iOS ignores a page's volume): the slider shows from sm up. */}
      <BarSlider
        label="Volume"
        className={css({ w: '24', display: { base: 'none', sm: 'block' } })}
        min={0}
        max={1}
        step={0.05}
        value={[view.effectiveVolume]}
        getAriaValueText={() => view.volumeText}
        onValueChange={(details) => actor.send({ type: 'player.volume', volume: details.value[0] ?? 0 })}
      />
    </div>
  );
}

/** A slider of the bar (seek, volume): named for screen readers only, with the bar's track and thumb. */
function BarSlider({ label, ...props }: SliderRootProps & { label: string }) {
  return (
    <Slider.Root thumbAlignment="center" {...props}>
      <Slider.Label className={css({ srOnly: true })}>{label}</Slider.Label>
      <Slider.Control className={sliderControl}>
        <Slider.Track className={sliderTrack}>
          <Slider.Range className={sliderRange} />
        </Slider.Track>
        <Slider.Thumb index={0} className={sliderThumb}>
          <Slider.HiddenInput />
        </Slider.Thumb>
      </Slider.Control>
    </Slider.Root>
  );
}

function RateSelect({ view, actor }: { view: PlayerView; actor: PlayerActor }) {
  return (
    <SelectField
      label="Playback speed"
      hideLabel
      size="compact"
      placement="top"
      className={css({ gridArea: 'rate', justifySelf: 'end' })}
      options={rateOptions}
      value={String(view.rate)}
      placeholder=""
      onChange={(value) => {
        const rate = Number(value);
        if (Number.isFinite(rate)) actor.send({ type: 'player.rate', rate });
      }}
    />
  );
}

/** The bar's height, kept in step as it wraps (so the spacer and the notice sit right above it). */
function useElementHeight(ref: RefObject<HTMLElement | null>, mounted: boolean): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    if (!mounted || !ref.current) return;
    setHeight(ref.current.getBoundingClientRect().height);
  }, [mounted, ref]);
  useEffect(() => {
    const element = ref.current;
    if (!mounted || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(element.getBoundingClientRect().height));
    observer.observe(element);
    return () => observer.disconnect();
  }, [mounted, ref]);
  return height;
}

// The player's `driveAudio` actor: the one place that touches an HTMLAudioElement. It obeys the
// machine's AudioCommands and reports what the element does. Promises and events that belong to an
// older command (a new song, the player's own pause) are dropped, so the machine hears one error per
// attempt and never its own interruptions.
import { fromCallback } from 'xstate';
import type { AudioCommand, DriveAudioInput, PlayerEvent } from '../../machines/player.machine';
import { audioErrorCodes } from '../../machines/player.machine';

// Shown in the player's notice (docs/product.md §8 "a notice with the message"); MediaError texts are technical.
export const audioErrorMessages = {
  interrupted: 'The song was interrupted. Press play to try again.',
  unsupportedSource: 'This song cannot be played in your browser.',
  network: 'The song stopped loading. Check your connection and press play.',
  decode: 'This song file is damaged and cannot be played.',
  aborted: 'Loading the song was stopped.',
  blocked: 'Your browser blocked playback. Press play to listen.',
  unknown: 'This song cannot be played right now.',
} as const;

/** MediaError codes (the element's `error.code`). */
const MEDIA_ERR = { aborted: 1, network: 2, decode: 3, srcNotSupported: 4 } as const;

function messageForCode(code: number | null): string {
  switch (code) {
    case audioErrorCodes.aborted:
      return audioErrorMessages.interrupted;
    case audioErrorCodes.notSupported:
    case MEDIA_ERR.srcNotSupported:
      return audioErrorMessages.unsupportedSource;
    case MEDIA_ERR.network:
      return audioErrorMessages.network;
    case MEDIA_ERR.decode:
      return audioErrorMessages.decode;
    case MEDIA_ERR.aborted:
      return audioErrorMessages.aborted;
    default:
      return audioErrorMessages.unknown;
  }
}

/** docs/product.md §8 "unsupported audio": a browser without an audio element. */
function isAudioSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.HTMLAudioElement === 'function' &&
    typeof window.HTMLAudioElement.prototype.canPlayType === 'function'
  );
}

/** Where the element is playing from, comparable with the URL the machine gives (relative or not). */
function sameSource(element: HTMLAudioElement, url: string): boolean {
  if (!element.getAttribute('src')) return false;
  try {
    return new URL(url, document.baseURI).href === element.src;
  } catch {
    return false;
  }
}

const seconds = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

export interface AudioElementOptions {
  /** Makes the element (tests hand in their own). */
  create?: () => HTMLAudioElement;
  isSupported?: () => boolean;
}

export function createAudioElementActor(options: AudioElementOptions = {}) {
  const create = options.create ?? (() => new Audio());
  const isSupported = options.isSupported ?? isAudioSupported;

  return fromCallback<AudioCommand, DriveAudioInput, PlayerEvent>(({ input, receive, sendBack }) => {
    let element: HTMLAudioElement | null = null;
    let settings = { ...input };
    /** Bumped by every command after which earlier play() promises no longer matter. */
    let generation = 0;
    /** One error per attempt: the element's error event and play()'s rejection often both come. */
    let errorReported = false;
    /** What the player wants: pauses it asked for are not reported back. */
    let wantsPaused = true;

    const report = (code: number | null) => {
      if (errorReported) return;
      errorReported = true;
      sendBack({ type: 'audio.error', code, message: messageForCode(code) });
    };

    const listeners: Record<string, (this: HTMLAudioElement) => void> = {
      playing() {
        if (!wantsPaused) sendBack({ type: 'audio.playing' });
      },
      waiting() {
        if (!wantsPaused) sendBack({ type: 'audio.waiting' });
      },
      pause() {
        // The element also pauses at the end of a song (then `ended` follows) and on a new source.
        if (!wantsPaused && !this.ended) sendBack({ type: 'audio.paused' });
      },
      ended() {
        sendBack({ type: 'audio.ended' });
      },
      loadedmetadata() {
        sendBack({ type: 'audio.loaded', duration: seconds(this.duration) });
      },
      durationchange() {
        if (seconds(this.duration) > 0) sendBack({ type: 'audio.loaded', duration: seconds(this.duration) });
      },
      error() {
        if (!this.getAttribute('src') || !this.error) return;
        report(this.error.code);
      },
    };

    const applySettings = (el: HTMLAudioElement) => {
      el.volume = settings.volume;
      el.muted = settings.muted;
      // A new source resets playbackRate to defaultPlaybackRate: set both.
      el.defaultPlaybackRate = settings.rate;
      el.playbackRate = settings.rate;
    };

    const ensureElement = (): HTMLAudioElement | null => {
      if (element) return element;
      if (!isSupported()) return null;
      element = create();
      element.preload = 'auto';
      for (const [name, listener] of Object.entries(listeners)) element.addEventListener(name, listener);
      applySettings(element);
      return element;
    };

    const setSource = (el: HTMLAudioElement, url: string) => {
      generation += 1;
      errorReported = false;
      el.src = url;
      applySettings(el);
    };

    const play = (el: HTMLAudioElement) => {
      wantsPaused = false;
      const attempt = generation;
      let result: Promise<void> | undefined;
      try {
        result = el.play();
      } catch (error) {
        result = Promise.reject(error);
      }
      result?.catch((error: unknown) => {
        if (attempt !== generation) return; // a newer command made this one moot
        const e = error as { name?: string; code?: number } | null;
        if (e?.name === 'NotAllowedError') {
          if (errorReported) return;
          errorReported = true;
          sendBack({ type: 'audio.error', code: null, message: audioErrorMessages.blocked });
          return;
        }
        report(typeof e?.code === 'number' && e.code !== 0 ? e.code : null);
      });
    };

    receive((command) => {
      const el = ensureElement();
      if (!el) {
        if (command.type === 'audio.load' || command.type === 'audio.play' || command.type === 'audio.cue')
          sendBack({ type: 'audio.unsupported' });
        return;
      }
      switch (command.type) {
        case 'audio.load':
          setSource(el, command.url);
          play(el);
          break;
        case 'audio.cue':
          wantsPaused = true;
          setSource(el, command.url);
          break;
        case 'audio.play':
          if (el.error || !sameSource(el, command.url)) setSource(el, command.url);
          else {
            generation += 1;
            errorReported = false;
          }
          play(el);
          break;
        case 'audio.pause':
          wantsPaused = true;
          generation += 1;
          el.pause();
          break;
        case 'audio.stop':
          wantsPaused = true;
          generation += 1;
          el.pause();
          el.removeAttribute('src');
          el.load();
          break;
        case 'audio.seek':
          el.currentTime = command.time;
          break;
        case 'audio.volume':
          settings = { ...settings, volume: command.volume, muted: command.muted };
          applySettings(el);
          break;
        case 'audio.rate':
          settings = { ...settings, rate: command.rate };
          applySettings(el);
          break;
        case 'audio.report':
          sendBack({ type: 'audio.progress', currentTime: el.currentTime, duration: seconds(el.duration) });
          break;
      }
    });

    return () => {
      if (!element) return;
      generation += 1;
      wantsPaused = true;
      for (const [name, listener] of Object.entries(listeners)) element.removeEventListener(name, listener);
      element.pause();
      element.removeAttribute('src');
      element.load();
      element = null;
    };
  });
}

/** The app's audio: a real element, made on the first command. */
export const driveAudioElement = createAudioElementActor();

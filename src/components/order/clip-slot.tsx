import { Progress } from '@ark-ui/react/progress';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import type { ClipSlot as Slot } from '../../../contracts/order';
import { connectVoiceRecorder, type voiceRecorderMachine } from '../../../machines/voice-recorder.machine';
import { useClipSlot } from '../../actors/use-clip-slot';
import { clipPreviews } from '../../order/clip-previews';
import { Button } from '../ui/button';
import { FilePicker } from '../ui/file-picker';
import { FieldError } from './order-page';
import { useOrderDraft } from './use-order-draft';

const slotClass = css({
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  p: '4',
  bg: 'bg.subtle',
  mb: '4',
  '&[data-invalid]': { borderColor: 'red.400' },
});
const rowClass = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' });

/**
 * One optional story clip: upload an audio file or record a voice message, with a progress bar while
 * it uploads, then a player and a remove button. The draft keeps the clip's temporary location.
 */
export function ClipSlot(props: { slot: Slot; label: string; hint?: string }) {
  const { view } = useOrderDraft();
  return view.guest ? <GuestClipSlot label={props.label} /> : <AccountClipSlot {...props} />;
}

/** A guest's clip slot: recordings are kept on an account, so they are added after signing up or logging in. */
function GuestClipSlot({ label }: { label: string }) {
  return (
    <div className={slotClass} data-part="guest-clip">
      <p className={css({ fontWeight: 'semibold' })}>
        {label} <span className={css({ fontWeight: 'normal', color: 'fg.muted', fontSize: 'sm' })}>(optional)</span>
      </p>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '1' })}>
        Sign up or log in at the review step to add recordings.
      </p>
    </div>
  );
}

function AccountClipSlot({ slot, label, hint }: { slot: Slot; label: string; hint?: string }) {
  const { view, send } = useOrderDraft();
  const clip = view.clipOf(slot);
  const url = clip.url ?? clipPreviews.get(clip.temp_location);
  const serverError = view.errorOf('story', slot);

  const { upload, recorder } = useClipSlot(slot);
  const uploading = useSelector(upload, (s) => s.hasTag('busy'));
  const uploadError = useSelector(upload, (s) => s.context.error);
  const uploadProgress = useSelector(upload, (s) =>
    s.context.total ? Math.round((s.context.loaded / s.context.total) * 100) : 0,
  );
  const pickedName = useSelector(upload, (s) => s.context.picked?.name ?? '');
  const pickedSize = useSelector(upload, (s) => s.context.picked?.size ?? null);
  const rec = useSelector(recorder, connectVoiceRecorder);

  const remove = () => {
    send({ type: 'clip.set', slot, temp_location: null });
    upload.send({ type: 'user.reset' });
    recorder.send({ type: 'user.reset' });
  };

  const recorderActive = rec.status !== 'idle' && rec.status !== 'uploaded';
  // The upload's own name when it was a file; a voice message or a clip saved earlier has none.
  const attachedName = pickedName || (rec.status === 'uploaded' ? 'Your voice message' : 'Your clip');
  const error = uploadError ?? serverError;

  return (
    <fieldset className={slotClass} data-invalid={error ? '' : undefined}>
      <legend className={css({ fontWeight: 'semibold', float: 'left', w: 'full' })}>
        {label} <span className={css({ fontWeight: 'normal', color: 'fg.muted', fontSize: 'sm' })}>(optional)</span>
      </legend>
      <div className={css({ clear: 'both', pt: '1', display: 'grid', gap: '2' })}>
        {hint ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{hint}</p> : null}

        {recorderActive ? (
          <RecorderPanel rec={rec} send={(event) => recorder.send(event)} />
        ) : (
          <FilePicker
            label={`Upload an audio file: ${label}`}
            hideLabel
            noun="an audio file"
            accept="audio/*"
            file={
              clip.temp_location
                ? { name: attachedName, size: pickedSize }
                : uploading
                  ? { name: pickedName, size: pickedSize }
                  : null
            }
            progress={uploading && !clip.temp_location ? uploadProgress : null}
            onCancel={() => upload.send({ type: 'user.cancel' })}
            error={error}
            onSelect={(file) => {
              recorder.send({ type: 'user.reset' });
              upload.send({
                type: 'file.selected',
                picked: { name: file.name, size: file.size, type: file.type, file },
              });
            }}
            onRemove={remove}
            status={
              clip.temp_location && !url ? 'Clip attached. You can play it again after you save this step.' : null
            }
          >
            {url ? (
              // biome-ignore lint/a11y/useMediaCaption: a spoken clip the customer just recorded or chose; no captions exist.
              <audio controls src={url} aria-label={`${label}: your clip`} className={css({ maxW: 'full' })} />
            ) : null}
          </FilePicker>
        )}
        {recorderActive || clip.temp_location || uploading ? null : (
          <div className={rowClass}>
            <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>or</span>
            <Button
              size="sm"
              color="secondary"
              onClick={() => {
                upload.send({ type: 'user.reset' });
                recorder.send({ type: 'user.record' });
              }}
            >
              <span aria-hidden="true">●</span> Record a voice message
            </Button>
          </div>
        )}
        {recorderActive ? <FieldError message={error ?? undefined} /> : null}
      </div>
    </fieldset>
  );
}

function UploadProgress({ label, value, children }: { label: string; value: number; children?: React.ReactNode }) {
  return (
    <Progress.Root value={value} min={0} max={100}>
      <Progress.Label className={css({ fontSize: 'sm' })}>{label}</Progress.Label>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
        <Progress.Track
          className={css({ flex: '1', h: '2', bg: 'gray.200', borderRadius: 'full', overflow: 'hidden' })}
        >
          <Progress.Range className={css({ h: 'full', bg: 'brand.600', transition: 'width 0.2s' })} />
        </Progress.Track>
        <Progress.ValueText className={css({ fontSize: 'sm', w: '10' })} />
        {children}
      </div>
    </Progress.Root>
  );
}

type RecorderView = ReturnType<typeof connectVoiceRecorder>;
type RecorderCommand = Parameters<(typeof voiceRecorderMachine)['transition']>[1];

/** The recorder's states: asking for the microphone, recording with its timer, the take, its upload, a refusal. */
function RecorderPanel({ rec, send }: { rec: RecorderView; send: (event: RecorderCommand) => void }) {
  const takeUrl = useObjectUrl(rec.take?.blob);
  switch (rec.status) {
    case 'requesting':
      return (
        <div className={rowClass} role="status">
          <span>Allow the microphone when your browser asks…</span>
          <Button size="sm" color="text" onClick={() => send({ type: 'user.cancel' })}>
            Cancel
          </Button>
        </div>
      );
    case 'recording':
    case 'stopping':
      return (
        <div className={rowClass}>
          <span
            className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontWeight: 'semibold' })}
            data-testid="recording-timer"
          >
            <span
              aria-hidden="true"
              className={css({
                w: '3',
                h: '3',
                borderRadius: 'full',
                bg: 'red.600',
                animation: 'pulse 1s ease-in-out infinite',
              })}
            />
            {rec.status === 'stopping' ? 'Finishing…' : 'Recording'} {rec.elapsedLabel} / {rec.maxLabel}
          </span>
          <Button size="sm" color="danger" disabled={!rec.canStop} onClick={() => send({ type: 'user.stop' })}>
            Stop
          </Button>
          <Button size="sm" color="text" disabled={!rec.canCancel} onClick={() => send({ type: 'user.cancel' })}>
            Cancel
          </Button>
        </div>
      );
    case 'recorded':
      return (
        <div className={css({ display: 'grid', gap: '2' })}>
          <p className={css({ fontSize: 'sm' })}>
            Your recording ({rec.takeLabel}). Listen to it, then keep it or record again.
          </p>
          {takeUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: the customer's own voice message, heard before it is kept.
            <audio controls src={takeUrl} aria-label="Your recording" className={css({ maxW: 'full' })} />
          ) : null}
          <div className={rowClass}>
            <Button size="sm" onClick={() => send({ type: 'user.upload' })}>
              Use this recording
            </Button>
            <Button size="sm" color="secondary" onClick={() => send({ type: 'user.record' })}>
              Record again
            </Button>
            <Button size="sm" color="text" onClick={() => send({ type: 'user.discard' })}>
              Discard
            </Button>
          </div>
        </div>
      );
    case 'uploading':
      return (
        <UploadProgress label="Uploading your recording" value={rec.progress}>
          <Button size="sm" color="text" onClick={() => send({ type: 'user.cancel' })}>
            Cancel
          </Button>
        </UploadProgress>
      );
    case 'uploadFailed':
      return (
        <div className={rowClass}>
          <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm' })}>
            {rec.error}
          </p>
          <Button size="sm" color="secondary" onClick={() => send({ type: 'user.retry' })}>
            Try again
          </Button>
          <Button size="sm" color="text" onClick={() => send({ type: 'user.discard' })}>
            Discard
          </Button>
        </div>
      );
    case 'denied':
    case 'unavailable':
      return (
        <div className={css({ display: 'grid', gap: '2' })}>
          <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm' })}>
            {rec.error}
          </p>
          <div className={rowClass}>
            <Button size="sm" color="secondary" onClick={() => send({ type: 'user.record' })}>
              Try again
            </Button>
            <Button size="sm" color="text" onClick={() => send({ type: 'user.reset' })}>
              Close
            </Button>
          </div>
        </div>
      );
    default:
      return null;
  }
}

/** A URL for a recorded Blob while it is shown, revoked afterwards. */
function useObjectUrl(blob: unknown): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!(blob instanceof Blob)) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { css } from 'styled-system/css';
import { RECORDING_MAX_BYTES } from '../../../../contracts/constants';
import { type ArtistOrder, lifecycleMessages } from '../../../../contracts/lifecycle';
import { useRecordingSubmit } from '../../../actors/use-recording-submit';
import { TextAreaField } from '../../artist-application/text-area-field';
import { Button } from '../../ui/button';
import { FilePicker } from '../../ui/file-picker';
import { Modal } from '../../ui/modal';
import { fileSize, orderTitle } from './format';
import { OrderFeedback } from './order-notes';
import { PlayToggle } from './play-toggle';

const errorText = css({ color: 'danger.fg', fontSize: 'sm', mt: '1' });

/**
 * The upload-song-order modal (docs/product.md §2) and the button that opens it: upload with progress, preview in
 * the player bar, optional lyrics, the made-by-a-person declaration, submit. The flow's state (and what
 * was typed) lives in recordingSubmitMachine for as long as the card is shown.
 */
export function RecordingUpload({ order, onChanged }: { order: ArtistOrder; onChanged: () => void }) {
  const ids = useId();
  const fileId = `${ids}-file`;
  const humanId = `${ids}-human`;
  const formId = `${ids}-form`;

  const revision = order.status === 'in_revision';
  const actor = useRecordingSubmit(
    {
      orderId: order.id,
      maxBytes: RECORDING_MAX_BYTES,
      accept: ['audio/'],
      feedback: revision ? order.feedback : null,
      previousLyrics: revision ? (order.recording?.lyrics ?? '') : '',
    },
    onChanged,
  );

  const open = useSelector(actor, (s) => s.hasTag('open'));
  const uploading = useSelector(actor, (s) => s.hasTag('uploading'));
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const uploadFailed = useSelector(actor, (s) => s.matches({ open: 'uploadFailed' }));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const pickedName = useSelector(actor, (s) => s.context.picked?.name ?? null);
  const progress = useSelector(actor, (s) =>
    s.context.total ? Math.min(100, Math.round((s.context.loaded / s.context.total) * 100)) : 0,
  );
  const upload = useSelector(actor, (s) => s.context.upload);
  const lyrics = useSelector(actor, (s) => s.context.lyrics);
  const humanMade = useSelector(actor, (s) => s.context.humanMade);
  const errors = useSelector(actor, (s) => s.context.errors);
  const fileError = errors.file?.[0] ?? errors.temp_location?.[0];
  const humanError = errors.human_made?.[0];
  const feedback = useSelector(actor, (s) => s.context.feedback);

  const title = orderTitle(order);
  const close = () => actor.send({ type: 'user.close' });

  return (
    <>
      <Button color="primary" onClick={() => actor.send({ type: 'user.open' })}>
        {revision ? 'Upload revised recording' : 'Upload recording'}
      </Button>
      <Modal
        open={open}
        onClose={close}
        size="lg"
        title={revision ? 'Upload the revised song' : 'Upload the song'}
        description={`${title} · ${order.reference}`}
        staticBackdrop={submitting}
        hideCloseButton={submitting}
        footer={
          <>
            <Button color="text" onClick={close} disabled={submitting}>
              Cancel
            </Button>
            <Button color="primary" type="submit" form={formId} disabled={!canSubmit} loading={submitting}>
              Submit recording
            </Button>
          </>
        }
      >
        <form
          id={formId}
          noValidate
          aria-label="Upload the song"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.submit' });
          }}
        >
          {/* A revision is made against these notes: they stay in sight while the new version is uploaded. */}
          {feedback ? (
            <div className={css({ mb: '4' })} data-testid="revision-notes">
              <OrderFeedback feedback={feedback} />
            </div>
          ) : null}
          <div className={css({ mb: '4', display: 'grid', gap: '2' })}>
            {/* The machine owns the upload; the picker shows it: never "No file chosen" beside "uploaded". */}
            <FilePicker
              id={fileId}
              label={`Recording (audio, up to ${fileSize(RECORDING_MAX_BYTES)})`}
              noun="an audio file"
              accept="audio/*"
              disabled={submitting}
              file={
                upload
                  ? { name: pickedName ?? 'Your recording', size: upload.size }
                  : uploading
                    ? { name: pickedName ?? 'your recording' }
                    : null
              }
              status={upload ? lifecycleMessages.recordingUploaded : null}
              progress={uploading ? progress : null}
              onCancel={() => actor.send({ type: 'user.cancelUpload' })}
              error={fileError ?? null}
              onSelect={(file) =>
                actor.send({
                  type: 'file.selected',
                  picked: { name: file.name, size: file.size, type: file.type, file },
                })
              }
            >
              {upload ? (
                <PlayToggle
                  playerId={`preview-${upload.temp_location}`}
                  title={title}
                  owner={`Preview · ${order.reference}`}
                  url={upload.url}
                  label="the uploaded recording"
                />
              ) : null}
            </FilePicker>
            {uploadFailed ? (
              <Button
                size="sm"
                color="secondary"
                className={css({ justifySelf: 'start' })}
                onClick={() => actor.send({ type: 'user.retryUpload' })}
              >
                Try the upload again
              </Button>
            ) : null}
          </div>

          <TextAreaField
            label="Lyrics (optional)"
            name="lyrics"
            value={lyrics}
            errors={errors.lyrics}
            hint="The customer sees the lyrics with the song."
            disabled={submitting}
            onValueChange={(value) => actor.send({ type: 'lyrics.changed', value })}
          />

          <div className={css({ mb: '2' })}>
            <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })}>
              <input
                id={humanId}
                type="checkbox"
                className={css({ mt: '1', w: '4', h: '4', flexShrink: 0 })}
                checked={humanMade}
                disabled={submitting}
                aria-invalid={humanError ? true : undefined}
                aria-describedby={humanError ? `${humanId}-error` : undefined}
                onChange={(e) => actor.send({ type: 'humanMade.changed', checked: e.target.checked })}
              />
              <label htmlFor={humanId} className={css({ fontSize: 'sm' })}>
                I made this recording myself: it was sung and produced by people, not generated.
              </label>
            </div>
            {humanError ? (
              <p id={`${humanId}-error`} role="alert" className={errorText}>
                {humanError}
              </p>
            ) : null}
          </div>
        </form>
      </Modal>
    </>
  );
}

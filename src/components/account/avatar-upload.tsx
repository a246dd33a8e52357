import { Progress } from '@ark-ui/react/progress';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { artistMessages } from '../../../contracts/artist';
import type { AuthUser, UserType } from '../../../contracts/auth';
import { readFailure } from '../../../machines/api-error';
import { fileUploadMachine, isAccepted } from '../../../machines/file-upload.machine';
import { useAppActors } from '../../actors/hooks';
import { xhrUpload } from '../../api/upload';
import { AVATAR_MAX_SIDE, ImageDecodeError, resizedName, resizeImage } from '../../lib/resize-image';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { notify } from '../ui/toaster';
import { avatarApi, avatarUploadUrl } from '../../actors/avatar.api';

/** What the server takes (it checks the bytes again): JPEG, PNG, WebP. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The server's cap; a resized 512 px photo is a few dozen KB, so only an unresizable original can reach it. */
const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
const uploadedMessage = 'Your profile photo has been updated.';

export interface AvatarUploadProps {
  /** Whose area the calls go to (`/api/v1/<area>/profile/avatar`). */
  area: UserType;
  /** The current picture (`AuthUser.avatar`), or null for the initials placeholder. */
  src: string | null;
  /** For the placeholder's initials. */
  name: string;
  size?: number;
}

/**
 * The profile photo with "Change photo" and "Remove photo": the chosen image is shrunk in the browser
 * (longest side 512 px, whole picture, WebP or JPEG) and uploaded with a progress bar and Cancel; the
 * session's user gets the new `avatar`, so every avatar on the page (header, top bar) follows.
 */
export function AvatarUpload({ area, src, name, size = 96 }: AvatarUploadProps) {
  const { api, session } = useAppActors();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  // Results of a resize that finishes after the component is gone (or after a newer pick) are dropped.
  const pickRef = useRef(0);
  useEffect(
    () => () => {
      pickRef.current += 1;
    },
    [],
  );

  const machine = useMemo(
    () =>
      fileUploadMachine.provide({
        actors: {
          uploadFile: xhrUpload(() => ({
            url: avatarUploadUrl(area),
            field: 'file',
            getToken: () => session.getSnapshot().context.token,
            onUnauthorized: () => session.send({ type: 'http.unauthorized', checkoutPending: false, routeName: '' }),
          })),
        },
        actions: {
          notifyUploaded: (_, p) => {
            session.send({ type: 'user.updated', user: p.result as AuthUser });
            notify.success(uploadedMessage);
          },
        },
      }),
    [area, session],
  );
  const upload = useActorRef(machine, {
    input: {
      maxBytes: MAX_AVATAR_BYTES,
      accept: IMAGE_TYPES,
      messages: { tooLarge: artistMessages.fileTooLarge, wrongType: artistMessages.imageOnly },
    },
  });
  const uploading = useSelector(upload, (s) => s.hasTag('busy'));
  const failed = useSelector(upload, (s) => s.matches('failed'));
  const uploadError = useSelector(upload, (s) => s.context.error);
  const progress = useSelector(upload, (s) =>
    s.context.total ? Math.round((s.context.loaded / s.context.total) * 100) : 0,
  );
  const error = localError ?? uploadError;
  const busy = preparing || uploading || removing;

  async function choose(file: File) {
    const pick = ++pickRef.current;
    setLocalError(null);
    upload.send({ type: 'user.reset' });
    // Not an image type: the machine refuses it with the same message the server would give.
    if (!isAccepted(file.type, IMAGE_TYPES)) {
      upload.send({ type: 'file.selected', picked: { name: file.name, size: file.size, type: file.type, file } });
      return;
    }
    setPreparing(true);
    let picked: File | Blob = file;
    try {
      picked = await resizeImage(file, { maxSide: AVATAR_MAX_SIDE });
    } catch (reason) {
      if (reason instanceof ImageDecodeError) {
        if (pick === pickRef.current) {
          setPreparing(false);
          setLocalError(artistMessages.imageOnly);
        }
        return;
      }
      // No canvas or encoder here: send the original, the server still checks it (and its 5 MB cap).
    }
    if (pick !== pickRef.current) return;
    setPreparing(false);
    const type = picked.type || file.type;
    const pickedName = picked === file ? file.name : resizedName(file.name, type);
    upload.send({ type: 'file.selected', picked: { name: pickedName, size: picked.size, type, file: picked } });
  }

  async function remove() {
    setLocalError(null);
    upload.send({ type: 'user.reset' });
    setRemoving(true);
    try {
      const answer = await avatarApi(api.for(area)).remove();
      session.send({ type: 'user.updated', user: answer.data });
      if (answer.message) notify.success(answer.message);
    } catch (reason) {
      setLocalError(readFailure(reason).message);
    } finally {
      setRemoving(false);
    }
  }

  return (
    <div
      data-testid="avatar-upload"
      className={css({
        // The shared Avatar sets width and height attributes, but the CSS reset's `height: auto` lets a
        // non-square photo (we never crop) follow its own ratio: keep it a circle, filled, here.
        '& [data-part=avatar-image]': { aspectRatio: '1 / 1', objectFit: 'cover' },
        display: 'grid',
        justifyItems: 'center',
        gap: '3',
        w: '15rem',
        maxW: 'full',
        textAlign: 'center',
      })}
    >
      {/* Keyed by the URL: a new picture gets a fresh <img>, even after an earlier one failed to load. */}
      <Avatar key={src ?? 'none'} src={src} name={name} size={size} />
      <div className={css({ display: 'grid', gap: '2', w: 'full' })}>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'center' })}>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            aria-label="Profile photo"
            aria-describedby={error ? errorId : undefined}
            className={css({ srOnly: true })}
            tabIndex={-1}
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void choose(file);
            }}
          />
          <Button size="sm" color="secondary" disabled={busy} onClick={() => inputRef.current?.click()}>
            {src ? 'Change photo' : 'Upload photo'}
          </Button>
          {src ? (
            <Button size="sm" color="text" loading={removing} disabled={busy} onClick={() => void remove()}>
              Remove photo
            </Button>
          ) : null}
        </div>
        {preparing ? (
          <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            Preparing your photo…
          </p>
        ) : uploading ? (
          <Progress.Root value={progress} min={0} max={100} className={css({ textAlign: 'left' })}>
            <Progress.Label className={css({ fontSize: 'sm' })}>Uploading photo</Progress.Label>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
              <Progress.Track
                className={css({ flex: '1', h: '2', bg: 'gray.200', borderRadius: 'full', overflow: 'hidden' })}
              >
                <Progress.Range className={css({ h: 'full', bg: 'brand.600', transition: 'width 0.2s' })} />
              </Progress.Track>
              <Progress.ValueText className={css({ fontSize: 'sm', w: '10' })} />
              <Button size="sm" color="text" onClick={() => upload.send({ type: 'user.cancel' })}>
                Cancel
              </Button>
            </div>
          </Progress.Root>
        ) : (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>JPEG, PNG or WebP</p>
        )}
        {error ? (
          <div className={css({ display: 'grid', justifyItems: 'center', gap: '1' })}>
            <p id={errorId} role="alert" className={css({ color: 'danger.fg', fontSize: 'sm' })}>
              {error}
            </p>
            {failed && !localError ? (
              <Button size="sm" color="text" onClick={() => upload.send({ type: 'user.retry' })}>
                Try again
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

import { Progress } from '@ark-ui/react/progress';
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { css } from 'styled-system/css';
import type { UserType } from '../../../contracts/account';
import { AVATAR_IMAGE_TYPES, useAvatarUpload } from '../../actors/use-avatar-upload';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';

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
  const { avatar, upload } = useAvatarUpload(area);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const preparing = useSelector(avatar, (s) => s.hasTag('preparing'));
  const removing = useSelector(avatar, (s) => s.hasTag('removing'));
  const localError = useSelector(avatar, (s) => s.context.error);
  const uploading = useSelector(upload, (s) => s.hasTag('busy'));
  const failed = useSelector(upload, (s) => s.matches('failed'));
  const uploadError = useSelector(upload, (s) => s.context.error);
  const progress = useSelector(upload, (s) =>
    s.context.total ? Math.round((s.context.loaded / s.context.total) * 100) : 0,
  );
  const error = localError ?? uploadError;
  const busy = preparing || uploading || removing;

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
            accept={AVATAR_IMAGE_TYPES.join(',')}
            aria-label="Profile photo"
            aria-describedby={error ? errorId : undefined}
            className={css({ srOnly: true })}
            tabIndex={-1}
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file)
                avatar.send({
                  type: 'photo.picked',
                  picked: { name: file.name, size: file.size, type: file.type, file },
                });
            }}
          />
          <Button size="sm" color="secondary" disabled={busy} onClick={() => inputRef.current?.click()}>
            {src ? 'Change photo' : 'Upload photo'}
          </Button>
          {src ? (
            <Button
              size="sm"
              color="text"
              loading={removing}
              disabled={busy}
              onClick={() => avatar.send({ type: 'photo.remove' })}
            >
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

import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { enqueueActions, fromPromise, sendTo } from 'xstate';
import type { AuthUser, UserType } from '../../contracts/account';
import { artistMessages } from '../../contracts/artist';
import { avatarMachine } from '../../machines/avatar.machine';
import { fileUploadMachine, type PickedFile } from '../../machines/file-upload.machine';
import { xhrUpload } from '../api/upload';
import { notify } from '../components/ui/toaster';
import { AVATAR_MAX_SIDE, ImageDecodeError, resizedName, resizeImage } from '../lib/resize-image';
import { avatarApi, avatarUploadUrl } from './avatar.api';
import { useAppActors } from './hooks';

/** What the server takes (it checks the bytes again): JPEG, PNG, WebP. */
export const AVATAR_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The server's cap; a resized 512 px photo is a few dozen KB, so only an unresizable original can reach it. */
const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
const uploadedMessage = 'Your profile photo has been updated.';

/** Longest side 512 px, whole picture; without a canvas or encoder the original goes (the server still checks it). */
async function resizePhoto(picked: PickedFile): Promise<PickedFile> {
  const file = picked.file as File;
  let resized: File | Blob = file;
  try {
    resized = await resizeImage(file, { maxSide: AVATAR_MAX_SIDE });
  } catch (reason) {
    if (reason instanceof ImageDecodeError) throw reason;
  }
  const type = resized.type || file.type;
  const name = resized === file ? file.name : resizedName(file.name, type);
  return { name, size: resized.size, type, file: resized };
}

/**
 * The profile photo in `area`: the avatar machine (resize, then upload, or remove) and the upload it
 * hands the shrunk file to. The session's user gets the new `avatar`, so every avatar on the page follows.
 */
export function useAvatarUpload(area: UserType) {
  const { api, session } = useAppActors();
  const uploadMachine = useMemo(
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
          notifyUploaded: enqueueActions(({ enqueue }, p) => {
            enqueue.sendTo(session, { type: 'user.updated', user: p.result as AuthUser });
            enqueue(() => notify.success(uploadedMessage));
          }),
        },
      }),
    [area, session],
  );
  const upload = useActorRef(uploadMachine, {
    input: {
      maxBytes: MAX_AVATAR_BYTES,
      accept: AVATAR_IMAGE_TYPES,
      messages: { tooLarge: artistMessages.fileTooLarge, wrongType: artistMessages.imageOnly },
    },
  });
  const machine = useMemo(
    () =>
      avatarMachine.provide({
        actors: {
          resizePhoto: fromPromise(({ input }) => resizePhoto(input.picked)),
          removePhoto: fromPromise(() => avatarApi(api.for(area)).remove()),
        },
        actions: {
          resetUpload: sendTo(upload, { type: 'user.reset' }),
          startUpload: enqueueActions(({ enqueue }, p) => {
            enqueue.sendTo(upload, { type: 'file.selected', picked: p.picked });
          }),
          onRemoved: enqueueActions(({ enqueue }, p) => {
            enqueue.sendTo(session, { type: 'user.updated', user: p.answer.data });
            const { message } = p.answer;
            if (message) enqueue(() => notify.success(message));
          }),
        },
      }),
    [api, area, session, upload],
  );
  const avatar = useActorRef(machine, { input: { accept: AVATAR_IMAGE_TYPES, notAnImage: artistMessages.imageOnly } });
  return { avatar, upload };
}

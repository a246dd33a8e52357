import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { artistMessages } from '../../contracts/artist';
import type { ClipSlot as Slot } from '../../contracts/order';
import { fileUploadMachine } from '../../machines/file-upload.machine';
import { connectVoiceRecorder, voiceRecorderMachine } from '../../machines/voice-recorder.machine';
import { captureAudio } from '../order/capture-audio';
import { clipPreviews } from '../order/clip-previews';
import { CLIP_MAX_BYTES, clipUploadActor, uploadedClip } from '../order/clip-upload';
import { useAppActors, useOrderDraftActor } from './hooks';

/**
 * One story clip's actors: a file upload and a voice recorder, both through the clip upload. A finished
 * upload is remembered for playback and set on the order draft (its temporary location); while a take
 * or upload is under way the draft hears that the slot is pending (Save waits for it).
 */
export function useClipSlot(slot: Slot) {
  const { session } = useAppActors();
  const orderDraft = useOrderDraftActor();
  const machines = useMemo(() => {
    const uploadFile = clipUploadActor(session);
    const notifyUploaded = (_: unknown, p: { result: unknown }) => {
      const uploaded = uploadedClip(p.result);
      if (!uploaded) return;
      clipPreviews.set(uploaded.temp_location, uploaded.url);
      orderDraft.send({ type: 'clip.set', slot, temp_location: uploaded.temp_location });
    };
    return {
      upload: fileUploadMachine.provide({ actors: { uploadFile }, actions: { notifyUploaded } }),
      recorder: voiceRecorderMachine.provide({ actors: { captureAudio, uploadFile }, actions: { notifyUploaded } }),
    };
  }, [session, orderDraft, slot]);
  const upload = useActorRef(machines.upload, {
    input: {
      maxBytes: CLIP_MAX_BYTES,
      accept: ['audio/'],
      messages: { tooLarge: artistMessages.fileTooLarge, wrongType: artistMessages.audioOnly },
    },
  });
  const recorder = useActorRef(machines.recorder, { input: {} });
  const uploading = useSelector(upload, (s) => s.hasTag('busy'));
  const recorderStatus = useSelector(recorder, (s) => connectVoiceRecorder(s).status);
  const recording = !['idle', 'uploaded', 'denied', 'unavailable'].includes(recorderStatus);
  const pending = uploading || recording;
  useEffect(() => {
    orderDraft.send({ type: 'clip.pending', slot, pending });
    return () => orderDraft.send({ type: 'clip.pending', slot, pending: false });
  }, [orderDraft, slot, pending]);
  return { upload, recorder };
}

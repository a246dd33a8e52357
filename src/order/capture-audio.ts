import { fromCallback } from 'xstate';
import { type CaptureEvent, voiceRecorderMessages } from '../../machines/voice-recorder.machine';

// The voice recorder's captureAudio actor: the microphone through getUserMedia and a MediaRecorder
// (audio/webm with Opus where the browser has it). It reports recorder.started once recording, and
// recorder.finished with the take after it is told recorder.stop; stopping the actor releases the
// microphone whatever state it is in.

/** The first type this browser's MediaRecorder can write, or '' to let it choose. */
function recordingType(): string {
  const candidates = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
  return candidates.find((type) => MediaRecorder.isTypeSupported?.(type)) ?? '';
}

function failureOf(error: unknown): CaptureEvent {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return { type: 'recorder.denied' };
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError')
    return { type: 'recorder.failed', message: voiceRecorderMessages.noMicrophone };
  return { type: 'recorder.failed', message: voiceRecorderMessages.failed };
}

export const captureAudio = fromCallback<CaptureEvent | { type: 'recorder.stop' }>(({ sendBack, receive }) => {
  let stream: MediaStream | null = null;
  let recorder: MediaRecorder | null = null;
  let released = false;
  const chunks: Blob[] = [];
  const releaseMicrophone = () => {
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
  };

  if (typeof MediaRecorder === 'undefined' || !globalThis.navigator?.mediaDevices?.getUserMedia) {
    sendBack({ type: 'recorder.failed', message: voiceRecorderMessages.unsupported });
    return;
  }

  navigator.mediaDevices.getUserMedia({ audio: true }).then(
    (granted) => {
      stream = granted;
      if (released) return releaseMicrophone();
      try {
        const type = recordingType();
        const active = new MediaRecorder(granted, type ? { mimeType: type } : undefined);
        recorder = active;
        active.ondataavailable = (e) => {
          if (e.data.size > 0) chunks.push(e.data);
        };
        active.onstop = () => {
          const mime = (active.mimeType || type || 'audio/webm').split(';')[0] ?? 'audio/webm';
          const blob = new Blob(chunks, { type: mime });
          releaseMicrophone();
          sendBack({ type: 'recorder.finished', blob, mime, size: blob.size });
        };
        active.onerror = () => sendBack({ type: 'recorder.failed', message: voiceRecorderMessages.failed });
        // A timeslice, so a take is delivered in pieces rather than all at the stop.
        active.start(250);
        sendBack({ type: 'recorder.started' });
      } catch (error) {
        releaseMicrophone();
        sendBack(failureOf(error));
      }
    },
    (error: unknown) => {
      if (!released) sendBack(failureOf(error));
    },
  );

  receive((event) => {
    if (event.type === 'recorder.stop' && recorder && recorder.state !== 'inactive') recorder.stop();
  });

  return () => {
    released = true;
    if (recorder && recorder.state !== 'inactive') {
      recorder.onstop = null;
      recorder.ondataavailable = null;
      recorder.stop();
    }
    releaseMicrophone();
  };
});

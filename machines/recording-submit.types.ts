// The upload-song-order modal (docs/product.md §2; docs/api.md "Order lifecycle", artist): the artist uploads the
// recording with progress (POST /order/song/upload), previews it, may add the lyrics, declares it was
// made by a person, and submits it (POST /orders/{id}/recording). Read this file for the flow's
// vocabulary; recording-submit.machine.ts for its logic.
import type { FieldErrors } from '../contracts/http';
import type { ArtistOrder, Feedback, RecordingUpload } from '../contracts/lifecycle';
import type { FileUploadEvent, PickedFile, UploadFileInput } from './file-upload.machine';

export type { PickedFile, UploadFileInput };

export interface RecordingSubmitInput {
  orderId: number;
  /** Largest file sent (the server's MAX_UPLOAD_MB decides in the end). */
  maxBytes: number;
  /** MIME prefixes or exact types the picker takes, e.g. ['audio/']. */
  accept: readonly string[];
  /** A revision: what the admin (or the customer) asked to change, shown above the upload. */
  feedback?: Feedback | null;
  /** A revision: the lyrics sent with the earlier recording, the starting point of the new ones. */
  previousLyrics?: string;
}

export interface RecordingSubmitContext extends Omit<RecordingSubmitInput, 'feedback' | 'previousLyrics'> {
  feedback: Feedback | null;
  /** The file being uploaded (null once the upload is done or dropped). */
  picked: PickedFile | null;
  loaded: number;
  total: number;
  /** The uploaded recording: what the preview plays and the submit sends. */
  upload: RecordingUpload | null;
  /** Kept through failures, closing and reopening: the form never forgets what was typed. */
  lyrics: string;
  humanMade: boolean;
  /**
   * Messages by the API's field names: `file` (the picker: client checks and upload refusals),
   * `temp_location` (the upload is no longer usable), `lyrics`, `human_made`.
   */
  errors: FieldErrors;
}

export type RecordingSubmitEvent =
  | { type: 'user.open' }
  | { type: 'user.close' }
  | { type: 'file.selected'; picked: PickedFile }
  /** From the uploadFile actor (the same one the file-upload machine uses). */
  | Extract<FileUploadEvent, { type: 'upload.progress' | 'upload.done' | 'upload.failed' }>
  | { type: 'user.cancelUpload' }
  | { type: 'user.retryUpload' }
  | { type: 'lyrics.changed'; value: string }
  | { type: 'humanMade.changed'; checked: boolean }
  | { type: 'user.submit' };

export type RecordingSubmitTag = 'open' | 'busy' | 'uploading' | 'submitting' | 'done';

/** POST /orders/{id}/recording: recordingSchema's output. */
export interface SubmitRecordingInput {
  orderId: number;
  body: { temp_location: string; lyrics: string; human_made: boolean };
}

/** The envelope the submit answers with: the server's message and the order as it now is. */
export interface SubmitRecordingOutput {
  message?: string;
  data: ArtistOrder;
}

/** Params of notifySubmitted: the app toasts the message and refreshes its list. */
export interface SubmittedParams {
  message: string;
  order: ArtistOrder;
}

import { fromCallback } from 'xstate';
import { clientMessages } from '../../contracts/messages';
import type { FileUploadEvent, UploadFileInput } from '../../machines/file-upload.machine';

export interface UploadTarget {
  /** Absolute path, e.g. /api/v1/artist/profile/upload/song */
  url: string;
  field: string;
  extra?: Record<string, string>;
  getToken: () => string | null;
  onUnauthorized?: () => void;
}

/**
 * The uploadFile actor: XMLHttpRequest, because fetch cannot report upload progress. Sends
 * upload.progress while sending, then upload.done with the answer's data or upload.failed with the
 * API error shape; stopping the actor aborts the request.
 */
export function xhrUpload(target: (input: UploadFileInput) => UploadTarget) {
  return fromCallback<FileUploadEvent, UploadFileInput>(({ input, sendBack }) => {
    const t = target(input);
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    for (const [key, value] of Object.entries(t.extra ?? {})) form.append(key, value);
    form.append(t.field, input.picked.file as Blob, input.picked.name);
    xhr.open('POST', t.url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = t.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) =>
      sendBack({ type: 'upload.progress', loaded: e.loaded, total: e.total || input.picked.size });
    xhr.onload = () => {
      let body: { data?: unknown; message?: string; errors?: Record<string, string[]> } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // a non-JSON answer is reported by status below
      }
      if (xhr.status >= 200 && xhr.status < 300) sendBack({ type: 'upload.done', result: body.data });
      else {
        if (xhr.status === 401) t.onUnauthorized?.();
        sendBack({
          type: 'upload.failed',
          error: { status: xhr.status, message: body.message ?? xhr.statusText, errors: body.errors },
        });
      }
    };
    xhr.onerror = () => sendBack({ type: 'upload.failed', error: { message: clientMessages.network } });
    xhr.send(form);
    return () => {
      if (xhr.readyState !== XMLHttpRequest.DONE) xhr.abort();
    };
  });
}

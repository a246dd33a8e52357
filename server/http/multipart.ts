import { once } from 'node:events';
import { PassThrough, Readable, Transform } from 'node:stream';
import busboy from 'busboy';
import { artistMessages, fileTooLargeFor } from '../../contracts/artist';
import { fieldMessages } from '../../contracts/field-messages';
import { serverMessages } from '../../contracts/server-messages';
import type { AppContext } from '../context';
import { type FileFamily, SNIFF_BYTES, sniffFileType } from '../services/file-types';
import { newStoredName, type Storage, type StorageKind } from '../services/storage';
import { ApiError } from './api-error';

/** Which file fields a form takes, where each goes and what it must be. */
export type FileRules = Record<
  string,
  // Several families: an order message's attachment (a sound, a picture or a PDF).
  { kind: StorageKind; family: FileFamily | readonly FileFamily[]; wrongTypeMessage?: string }
>;

export interface StoredUpload {
  field: string;
  kind: StorageKind;
  /** The server-chosen stored name under `<kind>/`. */
  name: string;
  /** From the file's first bytes, not from the client. */
  mime: string;
  size: number;
  /** The client's file name: for display (a default title) only, never for a path. */
  filename: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, StoredUpload>;
}

// Text fields are short (the longest, a pitch, is 1000 characters): anything bigger is not a form.
const MAX_FIELD_BYTES = 16 * 1024;
const MAX_FIELDS = 40;
const FIELDS_ALLOWANCE_BYTES = 1024 * 1024;

// The message names the limit (MAX_UPLOAD_MB), so the person knows what file will be taken.
const tooLarge = (field: string, maxBytes: number) => {
  const message = fileTooLargeFor(maxBytes);
  return new ApiError(413, message, { [field]: [message] });
};
const wrongType = (field: string, rule: FileRules[string]) => {
  const message =
    rule.wrongTypeMessage ?? (rule.family === 'audio' ? artistMessages.audioOnly : artistMessages.imageOnly);
  return new ApiError(415, message, { [field]: [message] });
};
const bodyTooLarge = () => new ApiError(413, serverMessages.payloadTooLarge);
const malformed = () => new ApiError(400, serverMessages.badRequest);

/** True for a multipart/form-data request (the JSON body limit in app.ts lets these through). */
export const isMultipart = (contentType: string | undefined): boolean =>
  /^multipart\/form-data(\s*;|\s*$)/i.test(contentType ?? '');

/**
 * Streams a multipart/form-data body: text fields into memory (small, capped), each file straight
 * into storage under a server-chosen name. A file is typed by its first bytes before anything is written
 * (415 on the field when it is not of the expected family) and cut off at MAX_UPLOAD_MB (413 on the
 * field, the rest of the body is not read). On any failure every file of the request is deleted.
 * A file part without content (a form sent with no file chosen) counts as absent.
 */
export function readMultipart(c: AppContext, rules: FileRules): Promise<MultipartForm> {
  const { storage, config } = c.var;
  const contentType = c.req.header('content-type');
  if (!isMultipart(contentType)) throw new ApiError(415, artistMessages.multipartRequired);
  const body = c.req.raw.body;
  if (!body) throw malformed();
  const maxFileBytes = config.maxUploadBytes;
  const fileCount = Object.keys(rules).length;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType as string },
      defParamCharset: 'utf8',
      limits: {
        // busboy reports the limit when a file reaches it: one byte more lets a file of exactly the cap through.
        fileSize: maxFileBytes + 1,
        files: fileCount,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FIELDS + fileCount,
      },
    });
  } catch {
    // No boundary, or a charset busboy does not know.
    throw malformed();
  }

  const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  // A hard cap on the whole body besides the per-file one, so a body of endless skipped parts ends too.
  const bodyCap = maxFileBytes * fileCount + FIELDS_ALLOWANCE_BYTES;
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > bodyCap) done(bodyTooLarge());
      else done(null, chunk);
    },
  });

  return new Promise<MultipartForm>((resolve, reject) => {
    const fields: Record<string, string> = Object.create(null);
    const jobs: Promise<StoredUpload | null>[] = [];
    const seenFiles = new Set<string>();
    let failure: unknown;
    let settling = false;

    const settle = async () => {
      if (settling) return;
      settling = true;
      const results = await Promise.allSettled(jobs);
      const stored = results.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
      const jobError = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')?.reason;
      const error = failure ?? jobError;
      if (error !== undefined) {
        await Promise.all(stored.map((file) => storage.remove(file.kind, file.name)));
        reject(error);
        return;
      }
      const files: Record<string, StoredUpload> = Object.create(null);
      for (const file of stored) files[file.field] = file;
      resolve({ fields, files });
    };

    // Stops reading (no more bytes are pulled from the client) and cleans up. Deferred, because it is
    // often called from inside one of busboy's own events, and busboy's state must not change under it.
    const fail = (error: unknown) => {
      if (failure !== undefined) return;
      failure = error;
      setImmediate(() => {
        source.unpipe(counter);
        counter.unpipe(parser);
        source.destroy();
        counter.destroy();
        // busboy hands this error to the file stream being written, which ends that file's job.
        parser.destroy(error instanceof Error ? error : new Error(String(error)));
        void settle();
      });
    };

    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(bodyTooLarge());
      if (!(name in fields)) fields[name] = value;
    });
    parser.on('file', (field, file, info) => {
      // Errors reach the job through its iterator; a file that is only drained must not crash the process.
      file.on('error', () => undefined);
      const rule = rules[field];
      if (!rule) {
        file.resume();
        return fail(new ApiError(422, serverMessages.validationFailed, { [field]: [fieldMessages.unknownField] }));
      }
      if (seenFiles.has(field)) {
        file.resume();
        return fail(bodyTooLarge());
      }
      seenFiles.add(field);
      file.once('limit', () => fail(tooLarge(field, maxFileBytes)));
      const job = storeFile(storage, file, field, rule, info.filename ?? '', maxFileBytes);
      job.catch(fail);
      jobs.push(job);
    });
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      parser.on(limit, () => fail(bodyTooLarge()));
    }
    parser.on('error', () => fail(malformed()));
    parser.on('close', () => void settle());
    counter.on('error', (error) => fail(error instanceof ApiError ? error : malformed()));
    source.on('error', () => fail(malformed()));
    source.pipe(counter).pipe(parser);
  });
}

/**
 * Streams one file part into storage once its first bytes say what it is. The part flows through a
 * PassThrough with backpressure (a slow bucket slows the client, memory stays bounded); on any failure
 * the write is cut short, and storage leaves nothing behind.
 */
async function storeFile(
  storage: Storage,
  file: Readable,
  field: string,
  rule: FileRules[string],
  filename: string,
  maxFileBytes: number,
): Promise<StoredUpload | null> {
  let head = Buffer.alloc(0);
  let size = 0;
  let out: { name: string; mime: string; pipe: PassThrough; stored: Promise<void> } | undefined;

  const write = async (target: NonNullable<typeof out>, chunk: Buffer) => {
    // A write that failed (bucket unreachable) rejects `stored`: never wait for a drain that will not come.
    if (!target.pipe.write(chunk)) await Promise.race([once(target.pipe, 'drain'), target.stored]);
  };
  const open = async (first: Buffer) => {
    const type = await sniffFileType(first);
    const families: readonly FileFamily[] = typeof rule.family === 'string' ? [rule.family] : rule.family;
    if (!type || !families.includes(type.family)) throw wrongType(field, rule);
    const name = newStoredName(type.ext);
    const pipe = new PassThrough();
    const stored = storage.write(rule.kind, name, pipe);
    // Awaited below; until then a rejection must not count as unhandled.
    stored.catch(() => undefined);
    out = { name, mime: type.mime, pipe, stored };
    await write(out, first);
    return out;
  };

  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (out) await write(out, chunk);
      else {
        head = Buffer.concat([head, chunk]);
        if (head.length >= SNIFF_BYTES) await open(head);
      }
    }
    if ((file as Readable & { truncated?: boolean }).truncated) throw tooLarge(field, maxFileBytes);
    if (size === 0) return null;
    const written = out ?? (await open(head));
    written.pipe.end();
    await written.stored;
    return { field, kind: rule.kind, name: written.name, mime: written.mime, size, filename };
  } catch (error) {
    if (out) {
      out.pipe.destroy(error instanceof Error ? error : new Error(String(error)));
      await out.stored.catch(() => undefined);
    }
    throw error;
  }
}

/** Deletes the files of a form whose request failed after it was read (validation, a taken email…). */
export async function discardUploads(storage: Storage, form: MultipartForm | undefined): Promise<void> {
  if (!form) return;
  await Promise.all(Object.values(form.files).map((file) => storage.remove(file.kind, file.name)));
}

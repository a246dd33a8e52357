import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageTarget } from '../config';
import {
  assertStorageKind,
  assertStoredName,
  mimeOfStoredName,
  type Storage,
  type StorageKind,
  StoredFileMissing,
  storageKinds,
  storedNamePattern,
} from './storage';

export type S3Target = Extract<StorageTarget, { kind: 's3' }>;

// S3's smallest part; with two parts in flight an upload holds at most ~15 MB however large the file.
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
// Every playing <audio> holds one bucket connection while it streams: the SDK's default of 50 is too few.
const MAX_SOCKETS = 512;

/** `<prefix>/<kind>/<name>`, or `<kind>/<name>` without a prefix: the one place a key is spelled. */
export function objectKey(target: S3Target, kind: StorageKind, name: string): string {
  assertStoredName(kind, name);
  return `${target.prefix ? `${target.prefix}/` : ''}${kind}/${name}`;
}

/** A client for the bucket; credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID, …). */
export function createS3Client(target: S3Target): S3Client {
  return new S3Client({
    region: target.region,
    endpoint: target.endpoint,
    forcePathStyle: target.forcePathStyle,
    // Checksums only where S3 demands them: MinIO, R2 and older S3-compatible servers refuse the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      httpAgent: new HttpAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
      httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
      connectionTimeout: 5_000,
    },
  });
}

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
// A missing bucket is a 404 too, but a misconfiguration to report, not a missing object.
const isNotFound = (error: unknown) =>
  !(error instanceof Error && error.name === 'NoSuchBucket') &&
  (statusOf(error) === 404 || (error instanceof Error && ['NotFound', 'NoSuchKey'].includes(error.name)));
const isNotImplemented = (error: unknown) =>
  statusOf(error) === 501 || (error instanceof Error && error.name === 'NotImplemented');

/** `<kind>/<name>` with a kind of ours and a name this server could have made. */
function isOurKey(rest: string): boolean {
  const [kind = '', name = '', extra] = rest.split('/');
  return extra === undefined && (storageKinds as readonly string[]).includes(kind) && storedNamePattern.test(name);
}

/** Files as objects in an S3-compatible bucket (AWS S3, R2, MinIO…), shared by every node. */
export function createS3Storage(target: S3Target, options: { client?: S3Client } = {}): Storage {
  const client = options.client ?? createS3Client(target);
  const Bucket = target.bucket;
  const base = target.prefix ? `${target.prefix}/` : '';

  async function remove(kind: StorageKind, name: string) {
    await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(target, kind, name) }));
  }

  return {
    label: `s3://${Bucket}${target.prefix ? `/${target.prefix}` : ''}`,
    async write(kind, name, body) {
      const Key = objectKey(target, kind, name);
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body, ContentType: mimeOfStoredName(name) },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        // A failed multipart upload is aborted (its parts deleted) before done() rejects.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        if (body instanceof Uint8Array) throw error;
        // The body's own failure is the cause worth reporting, even when aborting the parts failed too
        // (then they wait for the orphan sweep's abortIncompleteUploads); and stop reading the body.
        const cause = body.errored ?? error;
        body.destroy();
        throw cause;
      }
    },
    async size(kind, name) {
      if (!storedNamePattern.test(name)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(target, kind, name) }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async read(kind, name, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(target, kind, name),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return object.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new StoredFileMissing(kind, name);
        throw error;
      }
    },
    remove,
    async *list(kind) {
      assertStorageKind(kind);
      const Prefix = `${base}${kind}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(Prefix.length) ?? '';
          if (!storedNamePattern.test(name)) continue;
          yield { name, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async abortIncompleteUploads(before) {
      let aborted = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        let page: Awaited<ReturnType<typeof listUploads>>;
        try {
          page = await listUploads(KeyMarker, UploadIdMarker);
        } catch (error) {
          // Some S3-compatible servers (s3rver) do not list uploads; their own expiry is all there is.
          if (isNotImplemented(error)) return aborted;
          throw error;
        }
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
          // Only uploads of our own keys: a bucket without a prefix may hold other programs' objects.
          if (!isOurKey(upload.Key.slice(base.length))) continue;
          try {
            await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
            aborted++;
          } catch (error) {
            // Finished or aborted meanwhile (another node's sweep): nothing left to do.
            if (!isNotFound(error)) throw error;
          }
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
      return aborted;
    },
  };

  function listUploads(KeyMarker: string | undefined, UploadIdMarker: string | undefined) {
    return client.send(
      new ListMultipartUploadsCommand({ Bucket, Prefix: base || undefined, KeyMarker, UploadIdMarker }),
    );
  }
}

// Blob storage in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …), for deployments whose
// HTTP processes and workers do not share a disk. Chosen by S3_BUCKET (src/context.ts).
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BlobNotFoundError, checkBlobKey, type BlobStore } from './blobs.ts';

export interface S3Settings {
  region: string;
  /** Another S3-compatible service; AWS when unset. */
  endpoint?: string;
  /** Bucket in the path (http://host/bucket/key) rather than the host name; most non-AWS services need it. */
  forcePathStyle: boolean;
}

/**
 * The client, with credentials from the SDK's default chain (environment, shared profile, web
 * identity, container or instance role). Checksums: the SDK's defaults ("when supported") are
 * kept, which for our in-memory bodies means a CRC32 computed up front and sent as a header
 * (never the aws-chunked trailer encoding, which is used only for streams of unknown length), and
 * a CRC32 the server returns with an object checked against the bytes read.
 */
export function s3ClientFor(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_SUPPORTED',
    responseChecksumValidation: 'WHEN_SUPPORTED',
  });
}

/** DeleteObjects takes at most this many keys a request. */
const DELETE_BATCH = 1000;

export class S3BlobStore implements BlobStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** Objects above this size go up as a multipart upload of parts this size (S3's minimum is 5 MiB). */
    private readonly partSize = 8 * 1024 * 1024,
  ) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    checkBlobKey(key);
    // lib-storage sends one PutObject up to partSize, else a multipart upload (aborted on failure).
    // Every request carries a CRC32 of its body, which S3 verifies before it stores anything
    // (BadDigest otherwise); a multipart object also gets the checksum of its parts' checksums.
    // An object is visible only once complete, so a reader never sees half of it.
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: bytes, ChecksumAlgorithm: 'CRC32' },
      partSize: this.partSize,
      queueSize: 4,
      leavePartsOnError: false,
    }).done();
  }

  async get(key: string): Promise<Uint8Array> {
    const body = await this.open(key);
    return body.transformToByteArray();
  }

  async stream(key: string): Promise<Readable> {
    // The SDK's body is the HTTP response itself (a Node Readable), wrapped in a checksum check
    // when the server stored one: nothing is buffered.
    return (await this.open(key)) as unknown as Readable;
  }

  async exists(key: string): Promise<boolean> {
    checkBlobKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    checkBlobKey(key);
    // S3 answers 204 for a key that is not there, as the disk store ignores a missing file.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deleteMany(keys: string[]): Promise<void> {
    keys.forEach(checkBlobKey);
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const out = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      // DeleteObjects answers 200 even when some keys failed; those are listed in Errors.
      const failed = out.Errors ?? [];
      if (failed.length) throw new Error(`blob delete failed for ${failed.length} of ${batch.length} keys: ${failed[0].Code ?? 'unknown'} ${failed[0].Message ?? ''}`.trim());
    }
  }

  close(): void {
    this.client.destroy();
  }

  private async open(key: string) {
    checkBlobKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, ChecksumMode: 'ENABLED' }));
      if (!out.Body) throw new Error(`blob read returned no body: ${key}`);
      return out.Body;
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }
}

/** NoSuchKey on GET, NotFound on HEAD (a bare 404: HEAD has no body to name the error). A missing bucket (NoSuchBucket) stays an error. */
function isMissing(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');
}

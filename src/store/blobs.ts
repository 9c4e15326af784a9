// Blob storage for uploaded and produced documents. Local disk under DATA_DIR is the default;
// S3BlobStore (s3-blobs.ts) keeps them in an S3-compatible bucket. Both behave the same to callers
// (test/unit/blob-stores.test.ts runs one contract against both).
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile, rename, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Throws BlobNotFoundError when the key does not exist. */
  get(key: string): Promise<Uint8Array>;
  stream(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Deleting a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** delete() for many keys: S3 takes up to 1000 in one request (retention deletes a batch's rows). */
  deleteMany(keys: string[]): Promise<void>;
  /** Releases connections; the store is not used afterwards. */
  close(): void;
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`blob not found: ${key}`);
  }
}

// Keys are built by the service (owner/kind/uuid…), never from user input; the check is a
// second line of defence against path traversal.
const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function checkBlobKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid blob key: ${key}`);
}

export class LocalDiskBlobStore implements BlobStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    checkBlobKey(key);
    const p = resolve(join(this.root, key));
    if (!p.startsWith(this.root + sep)) throw new Error(`invalid blob key: ${key}`);
    return p;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    // Write then rename: a reader never sees half a file, even if the process dies mid-write.
    const tmp = `${p}.${randomUUID()}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, p);
  }

  async get(key: string): Promise<Uint8Array> {
    try {
      return new Uint8Array(await readFile(this.path(key)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async stream(key: string): Promise<Readable> {
    if (!(await this.exists(key))) throw new BlobNotFoundError(key);
    return createReadStream(this.path(key));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.path(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async deleteMany(keys: string[]): Promise<void> {
    for (const key of keys) await this.delete(key);
  }

  close(): void {}
}

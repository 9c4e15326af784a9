// One contract for both blob stores: what callers (jobs, the row PDF stream, the batch zip,
// artifacts, retention) rely on must hold on local disk and on S3 alike. The S3 store runs
// against a local S3-compatible server (test/helpers/s3-server.ts), through the real AWS SDK.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { CreateBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BlobNotFoundError, LocalDiskBlobStore, type BlobStore } from '../../src/store/blobs.ts';
import { S3BlobStore, s3ClientFor } from '../../src/store/s3-blobs.ts';
import { S3_TEST_CREDENTIALS, startS3Server, type LocalS3 } from '../helpers/s3-server.ts';
import { loadConfig } from '../../src/config.ts';
import { createBlobStore } from '../../src/context.ts';

const MiB = 1024 * 1024;
const PART = 5 * MiB; // S3's smallest part: a 12 MiB object goes up in three

async function collect(stream: Readable): Promise<{ bytes: Buffer; chunks: number }> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

interface Harness {
  store: BlobStore;
  close(): Promise<void>;
}

let s3: LocalS3;
let s3Client: S3Client;
beforeAll(async () => {
  Object.assign(process.env, S3_TEST_CREDENTIALS); // the SDK's default chain reads these
  s3 = await startS3Server();
  s3Client = s3ClientFor({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true });
  await s3Client.send(new CreateBucketCommand({ Bucket: 'contract' }));
});
afterAll(async () => {
  s3Client.destroy();
  await s3.close();
});

const stores: [string, () => Promise<Harness>][] = [
  [
    'local disk',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'formfill-blobs-'));
      return { store: new LocalDiskBlobStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  ['S3', async () => ({ store: new S3BlobStore(s3Client, 'contract', PART), close: async () => undefined })],
];

describe.each(stores)('blob store contract: %s', (_, make) => {
  let h: Harness;
  beforeAll(async () => {
    h = await make();
  });
  afterAll(() => h.close());

  test('put, then get and stream give the same bytes; put again replaces them', async () => {
    const key = 'owner1/forms/a1/source.pdf';
    const first = randomBytes(40_000);
    await h.store.put(key, first);
    expect(await h.store.exists(key)).toBe(true);
    expect(Buffer.from(await h.store.get(key)).equals(first)).toBe(true);
    expect((await collect(await h.store.stream(key))).bytes.equals(first)).toBe(true);

    const second = Buffer.from('%PDF-1.7 replaced');
    await h.store.put(key, second);
    expect(Buffer.from(await h.store.get(key)).equals(second)).toBe(true);
  });

  test('an empty blob round-trips', async () => {
    await h.store.put('owner1/empty', new Uint8Array(0));
    expect((await h.store.get('owner1/empty')).length).toBe(0);
    expect((await collect(await h.store.stream('owner1/empty'))).bytes.length).toBe(0);
  });

  test('a missing key: get and stream throw BlobNotFoundError, exists is false, delete is no error', async () => {
    const key = 'owner1/forms/never/source.pdf';
    await expect(h.store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(h.store.stream(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await h.store.exists(key)).toBe(false);
    await h.store.delete(key);
    await h.store.deleteMany([key]);
  });

  test('delete and deleteMany remove the blobs, missing keys among them included', async () => {
    const keys = Array.from({ length: 5 }, (_, i) => `owner2/batches/b1/row-${i + 1}.pdf`);
    for (const k of keys) await h.store.put(k, Buffer.from(k));
    await h.store.delete(keys[0]);
    expect(await h.store.exists(keys[0])).toBe(false);
    await h.store.deleteMany([...keys.slice(1), 'owner2/batches/b1/row-99.pdf']);
    for (const k of keys) {
      expect(await h.store.exists(k)).toBe(false);
      await expect(h.store.get(k)).rejects.toBeInstanceOf(BlobNotFoundError);
    }
  });

  test('keys outside the service pattern are refused before any I/O', async () => {
    for (const key of ['../etc/passwd', 'owner/../../x', '/abs', 'a//b', 'a b']) {
      await expect(h.store.put(key, Buffer.from('x'))).rejects.toThrow(/invalid blob key/);
      await expect(h.store.get(key)).rejects.toThrow(/invalid blob key/);
      await expect(h.store.deleteMany([key])).rejects.toThrow(/invalid blob key/);
    }
  });

  test('a large object (12 MiB) round-trips, and its stream arrives in pieces', async () => {
    const key = 'owner3/batches/b2/row-1.pdf';
    const big = randomBytes(12 * MiB + 123);
    await h.store.put(key, big);
    expect(Buffer.from(await h.store.get(key)).equals(big)).toBe(true);
    const streamed = await collect(await h.store.stream(key));
    expect(streamed.bytes.equals(big)).toBe(true);
    expect(streamed.chunks).toBeGreaterThan(1); // read as it arrives, not buffered whole
    await h.store.delete(key);
  }, 60_000);
});

test('S3_BUCKET alone chooses the S3 store (endpoint implies path-style addressing, credentials from the environment); without it, disk', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'formfill-blobs-'));
  try {
    const onS3 = loadConfig({ DATA_DIR: dir, S3_BUCKET: 'contract', S3_ENDPOINT: s3.endpoint });
    expect(onS3.S3_FORCE_PATH_STYLE).toBe(true);
    const s3Store = await createBlobStore(onS3);
    expect(s3Store).toBeInstanceOf(S3BlobStore);
    await s3Store.put('owner6/chosen', Buffer.from('via config'));
    expect(Buffer.from(await s3Store.get('owner6/chosen')).toString()).toBe('via config');
    s3Store.close();
    expect(loadConfig({ DATA_DIR: dir, S3_BUCKET: 'contract', S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, S3_BUCKET: 'contract' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(await createBlobStore(loadConfig({ DATA_DIR: dir }))).toBeInstanceOf(LocalDiskBlobStore);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

describe('S3 store on the wire', () => {
  /** Names of the SDK commands the store sends while `run` runs. */
  async function commandsDuring(run: () => Promise<unknown>): Promise<string[]> {
    const names: string[] = [];
    const name = 'recordCommands';
    s3Client.middlewareStack.add((next, context) => (args) => (names.push(context.commandName as string), next(args)), { step: 'initialize', name });
    try {
      await run();
    } finally {
      s3Client.middlewareStack.remove(name);
    }
    return names;
  }

  test('a large object goes up as a multipart upload of PART-sized parts; a small one as one PutObject', async () => {
    const store = new S3BlobStore(s3Client, 'contract', PART);
    const big = await commandsDuring(() => store.put('owner4/big', randomBytes(12 * MiB)));
    expect(big.filter((n) => n === 'UploadPartCommand')).toHaveLength(3);
    expect(big).toContain('CreateMultipartUploadCommand');
    expect(big).toContain('CompleteMultipartUploadCommand');
    expect(await commandsDuring(() => store.put('owner4/small', randomBytes(1000)))).toEqual(['PutObjectCommand']);
  }, 60_000);

  test('every upload carries a checksum of its body: bytes changed in transit are refused (BadDigest) and nothing is stored', async () => {
    const store = new S3BlobStore(s3Client, 'contract', PART);
    const name = 'flipByteAfterChecksum';
    // Runs after the SDK computed the body's checksum, just before the request is sent.
    s3Client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { body?: unknown };
        if (request.body instanceof Uint8Array && request.body.length > 0) {
          const changed = Buffer.from(request.body);
          changed[changed.length >> 1] ^= 0xff;
          request.body = changed;
        }
        return next(args);
      },
      { step: 'deserialize', priority: 'low', name },
    );
    const refusedBefore = s3.refused;
    try {
      await expect(store.put('owner5/small', randomBytes(1000))).rejects.toMatchObject({ name: 'BadDigest' });
      await expect(store.put('owner5/big', randomBytes(11 * MiB))).rejects.toMatchObject({ name: 'BadDigest' });
    } finally {
      s3Client.middlewareStack.remove(name);
    }
    expect(s3.refused - refusedBefore).toBeGreaterThanOrEqual(2);
    expect(await store.exists('owner5/small')).toBe(false);
    expect(await store.exists('owner5/big')).toBe(false);
  }, 60_000);
});

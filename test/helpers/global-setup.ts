// Runs once per test run: makes one empty, initialised PGlite data folder that every test
// server copies instead of running initdb itself (seconds each on two busy cores).
// Migrations are not applied here: each server applies them at start, as in production.
// With TEST_BLOB_STORE=s3 it also starts the local S3-compatible server every test server (and
// the child processes of the crash test) keeps its documents in, one bucket each.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { startS3Server } from './s3-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The local S3 server's address when TEST_BLOB_STORE=s3, else ''. */
    s3Endpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), 'formfill-pglite-template-'));
  const dir = join(root, 'pgdata');
  const db = await PGlite.create(dir);
  await db.close();
  project.provide('pgliteTemplate', dir);
  const s3 = process.env.TEST_BLOB_STORE === 's3' ? await startS3Server() : undefined;
  project.provide('s3Endpoint', s3?.endpoint ?? '');
  return async () => {
    await s3?.close();
    await rm(root, { recursive: true, force: true });
  };
}

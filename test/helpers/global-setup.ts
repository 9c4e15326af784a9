// Runs once per test run: makes one empty, initialised PGlite data folder that every test
// server copies instead of running initdb itself (seconds each on two busy cores).
// Migrations are not applied here: each server applies them at start, as in production.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), 'formfill-pglite-template-'));
  const dir = join(root, 'pgdata');
  const db = await PGlite.create(dir);
  await db.close();
  project.provide('pgliteTemplate', dir);
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}

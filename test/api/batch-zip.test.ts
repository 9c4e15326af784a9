// The batch zip writer (GET /forms/fill-batch/{id}/zip): stored entries with exact sizes and
// CRCs, ZIP64 records when needed, checked by Info-ZIP's unzip and Python's zipfile.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { writeStoredZip } from '../../src/http/zip.ts';

const dir = mkdtempSync(join(tmpdir(), 'batch-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const docs = [
  { name: 'row-1.pdf', bytes: new Uint8Array(randomBytes(300_000)) },
  { name: 'row-2.pdf', bytes: new Uint8Array(0) },
  { name: 'row-10.pdf', bytes: new Uint8Array(randomBytes(70_001)) },
  { name: 'Zoë.pdf', bytes: new Uint8Array(Buffer.from('%PDF-1.7 tiny')) },
];

async function zipTo(file: string, forceZip64: boolean): Promise<void> {
  const out = createWriteStream(file);
  await writeStoredZip(docs.map((d) => ({ name: d.name, load: async () => d.bytes })), out, { forceZip64 });
  out.end();
  await finished(out);
}

describe('writeStoredZip', () => {
  for (const forceZip64 of [false, true]) {
    test(`readers accept it and get every byte back${forceZip64 ? ' (ZIP64 records)' : ''}`, async () => {
      const file = join(dir, `z${forceZip64}.zip`);
      await zipTo(file, forceZip64);
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
      for (const d of docs) expect(new Uint8Array(execFileSync('unzip', ['-p', file, d.name]))).toEqual(d.bytes);
      const py = 'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint("|".join(f"{i.filename}:{i.file_size}:{i.compress_type}" for i in z.infolist()))';
      expect(execFileSync('python3', ['-c', py, file], { encoding: 'utf8' }).trim()).toBe(docs.map((d) => `${d.name}:${d.bytes.length}:0`).join('|'));
      // ZIP64 end records only when asked for (or needed): classic readers see the classic format.
      const b = readFileSync(file);
      expect(b.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(forceZip64);
    });
  }

  test('a document that cannot be loaded rejects the write (the route then cuts the response)', async () => {
    const out = new PassThrough();
    out.resume();
    const entries = [
      { name: 'row-1.pdf', load: async () => docs[0].bytes },
      { name: 'row-2.pdf', load: async () => Promise.reject(new Error('blob not found: row-2')) },
    ];
    await expect(writeStoredZip(entries, out)).rejects.toThrow('blob not found');
  });

  test('stops when the client goes away instead of loading every remaining document', async () => {
    const out = new PassThrough({ highWaterMark: 1024 }); // never read: the first large write fills it
    let loaded = 0;
    const entries = Array.from({ length: 50 }, (_, i) => ({
      name: `row-${i + 1}.pdf`,
      load: async () => {
        loaded++;
        return docs[0].bytes;
      },
    }));
    const writing = writeStoredZip(entries, out);
    await new Promise((r) => setTimeout(r, 50));
    out.destroy();
    await expect(writing).rejects.toThrow('zip output closed');
    expect(loaded).toBeLessThanOrEqual(3);
  });
});

// Page tools in worker threads (src/workers/pool.ts) behind the API: a worker that dies on a
// document answers that request with a clear error, and the next request gets a new worker.
import { describe, expect, test } from 'vitest';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { useServer } from '../helpers/server.ts';
import { rawForm } from '../helpers/pdfs.ts';

// One worker with a small heap.
const h = useServer({ overrides: { PAGE_TOOL_WORKERS: '1', PAGE_TOOL_WORKER_MEMORY_MB: '128' } });

async function twoPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) doc.addPage([300, 400]).drawText(`Page ${n}`, { x: 20, y: 200, size: 14, font });
  return doc.save();
}

describe('a worker that dies', () => {
  test('answers 422 pdf_too_complex, and the next request works on a new worker', async () => {
    const before = await h.api.upload('/tools/keep', { file: { bytes: await twoPages() }, pages: '2' });
    expect(before.status).toBe(201);

    // Ten different 400-page forms (16,000 fields each): a join that needs far more than 128 MB.
    const docs = Array.from({ length: 10 }, (_, i) => ({ bytes: rawForm(400, 40, `d${i}`) }));
    const big = await h.api.upload('/tools/join', { file: docs });
    expect(big.status, JSON.stringify(big.body)).toBe(422);
    expect(big.body.error.code).toBe('pdf_too_complex');
    expect(h.s.ctx.tools.load).toEqual({ running: 0, queued: 0, workers: 0 });

    const after = await h.api.upload('/tools/keep', { file: { bytes: await twoPages() }, pages: '1' });
    expect(after.status).toBe(201);
    expect(after.body.page_count).toBe(1);
    expect(h.s.ctx.tools.load.workers).toBe(1);
    // The server is still serving everything else.
    expect((await fetch(`${h.s.url}/health`)).status).toBe(200);
  }, 180_000);

  test('a document with an absurd structure is refused with 422 before it can exhaust memory', async () => {
    const numbers = Array.from({ length: 300_000 }, (_, i) => i).join(' ');
    const r = await h.api.upload('/tools/rotate', { file: { bytes: rawForm(1, 1, 'x', ` /Junk [${numbers}]`) }, angle: '90' });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.error.code).toBe('pdf_too_complex');
  }, 60_000);
});

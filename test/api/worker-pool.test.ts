// Page tools in worker threads (src/workers/pool.ts) behind the API: a worker that dies on a
// document answers that request with a clear error, and the next request gets a new worker.
import { describe, expect, test } from 'vitest';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { useServer } from '../helpers/server.ts';

// One worker with a small heap.
const h = useServer({ overrides: { PAGE_TOOL_WORKERS: '1', PAGE_TOOL_WORKER_MEMORY_MB: '128' } });

async function twoPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) doc.addPage([300, 400]).drawText(`Page ${n}`, { x: 20, y: 200, size: 14, font });
  return doc.save();
}

/** A valid form written as text (fast to make): `pages` pages of `perPage` text fields, names tagged. */
function rawForm(pages: number, perPage: number, tag: string, extra = ''): Uint8Array {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R /AcroForm 3 0 R >>', '', ''];
  const pageNums: number[] = [];
  const fieldNums: number[] = [];
  for (let p = 0; p < pages; p++) {
    const pageNum = objects.length + 1;
    pageNums.push(pageNum);
    const annots: number[] = [];
    objects.push('');
    for (let f = 0; f < perPage; f++) {
      annots.push(objects.length + 1);
      fieldNums.push(objects.length + 1);
      objects.push(`<< /Type /Annot /Subtype /Widget /FT /Tx /T (${tag}_${p}_${f}) /Rect [20 ${760 - f * 18} 300 ${774 - f * 18}] /P ${pageNum} 0 R /F 4 /DA (/Helv 10 Tf 0 g) >>`);
    }
    objects[pageNum - 1] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800]${extra} /Annots [${annots.map((n) => `${n} 0 R`).join(' ')}] >>`;
  }
  objects[1] = `<< /Type /Pages /Kids [${pageNums.map((n) => `${n} 0 R`).join(' ')}] /Count ${pages} >>`;
  objects[2] = `<< /Fields [${fieldNums.map((n) => `${n} 0 R`).join(' ')}] /DA (/Helv 0 Tf 0 g) >>`;
  let body = '%PDF-1.7\n';
  const offsets = objects.map((o, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
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

// Page tools (§1, design.md): build, join, keep, remove, reorder, rotate, inspect, and artifacts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, test } from 'vitest';
import { useServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { fillableFormPdf, encryptedPdf } from '../helpers/pdfs.ts';

const h = useServer();

/** A PDF whose page n says "Page n of <tag>", so order survives every tool visibly. */
async function numbered(pages: number, tag: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([300, 400]).drawText(`Page ${i} of ${tag}`, { x: 20, y: 200, size: 14, font });
  return doc.save();
}

function pdfPages(bytes: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'tools-'));
  writeFileSync(join(dir, 'x.pdf'), bytes);
  return execFileSync('pdftotext', [join(dir, 'x.pdf'), '-'], { encoding: 'utf8' }).split('\f').map((p) => p.trim()).filter(Boolean);
}

function qpdfCheck(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'qpdf-'));
  writeFileSync(join(dir, 'x.pdf'), bytes);
  return execFileSync('qpdf', ['--check', join(dir, 'x.pdf')], { encoding: 'utf8' });
}

const pdfOf = async (r: { body: any }) => (await h.api.get(`/artifacts/${r.body.artifact_id}/pdf`)).bytes;

describe('single-document tools', () => {
  test('keep, remove, reorder answer 201 with an artifact whose pages are right', async () => {
    const file = { bytes: await numbered(5, 'A') };
    const keep = await h.api.upload('/tools/keep', { file, pages: '1,3,5' });
    expect(keep.status).toBe(201);
    expect(keep.body).toMatchObject({ page_count: 3, name: 'keep.pdf', download: `/artifacts/${keep.body.artifact_id}/pdf` });
    expect(pdfPages(await pdfOf(keep))).toEqual(['Page 1 of A', 'Page 3 of A', 'Page 5 of A']);

    const remove = await h.api.upload('/tools/remove', { file, pages: '[2,4]' });
    expect(pdfPages(await pdfOf(remove))).toEqual(['Page 1 of A', 'Page 3 of A', 'Page 5 of A']);

    const reorder = await h.api.upload('/tools/reorder', { file, order: '5,4,3,2,1' });
    expect(pdfPages(await pdfOf(reorder))).toEqual(['Page 5 of A', 'Page 4 of A', 'Page 3 of A', 'Page 2 of A', 'Page 1 of A']);
    expect(qpdfCheck(await pdfOf(reorder))).toMatch(/No syntax or stream encoding errors/);
  });

  test('rotate turns the named pages; inspect reports it', async () => {
    const r = await h.api.upload('/tools/rotate', { file: { bytes: await numbered(3, 'R') }, pages: '2', angle: '90' });
    expect(r.status).toBe(201);
    const report = await h.api.upload('/tools/inspect', { artifact_id: r.body.artifact_id });
    expect(report.status).toBe(200);
    expect(report.body.pages.map((p: any) => p.rotate)).toEqual([0, 90, 0]);
    expect(report.body).toMatchObject({ page_count: 3, encrypted: false, form_fields: 0 });
  });

  test('?download=1 answers with the PDF itself', async () => {
    const r = await fetch(`${h.s.url}/tools/keep?download=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.key}` },
      body: (() => {
        const fd = new FormData();
        fd.append('pages', '2');
        return fd;
      })(),
    });
    // No document: 400 before anything else.
    expect(r.status).toBe(400);
    const fd = new FormData();
    fd.append('pages', '2');
    fd.append('file', new Blob([new Uint8Array(await numbered(2, 'D'))], { type: 'application/pdf' }), 'd.pdf');
    const ok = await fetch(`${h.s.url}/tools/keep?download=1`, { method: 'POST', headers: { Authorization: `Bearer ${h.key}` }, body: fd });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(ok.headers.get('x-artifact-id')).toMatch(/[0-9a-f-]{36}/);
    expect(pdfPages(new Uint8Array(await ok.arrayBuffer()))).toEqual(['Page 2 of D']);
  });

  test('bad pages, orders and angles are 400 with clear codes', async () => {
    const file = { bytes: await numbered(3, 'E') };
    const cases: [string, Record<string, string>, string][] = [
      ['/tools/keep', { pages: '4' }, 'invalid_pages'],
      ['/tools/keep', { pages: 'one' }, 'invalid_request'],
      ['/tools/remove', { pages: '1,2,3' }, 'invalid_pages'],
      ['/tools/reorder', { order: '1,2' }, 'invalid_order'],
      ['/tools/reorder', { order: '1,1,2' }, 'invalid_order'],
      ['/tools/rotate', { angle: '45' }, 'invalid_request'],
    ];
    for (const [path, fields, code] of cases) {
      const r = await h.api.upload(path, { file, ...fields });
      expect(r.status, `${path} ${JSON.stringify(fields)} ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.error.code, `${path} ${JSON.stringify(fields)}`).toBe(code);
    }
    const garbage = await h.api.upload('/tools/keep', { file: { bytes: new TextEncoder().encode('%PDF-1.4 nonsense') }, pages: '1' });
    expect(garbage.status).toBe(400);
  });
});

describe('multi-document tools', () => {
  test('join puts whole PDFs in order, files then artifacts', async () => {
    const b = await h.api.upload('/tools/keep', { file: { bytes: await numbered(2, 'B') }, pages: '1,2' });
    const r = await h.api.upload('/tools/join', { file: { bytes: await numbered(1, 'A') }, artifact_ids: JSON.stringify([b.body.artifact_id]) });
    expect(r.status).toBe(201);
    expect(pdfPages(await pdfOf(r))).toEqual(['Page 1 of A', 'Page 1 of B', 'Page 2 of B']);
  });

  test('build takes chosen pages of several documents with rotations', async () => {
    const sources = JSON.stringify([{ file: 1, pages: [2] }, { file: 0, pages: [1], rotate: 180 }, { file: 1, pages: [1] }]);
    const r = await h.api.upload('/tools/build', { file: [{ bytes: await numbered(1, 'X') }, { bytes: await numbered(2, 'Y') }], sources });
    expect(r.status).toBe(201);
    const pdf = await pdfOf(r);
    expect(pdfPages(pdf)).toEqual(['Page 2 of Y', 'Page 1 of X', 'Page 1 of Y']);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPages().map((p) => p.getRotation().angle)).toEqual([0, 180, 0]);
  });

  test('form fields survive join, renamed when names collide', async () => {
    const form = await fillableFormPdf();
    const r = await h.api.upload('/tools/join', { file: [{ bytes: form }, { bytes: form }] });
    expect(r.status).toBe(201);
    const pdf = await pdfOf(r);
    const names = (await PDFDocument.load(pdf)).getForm().getFields().map((f) => f.getName()).sort();
    expect(names).toHaveLength(12);
    // Hierarchical names are renamed at the top: applicant.* of the second copy becomes applicant_2.*.
    expect(names).toEqual(expect.arrayContaining(['applicant.full_name', 'applicant_2.full_name', 'agree', 'agree_2', 'country_2']));
    expect(qpdfCheck(pdf)).toMatch(/No syntax or stream encoding errors/);
    // The joined PDF is a working form: it becomes a contract with every field.
    const created = await h.api.upload('/forms', { file: { bytes: pdf } });
    expect(created.status).toBe(202);
  });

  test('an encrypted input that opens without a password is accepted', async () => {
    const r = await h.api.upload('/tools/keep', { file: { bytes: await encryptedPdf('') }, pages: '2' });
    expect(r.status).toBe(201);
    expect(r.body.page_count).toBe(1);
  });
});

/** A form with many widgets (each its own field): heavy in objects, as big real forms are. */
async function heavyForm(pages: number, perPage: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fields = [];
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([600, 800]);
    const annots = [];
    for (let f = 0; f < perPage; f++) {
      const y = 780 - f * 18;
      const widget = doc.context.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Tx', T: PDFString.of(`p${p}_f${f}`), Rect: [20, y - 14, 300, y], P: page.ref, F: 4, DA: PDFString.of('/Helv 10 Tf 0 g') });
      const ref = doc.context.register(widget);
      annots.push(ref);
      fields.push(ref);
    }
    page.node.set(PDFName.of('Annots'), doc.context.obj(annots));
  }
  doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: fields }));
  return doc.save();
}

describe('the event loop', () => {
  test('GET /health answers at once while a heavy join runs', async () => {
    const form = await heavyForm(100, 40); // 4,000 fields; ten copies make a 1,000-page, 40,000-field join
    const started = performance.now();
    let done = false;
    const join = h.api.upload('/tools/join', { file: Array.from({ length: 10 }, () => ({ bytes: form })) }).finally(() => (done = true));
    // Ask for /health over and over while the join is in flight: on a blocked loop one of these waits for the whole join.
    const waits: number[] = [];
    while (!done) {
      const t = performance.now();
      const health = await fetch(`${h.s.url}/health`);
      expect(health.status).toBe(200);
      waits.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 10));
    }
    const r = await join;
    const joinMs = performance.now() - started;
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.page_count).toBe(1000);
    expect(joinMs).toBeGreaterThan(300); // heavy enough that running it inline would show
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits), `health waits ${waits.map((w) => w.toFixed(0)).join(' ')} during a ${joinMs.toFixed(0)} ms join`).toBeLessThan(Math.max(150, joinMs / 4));
    const names = (await PDFDocument.load(await pdfOf(r))).getForm().getFields().map((f) => f.getName());
    expect(new Set(names).size).toBe(40_000);
    expect(names).toEqual(expect.arrayContaining(['p0_f0', 'p0_f0_2', 'p99_f39_10']));
  }, 120_000);
});

describe('artifacts', () => {
  test("metadata, and another owner's artifact is 404", async () => {
    const r = await h.api.upload('/tools/keep', { file: { bytes: await numbered(2, 'M') }, pages: '1' });
    const meta = await h.api.get(`/artifacts/${r.body.artifact_id}`);
    expect(meta.status).toBe(200);
    expect(meta.body).toEqual(r.body);
    const other = client(h.s.url, (await h.s.account('other')).key);
    expect((await other.get(`/artifacts/${r.body.artifact_id}`)).status).toBe(404);
    expect((await other.get(`/artifacts/${r.body.artifact_id}/pdf`)).status).toBe(404);
    expect((await other.upload('/tools/inspect', { artifact_id: r.body.artifact_id })).status).toBe(404);
  });

  test('tools are not billed', async () => {
    const usage = (await h.api.get('/usage')).body;
    expect(Object.entries(usage).filter(([k]) => !['owner', 'period'].includes(k)).every(([k, v]) => k === 'create' || v === 0)).toBe(true);
  });
});

// POST /read and POST /forms/{id}/verify, on PDFs filled by us and by a third-party tool (pdftk).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, test } from 'vitest';
import { eventually, useServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { fillableFormPdf, simpleFormPdf, flatPdf } from '../helpers/pdfs.ts';

const h = useServer();

async function readyForm(bytes: Uint8Array) {
  const r = await h.api.upload('/forms', { file: { bytes } });
  await eventually(async () => ((await h.api.get(`/forms/${r.body.form_id}`)).body.status === 'ready' ? true : undefined));
  const contract = (await h.api.get(`/forms/${r.body.form_id}/contract`)).body;
  return { id: r.body.form_id as string, ids: Object.fromEntries(contract.fields.map((f: any) => [f.name, f.id])) as Record<string, number> };
}

/** Fills with Debian's pdftk from an XFDF file: an independent, third-party filler. */
function pdftkFill(pdf: Uint8Array, values: Record<string, string>): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'pdftk-'));
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const xfdf = `<?xml version="1.0" encoding="UTF-8"?><xfdf xmlns="http://ns.adobe.com/xfdf/"><fields>${Object.entries(values)
    .map(([k, v]) => `<field name="${esc(k)}"><value>${esc(v)}</value></field>`)
    .join('')}</fields></xfdf>`;
  writeFileSync(join(dir, 'in.pdf'), pdf);
  writeFileSync(join(dir, 'data.xfdf'), xfdf);
  execFileSync('pdftk', [join(dir, 'in.pdf'), 'fill_form', join(dir, 'data.xfdf'), 'output', join(dir, 'out.pdf')]);
  return new Uint8Array(readFileSync(join(dir, 'out.pdf')));
}

let full: { id: string; ids: Record<string, number> };
let simple: { id: string; ids: Record<string, number> };
beforeAll(async () => {
  full = await readyForm(await fillableFormPdf());
  simple = await readyForm(await simpleFormPdf());
});

describe('POST /read', () => {
  test('reads a pdftk-filled PDF by field name, checkboxes as booleans', async () => {
    const filled = pdftkFill(await fillableFormPdf(), { 'applicant.full_name': 'Ada Lovelace', 'applicant.zip': '10115', agree: 'On', country: 'Germany' });
    const r = await h.api.upload('/read', { file: { bytes: filled } });
    expect(r.status).toBe(200);
    expect(r.body.form_id).toBeNull();
    const byName = Object.fromEntries(r.body.fields.map((f: any) => [f.name, f]));
    expect(byName['applicant.full_name']).toMatchObject({ value: 'Ada Lovelace', label: 'Full name', type: 'text', field_id: null });
    expect(byName['applicant.zip'].value).toBe('10115');
    expect(byName.agree.value).toBe(true);
    expect(byName.country.value).toBe('Germany');
    expect(byName.color.value).toBeNull();
  });

  test('with form_id: contract ids and a verdict', async () => {
    const filled = pdftkFill(await fillableFormPdf(), { 'applicant.full_name': 'Ada Lovelace' });
    const r = await h.api.upload('/read', { file: { bytes: filled }, form_id: full.id });
    expect(r.status).toBe(200);
    expect(r.body.form_id).toBe(full.id);
    const f = r.body.fields.find((x: any) => x.field_id === full.ids['applicant.full_name']);
    expect(f.value).toBe('Ada Lovelace');
    expect(r.body.result).toBe('review_required'); // only the unsigned signature box is open
    expect(r.body.verification.issues.map((i: any) => i.kind)).toEqual(['signature_missing']);
  });

  test('a flattened PDF of a known form is read from the text in each field', async () => {
    const s = await h.api.post('/sessions', { form_id: full.id });
    await h.api.put(`/sessions/${s.body.session_id}/fields`, { updates: [{ field_id: full.ids['applicant.full_name'], value: 'Grace Hopper' }, { field_id: full.ids['applicant.zip'], value: '20500' }] });
    await h.api.post(`/sessions/${s.body.session_id}/fill`, { flatten: true });
    const flat = (await h.api.get(`/sessions/${s.body.session_id}/pdf`)).bytes;
    const r = await h.api.upload('/read', { file: { bytes: flat }, form_id: full.id });
    expect(r.status).toBe(200);
    expect(r.body.source).toBe('page_text');
    const byId = Object.fromEntries(r.body.fields.map((f: any) => [f.field_id, f.value]));
    expect(byId[full.ids['applicant.full_name']]).toBe('Grace Hopper');
    expect(byId[full.ids['applicant.zip']]).toBe('20500');
  });

  test('a PDF without fields and without form_id is 422; not a PDF is 400; unknown form 404', async () => {
    const none = await h.api.upload('/read', { file: { bytes: await flatPdf() } });
    expect(none.status).toBe(422);
    expect(none.body.error.code).toBe('no_form_fields');
    expect((await h.api.upload('/read', { file: { bytes: new TextEncoder().encode('nope') } })).status).toBe(400);
    expect((await h.api.upload('/read', { file: { bytes: await simpleFormPdf() }, form_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });
});

describe('POST /forms/{id}/verify', () => {
  test('complete when every field is right', async () => {
    const filled = pdftkFill(await simpleFormPdf(), { name: 'Ada', subscribe: 'Yes' });
    const before = (await h.api.get('/usage')).body.verify;
    const r = await h.api.upload(`/forms/${simple.id}/verify`, { file: { bytes: filled } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ result: 'complete', issues: [], adjustments: [], counts: { fields: 2, written: 2, required_unfilled: 0, issues_blocking: 0, issues_review: 0 } });
    expect(new Date(r.body.checked_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(r.body.checked_at).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+\+00:00$/);
    expect((await h.api.get('/usage')).body.verify).toBe(before + 1);
  });

  test('incomplete when a required field is empty', async () => {
    const r = await h.api.upload(`/forms/${simple.id}/verify`, { file: { bytes: await simpleFormPdf() } });
    expect(r.body.result).toBe('incomplete');
    expect(r.body.issues).toEqual([{ field_id: simple.ids.name, page: 0, kind: 'required_unfilled', detail: expect.any(String), blocking: true }]);
    expect(r.body.counts.required_unfilled).toBe(1);
  });

  test('failed when two radio buttons are on or a choice is not an option', async () => {
    const doc = await PDFDocument.load(await fillableFormPdf());
    const form = doc.getForm();
    form.getTextField('applicant.full_name').setText('Ada');
    form.getRadioGroup('color').select('red');
    // Draw every button on, as a broken filler might: the value says one, the page shows two.
    for (const w of form.getRadioGroup('color').acroField.getWidgets()) w.setAppearanceState(w.getOnValue()!);
    const r = await h.api.upload(`/forms/${full.id}/verify`, { file: { bytes: await doc.save() } });
    expect(r.status).toBe(200);
    expect(r.body.result).toBe('failed');
    expect(r.body.issues.map((i: any) => i.kind)).toContain('inconsistent_choice');

    const odd = pdftkFill(await fillableFormPdf(), { 'applicant.full_name': 'Ada', country: 'Narnia' });
    const r2 = await h.api.upload(`/forms/${full.id}/verify`, { file: { bytes: odd } });
    expect(r2.body.issues.map((i: any) => i.kind)).toContain('not_an_option');
    expect(r2.body.result).toBe('failed');
  });

  test('review required for text too long to read and unsigned signatures', async () => {
    const long = pdftkFill(await fillableFormPdf(), { 'applicant.full_name': 'A very long name '.repeat(20) });
    const r = await h.api.upload(`/forms/${full.id}/verify`, { file: { bytes: long } });
    expect(r.body.result).toBe('review_required');
    expect(r.body.issues.map((i: any) => [i.kind, i.blocking])).toEqual(expect.arrayContaining([['text_overflow', false], ['signature_missing', false]]));
  });

  test('400 when the widgets do not match the contract; 404 for another owner', async () => {
    const r = await h.api.upload(`/forms/${full.id}/verify`, { file: { bytes: await simpleFormPdf() } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('widgets_mismatch');
    const flat = await h.api.upload(`/forms/${full.id}/verify`, { file: { bytes: await flatPdf() } });
    expect(flat.status).toBe(400);
    const other = client(h.s.url, (await h.s.account('other')).key);
    expect((await other.upload(`/forms/${full.id}/verify`, { file: { bytes: await fillableFormPdf() } })).status).toBe(404);
  });
});

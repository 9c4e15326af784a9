// §4.3 and §3.3: standard fill sessions, every status code, and values visible in the filled PDF.
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { eventually, useServer } from '../helpers/server.ts';
import { applicationFormPdf, fillableFormPdf } from '../helpers/pdfs.ts';
import { readPdfValues } from '../../src/pdf/read.ts';
import { client } from '../helpers/http.ts';

const h = useServer();
let formId: string;
let fieldIds: Record<string, number>;

beforeAll(async () => {
  const r = await h.api.upload('/forms', { file: { bytes: await fillableFormPdf() } });
  formId = r.body.form_id;
  await eventually(async () => ((await h.api.get(`/forms/${formId}`)).body.status === 'ready' ? true : undefined));
  const contract = (await h.api.get(`/forms/${formId}/contract`)).body;
  fieldIds = Object.fromEntries(contract.fields.map((f: any) => [f.name, f.id]));
});

const open = async () => {
  const r = await h.api.post('/sessions', { form_id: formId });
  expect(r.status).toBe(201);
  return r.body.session_id as string;
};

/** Text of a PDF as poppler's pdftotext sees it (an independent reader). */
function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdftext-'));
  writeFileSync(join(dir, 'in.pdf'), bytes);
  return execFileSync('pdftotext', ['-layout', join(dir, 'in.pdf'), '-'], { encoding: 'utf8' });
}

describe('POST /sessions', () => {
  test('opens a session with a next prompt', async () => {
    const r = await h.api.post('/sessions', { form_id: formId });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ session_id: expect.any(String), next_prompt: expect.stringContaining('PUT /sessions/'), status: 'open' });
    expect(r.body.next_prompt).toContain('What is "Full name"?'); // the first question of a conversation
    expect(r.body.next_prompt).toContain(`POST /sessions/${r.body.session_id}/turns`);
  });

  test('400 without a valid form_id, 404 for an unknown form, 409 for a form not ready', async () => {
    expect((await h.api.post('/sessions', {})).status).toBe(400);
    expect((await h.api.post('/sessions', { form_id: 42 })).status).toBe(400);
    const unknown = await h.api.post('/sessions', { form_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    const form = await h.s.ctx.db.form.findUniqueOrThrow({ where: { id: formId } });
    await h.s.ctx.db.form.update({ where: { id: formId }, data: { status: 'processing' } });
    try {
      const r = await h.api.post('/sessions', { form_id: formId });
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('form_not_ready');
    } finally {
      await h.s.ctx.db.form.update({ where: { id: formId }, data: { status: form.status } });
    }
  });
});

describe('a whole session', () => {
  let sid: string;
  test('GET lists every field empty', async () => {
    sid = await open();
    const r = await h.api.get(`/sessions/${sid}`);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('open');
    expect(r.body.fields).toHaveLength(6);
    expect(r.body.fields[0]).toEqual({ id: 1, label: expect.any(String), value: '', state: 'empty' });
  });

  test('PUT sets values (checkbox words normalised); states become filled', async () => {
    const r = await h.api.put(`/sessions/${sid}/fields`, {
      updates: [
        { field_id: fieldIds['applicant.full_name'], value: 'Zoë Łukasiewicz-Ōtani' },
        { field_id: fieldIds['applicant.zip'], value: '90210' },
        { field_id: fieldIds.agree, value: 'yes' },
        { field_id: fieldIds.country, value: 'japan' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.applied).toHaveLength(4);
    const fields = (await h.api.get(`/sessions/${sid}`)).body.fields;
    const byId = Object.fromEntries(fields.map((f: any) => [f.id, f]));
    expect(byId[fieldIds.agree]).toMatchObject({ value: 'true', state: 'filled' });
    expect(byId[fieldIds.country]).toMatchObject({ value: 'Japan', state: 'filled' });
  });

  test('confirm, skip and decline answer with the ids under their own key', async () => {
    const c = await h.api.post(`/sessions/${sid}/confirm`, { field_ids: [fieldIds['applicant.full_name']] });
    expect(c.status).toBe(200);
    expect(c.body).toEqual({ session_id: sid, confirmed: [fieldIds['applicant.full_name']] });
    const s = await h.api.post(`/sessions/${sid}/skip`, { field_ids: [fieldIds.country] });
    expect(s.body).toEqual({ session_id: sid, skipped: [fieldIds.country] });
    const d = await h.api.post(`/sessions/${sid}/decline`, { field_ids: [fieldIds.color] });
    expect(d.body).toEqual({ session_id: sid, declined: [fieldIds.color] });
    const byId = Object.fromEntries((await h.api.get(`/sessions/${sid}`)).body.fields.map((f: any) => [f.id, f]));
    expect(byId[fieldIds['applicant.full_name']].state).toBe('confirmed');
    expect(byId[fieldIds.country].state).toBe('skipped');
    expect(byId[fieldIds.color]).toMatchObject({ state: 'declined', value: '' });
  });

  test('PDF before fill is 409', async () => {
    const r = await h.api.get(`/sessions/${sid}/pdf`);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('session_not_filled');
  });

  test('fill completes the session, bills one standard fill, and the values are visible', async () => {
    const before = (await h.api.get('/usage')).body.standard_fill;
    const r = await h.api.post(`/sessions/${sid}/fill`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ session_id: sid, status: 'completed' });
    expect((await h.api.get('/usage')).body.standard_fill).toBe(before + 1);
    const pdf = await h.api.get(`/sessions/${sid}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(pdf.bytes);
    expect(text).toContain('Zoë Łukasiewicz-Ōtani');
    expect(text.replace(/\s+/g, '')).toContain('90210');
    expect(text).not.toContain('Japan'); // skipped
  });

  test('a completed session refuses every change with 409', async () => {
    const calls = [
      h.api.post(`/sessions/${sid}/confirm`, { field_ids: [1] }),
      h.api.post(`/sessions/${sid}/skip`, { field_ids: [1] }),
      h.api.post(`/sessions/${sid}/decline`, { field_ids: [1] }),
      h.api.put(`/sessions/${sid}/fields`, { updates: [{ field_id: 1, value: 'x' }] }),
      h.api.post(`/sessions/${sid}/fill`),
    ];
    for (const r of await Promise.all(calls)) {
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('session_completed');
    }
    expect((await h.api.get(`/sessions/${sid}`)).body.status).toBe('completed');
  });
});

describe('errors on an open session', () => {
  test('unknown field ids: 404 on confirm/skip/decline, 422 on PUT', async () => {
    const sid = await open();
    for (const action of ['confirm', 'skip', 'decline']) {
      const r = await h.api.post(`/sessions/${sid}/${action}`, { field_ids: [999] });
      expect(r.status, action).toBe(404);
      expect(r.body.error.code).toBe('unknown_field');
    }
    const put = await h.api.put(`/sessions/${sid}/fields`, { updates: [{ field_id: 999, value: 'x' }] });
    expect(put.status).toBe(422);
  });

  test('invalid values are 422 with the reason; nothing is applied', async () => {
    const sid = await open();
    const cases = [
      [fieldIds['applicant.zip'], '1234567', 'max_len_exceeded'],
      [fieldIds.country, 'Atlantis', 'not_an_option'],
      [fieldIds.agree, 'perhaps', 'invalid_checkbox_value'],
      [fieldIds.applicant_signature, 'Jane', 'not_fillable'],
    ] as const;
    for (const [field_id, value, reason] of cases) {
      const r = await h.api.put(`/sessions/${sid}/fields`, { updates: [{ field_id: fieldIds['applicant.full_name'], value: 'ok' }, { field_id, value }] });
      expect(r.status, reason).toBe(422);
      expect(r.body.error.code).toBe('invalid_value');
      expect(r.body.error.issues[0]).toMatchObject({ field_id, reason });
    }
    const fields = (await h.api.get(`/sessions/${sid}`)).body.fields;
    expect(fields.every((f: any) => f.state === 'empty')).toBe(true);
  });

  test('malformed bodies are 400', async () => {
    const sid = await open();
    expect((await h.api.post(`/sessions/${sid}/confirm`, { field_ids: ['a'] })).status).toBe(400);
    expect((await h.api.post(`/sessions/${sid}/confirm`, {})).status).toBe(400);
    expect((await h.api.put(`/sessions/${sid}/fields`, { updates: [{ field_id: 1 }] })).status).toBe(400);
  });

  test("unknown sessions and other owners' sessions are 404", async () => {
    const sid = await open();
    const other = await h.s.account('other');
    const { client } = await import('../helpers/http.ts');
    const them = client(h.s.url, other.key);
    for (const path of [`/sessions/${sid}`, `/sessions/${sid}/pdf`, '/sessions/00000000-0000-4000-8000-000000000000', '/sessions/x']) {
      expect((await them.get(path)).status, path).toBe(404);
    }
    expect((await them.put(`/sessions/${sid}/fields`, { updates: [{ field_id: 1, value: 'x' }] })).status).toBe(404);
    expect((await them.post(`/sessions/${sid}/fill`)).status).toBe(404);
  });

  test('flatten removes the fields and keeps the values', async () => {
    const sid = await open();
    await h.api.put(`/sessions/${sid}/fields`, { updates: [{ field_id: fieldIds['applicant.full_name'], value: 'Дмитрий Петров' }] });
    expect((await h.api.post(`/sessions/${sid}/fill`, { flatten: true })).status).toBe(200);
    const pdf = (await h.api.get(`/sessions/${sid}/pdf`)).bytes;
    expect(pdfText(pdf)).toContain('Дмитрий Петров');
    const { openPdf } = await import('../../src/pdf/pdfjs.ts');
    const doc = await openPdf(pdf);
    const annots = await (await doc.getPage(1)).getAnnotations();
    expect(annots.filter((a: any) => a.subtype === 'Widget')).toHaveLength(0);
  });
});

describe("a session reads its form's contract as it is now", () => {
  // The process keeps parsed contracts (src/store/contract-cache.ts): a label changed by another
  // writer must show on the next read, and the cached form must not open to another account.
  test('a label written by another writer shows on the next GET; another account still gets 404', async () => {
    const id = await open();
    const label = (await h.api.get(`/sessions/${id}`)).body.fields[0].label as string;
    const setLabel = (l: string) => h.s.ctx.db.$executeRawUnsafe(`UPDATE "Form" SET contract = jsonb_set(contract, '{fields,0,label}', $2::jsonb) WHERE id = $1`, formId, JSON.stringify(l));
    await setLabel('Relabelled elsewhere');
    try {
      expect((await h.api.get(`/sessions/${id}`)).body.fields[0].label).toBe('Relabelled elsewhere');
    } finally {
      await setLabel(label);
    }
    expect((await h.api.get(`/sessions/${id}`)).body.fields[0].label).toBe(label);
    const other = client(h.s.url, (await h.s.account('other')).key);
    expect((await other.get(`/sessions/${id}`)).status).toBe(404);
    expect((await other.get(`/forms/${formId}/contract`)).status).toBe(404);
  });
});

describe('POST /sessions/{id}/turns', () => {
  let appForm: string;
  let ids: Record<string, number>;
  beforeAll(async () => {
    const r = await h.api.upload('/forms', { file: { bytes: await applicationFormPdf(['applicant.full_name', 'applicant.dob', 'applicant.employer']) } });
    appForm = r.body.form_id;
    await eventually(async () => ((await h.api.get(`/forms/${appForm}`)).body.status === 'ready' ? true : undefined), 60_000);
    ids = Object.fromEntries((await h.api.get(`/forms/${appForm}/contract`)).body.fields.map((f: { name: string; id: number }) => [f.name, f.id]));
  });
  const turn = (session: string, message: unknown) => h.api.post(`/sessions/${session}/turns`, { message });

  test('a conversation: each message sets what it states, with the message as evidence, and asks the next required field', async () => {
    const usageBefore = (await h.api.get('/usage')).body;
    const created = (await h.api.post('/sessions', { form_id: appForm })).body;
    expect(created.next_prompt).toMatch(/^What is "Full name"\?/);
    const id = created.session_id;

    const first = await turn(id, 'Full name: Jane Quinn Doe');
    expect(first.status).toBe(200);
    expect(first.body.set).toEqual([expect.objectContaining({ field_id: ids['applicant.full_name'], value: 'Jane Quinn Doe', confidence: 'high' })]);
    expect(first.body.set[0].evidence[0]).toMatchObject({ document_name: 'message', quote: expect.stringContaining('Jane Quinn Doe') });
    expect(first.body.next_field).toMatchObject({ field_id: ids['applicant.dob'], label: 'Date of birth (mm/dd/yyyy)' });
    expect(first.body.next_prompt).toMatch(/^What is "Date of birth \(mm\/dd\/yyyy\)"\?/);

    const second = await turn(id, 'I was born on 14 March 1990. My email is jane.doe@example.com');
    expect(Object.fromEntries(second.body.set.map((f: { field_id: number; value: string }) => [f.field_id, f.value]))).toEqual({ [ids['applicant.dob']]: '03/14/1990', [ids['applicant.email']]: 'jane.doe@example.com' });
    expect(second.body.next_field.field_id).toBe(ids['applicant.employer']); // the optional email was never asked for

    // A confirmed value stays; a turn may correct what it set before.
    expect((await h.api.post(`/sessions/${id}/confirm`, { field_ids: [ids['applicant.full_name']] })).status).toBe(200);
    const third = await turn(id, 'Full name: Someone Else\nEmail: jane@work.example.com');
    expect(third.body.not_set).toEqual([expect.objectContaining({ field_id: ids['applicant.full_name'], value: 'Someone Else', reason: 'field_confirmed' })]);
    expect(third.body.set.map((f: { value: string }) => f.value)).toEqual(['jane@work.example.com']);

    const last = await turn(id, 'Name of employer: Acme Widgets LLC');
    expect(last.body.next_field).toBeNull();
    expect(last.body.next_prompt).toContain('Every required field');
    const session = (await h.api.get(`/sessions/${id}`)).body;
    expect(session.fields.find((f: { id: number }) => f.id === ids['applicant.employer'])).toMatchObject({ value: 'Acme Widgets LLC', state: 'proposed' });

    expect((await h.api.post(`/sessions/${id}/fill`)).status).toBe(200);
    const values = Object.fromEntries((await readPdfValues((await h.api.get(`/sessions/${id}/pdf`)).bytes)).fields.map((f) => [f.name, f.value]));
    expect(values).toMatchObject({ 'applicant.full_name': 'Jane Quinn Doe', 'applicant.dob': '03/14/1990', 'applicant.email': 'jane@work.example.com', 'applicant.employer': 'Acme Widgets LLC' });
    // Turns bill nothing: the fill bills one standard fill, as without them.
    const usageAfter = (await h.api.get('/usage')).body;
    expect(usageAfter.standard_fill).toBe(usageBefore.standard_fill + 1);
    expect(usageAfter.with_context).toBe(usageBefore.with_context);

    expect((await turn(id, 'Full name: Late')).status).toBe(409);
  });

  test('a message that states nothing sets nothing and asks again; bad messages are 4xx; another account gets 404', async () => {
    const id = (await h.api.post('/sessions', { form_id: appForm })).body.session_id;
    const r = await turn(id, 'Hello there!');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ set: [], next_field: { field_id: ids['applicant.full_name'] } });
    expect((await turn(id, '')).status).toBe(400);
    expect((await turn(id, 42)).status).toBe(400);
    expect((await turn(id, '   ')).body.error.code).toBe('invalid_context');
    const long = await turn(id, 'x'.repeat(70_000));
    expect(long.status).toBe(413);
    expect(long.body.error.code).toBe('stated_context_too_large');
    const other = client(h.s.url, (await h.s.account('other')).key);
    expect((await other.post(`/sessions/${id}/turns`, { message: 'Full name: X' })).status).toBe(404);
  });
});

describe('placeholders the form ships', () => {
  test("a session's PDF writes them empty where the user gave nothing, and keeps real shipped values", async () => {
    const { PDFDocument } = await import('@cantoo/pdf-lib');
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const shipped = { 'Name of the court': '', 'Attendances on': '(party)', 'Hearing date': 'Date', Country: 'United Kingdom' };
    Object.entries(shipped).forEach(([name, value], i) => {
      const f = doc.getForm().createTextField(name);
      if (value) f.setText(value);
      f.addToPage(page, { x: 50, y: 700 - i * 40, width: 300, height: 20 });
    });
    const created = await h.api.upload('/forms', { file: { bytes: await doc.save() } });
    const id = created.body.form_id as string;
    await eventually(async () => ((await h.api.get(`/forms/${id}`)).body.status === 'ready' ? true : undefined));
    const fields = (await h.api.get(`/forms/${id}/contract`)).body.fields as { id: number; name: string }[];
    const sid = (await h.api.post('/sessions', { form_id: id })).body.session_id as string;
    const court = fields.find((f) => f.name === 'Name of the court')!.id;
    expect((await h.api.put(`/sessions/${sid}/fields`, { updates: [{ field_id: court, value: 'County Court at Central London' }] })).status).toBe(200);
    expect((await h.api.post(`/sessions/${sid}/fill`)).status).toBe(200);
    const values = Object.fromEntries((await readPdfValues((await h.api.get(`/sessions/${sid}/pdf`)).bytes)).fields.map((f) => [f.name, f.value ?? '']));
    expect(values).toEqual({ 'Name of the court': 'County Court at Central London', 'Attendances on': '', 'Hearing date': '', Country: 'United Kingdom' });
  });
});

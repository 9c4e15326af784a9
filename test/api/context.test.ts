// §4.4 / §4.5: fill with context, prepare → commit → receipt, on a real server, queue and filler.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, dropTestEnv, eventually, type TestServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { applicationFormPdf as applicationPdf, blankPdf } from '../helpers/pdfs.ts';
import { readPdfValues } from '../../src/pdf/read.ts';
import { deleteExpiredDocuments, EPHEMERAL_AFTER_MS } from '../../src/use-cases/forms/delete-expired-documents.ts';
import { setCallbackSigning } from '../../src/store/accounts.ts';

const NOTES = ['Applicant details', '', 'Full name: Jane Quinn Doe', 'Date of birth: 14 March 1990', 'Email: jane.doe@example.com', 'Home address: 1420 Lakeview Ave, Madison, WI 53703-1234', ''].join('\n');
const txt = (text: string, filename = 'notes.txt') => ({ bytes: new Uint8Array(Buffer.from(text)), filename, type: 'text/plain' });

async function receiver() {
  const received: { path: string; raw: Buffer; signature?: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url!, raw: Buffer.concat(chunks), signature: req.headers['x-service-signature'] as string | undefined });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, close: () => new Promise((r) => server.close(r)) };
}

let s: TestServer;
let api: ReturnType<typeof client>;
let accountId: string;
let formPdf: Uint8Array;
let formId: string;
let hooks: Awaited<ReturnType<typeof receiver>>;

beforeAll(async () => {
  hooks = await receiver();
  s = await startServer({ overrides: { CONTEXT_MAX_CHARS: '5000', RATE_LIMIT_PER_MINUTE: '100000' } });
  const a = await s.account();
  accountId = a.id;
  api = client(s.url, a.key);
  formPdf = await applicationPdf();
  const created = await api.upload('/forms', { file: { bytes: formPdf, filename: 'application.pdf' } });
  formId = created.body.form_id;
  await eventually(async () => ((await api.get(`/forms/${formId}`)).body.status === 'ready' ? true : undefined));
});
afterAll(async () => {
  await s.close();
  await hooks.close();
  await dropTestEnv(s.env);
});

const usage = async () => (await api.get('/usage')).body.with_context as number;

async function finished(jobId: string) {
  return eventually(async () => {
    const r = await api.get(`/forms/with-context/${jobId}`);
    return r.body.status === 'processing' ? undefined : r.body;
  }, 60_000, `job ${jobId}`);
}

async function fieldId(label: string): Promise<number> {
  const contract = (await api.get(`/forms/${formId}/contract`)).body;
  return contract.fields.find((f: { label: string }) => f.label === label).id;
}

describe('prepare → commit → receipt', () => {
  let proposalId: string;
  let token: string;

  test('prepare answers 202 with a proposal id and token; the job carries the proposal when ready', async () => {
    const before = await usage();
    const r = await api.upload(`/forms/${formId}/prepare`, { context: txt(NOTES) });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: 'processing', form_id: formId });
    expect(r.body.proposal_token).toMatch(/^pt_/);
    proposalId = r.body.proposal_id;
    token = r.body.proposal_token;
    const job = await finished(r.body.job_id);
    expect(job).toMatchObject({ status: 'ready', kind: 'prepare', proposal_id: proposalId, error: null });
    expect(await usage()).toBe(before + 1);
    // The prepare path is served under its own name too.
    expect((await api.get(`/forms/prepare/${r.body.job_id}`)).body.proposal_id).toBe(proposalId);
  });

  test('the proposal lists each field with state, value, confidence and quoted evidence', async () => {
    const r = await api.get(`/proposals/${proposalId}`, { 'X-Proposal-Token': token });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('open');
    const byLabel = Object.fromEntries(r.body.fields.map((f: { label: string }) => [f.label, f]));
    expect(byLabel['Full name']).toMatchObject({ state: 'ready', value: 'Jane Quinn Doe', origin: 'document', confidence: 'high' });
    expect(byLabel['Full name'].evidence[0]).toMatchObject({ document_name: 'notes.txt', page: 1, method: 'quote_check' });
    expect(byLabel['Date of birth (mm/dd/yyyy)']).toMatchObject({ state: 'ready', value: '03/14/1990' });
    expect(byLabel['ZIP code']).toMatchObject({ state: 'ready', value: '53703' });
    expect(byLabel['Name of employer'].state).toBe('missing');
    expect(r.body.requirements.signatures).toEqual([expect.objectContaining({ label: expect.stringMatching(/signature/i), page: 1 })]);
    expect(r.body.unresolved.fields.map((f: { label: string }) => f.label)).toContain('Name of employer');
  });

  test('receipt and PDF are 404 before a commit; a wrong token is 403 everywhere', async () => {
    expect((await api.get(`/proposals/${proposalId}/receipt`)).status).toBe(404);
    expect((await api.get(`/proposals/${proposalId}/pdf`)).status).toBe(404);
    const wrong = { 'X-Proposal-Token': 'pt_wrong' };
    expect((await api.get(`/proposals/${proposalId}`, wrong)).status).toBe(403);
    expect((await api.get(`/proposals/${proposalId}/receipt?token=pt_wrong`)).status).toBe(403);
    expect((await api.get(`/proposals/${proposalId}/pdf`, wrong)).status).toBe(403);
    expect((await api.post(`/proposals/${proposalId}/commit`, { auto: true }, wrong)).status).toBe(403);
  });

  test('a commit that leaves open fields unsettled without auto is refused', async () => {
    const r = await api.post(`/proposals/${proposalId}/commit`, {});
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('unsettled_fields');
    expect(r.body.error.field_ids).toContain(await fieldId('Name of employer'));
  });

  test('commit with auto renders, verifies and returns the full receipt', async () => {
    const r = await api.post(`/proposals/${proposalId}/commit`, { auto: true }, { 'X-Proposal-Token': token });
    expect(r.status).toBe(201);
    const receipt = r.body;
    expect(Object.keys(receipt).sort()).toEqual(
      ['receipt_version', 'service_version', 'proposal_id', 'form_id', 'contract', 'policy', 'mode', 'timestamps', 'fields', 'unresolved', 'verification', 'requirements', 'files', 'commits', 'retention', 'checks'].sort(),
    );
    expect(receipt).toMatchObject({ proposal_id: proposalId, form_id: formId, policy: 'safe', mode: 'two_call', retention: { policy: 'keep', documents_deleted_after: null } });
    expect(receipt.commits).toEqual([expect.objectContaining({ n: 1, auto: true, values_supplied: 0, result: receipt.verification.result })]);
    expect(receipt.verification.issues.some((i: { kind: string }) => i.kind === 'signature_missing')).toBe(true);
    expect(receipt.checks.summary).toMatchObject({ ran: true, doubted: 0 });
    expect(receipt.checks.summary.checked).toBeGreaterThanOrEqual(4);
    for (const t of Object.values(receipt.timestamps)) expect(t).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+\+00:00$/);
    expect(receipt.commits[0].at).toMatch(/\+00:00$/);

    const pdf = await api.get(`/proposals/${proposalId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(receipt.files.filled_pdf.bytes).toBe(pdf.bytes.length);
    expect(receipt.files.filled_pdf.sha256).toBe(createHash('sha256').update(pdf.bytes).digest('hex'));
    expect((await api.get(`/artifacts/${receipt.files.filled_pdf.artifact_id}/pdf`)).bytes).toEqual(pdf.bytes);
    const values = Object.fromEntries((await readPdfValues(pdf.bytes)).fields.map((f) => [f.name, f.value]));
    expect(values).toMatchObject({ 'applicant.full_name': 'Jane Quinn Doe', 'applicant.dob': '03/14/1990', 'applicant.zip': '53703', 'applicant.employer': null });
    expect((await api.get(`/proposals/${proposalId}/receipt`)).body).toEqual(receipt);
  });

  test('a second commit builds on the first: a value for an open field, a declined field', async () => {
    const employer = await fieldId('Name of employer');
    const email = await fieldId('Email address');
    const bad = await api.post(`/proposals/${proposalId}/commit`, { values: [{ field_id: 999, value: 'x' }] });
    expect(bad.status).toBe(422);
    const r = await api.post(`/proposals/${proposalId}/commit`, { values: [{ field_id: employer, value: 'Acme Cooperative' }], decline: [email] });
    expect(r.status).toBe(201);
    const byId = Object.fromEntries(r.body.fields.map((f: { field_id: number }) => [f.field_id, f]));
    expect(byId[employer]).toMatchObject({ state: 'user', origin: 'user', value: 'Acme Cooperative' });
    expect(byId[email]).toMatchObject({ state: 'declined', value: null });
    expect(r.body.commits.map((c: { n: number }) => c.n)).toEqual([1, 2]);
    const values = Object.fromEntries((await readPdfValues((await api.get(`/proposals/${proposalId}/pdf`)).bytes)).fields.map((f) => [f.name, f.value]));
    expect(values).toMatchObject({ 'applicant.employer': 'Acme Cooperative', 'applicant.email': null, 'applicant.full_name': 'Jane Quinn Doe' });
    // A third commit with nothing new keeps both settlements.
    const third = await api.post(`/proposals/${proposalId}/commit`, { auto: true });
    expect(Object.fromEntries(third.body.fields.map((f: { field_id: number; state: string }) => [f.field_id, f.state]))[employer]).toBe('user');
  });

  test('another account sees no proposal', async () => {
    const other = await s.account('other');
    const r = await client(s.url, other.key).get(`/proposals/${proposalId}`, { 'X-Proposal-Token': token });
    expect(r.status).toBe(404);
  });
});

describe('request checks', () => {
  test('bad policy is 400; six context files are 413; the form as its own context is 422 and not billed', async () => {
    expect((await api.upload(`/forms/${formId}/prepare`, { context: txt(NOTES), policy: 'lenient' })).body.error.code).toBe('invalid_policy');
    const six = await api.upload(`/forms/${formId}/prepare`, { context: Array.from({ length: 6 }, (_, i) => txt(NOTES, `n${i}.txt`)) });
    expect(six.status).toBe(413);
    const before = await usage();
    const same = await api.upload(`/forms/${formId}/prepare`, { context: [txt(NOTES), { bytes: formPdf, filename: 'blank.pdf' }] });
    expect(same.status).toBe(422);
    expect(same.body.error.code).toBe('document_same_as_form');
    expect(await usage()).toBe(before);
    expect((await api.upload('/forms/prepare', { context: txt(NOTES) })).status).toBe(422); // file part missing
    expect((await api.upload('/forms/with-context', { context: txt(NOTES) })).status).toBe(400);
  });

  test('a form that failed processing is 409', async () => {
    const failed = await api.upload('/forms', { file: { bytes: await blankPdf(), filename: 'blank.pdf' } });
    await eventually(async () => ((await api.get(`/forms/${failed.body.form_id}`)).body.status === 'failed' ? true : undefined), 60_000);
    const r = await api.upload(`/forms/${failed.body.form_id}/with-context`, { context: txt(NOTES) });
    expect(r.status).toBe(409);
  });

  test('Idempotency-Key replays the original job and bills once', async () => {
    const before = await usage();
    const headers = { 'Idempotency-Key': `ctx-${Date.now()}` };
    const first = await api.upload(`/forms/${formId}/prepare`, { context: txt(NOTES) }, headers);
    const again = await api.upload(`/forms/${formId}/prepare`, { context: txt(NOTES) }, headers);
    expect(first.status).toBe(202);
    expect(again.status).toBe(200);
    expect(again.body.job_id).toBe(first.body.job_id);
    await finished(first.body.job_id);
    expect(await usage()).toBe(before + 1);
  });
});

describe('job errors', () => {
  test('an unsupported file fails the job with unsupported_context_file and voids the charge', async () => {
    const before = await usage();
    const junk = { bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 0, 0, 0, 0, 9, 9, 9, 9]), filename: 'archive.zip', type: 'application/zip' };
    const r = await api.upload(`/forms/${formId}/prepare`, { context: junk });
    const job = await finished(r.body.job_id);
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('unsupported_context_file');
    expect((await api.get(`/proposals/${r.body.proposal_id}`)).body.status).toBe('failed');
    expect((await api.post(`/proposals/${r.body.proposal_id}/commit`, { auto: true })).status).toBe(409);
    expect(await usage()).toBe(before);
  });

  test('too much text fails with context_too_large', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `Line ${i}: some words that take room`).join('\n');
    const r = await api.upload(`/forms/${formId}/with-context`, { context: txt(long, 'long.txt') });
    const job = await finished(r.body.job_id);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'context_too_large' } });
  });

  test('a new PDF that cannot become a form fails with form_processing_failed', async () => {
    const r = await api.upload('/forms/with-context', { file: { bytes: await blankPdf(), filename: 'blank.pdf' }, context: txt(NOTES) });
    expect(r.status).toBe(202);
    const job = await finished(r.body.job_id);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'form_processing_failed' } });
  });
});

describe('fill with context', () => {
  test('on a ready form: a completed session whose PDF holds the values, and a signed job.ready callback', async () => {
    const secret = (await setCallbackSigning(s.ctx.db, accountId, true)).callbackSecret;
    const r = await api.upload(`/forms/${formId}/with-context`, { context: txt(NOTES), callback_url: `${hooks.base}/ready` });
    expect(r.status).toBe(202);
    const job = await finished(r.body.job_id);
    expect(job.status).toBe('ready');
    expect(job.session_id).toBeTruthy();
    const session = (await api.get(`/sessions/${job.session_id}`)).body;
    expect(session.status).toBe('completed');
    const values = Object.fromEntries((await readPdfValues((await api.get(`/sessions/${job.session_id}/pdf`)).bytes)).fields.map((f) => [f.name, f.value]));
    expect(values).toMatchObject({ 'applicant.full_name': 'Jane Quinn Doe', 'applicant.email': 'jane.doe@example.com' });
    const hook = await eventually(async () => hooks.received.find((h) => h.path === '/ready'));
    expect(hook.signature).toBe(`sha256=${createHmac('sha256', secret!).update(hook.raw).digest('hex')}`);
    const event = JSON.parse(hook.raw.toString());
    expect(event).toMatchObject({ event: 'job.ready', status: 'ready', job_id: r.body.job_id, session_id: job.session_id });
    expect(event.report.filled.map((f: { id: string }) => f.id)).toContain(String(await fieldId('Full name')));
    expect(event.report.filled.every((f: { id: string; confidence: string }) => typeof f.id === 'string' && ['high', 'medium'].includes(f.confidence))).toBe(true);
  });

  test('from a new PDF: detection and fill in one job; job.failed is sent on failure', async () => {
    const r = await api.upload('/forms/with-context', { file: { bytes: await applicationPdf(), filename: 'application.pdf' }, context: txt(NOTES) });
    const job = await finished(r.body.job_id);
    expect(job.status).toBe('ready');
    expect((await api.get(`/forms/${job.form_id}`)).body.status).toBe('ready');
    const failing = await api.upload(`/forms/${formId}/with-context`, { context: { bytes: new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]), filename: 'x.bin', type: 'application/octet-stream' }, callback_url: `${hooks.base}/failed` });
    await finished(failing.body.job_id);
    const hook = await eventually(async () => hooks.received.find((h) => h.path === '/failed'));
    expect(JSON.parse(hook.raw.toString())).toMatchObject({ event: 'job.failed', status: 'failed', job_id: failing.body.job_id, error: { code: 'unsupported_context_file' } });
  });
});

describe('stated context (a JSON object or plain text beside the files)', () => {
  test('a JSON body with a context object: its keys are matched to the labels; billed as one context fill', async () => {
    const before = await usage();
    const r = await api.post(`/forms/${formId}/prepare`, { context: { full_name: 'Jane Quinn Doe', email: 'jane.doe@example.com', employer: 'Acme Widgets LLC' }, policy: 'safe' });
    expect(r.status).toBe(202);
    const job = await finished(r.body.job_id);
    expect(job.status).toBe('ready');
    const proposal = (await api.get(`/proposals/${r.body.proposal_id}`)).body;
    const byLabel = Object.fromEntries(proposal.fields.map((f: { label: string }) => [f.label, f]));
    expect(byLabel['Full name']).toMatchObject({ value: 'Jane Quinn Doe', state: 'ready' });
    expect(byLabel['Full name'].evidence[0].document_name).toBe('context.json');
    expect(byLabel['Email address'].value).toBe('jane.doe@example.com');
    expect(byLabel['Name of employer'].value).toBe('Acme Widgets LLC');
    expect(await usage()).toBe(before + 1);
  });

  test('a plain-text context part beside a file: both are read, the PDF holds values from each', async () => {
    const r = await api.upload(`/forms/${formId}/with-context`, { context: [txt(NOTES), 'Name of employer: Acme Widgets LLC'] });
    expect(r.status).toBe(202);
    const job = await finished(r.body.job_id);
    expect(job.status).toBe('ready');
    const values = Object.fromEntries((await readPdfValues((await api.get(`/sessions/${job.session_id}/pdf`)).bytes)).fields.map((f) => [f.name, f.value]));
    expect(values).toMatchObject({ 'applicant.full_name': 'Jane Quinn Doe', 'applicant.employer': 'Acme Widgets LLC' });
  });

  test('a JSON object sent as a text part is read as JSON; JSON bodies need a context; bounds are 4xx', async () => {
    const r = await api.upload(`/forms/${formId}/with-context`, { context: JSON.stringify({ 'Full name': 'Ada Lovelace' }) });
    const job = await finished(r.body.job_id);
    const values = Object.fromEntries((await readPdfValues((await api.get(`/sessions/${job.session_id}/pdf`)).bytes)).fields.map((f) => [f.name, f.value]));
    expect(values['applicant.full_name']).toBe('Ada Lovelace');

    const before = await usage();
    expect((await api.post(`/forms/${formId}/with-context`, { policy: 'safe' })).status).toBe(400); // no context
    expect((await api.post(`/forms/${formId}/with-context`, { context: {} })).body.error.code).toBe('invalid_context');
    const long = await api.post(`/forms/${formId}/with-context`, { context: 'x'.repeat(70_000) });
    expect(long.status).toBe(413);
    expect(long.body.error.code).toBe('stated_context_too_large');
    const six = await api.upload(`/forms/${formId}/prepare`, { context: Array.from({ length: 6 }, (_, i) => `Note ${i}: nothing`) });
    expect(six.status).toBe(413);
    expect((await api.post(`/forms/${formId}/prepare`, { context: { 'Full name': 'X' }, policy: 'lenient' })).body.error.code).toBe('invalid_policy');
    expect((await api.post('/forms/with-context', { context: { 'Full name': 'X' } })).body.error.code).toBe('expected_multipart'); // a new PDF needs multipart
    expect(await usage()).toBe(before);
  });
});

describe('retention', () => {
  test('an ephemeral prepare: the receipt says when documents go; afterwards the PDF is 410', async () => {
    const r = await api.upload('/forms/prepare', { file: { bytes: await applicationPdf(), filename: 'application.pdf' }, context: txt(NOTES), retention: 'ephemeral' });
    expect(r.status).toBe(202);
    await finished(r.body.job_id);
    const receipt = (await api.post(`/proposals/${r.body.proposal_id}/commit`, { auto: true })).body;
    expect(receipt.retention.policy).toBe('ephemeral');
    expect(Date.parse(receipt.retention.documents_deleted_after)).toBeGreaterThan(Date.now());
    await deleteExpiredDocuments(s.ctx, new Date(Date.now() + EPHEMERAL_AFTER_MS + 60_000));
    expect((await api.get(`/proposals/${r.body.proposal_id}/pdf`)).status).toBe(410);
    expect((await api.post(`/proposals/${r.body.proposal_id}/commit`, { auto: true })).status).toBe(410);
    expect((await api.upload(`/forms/${r.body.form_id}/prepare`, { context: txt(NOTES) })).status).toBe(410);
    expect((await api.get(`/artifacts/${receipt.files.filled_pdf.artifact_id}/pdf`)).status).toBe(404);
  });
});

describe('failures on our side', () => {
  async function newForm() {
    const created = await api.upload('/forms', { file: { bytes: await applicationPdf(), filename: 'application.pdf' } });
    await eventually(async () => ((await api.get(`/forms/${created.body.form_id}`)).body.status === 'ready' ? true : undefined));
    return s.ctx.db.form.findUniqueOrThrow({ where: { id: created.body.form_id } });
  }

  test('a fillable PDF the filler cannot write fails with apply_rejected, unbilled', async () => {
    const form = await newForm();
    const bytes = await s.ctx.blobs.get(form.fillableBlob!);
    const cut = Buffer.from(bytes).lastIndexOf('startxref');
    await s.ctx.blobs.put(form.fillableBlob!, bytes.subarray(0, cut)); // no cross-reference pointer left
    const before = await usage();
    const r = await api.upload(`/forms/${form.id}/with-context`, { context: txt(NOTES) });
    const job = await finished(r.body.job_id);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'apply_rejected' } });
    expect(await usage()).toBe(before);
  });

  test('a proposer that keeps crashing ends in context_fill_failed after retries', async () => {
    const form = await newForm();
    // Stored data the proposer cannot use: a contract without its field list.
    await s.ctx.db.form.update({ where: { id: form.id }, data: { contract: { ...(form.contract as object), fields: null } as never } });
    const r = await api.upload(`/forms/${form.id}/prepare`, { context: txt(NOTES) });
    const job = await finished(r.body.job_id);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'context_fill_failed' } });
    const row = await s.ctx.db.job.findFirstOrThrow({ where: { kind: 'context.fill', payload: { equals: { contextJobId: r.body.job_id } } } });
    expect(row.attempts).toBe(3);
  });
});

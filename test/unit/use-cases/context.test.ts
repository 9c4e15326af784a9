// The context use cases (src/use-cases/context/), each on a real database: start (checks, billing,
// stored documents), the job's work for with_context and prepare, its failure, the job view, and
// the pay door's synchronous fill from documents.
import { describe, expect, test } from 'vitest';
import { readyFormOf, refusalOf, uploaded, useCaseContext } from '../../helpers/use-cases.ts';
import { fillableFormPdf } from '../../helpers/pdfs.ts';
import { startContextFill } from '../../../src/use-cases/context/start-context-fill.ts';
import { runContextFill } from '../../../src/use-cases/context/run-context-fill.ts';
import { failContextFill } from '../../../src/use-cases/context/fail-context-fill.ts';
import { getContextJob } from '../../../src/use-cases/context/get-context-job.ts';
import { fillPdfFromDocuments } from '../../../src/use-cases/context/fill-pdf-from-documents.ts';
import { getSession } from '../../../src/use-cases/sessions/get-session.ts';
import { getProposal } from '../../../src/use-cases/proposals/get-proposal.ts';
import type { StoredDocument } from '../../../src/store/context-jobs.ts';
import { readPdfValues } from '../../../src/pdf/read.ts';

const h = useCaseContext();
const letter = () => uploaded(new TextEncoder().encode('Applicant details\nFull name: Mara Quillfeather\nZIP code: 53703\n'), 'details.txt', 'text/plain');

describe('startContextFill', () => {
  test('stores the documents, bills one context fill and queues the job; prepare also opens a proposal', async () => {
    const formId = await readyFormOf(h.ctx, h.ownerId, await fillableFormPdf());
    const started = await startContextFill(h.ctx, { ownerId: h.ownerId, kind: 'prepare', form: { id: formId }, context: [letter()], policy: 'safe' });
    expect(started).toMatchObject({ status: 'processing', form_id: formId, proposal_token: expect.stringMatching(/^pt_/) });
    const job = await h.ctx.db.contextJob.findUniqueOrThrow({ where: { id: started.job_id } });
    const [doc] = job.documents as unknown as StoredDocument[];
    expect(Buffer.from(await h.ctx.blobs.get(doc.blob)).toString()).toContain('Mara Quillfeather');
    expect(await h.ctx.db.usageEvent.count({ where: { kind: 'with_context', subjectId: started.job_id } })).toBe(1);
    expect(await h.ctx.db.job.count({ where: { kind: 'context.fill', payload: { equals: { contextJobId: started.job_id } } } })).toBe(1);
    expect((await getProposal(h.ctx, h.ownerId, started.proposal_id!, started.proposal_token)).status).toBe('processing');
  });

  test('a context file that is the form itself is refused and nothing is stored or billed', async () => {
    const pdf = await fillableFormPdf();
    const formId = await readyFormOf(h.ctx, h.ownerId, pdf);
    const jobs = await h.ctx.db.contextJob.count();
    expect(await refusalOf(startContextFill(h.ctx, { ownerId: h.ownerId, kind: 'with_context', form: { id: formId }, context: [uploaded(pdf)], policy: 'safe' }))).toMatchObject({ refusal: 'unprocessable', code: 'document_same_as_form' });
    expect(await h.ctx.db.contextJob.count()).toBe(jobs);
  });
});

describe('the context job', () => {
  test('with_context: the accepted values go into a completed session, the documents are deleted', async () => {
    const formId = await readyFormOf(h.ctx, h.ownerId, await fillableFormPdf());
    const { job_id } = await startContextFill(h.ctx, { ownerId: h.ownerId, kind: 'with_context', form: { id: formId }, context: [letter()], policy: 'safe' });
    const stored = (await h.ctx.db.contextJob.findUniqueOrThrow({ where: { id: job_id } })).documents as unknown as StoredDocument[];
    await runContextFill(h.ctx, job_id);
    const view = await getContextJob(h.ctx, h.ownerId, job_id);
    expect(view).toMatchObject({ status: 'ready', kind: 'with_context', session_id: job_id, error: null });
    const session = await getSession(h.ctx, h.ownerId, view.session_id!);
    expect(session.status).toBe('completed');
    expect(session.fields.some((f) => f.value === 'Mara Quillfeather')).toBe(true);
    expect(await h.ctx.blobs.get(stored[0].blob).then(() => 'kept', () => 'deleted')).toBe('deleted');
    expect(await runContextFill(h.ctx, job_id)).toEqual({ skipped: true }); // a retry after success does nothing
  }, 120_000);

  test('prepare: the proposals are stored and the proposal opens', async () => {
    const formId = await readyFormOf(h.ctx, h.ownerId, await fillableFormPdf());
    const started = await startContextFill(h.ctx, { ownerId: h.ownerId, kind: 'prepare', form: { id: formId }, context: [letter()], policy: 'strict' });
    await runContextFill(h.ctx, started.job_id);
    const proposal = await getProposal(h.ctx, h.ownerId, started.proposal_id!);
    expect(proposal).toMatchObject({ status: 'open', policy: 'strict' });
    expect(proposal.fields.length).toBe(6);
    expect((await getContextJob(h.ctx, h.ownerId, started.job_id)).proposal_id).toBe(started.proposal_id);
  }, 120_000);

  test('failContextFill fails the job and its proposal with a listed code, and voids the charge', async () => {
    const formId = await readyFormOf(h.ctx, h.ownerId, await fillableFormPdf());
    const started = await startContextFill(h.ctx, { ownerId: h.ownerId, kind: 'prepare', form: { id: formId }, context: [letter()], policy: 'safe' });
    await failContextFill(h.ctx, started.job_id, { code: 'unsupported_context_file', message: 'The file cannot be read.' });
    expect(await getContextJob(h.ctx, h.ownerId, started.job_id)).toMatchObject({ status: 'failed', error: { code: 'unsupported_context_file' } });
    expect((await getProposal(h.ctx, h.ownerId, started.proposal_id!)).status).toBe('failed');
    expect((await h.ctx.db.usageEvent.findFirstOrThrow({ where: { kind: 'with_context', subjectId: started.job_id } })).voidedAt).not.toBeNull();
    // A code the interface does not list is reported as job_failed.
    const other = await startContextFill(h.ctx, { ownerId: h.ownerId, kind: 'with_context', form: { id: formId }, context: [letter()], policy: 'safe' });
    await failContextFill(h.ctx, other.job_id, { code: 'something_internal', message: 'x' });
    expect((await getContextJob(h.ctx, h.ownerId, other.job_id)).error).toEqual({ code: 'job_failed', message: 'The job could not be completed.' });
  });

  test('getContextJob: another account’s job is not found', async () => {
    const formId = await readyFormOf(h.ctx, h.ownerId, await fillableFormPdf());
    const { job_id } = await startContextFill(h.ctx, { ownerId: h.ownerId, kind: 'with_context', form: { id: formId }, context: [letter()], policy: 'safe' });
    expect(await refusalOf(getContextJob(h.ctx, h.otherId, job_id))).toMatchObject({ refusal: 'not_found' });
  });
});

test('fillPdfFromDocuments (pay per call): the filled PDF and every field, nothing stored', async () => {
  const pdf = await fillableFormPdf();
  const jobs = await h.ctx.db.contextJob.count();
  const { pdf: filled, fields } = await fillPdfFromDocuments(h.ctx, { form: uploaded(pdf), title: 'Test form', pageCount: 2, context: [letter()], policy: 'safe' });
  expect(fields.length).toBe(6);
  expect(fields.every((f) => !('alternatives' in f))).toBe(true);
  const values = Object.fromEntries((await readPdfValues(filled)).fields.map((f) => [f.name, f.value]));
  expect(values['applicant.full_name']).toBe('Mara Quillfeather');
  expect(await h.ctx.db.contextJob.count()).toBe(jobs);
  expect(await refusalOf(fillPdfFromDocuments(h.ctx, { form: uploaded(pdf), title: 'Test form', pageCount: 2, context: [uploaded(pdf)], policy: 'safe' }))).toMatchObject({ code: 'document_same_as_form' });
}, 120_000);

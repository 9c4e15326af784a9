// The cancel-started-work use case (src/use-cases/jobs/cancel-started-work.ts) on a real context:
// a form's queued detection job is asked to stop, for its owner only, once.
import { expect, test } from 'vitest';
import { uploaded, useCaseContext } from '../../helpers/use-cases.ts';
import { fillableFormPdf } from '../../helpers/pdfs.ts';
import { createForm } from '../../../src/use-cases/forms/create-form.ts';
import { cancelStartedWork } from '../../../src/use-cases/jobs/cancel-started-work.ts';

const h = useCaseContext();

test('a form’s queued job is asked to stop by its owner, not by another account, and only once', async () => {
  const { form_id } = await createForm(h.ctx, { ownerId: h.ownerId, file: uploaded(await fillableFormPdf()) });
  const job = () => h.ctx.db.job.findFirstOrThrow({ where: { kind: 'form.process', ownerId: h.ownerId, payload: { path: ['formId'], equals: form_id } } });
  expect((await job()).cancelRequestedAt).toBeNull();
  expect(await cancelStartedWork(h.ctx, h.otherId, { kind: 'form', formId: form_id })).toBe(false);
  expect((await job()).cancelRequestedAt).toBeNull();
  expect(await cancelStartedWork(h.ctx, h.ownerId, { kind: 'form', formId: form_id })).toBe(true);
  expect((await job()).cancelRequestedAt).toBeInstanceOf(Date);
  expect(await cancelStartedWork(h.ctx, h.ownerId, { kind: 'form', formId: form_id })).toBe(false);
});

test('a context fill’s and a batch’s queued jobs are found by their own ids; a job already done is not stopped', async () => {
  await h.ctx.queue.enqueue('context.fill', { contextJobId: 'ctx-1' }, { ownerId: h.ownerId });
  await h.ctx.queue.enqueue('batch.fill', { batchId: 'batch-1' }, { ownerId: h.ownerId });
  expect(await cancelStartedWork(h.ctx, h.ownerId, { kind: 'context', contextJobId: 'ctx-2' })).toBe(false);
  expect(await cancelStartedWork(h.ctx, h.ownerId, { kind: 'batch', batchId: 'ctx-1' })).toBe(false);
  expect(await cancelStartedWork(h.ctx, h.ownerId, { kind: 'context', contextJobId: 'ctx-1' })).toBe(true);
  await h.ctx.db.job.updateMany({ where: { kind: 'batch.fill', ownerId: h.ownerId }, data: { status: 'succeeded' } });
  expect(await cancelStartedWork(h.ctx, h.ownerId, { kind: 'batch', batchId: 'batch-1' })).toBe(false);
});

// A context fill whose documents take longer to read than CONTEXT_WORK_TIMEOUT_MS (#17: every job
// ends): the engine worker reading them is stopped and the job fails with context_too_large, its
// charge voided, while the server goes on answering.
import { describe, expect, test } from 'vitest';
import { eventually, useServer } from '../helpers/server.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';
import { heavyContext } from '../helpers/context-documents.ts';

// Far below what reading these documents takes (seconds), so the limit always ends the reading.
const h = useServer({ overrides: { CONTEXT_WORK_TIMEOUT_MS: '100' } });

describe('a context fill over its time limit', () => {
  test('fails with context_too_large and is not billed', async () => {
    const created = await h.api.upload('/forms', { file: { bytes: await fillableFormPdf() } });
    const formId = created.body.form_id as string;
    await eventually(async () => ((await h.api.get(`/forms/${formId}`)).body.status === 'ready' ? true : undefined), 60_000, 'form ready');
    const accepted = await h.api.upload(`/forms/${formId}/with-context`, { context: await heavyContext() });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const jobId = accepted.body.job_id as string;
    const job = await eventually(async () => {
      const j = (await h.api.get(`/forms/with-context/${jobId}`)).body;
      return j.status !== 'processing' ? j : undefined;
    }, 120_000, 'context fill ended');
    expect(job).toMatchObject({ status: 'failed', error: { code: 'context_too_large', message: expect.stringMatching(/took too long/) } });
    expect((await h.api.get('/health')).status).toBe(200);
    // A failed job is not billed: its charge is voided.
    expect((await h.api.get('/usage')).body.with_context).toBe(0);
    // The form itself is untouched.
    expect((await h.api.get(`/forms/${formId}`)).body.status).toBe('ready');
  }, 240_000);
});

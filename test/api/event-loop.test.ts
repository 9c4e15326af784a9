// Heavy work never runs on the event loop that answers HTTP (#17): while a large PDF is read,
// while a batch fills rows of long text and while a context fill reads several documents, /health keeps answering, each answer arriving before the
// heavy call is done, and the loop's delay (perf_hooks histogram) stays far below what the work
// held it for when it ran on the loop. The server runs in this process, so the histogram
// measures the server's own event loop.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, test } from 'vitest';
import { eventually, useServer } from '../helpers/server.ts';
import { fillableFormPdf, rawForm } from '../helpers/pdfs.ts';
import { csv } from '../helpers/batch-pdfs.ts';
import { heavyContext } from '../helpers/context-documents.ts';

// /health is asked every 25 ms for as long as the work runs (a minute on a loaded machine): far
// more than the per-address limit, which is not what this file tests.
const h = useServer({ overrides: { RATE_LIMIT_IP_PER_MINUTE: '100000' } });

/**
 * The loop's largest delay allowed while the work runs. Generous, for two cores shared with other
 * test processes; filling one of these batch rows on the loop took ~1 s (and the 4,000-field read
 * held it for its whole length).
 */
const MAX_DELAY_MS = 500;

/** How long a /health answer may take on a loaded machine while the loop is free. */
const ANSWER_WITHIN_MS = 1000;

/**
 * Asks /health every 25 ms until `work` settles (often enough that even a quick run of the work
 * spans several asks); how many were answered while the work ran, the age of the oldest ask still
 * unanswered when it ended, and the loop's largest delay meanwhile.
 */
async function whileRunning<T>(work: Promise<T>) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let doneAt: number | undefined;
  const settled = work.finally(() => (doneAt = performance.now()));
  const pings: Promise<{ sentAt: number; answeredAt: number }>[] = [];
  while (doneAt === undefined) {
    const sentAt = performance.now();
    pings.push(
      fetch(`${h.s.url}/health`).then((r) => {
        expect(r.status).toBe(200);
        return { sentAt, answeredAt: performance.now() };
      }),
    );
    await new Promise((r) => setTimeout(r, 25));
  }
  const result = await settled;
  const answers = await Promise.all(pings);
  loop.disable();
  const end = doneAt as number;
  const late = answers.filter((a) => a.answeredAt > end);
  return {
    result,
    sent: answers.length,
    answeredDuring: answers.length - late.length,
    oldestUnansweredMs: Math.max(0, ...late.map((a) => end - a.sentAt)),
    maxDelayMs: loop.max / 1e6,
  };
}

/**
 * Most asks were answered while the work ran, none waited the work out (an ask still unanswered at
 * the end was sent just before it), and the loop was never held long.
 */
function expectLoopFree({ sent, answeredDuring, oldestUnansweredMs, maxDelayMs }: { sent: number; answeredDuring: number; oldestUnansweredMs: number; maxDelayMs: number }) {
  expect(sent).toBeGreaterThan(5);
  expect(answeredDuring).toBeGreaterThanOrEqual(sent / 2);
  expect(oldestUnansweredMs).toBeLessThan(ANSWER_WITHIN_MS);
  expect(maxDelayMs).toBeLessThan(MAX_DELAY_MS);
}

/** A form uploaded and processed; its id. */
async function readyForm(pdf: Uint8Array): Promise<string> {
  const created = await h.api.upload('/forms', { file: { bytes: pdf } });
  expect(created.status).toBe(202);
  const formId = created.body.form_id as string;
  await eventually(async () => ((await h.api.get(`/forms/${formId}`)).body.status === 'ready' ? true : undefined), 60_000, 'form ready');
  return formId;
}

/** The resource at `path` once its status is no longer processing. */
const settled = (path: string, ms: number) =>
  eventually(async () => {
    const body = (await h.api.get(path)).body;
    return body.status !== 'processing' ? body : undefined;
  }, ms, `${path} settled`);

describe('the event loop stays free', () => {
  test('while a 100-page form of 4,000 fields is read', async () => {
    // A small read first: the server's modules load on first use, which is not the work measured.
    expect((await h.api.upload('/read', { file: { bytes: rawForm(1, 2, 'small') } })).status).toBe(200);
    const big = rawForm(100, 40, 'big');
    const { result, ...loop } = await whileRunning(h.api.upload('/read', { file: { bytes: big } }));
    expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(200);
    expect(result.body.fields).toHaveLength(4000);
    expectLoopFree(loop);
  }, 180_000);

  test('while a batch fills rows of long text', async () => {
    // A form of 8 text fields, and 12 rows of 8 cells of 30 KB each (just under the row limit).
    const formId = await readyForm(rawForm(1, 8, 'long'));
    const contract = (await h.api.get(`/forms/${formId}/contract`)).body;
    const columns = contract.fields.map((_: unknown, i: number) => `c${i}`);
    const cell = (r: number, c: number) => `row ${r} column ${c} `.repeat(1600).slice(0, 30_000);
    const lines = [columns.join(','), ...Array.from({ length: 12 }, (_, r) => columns.map((_: unknown, c: number) => cell(r + 1, c)).join(','))];
    const mapping = Object.fromEntries(contract.fields.map((f: { id: number }, i: number) => [`c${i}`, { field_id: f.id }]));
    const accepted = await h.api.upload(`/forms/${formId}/fill-batch`, { file: { bytes: csv(lines), filename: 'rows.csv', type: 'text/csv' }, mapping: JSON.stringify(mapping) });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const batchId = accepted.body.batch_id as string;

    const { result, ...loop } = await whileRunning(settled(`/forms/fill-batch/${batchId}`, 150_000));
    expect(result).toMatchObject({ status: 'complete', filled: 12, failed: 0 });
    expectLoopFree(loop);
  }, 240_000);

  test('while a context fill reads several documents and proposes from them', async () => {
    const formId = await readyForm(await fillableFormPdf());
    const accepted = await h.api.upload(`/forms/${formId}/with-context`, { context: await heavyContext() });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const jobId = accepted.body.job_id as string;

    const { result, ...loop } = await whileRunning(settled(`/forms/with-context/${jobId}`, 240_000));
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'ready', error: null });
    expectLoopFree(loop);
  }, 300_000);
});

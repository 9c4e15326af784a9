// The service for bench/load.ts, in a process of its own so that the load generator does not
// share its event loop: starts it (bench/service.ts), makes one ready form, one session and one
// finished batch of BATCH_ROWS rows on it, prints {base, key, formId, sessionId, batchId} as one
// JSON line, and serves until it is killed.
//
// It watches its own event loop (perf_hooks.monitorEventLoopDelay): each line "eld" on stdin
// answers one JSON line {p50, p99, max} (ms of delay beyond the sampling interval, since the last
// "eld") on stdout, so the bench can show what each cell did to the loop. Each line "served"
// answers, from the service's own request-duration histogram (/metrics), how many requests each
// route pattern has served so far and how many of them within 50 ms: the time the service took,
// apart from the time the load generator's own scheduling adds on these shared cores.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startBenchService } from './service.ts';
import { batchUpload } from './common.ts';

const BATCH_ROWS = 200;
const ELD_RESOLUTION_MS = 10;

const corpus = path.resolve(process.argv[2] ?? '../shared/corpus/dev');
const svc = await startBenchService('load');
const formId = await svc.createForm(new Uint8Array(fs.readFileSync(path.join(corpus, 'dos-ds11', 'original.pdf'))), 'ds11.pdf');
const { session_id: sessionId } = await svc.json('/sessions', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ form_id: formId }) });
const batchId = await finishedBatch(formId, BATCH_ROWS);

const loop = monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS });
loop.enable();
process.stdout.write(JSON.stringify({ base: svc.base, key: svc.key, formId, sessionId, batchId }) + '\n');
readline.createInterface({ input: process.stdin }).on('line', async (line) => {
  if (line.trim() === 'served') {
    process.stdout.write(JSON.stringify(await servedWithin(0.05)) + '\n');
    return;
  }
  if (line.trim() !== 'eld') return;
  // The histogram holds whole intervals between samples: the delay is what exceeds the resolution.
  const ms = (ns: number) => Math.max(0, ns / 1e6 - ELD_RESOLUTION_MS);
  process.stdout.write(JSON.stringify({ p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) }) + '\n');
  loop.reset();
});

/** Per route pattern: requests served so far, and how many within `seconds` (a bucket bound of the histogram). */
async function servedWithin(seconds: number): Promise<Record<string, { total: number; within: number }>> {
  const served: Record<string, { total: number; within: number }> = {};
  for (const v of (await svc.ctx.metrics.requests.get()).values) {
    const labels = v.labels as Record<string, string | number | undefined>; // buckets carry `le` besides the route's labels
    const route = String(labels.route);
    const entry = (served[route] ??= { total: 0, within: 0 });
    if (v.metricName === 'http_request_duration_seconds_count') entry.total += v.value;
    if (v.metricName === 'http_request_duration_seconds_bucket' && labels.le === seconds) entry.within += v.value;
  }
  return served;
}

/** A batch of `rows` rows (every one fills), waited for until it is complete. */
async function finishedBatch(form: string, rows: number): Promise<string> {
  const contract = await svc.json(`/forms/${form}/contract`);
  const { batch_id: id } = await svc.json(`/forms/${form}/fill-batch`, { method: 'POST', body: batchUpload(contract.fields, rows) });
  for (;;) {
    const b = await svc.json(`/forms/fill-batch/${id}`);
    if (b.status !== 'processing') return id as string;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const stop = async () => {
  await svc.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

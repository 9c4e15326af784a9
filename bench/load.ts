// Load benchmark (issue: load that holds): the metadata routes an agent polls — GET /forms/{id},
// its contract, GET /sessions/{id}, a finished batch's manifest — beside GET /health, at 100, 300
// and 500 requests/s offered, first idle and then while the service detects the fields of a dense
// flat form and fills a 1000-row batch (every row fills). The service runs in its own process
// (bench/load-server.ts); autocannon drives it from this one. Prints p50/p99 latency, the rate
// achieved, errors (non-2xx or socket), the share of the cell's requests the service itself
// answered within 50 ms (its request-duration histogram: the goal's bound without the time the
// generator's own scheduling adds on shared cores) and the service's event-loop delay during the
// cell (p50/p99/max beyond the sampling interval).
//
//   npm run bench:load -- [--corpus ../shared/corpus/dev] [--duration 5] [--rates 100,300,500]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { arg, batchUpload } from './common.ts';

const corpus = path.resolve(arg('corpus', '../shared/corpus/dev'));
const duration = Number(arg('duration', '5'));
const rates = arg('rates', '100,300,500').split(',').map(Number);

interface Started {
  base: string;
  key: string;
  formId: string;
  sessionId: string;
  batchId: string;
}

const server = spawn(process.execPath, ['--import', 'tsx', 'bench/load-server.ts', corpus], { stdio: ['pipe', 'pipe', 'inherit'] });
const serverLines = readline.createInterface({ input: server.stdout! })[Symbol.asyncIterator]();
const nextLine = async () => {
  const { value, done } = await serverLines.next();
  if (done) throw new Error(`load server exited with ${server.exitCode}`);
  return JSON.parse(value as string);
};
const started: Started = await nextLine();
/** The service's event-loop delay since the last call, in ms. */
const loopDelay = async (): Promise<{ p50: number; p99: number; max: number }> => {
  server.stdin!.write('eld\n');
  return nextLine();
};
type Served = Record<string, { total: number; within: number }>;
/** Requests served per route pattern so far, and how many within 50 ms (the service's own histogram). */
const served = async (): Promise<Served> => {
  server.stdin!.write('served\n');
  return nextLine();
};
const auth = { Authorization: `Bearer ${started.key}` };
// Each route: its name here, the path requested, its headers, and its pattern in the service's metrics.
const routes: [string, string, Record<string, string>, string][] = [
  ['GET /health', '/health', {}, '/health'],
  ['GET /forms/{id}', `/forms/${started.formId}`, auth, '/forms/:id'],
  ['GET /forms/{id}/contract', `/forms/${started.formId}/contract`, auth, '/forms/:id/contract'],
  ['GET /sessions/{id}', `/sessions/${started.sessionId}`, auth, '/sessions/:id'],
  ['GET /forms/fill-batch/{id}', `/forms/fill-batch/${started.batchId}`, auth, '/forms/fill-batch/:batch_id'],
];

async function hit(pathname: string, headers: Record<string, string>, pattern: string, rate: number) {
  await loopDelay(); // starts the cell's histogram
  const before = (await served())[pattern] ?? { total: 0, within: 0 };
  const r = await autocannon({ url: started.base + pathname, headers, connections: Math.min(100, Math.max(10, rate / 5)), overallRate: rate, duration });
  const loop = await loopDelay();
  const after = (await served())[pattern];
  if (!after || after.total === before.total) throw new Error(`the service counted no request of ${pattern}: is the route pattern right?`);
  const within50 = (after.within - before.within) / (after.total - before.total);
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, errors: r.errors + r.timeouts + r.non2xx, within50, loop };
}

/** Background work: a detection of a dense flat form, and a 1000-row batch on the ready form. */
async function startBackgroundWork(): Promise<() => Promise<void>> {
  const api = (p: string, init: RequestInit = {}) => fetch(started.base + p, { ...init, headers: { ...auth, ...(init.headers ?? {}) } });
  const contract = (await (await api(`/forms/${started.formId}/contract`)).json()) as { fields: { id: number; type: string }[] };
  const b = await api(`/forms/${started.formId}/fill-batch`, { method: 'POST', body: batchUpload(contract.fields, 1000) });
  if (b.status >= 300) throw new Error(`fill-batch: ${b.status} ${await b.text()}`);
  let stop = false;
  // Detections one after another for as long as the measurement runs.
  const flat = fs.readFileSync(path.join(corpus, 'uscis-i765-2016', 'flat.pdf'));
  const detecting = (async () => {
    while (!stop) {
      const fd = new FormData();
      fd.append('file', new Blob([flat], { type: 'application/pdf' }), 'flat.pdf');
      const { form_id: id } = (await (await api('/forms', { method: 'POST', body: fd })).json()) as { form_id: string };
      for (;;) {
        const f = (await (await api(`/forms/${id}`)).json()) as { status: string };
        if (f.status !== 'processing' || stop) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  })();
  return async () => {
    stop = true;
    await detecting;
  };
}

const rows: string[] = [];
const fmt = (v: number) => v.toFixed(0).padStart(6);
async function measure(phase: string) {
  for (const rate of rates) {
    for (const [name, p, headers, pattern] of routes) {
      const r = await hit(p, headers, pattern, rate);
      const row =
        `${phase.padEnd(6)} ${String(rate).padStart(5)}/s  ${name.padEnd(27)} p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms  achieved ${fmt(r.rps)}/s  errors ${r.errors}` +
        `  served ≤ 50 ms ${(100 * r.within50).toFixed(1).padStart(5)} %` +
        `  loop delay p50 ${fmt(r.loop.p50)} p99 ${fmt(r.loop.p99)} max ${fmt(r.loop.max)} ms`;
      rows.push(row);
      console.log(row);
    }
  }
}

try {
  console.log(`load: ${duration} s per cell, service in pid ${server.pid}`);
  await measure('idle');
  const stopWork = await startBackgroundWork();
  try {
    await measure('busy');
  } finally {
    await stopWork();
  }
} finally {
  server.kill('SIGTERM');
}

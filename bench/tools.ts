// npm run bench:tools -- [--corpus ../shared/corpus/dev] [--runs 5]
// Page tools on a 50-page PDF (built from real corpus forms), next to qpdf's whole-process time
// for the same operation. Two figures for ours: the function in this process, and the request
// path (the worker pool the HTTP handler awaits: transfer in, work, transfer out; warm workers).
// All figures are medians of --runs after one warm-up; the machine may be shared, so compare
// columns of the same run rather than runs.
import { readFileSync, readdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildPdf } from '../src/pdf/tools.ts';
import { inspectPdf } from '../src/pdf/inspect.ts';
import { runWorkerJob } from '../src/workers/jobs.ts';
import type { ToolJob } from '../src/workers/job-types.ts';
import { WorkerPool } from '../src/workers/pool.ts';
import { arg, fmt, progress, timeCommand } from './common.ts';

const corpus = resolve(arg('corpus', '../shared/corpus/dev'));
const runs = Number(arg('runs', '5'));

// 50 pages from the corpus's originals (forms with fields, like real traffic).
const sources: { bytes: Uint8Array; pages: number[] }[] = [];
let total = 0;
for (const name of readdirSync(corpus).sort()) {
  if (total >= 50) break;
  const bytes = new Uint8Array(readFileSync(join(corpus, name, 'original.pdf')));
  const count = (await inspectPdf(bytes)).page_count;
  const take = Math.min(count, 50 - total);
  sources.push({ bytes, pages: Array.from({ length: take }, (_, i) => i + 1) });
  total += take;
}
const fifty = await buildPdf(sources);
const dir = mkdtempSync(join(tmpdir(), 'bench-tools-'));
const file = join(dir, 'fifty.pdf');
writeFileSync(file, fifty);
const odd = Array.from({ length: 25 }, (_, i) => 2 * i + 1);

/** Median ms of `fn` over `n` runs after a warm-up; `make` builds each run's job outside the timing. */
async function medianOf(n: number, make: () => ToolJob, fn: (job: ToolJob) => Promise<unknown>): Promise<number> {
  await fn(make());
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const job = make(); // fresh input copies: the pool transfers (detaches) them
    const t = performance.now();
    await fn(job);
    times.push(performance.now() - t);
    progress(`  run ${i + 1}/${n}`);
  }
  progress('');
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const pool = new WorkerPool({ size: 1 }); // one worker: the bench runs one job at a time
const cases: [string, () => ToolJob, string[], number][] = [
  ['inspect', () => ({ op: 'inspect', bytes: fifty.slice() }), ['--json', file, join(dir, 'out.json')], runs],
  ['keep odd pages', () => ({ op: 'keep', bytes: fifty.slice(), pages: odd }), [file, '--pages', '.', '1-z:odd', '--', join(dir, 'odd.pdf')], runs],
  ['rotate all 90°', () => ({ op: 'rotate', bytes: fifty.slice(), angle: 90 }), [file, '--rotate=+90', join(dir, 'rot.pdf')], runs],
  [
    'join 10 copies',
    () => ({ op: 'join', documents: Array.from({ length: 10 }, () => fifty.slice()) }),
    ['--empty', '--pages', ...Array(10).fill(file), '--', join(dir, 'join.pdf')],
    Math.max(1, Math.floor(runs / 2)),
  ],
];

const rows: string[][] = [];
for (const [name, make, qpdfArgs, n] of cases) {
  const inProcess = await medianOf(n, make, runWorkerJob);
  const viaPool = await medianOf(n, make, (job) => pool.run(job));
  const qpdf = timeCommand(n, 'qpdf', qpdfArgs);
  const verdict = qpdf === null ? '' : viaPool <= qpdf ? `${(qpdf / viaPool).toFixed(1)}× faster` : `${(viaPool / qpdf).toFixed(1)}× slower`;
  rows.push([name, fmt(inProcess), fmt(viaPool), fmt(qpdf), verdict]);
}
await pool.close();

console.log(`page tools on a ${total}-page PDF (${(fifty.length / 1024).toFixed(0)} KB), median of ${runs} (join: ${Math.max(1, Math.floor(runs / 2))})`);
const head = ['operation', 'in-process', 'request path (pool)', 'qpdf (whole process)', 'pool vs qpdf'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r: string[]) => '  ' + r.map((c, i) => c.padEnd(widths[i])).join('  ');
console.log(line(head));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const r of rows) console.log(line(r));

// npm run bench:read -- [--corpus ../shared/corpus/dev] [--form dos-ds11] [--runs 20]
// Reading every field value of a real filled government form: our reader (the lazy object reader,
// src/pdf/acroform.ts) vs a plain pdf.js getFieldObjects loop vs `pdftk dump_data_fields_utf8`
// (whole process), plus our previous pdf.js getAnnotations reader for reference.
import { readFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openPdf } from '../src/pdf/pdfjs.ts';
import { readPdfValues } from '../src/pdf/read.ts';
import { readAcroForm, readAcroFormWithPdfjs } from '../src/pdf/acroform.ts';
import { fillPdf } from '../src/pdf/fill/index.ts';
import { arg, fmt, progress, timeCommand } from './common.ts';

/**
 * Median and best of `runs` timed calls after five warm-up calls (a server reads many forms: the
 * steady state is the JIT-compiled one, for pdf.js as for us). The best run is printed too: on a
 * machine shared with other work the median drifts with the load, the best much less.
 */
async function timed(runs: number, fn: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 5; i++) await fn();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await fn();
    const d = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((d.user + d.system) / 1000);
    progress(`  run ${i + 1}/${runs}`);
  }
  progress('');
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { median: mid(times), best: Math.min(...times), cpu: mid(cpu) };
}

/** Wall-clock median and best, and the median CPU time (this process, all threads) of one call. */
interface Timing {
  median: number;
  best: number;
  cpu: number;
}

const corpus = resolve(arg('corpus', '../shared/corpus/dev'));
const formName = arg('form', 'dos-ds11');
const runs = Number(arg('runs', '20'));
const original = new Uint8Array(readFileSync(join(corpus, formName, 'original.pdf')));

// Fill every text field so the reader has values to read.
const blank = await readPdfValues(original);
const values: Record<string, string | boolean> = {};
for (const f of blank.fields) if (f.type === 'text' && !f.max_len) values[f.name] = `value ${f.name.length}`;
const filled = await fillPdf(original, values);
const dir = mkdtempSync(join(tmpdir(), 'bench-read-'));
writeFileSync(join(dir, 'filled.pdf'), filled);

const check = await readAcroForm(filled);
if (check.reader !== 'objects') console.warn(`warning: the fast path fell back to pdf.js (${check.fallback_reason})`);

const ours = await timed(runs, () => readPdfValues(filled));
const plain = await timed(runs, async () => {
  const doc = await openPdf(filled);
  await doc.getFieldObjects();
  await doc.destroy();
});
const previous = await timed(Math.min(runs, 5), async () => {
  const doc = await openPdf(filled);
  await readAcroFormWithPdfjs(doc);
  await doc.destroy();
});
const pdftk = timeCommand(Math.min(runs, 5), 'pdftk', [join(dir, 'filled.pdf'), 'dump_data_fields_utf8']);

const both = (t: Timing) => `${fmt(t.median)} (best ${fmt(t.best)}, cpu ${fmt(t.cpu)})`;
console.log(`read: ${formName}, ${blank.page_count} pages, ${blank.fields.length} fields, ${check.fields.filter((f) => f.value !== null).length} with values (median of ${runs})`);
console.log(`  ours (readPdfValues, ${check.reader} reader)  ${both(ours)}`);
console.log(`  plain pdf.js getFieldObjects         ${both(plain)}`);
console.log(`      ours is ${(plain.median / ours.median).toFixed(2)}× its speed (best: ${(plain.best / ours.best).toFixed(2)}×, cpu: ${(plain.cpu / ours.cpu).toFixed(2)}×)`);
console.log(`  pdftk dump_data_fields (process)     ${fmt(pdftk)}${pdftk === null ? '' : `   ours is ${(pdftk / ours.median).toFixed(1)}× its speed`}`);
console.log(`  previous reader (pdf.js annotations) ${both(previous)}`);

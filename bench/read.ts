// npm run bench:read -- [--corpus ../shared/corpus/dev] [--form dos-ds11] [--runs 20]
// Reading every field value of a real filled government form: our reader vs a plain pdf.js
// getFieldObjects loop vs `pdftk dump_data_fields_utf8` (whole process).
import { readFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openPdf } from '../src/pdf/pdfjs.ts';
import { readPdfValues } from '../src/pdf/read.ts';
import { fillPdf } from '../src/pdf/fill/index.ts';
import { arg, fmt, median, timeCommand } from './common.ts';

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

const ours = await median(runs, () => readPdfValues(filled));
const plain = await median(runs, async () => {
  const doc = await openPdf(filled);
  await doc.getFieldObjects();
  await doc.destroy();
});
const pdftk = timeCommand(Math.min(runs, 5), 'pdftk', [join(dir, 'filled.pdf'), 'dump_data_fields_utf8']);

console.log(`read: ${formName}, ${blank.page_count} pages, ${blank.fields.length} fields (median of ${runs})`);
console.log(`  ours (readPdfValues)             ${fmt(ours)}`);
console.log(`  plain pdf.js getFieldObjects     ${fmt(plain)}   ours is ${(plain / ours).toFixed(2)}× its speed`);
console.log(`  pdftk dump_data_fields (process) ${fmt(pdftk)}`);

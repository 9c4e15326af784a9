// npm run bench:tools -- [--corpus ../shared/corpus/dev] [--runs 5]
// Page tools on a 50-page PDF (built from real corpus forms), in-process, next to qpdf's
// whole-process time for the same operation.
import { readFileSync, readdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildPdf, joinPdfs, keepPages, rotatePages } from '../src/pdf/tools.ts';
import { inspectPdf } from '../src/pdf/inspect.ts';
import { arg, fmt, median, timeCommand } from './common.ts';

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

const rows: [string, number, number | null][] = [
  ['inspect', await median(runs, () => inspectPdf(fifty)), timeCommand(runs, 'qpdf', ['--json', file, join(dir, 'out.json')])],
  ['keep odd pages', await median(runs, () => keepPages(fifty, odd)), timeCommand(runs, 'qpdf', [file, '--pages', '.', '1-z:odd', '--', join(dir, 'odd.pdf')])],
  ['rotate all 90°', await median(runs, () => rotatePages(fifty, undefined, 90)), timeCommand(runs, 'qpdf', [file, '--rotate=+90', join(dir, 'rot.pdf')])],
  ['join 10 copies', await median(Math.max(1, Math.floor(runs / 2)), () => joinPdfs(Array(10).fill(fifty))), timeCommand(Math.max(1, Math.floor(runs / 2)), 'qpdf', ['--empty', '--pages', ...Array(10).fill(file), '--', join(dir, 'join.pdf')])],
];
console.log(`page tools on a ${total}-page PDF (${(fifty.length / 1024).toFixed(0)} KB), median of ${runs}`);
for (const [name, ours, qpdf] of rows) console.log(`  ${name.padEnd(16)} ours ${fmt(ours).padEnd(12)} qpdf (whole process) ${fmt(qpdf)}`);

// Field-detection benchmark: runs detectFields on every NAME/{flat,scanned}.pdf of a corpus,
// writes detections in the scorer's format, scores them with shared/tools/score-detection.mjs
// (IoU 0.5 and 0.3) and prints precision / recall / F1 per class plus time per page. Each form is
// also read by a plain pdf.js pass (text content + operator list of every page, what the vector
// detector starts from), timed in the same run: the machine is shared, so the ratio to it says more
// than milliseconds.
//
//   npm run bench:detect -- --corpus ../shared/corpus/dev [--variant flat|scanned] [--set all|tune|heldout] [--only NAME,NAME] [--out DIR]
//
// --set picks the tuning forms or the held-out forms of bench/data/detect-split.json (run those only
// to check; rotate them when they have been looked at).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { detectFields, terminateOcr } from '../src/pdf/detect/index.ts';
import { openPdf } from '../src/pdf/detect/pdfjs.ts';
import { formatTypeModes, typeModes } from './detect-types.ts';

interface Args {
  corpus: string;
  variants: ('flat' | 'scanned')[];
  only: string[] | null;
  set: 'all' | 'tune' | 'heldout';
  out: string;
  scorer: string;
}

function parseArgs(argv: string[]): Args {
  let corpus = '';
  let variant = '';
  let only: string[] | null = null;
  let set = 'all';
  let out = path.resolve('bench/out/detect');
  let scorer = '';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--corpus') corpus = argv[++i] ?? '';
    else if (a === '--variant') variant = argv[++i] ?? '';
    else if (a === '--only') only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (a === '--set') set = argv[++i] ?? '';
    else if (a === '--out') out = path.resolve(argv[++i] ?? out);
    else if (a === '--scorer') scorer = argv[++i] ?? '';
    else if (a !== '--') throw new Error(`unknown argument ${a}`);
  }
  if (!corpus) throw new Error('usage: bench/detect.ts --corpus DIR [--variant flat|scanned] [--only NAMES] [--out DIR] [--scorer FILE]');
  if (variant && variant !== 'flat' && variant !== 'scanned') throw new Error('--variant is flat or scanned');
  if (set !== 'all' && set !== 'tune' && set !== 'heldout') throw new Error('--set is all, tune or heldout');
  corpus = path.resolve(corpus);
  // The scorer lives in shared/tools, next to shared/corpus.
  scorer ||= path.resolve(corpus, '..', '..', 'tools', 'score-detection.mjs');
  return { corpus, variants: variant ? [variant as 'flat' | 'scanned'] : ['flat', 'scanned'], only, set: set as Args['set'], out, scorer };
}

/** Milliseconds (wall, cpu) of a plain pdf.js read of every page: open, text content, operator list. */
async function plainPass(bytes: Uint8Array): Promise<{ wall: number; cpu: number }> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const doc = await openPdf(bytes);
  try {
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      await page.getTextContent();
      await page.getOperatorList({ annotationMode: 0 });
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  const cpu = process.cpuUsage(c0);
  return { wall: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000 };
}

function progress(done: number, total: number, label: string): void {
  const width = 24;
  const filled = Math.round((done / Math.max(1, total)) * width);
  process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${label.padEnd(34).slice(0, 34)}`);
}

interface ScoreClass {
  truth: number;
  detections: number;
  recall: number | null;
  precision: number | null;
  typed_recall: number | null;
}
interface ScoreAt {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  tp: number;
  fp: number;
  fn: number;
  mean_iou: number | null;
  type_accuracy: number | null;
  per_class: Record<string, ScoreClass>;
}

const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '  -  ' : v.toFixed(3));
const f1 = (p: number | null, r: number | null) => (p === null || r === null ? null : p + r > 0 ? (2 * p * r) / (p + r) : 0);

/** The held-out forms of bench/data/detect-split.json. */
const heldOut: string[] = JSON.parse(fs.readFileSync(path.resolve('bench/data/detect-split.json'), 'utf8')).heldout;

async function runVariant(args: Args, variant: 'flat' | 'scanned'): Promise<void> {
  const names = fs
    .readdirSync(args.corpus, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(args.corpus, e.name, `${variant}.pdf`)))
    .map((e) => e.name)
    .filter((n) => !args.only || args.only.includes(n))
    .filter((n) => args.set === 'all' || (args.set === 'heldout') === heldOut.includes(n))
    .sort();
  const outDir = path.join(args.out, variant);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  // Warm-up (untimed): module compilation, font tables and the OCR worker's start are paid once
  // per process, not per page, so the first form should not carry them.
  if (names.length) await detectFields(new Uint8Array(fs.readFileSync(path.join(args.corpus, names[0], `${variant}.pdf`))), { pages: [0] });
  let pages = 0;
  let ms = 0;
  let cpuMs = 0;
  let scannedPages = 0;
  let plainMs = 0;
  let plainCpuMs = 0;
  const perForm: string[] = [];
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    progress(i, names.length, `${variant} ${name}`);
    const bytes = new Uint8Array(fs.readFileSync(path.join(args.corpus, name, `${variant}.pdf`)));
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const res = await detectFields(bytes);
    const dt = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    const dcpu = (cpu.user + cpu.system) / 1000;
    ms += dt;
    cpuMs += dcpu;
    pages += res.pages.length;
    scannedPages += res.scanned_pages.length;
    const per = (v: number) => (v / Math.max(1, res.pages.length)).toFixed(0).padStart(6);
    perForm.push(`${name.padEnd(26)} ${String(res.pages.length).padStart(3)} pages ${String(res.fields.length).padStart(4)} fields ${per(dt)} ms/page wall ${per(dcpu)} ms/page cpu`);
    fs.writeFileSync(path.join(outDir, `${name}.json`), JSON.stringify({ detector_version: res.detector_version, fields: res.fields }));
    if (variant === 'flat') {
      const plain = await plainPass(bytes);
      plainMs += plain.wall;
      plainCpuMs += plain.cpu;
      perForm[perForm.length - 1] += ` ${per(plain.cpu)} ms/page cpu plain pdf.js`;
    }
  }
  progress(names.length, names.length, `${variant} done`);
  process.stderr.write('\n');
  const scorerArgs = [args.scorer, '--corpus', args.corpus, '--detections', outDir, '--iou', '0.5', '--json'];
  if (variant === 'scanned') scorerArgs.push('--scanned');
  const report = JSON.parse(execFileSync(process.execPath, scorerArgs, { encoding: 'utf8', maxBuffer: 64 << 20 })) as {
    micro: Record<string, ScoreAt>;
    forms: { name: string; at: Record<string, ScoreAt & { per_type_recall?: Record<string, { truth: number; recall: number | null; typed_recall: number | null }> }> }[];
  };
  // Corpus mode scores every truth form; restrict the totals to the forms we ran.
  const lines: string[] = [];
  // CPU time counts every thread of the process (the OCR worker too) and is not inflated when
  // other processes share the machine; wall time is what a caller waits.
  lines.push(`== ${variant}: ${names.length} forms, ${pages} pages (${scannedPages} treated as scanned), ${(ms / Math.max(1, pages)).toFixed(0)} ms/page wall, ${(cpuMs / Math.max(1, pages)).toFixed(0)} ms/page cpu`);
  if (plainMs) {
    const perPage = (v: number) => (v / Math.max(1, pages)).toFixed(0);
    lines.push(`   plain pdf.js text + operator list, same run: ${perPage(plainMs)} ms/page wall, ${perPage(plainCpuMs)} ms/page cpu (detection ${(ms / plainMs).toFixed(2)}× wall, ${(cpuMs / plainCpuMs).toFixed(2)}× cpu)`);
  }
  for (const p of perForm) lines.push('  ' + p);
  lines.push('');
  lines.push(`  ${'form'.padEnd(26)} ${'F1@.5'.padStart(6)} ${'F1@.3'.padStart(6)} ${'P@.5'.padStart(6)} ${'R@.5'.padStart(6)}  tp/fp/fn@.5`);
  for (const fm of report.forms.filter((f) => names.includes(f.name))) {
    const a = fm.at['0.5'];
    const b = fm.at['0.3'];
    lines.push(`  ${fm.name.padEnd(26)} ${fmt(a.f1).padStart(6)} ${fmt(b.f1).padStart(6)} ${fmt(a.precision).padStart(6)} ${fmt(a.recall).padStart(6)}  ${a.tp}/${a.fp}/${a.fn}`);
  }
  if (args.only && args.only.length) lines.push('  (subset run: totals below include only these forms)');
  for (const thr of ['0.5', '0.3']) {
    const tot = { tp: 0, fp: 0, fn: 0 };
    const cls: Record<string, { truth: number; det: number; truthHit: number; detHit: number; typedHit: number }> = {};
    for (const fm of report.forms.filter((f) => names.includes(f.name))) {
      const a = fm.at[thr];
      tot.tp += a.tp;
      tot.fp += a.fp;
      tot.fn += a.fn;
      for (const [k, c] of Object.entries(a.per_class)) {
        const t = (cls[k] ??= { truth: 0, det: 0, truthHit: 0, detHit: 0, typedHit: 0 });
        t.truth += c.truth;
        t.det += c.detections;
        t.truthHit += Math.round((c.recall ?? 0) * c.truth);
        t.detHit += Math.round((c.precision ?? 0) * c.detections);
        t.typedHit += Math.round((c.typed_recall ?? 0) * c.truth);
      }
    }
    const p = tot.tp + tot.fp ? tot.tp / (tot.tp + tot.fp) : null;
    const r = tot.tp + tot.fn ? tot.tp / (tot.tp + tot.fn) : null;
    lines.push('');
    lines.push(`  IoU ${thr}: precision ${fmt(p)}  recall ${fmt(r)}  F1 ${fmt(f1(p, r))}  (tp ${tot.tp}, fp ${tot.fp}, fn ${tot.fn})`);
    lines.push(`    ${'class'.padEnd(10)}${'truth'.padStart(6)}${'det'.padStart(6)}${'recall'.padStart(8)}${'prec.'.padStart(8)}${'F1'.padStart(8)}${'typed rec.'.padStart(11)}`);
    for (const [k, c] of Object.entries(cls)) {
      const cr = c.truth ? c.truthHit / c.truth : null;
      const cp = c.det ? c.detHit / c.det : null;
      lines.push(`    ${k.padEnd(10)}${String(c.truth).padStart(6)}${String(c.det).padStart(6)}${fmt(cr).padStart(8)}${fmt(cp).padStart(8)}${fmt(f1(cp, cr)).padStart(8)}${fmt(c.truth ? c.typedHit / c.truth : null).padStart(11)}`);
    }
  }
  // Per truth type: recall, and recall with the right type (radio found as a radio, …).
  const perType: Record<string, { truth: number; found: number; typed: number }> = {};
  for (const fm of report.forms.filter((f) => names.includes(f.name))) {
    for (const [k, c] of Object.entries(fm.at['0.5'].per_type_recall ?? {})) {
      const t = (perType[k] ??= { truth: 0, found: 0, typed: 0 });
      t.truth += c.truth;
      t.found += Math.round((c.recall ?? 0) * c.truth);
      t.typed += Math.round((c.typed_recall ?? 0) * c.truth);
    }
  }
  lines.push('');
  lines.push(`  per truth type @.5: ${Object.entries(perType).filter(([, t]) => t.truth).map(([k, t]) => `${k} ${t.truth}: recall ${fmt(t.found / t.truth)}, typed ${fmt(t.typed / t.truth)}`).join(' · ')}`);
  // The scorer's "typed" is by class (a radio found as a checkbox is right, a drop-down found as
  // text is right); the exact types and what each failure costs, per truth kind:
  lines.push('');
  lines.push('  exact types @.5 (truth kind → detected type; signature includes text fields the truth allows as signatures):');
  lines.push(...formatTypeModes(typeModes(args.corpus, outDir, names, variant === 'scanned')));
  // The 29 forms added to the corpus last, measured before anyone tuned on them (first sight).
  const firstSight = readFirstSight();
  if (firstSight) {
    const fresh = names.filter((n) => firstSight.forms.includes(n));
    if (fresh.length) {
      lines.push('');
      lines.push(`  the ${firstSight.forms.length} forms added last (${fresh.length} run): first sight (${firstSight.commit}) vs now`);
      for (const thr of ['0.5', '0.3']) {
        const tot = { tp: 0, fp: 0, fn: 0 };
        for (const fm of report.forms.filter((f) => fresh.includes(f.name))) {
          tot.tp += fm.at[thr].tp;
          tot.fp += fm.at[thr].fp;
          tot.fn += fm.at[thr].fn;
        }
        const p = tot.tp / Math.max(1, tot.tp + tot.fp);
        const r = tot.tp / Math.max(1, tot.tp + tot.fn);
        const was = firstSight.variants[variant]?.micro[thr];
        lines.push(`    IoU ${thr}: F1 ${fmt(f1(p, r))} (P ${fmt(p)} R ${fmt(r)})   first sight F1 ${fmt(was?.f1)} (P ${fmt(was?.precision)} R ${fmt(was?.recall)})`);
      }
    }
  }
  process.stdout.write(lines.join('\n') + '\n\n');
}

interface FirstSight {
  commit: string;
  forms: string[];
  variants: Record<string, { micro: Record<string, { f1: number; precision: number; recall: number }> }>;
}

/** bench/data/detect-first-sight.json: the first-sight figures of the forms added to the corpus last. */
function readFirstSight(): FirstSight | null {
  const file = path.resolve('bench/data/detect-first-sight.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as FirstSight) : null;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  try {
    for (const v of args.variants) await runVariant(args, v);
  } finally {
    await terminateOcr();
  }
}

main().catch((err) => {
  process.stderr.write(`\n${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

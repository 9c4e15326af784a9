// Fill benchmark: fills CORPUS/dos-ds11/original.pdf (6 pages, ~100 fields) with generated rows and
// prints filled PDFs per second for
//   ours      fillPdf (incremental update, template cache), in worker threads
//   pdf-lib   a plain pdf-lib loop: load, set every field, updateFieldAppearances (DejaVu subset), save
//   pdftk     `pdftk original.pdf fill_form row.xfdf output -`, one process per row
//   floor     appending a small incremental update to the original bytes (the copy alone)
// and checks that every value of a few rows is visible (pdftotext) and read back (pdftk /V).
//
//   npm run bench:fill -- [--corpus ../shared/corpus/dev] [--rows 200] [--workers 2]
//                         [--pdflib-rows 40] [--pdftk-rows 40] [--flatten] [--out bench/out/fill]
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PDFArray, PDFName, PDFNumber } from '@cantoo/pdf-lib';
import type { Template } from '../src/pdf/fill/index.ts';
import { rng } from './common.ts';

const run = promisify(execFile);

interface Args {
  corpus: string;
  rows: number;
  workers: number;
  pdflibRows: number;
  pdftkRows: number;
  flatten: boolean;
  out: string;
}

function parseArgs(argv: string[]): Args {
  const a: Args = {
    corpus: path.resolve('../shared/corpus/dev'),
    rows: 200,
    workers: 2,
    pdflibRows: 40,
    pdftkRows: 40,
    flatten: false,
    out: path.resolve('bench/out/fill'),
  };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = () => argv[++i] ?? '';
    if (k === '--corpus') a.corpus = path.resolve(v());
    else if (k === '--rows') a.rows = Number(v());
    else if (k === '--workers') a.workers = Number(v());
    else if (k === '--pdflib-rows') a.pdflibRows = Number(v());
    else if (k === '--pdftk-rows') a.pdftkRows = Number(v());
    else if (k === '--flatten') a.flatten = true;
    else if (k === '--out') a.out = path.resolve(v());
    else if (k !== '--') throw new Error(`unknown argument ${k}`);
  }
  return a;
}

// ---------------------------------------------------------------------------------------------
// Row generation (deterministic)

type Row = Record<string, string | boolean>;
interface FieldInfo {
  name: string;
  kind: string;
  maxLen?: number;
  comb: boolean;
  states: string[];
  options: string[];
  /** Widget boxes in display space (points, top-left origin) of unrotated pages. */
  boxes: { page: number; x0: number; y0: number; x1: number; y1: number }[];
}


const FIRST = ['Zoë', 'Дмитрий', 'Αλέξανδρος', 'María', 'John', 'Łukasz', 'Ōta', 'Siobhán', 'Anna', 'Jean-Luc', 'Ελένη', 'Olga'];
const LAST = ['Łukasiewicz-Ōtani', 'Шостакович', 'Παπαδόπουλος', 'García', 'Smith', 'Nguyen', 'Müller', "O'Brien", 'Dvořák', 'Kowalski'];
const CITY = ['Boston', 'Москва', 'Αθήνα', 'Kraków', 'São Paulo', 'Zürich', 'Reykjavík', 'Chicago'];
const STREET = ['12 Main St', '7 Rue de Rivoli', 'ул. Тверская 5', 'Οδός Ερμού 20', '1600 Pennsylvania Ave NW'];

function valueFor(f: FieldInfo, r: () => number): string | boolean {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
  const n = f.name.toLowerCase();
  if (f.kind === 'checkbox') {
    if (f.states.length > 1) return r() < 0.2 ? false : pick(f.states);
    return r() < 0.5;
  }
  if (f.kind === 'radio') return pick(f.states);
  if (f.kind === 'combo' || f.kind === 'list') return pick(f.options) ?? '';
  if (f.kind !== 'text') return '';
  let v: string;
  if (/zip/.test(n)) v = digits(5);
  else if (/ssn|social/.test(n)) v = digits(9);
  else if (/phone|number/.test(n)) v = `${digits(3)}-${digits(3)}-${digits(4)}`;
  else if (/date|dob|birth date/.test(n)) v = `${String(1 + Math.floor(r() * 12)).padStart(2, '0')}/${String(1 + Math.floor(r() * 28)).padStart(2, '0')}/${1940 + Math.floor(r() * 80)}`;
  else if (/mail/.test(n)) v = `user${digits(3)}@example.org`;
  else if (/state/.test(n)) v = pick(['MA', 'NY', 'CA', 'TX']);
  else if (/city|place/.test(n)) v = pick(CITY);
  else if (/address|street|mailing/.test(n)) v = pick(STREET);
  else if (/height/.test(n)) v = `5'${Math.floor(r() * 12)}"`;
  else if (/name|spouse|parent|contact/.test(n)) v = `${pick(FIRST)} ${pick(LAST)}`;
  else v = `${pick(FIRST)} ${pick(CITY)} ${digits(2)}`;
  if (f.maxLen && [...v].length > f.maxLen) v = [...v].slice(0, f.maxLen).join('');
  return v;
}

function makeRows(fields: FieldInfo[], n: number): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < n; i++) {
    const r = rng(1000 + i);
    const row: Row = {};
    for (const f of fields) {
      if (f.kind === 'pushbutton' || f.kind === 'signature') continue;
      row[f.name] = valueFor(f, r);
    }
    rows.push(row);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Workers

interface Job {
  mode: 'ours' | 'pdflib';
  pdfPath: string;
  rows: Row[];
  /** Rows filled before the clock starts (JIT and template cache warm-up), not counted. */
  warmup: Row[];
  flatten: boolean;
  keep: number[];
}
interface JobResult {
  ms: number;
  bytes: number;
  kept: { index: number; pdf: Uint8Array }[];
  /** First fill in this worker: module load, template parse, cold JIT. */
  firstMs: number;
}

type FillFn = (input: Uint8Array, row: Row) => Promise<Uint8Array>;

async function filler(job: Job): Promise<FillFn> {
  if (job.mode === 'ours') {
    const { fillPdf } = await import('../src/pdf/fill/index.ts');
    return (input, row) => fillPdf(input, row, { flatten: job.flatten });
  }
  const { PDFDocument, PDFName, PDFTextField, PDFCheckBox, PDFRadioGroup, PDFDropdown, PDFOptionList } = await import('pdf-lib');
  const fontkit = (await import('@pdf-lib/fontkit')).default;
  const { dejaVuPath } = await import('../src/pdf/fonts.ts');
  const fontBytes = fs.readFileSync(dejaVuPath());
  return async (input, row) => {
    const doc = await PDFDocument.load(input);
    doc.registerFontkit(fontkit);
    const font = await doc.embedFont(fontBytes, { subset: true });
    const form = doc.getForm();
    for (const [name, v] of Object.entries(row)) {
      const f = form.getField(name);
      if (f instanceof PDFTextField) f.setText(String(v));
      else if (f instanceof PDFCheckBox) {
        if (v === false) f.uncheck();
        else if (v === true) f.check();
        else {
          // a check box with several on-states: set the state by hand
          f.acroField.dict.set(PDFName.of('V'), PDFName.of(String(v)));
          for (const w of f.acroField.getWidgets()) {
            const on = w.getOnValue()?.decodeText();
            w.setAppearanceState(PDFName.of(on === v ? String(v) : 'Off'));
          }
        }
      } else if (f instanceof PDFRadioGroup) f.select(String(v));
      else if (f instanceof PDFDropdown || f instanceof PDFOptionList) f.select(String(v));
    }
    form.updateFieldAppearances(font);
    if (job.flatten) form.flatten();
    return doc.save();
  };
}

async function workerMain(job: Job): Promise<JobResult> {
  const original = new Uint8Array(fs.readFileSync(job.pdfPath));
  const t0 = performance.now();
  const fill = await filler(job);
  for (const row of job.warmup) await fill(original.slice(), row);
  const firstMs = performance.now() - t0;
  // wait for the start signal, so that every worker is measured warm and at the same time
  parentPort!.postMessage({ ready: true });
  await new Promise((resolve) => parentPort!.once('message', resolve));
  const kept: JobResult['kept'] = [];
  let bytes = 0;
  const start = performance.now();
  for (let i = 0; i < job.rows.length; i++) {
    // a fresh copy per row, as if read from storage: the template cache checks content, not identity
    const out = await fill(original.slice(), job.rows[i]);
    bytes += out.length;
    if (job.keep.includes(i)) kept.push({ index: i, pdf: out });
    parentPort!.postMessage({ progress: 1 });
  }
  return { ms: performance.now() - start, bytes, kept, firstMs };
}

if (!isMainThread) {
  workerMain(workerData as Job).then(
    (r) => parentPort!.postMessage({ done: r }),
    (e) => parentPort!.postMessage({ error: String((e as Error).stack ?? e) }),
  );
}

// ---------------------------------------------------------------------------------------------
// Main

function progress(done: number, total: number, label: string): void {
  const width = 24;
  const filled = Math.round((done / Math.max(1, total)) * width);
  process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${label.padEnd(28).slice(0, 28)}`);
  if (done >= total) process.stderr.write('\n');
}

async function inWorkers(
  mode: Job['mode'],
  pdfPath: string,
  rows: Row[],
  warmup: Row[],
  workers: number,
  flatten: boolean,
  keep: number[],
) {
  const per = Math.ceil(rows.length / workers);
  let done = 0;
  let ready = 0;
  let t0 = 0;
  const started: Worker[] = [];
  const results = await Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const slice = rows.slice(w * per, (w + 1) * per);
      const offset = w * per;
      const keepHere = keep.filter((k) => k >= offset && k < offset + slice.length).map((k) => k - offset);
      return new Promise<JobResult>((resolve, reject) => {
        // Worker threads do not inherit tsx's loader hooks: register them, then load this file.
        const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
        const worker = new Worker(boot, {
          eval: true,
          workerData: { mode, pdfPath, rows: slice, warmup, flatten, keep: keepHere } satisfies Job,
        });
        started.push(worker);
        worker.on('message', (m: { ready?: boolean; progress?: number; done?: JobResult; error?: string }) => {
          if (m.ready && ++ready === workers) {
            t0 = performance.now();
            for (const x of started) x.postMessage('go');
          }
          if (m.progress) progress(++done, rows.length, mode);
          if (m.done) {
            m.done.kept = m.done.kept.map((k) => ({ index: k.index + offset, pdf: k.pdf }));
            resolve(m.done);
            void worker.terminate();
          }
          if (m.error) reject(new Error(m.error));
        });
        worker.on('error', reject);
      });
    }),
  );
  const wall = performance.now() - t0;
  return {
    wall,
    count: rows.length,
    bytes: results.reduce((s, r) => s + r.bytes, 0),
    kept: results.flatMap((r) => r.kept),
    firstMs: Math.max(...results.map((r) => r.firstMs)),
  };
}

function xfdf(row: Row, fields: FieldInfo[]): string {
  const onState = new Map(fields.map((f) => [f.name, f.states[0] ?? 'Yes']));
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const body = Object.entries(row)
    .map(([k, v]) => `<field name="${esc(k)}"><value>${esc(v === true ? onState.get(k)! : v === false ? 'Off' : v)}</value></field>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve"><fields>${body}</fields></xfdf>`;
}

async function pdftkRun(
  pdfPath: string,
  rows: Row[],
  fields: FieldInfo[],
  concurrency: number,
  dir: string,
  flatten: boolean,
  keep: number[],
) {
  let next = 0;
  let done = 0;
  let bytes = 0;
  const kept: { index: number; pdf: Uint8Array }[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= rows.length) return;
        const xf = path.join(dir, `row-${i}.xfdf`);
        fs.writeFileSync(xf, xfdf(rows[i], fields));
        const outPath = path.join(dir, `pdftk-${i}.pdf`);
        await run('pdftk', [pdfPath, 'fill_form', xf, 'output', outPath, ...(flatten ? ['flatten'] : [])], { maxBuffer: 1 << 28 });
        const out = fs.readFileSync(outPath);
        bytes += out.length;
        if (keep.includes(i)) kept.push({ index: i, pdf: out });
        fs.rmSync(outPath);
        fs.rmSync(xf);
        progress(++done, rows.length, 'pdftk');
      }
    }),
  );
  return { wall: performance.now() - t0, count: rows.length, bytes, kept, firstMs: 0 };
}

function floorRun(original: Uint8Array, rows: number) {
  // The least an incremental fill can cost: copy the original and append ~1 KB (one object,
  // an xref section and a trailer).
  const tail = Buffer.from(
    `\n9999 0 obj\n<< /V (${'x'.repeat(900)}) >>\nendobj\nxref\n9999 1\n0000000000 00000 n\r\ntrailer\n<< /Size 10000 /Prev 0 >>\nstartxref\n0\n%%EOF\n`,
    'latin1',
  );
  const t0 = performance.now();
  let bytes = 0;
  for (let i = 0; i < rows; i++) {
    const input = original.slice(); // as if read from storage
    const out = new Uint8Array(input.length + tail.length);
    out.set(input, 0);
    out.set(tail, input.length);
    bytes += out.length;
  }
  return { wall: performance.now() - t0, count: rows, bytes, kept: [], firstMs: 0 };
}

const squashAll = (s: string) => s.normalize('NFC').replace(/\s+/g, '');

function pageHeight(tpl: Template, page: number): number {
  const mb = tpl.pages[page]?.dict.get(PDFName.of('MediaBox'));
  const nums = mb instanceof PDFArray ? mb.asArray().map((x) => (x instanceof PDFNumber ? x.asNumber() : 0)) : [0, 0, 612, 792];
  return nums[3] - nums[1];
}

interface BoxWord {
  page: number;
  text: string;
  cx: number;
  cy: number;
}

async function pageWords(pdfPath: string): Promise<BoxWord[]> {
  const html = (await run('pdftotext', ['-bbox', '-enc', 'UTF-8', pdfPath, '-'], { maxBuffer: 1 << 26 })).stdout;
  const out: BoxWord[] = [];
  let page = -1;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/.exec(line);
    if (m) {
      const text = m[5].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&amp;/g, '&');
      out.push({ page, text, cx: (+m[1] + +m[3]) / 2, cy: (+m[2] + +m[4]) / 2 });
    }
  }
  return out;
}

async function verify(
  label: string,
  kept: { index: number; pdf: Uint8Array }[],
  rows: Row[],
  fields: FieldInfo[],
  dir: string,
  flatten: boolean,
): Promise<string> {
  let textOk = 0;
  let textTotal = 0;
  let vOk = 0;
  let vTotal = 0;
  const misses: string[] = [];
  for (const { index, pdf } of kept) {
    const p = path.join(dir, `${label}-${index}.pdf`);
    fs.writeFileSync(p, pdf);
    // every text value must be drawn inside its own widget: poppler's words whose centre lies in
    // the widget's box, in reading order, must spell the value
    const ws = await pageWords(p);
    const row = rows[index];
    for (const f of fields) {
      const v = row[f.name];
      if (f.kind !== 'text' || typeof v !== 'string' || v === '') continue;
      textTotal++;
      const seen = f.boxes.map((b) =>
        squashAll(
          ws
            .filter((w) => w.page === b.page && w.cx >= b.x0 && w.cx <= b.x1 && w.cy >= b.y0 && w.cy <= b.y1)
            .map((w) => w.text)
            .join(''),
        ),
      );
      if (seen.length && seen.every((x) => x === squashAll(v))) textOk++;
      else if (misses.length < 3) misses.push(`${f.name}=${JSON.stringify(v)} shows ${JSON.stringify(seen.join(' | '))}`);
    }
    if (!flatten) {
      const dump = (await run('pdftk', [p, 'dump_data_fields_utf8'], { maxBuffer: 1 << 26 })).stdout;
      const got = new Map<string, string>();
      for (const rec of dump.split(/^---$/m)) {
        const n = /^FieldName: (.*)$/m.exec(rec)?.[1];
        const val = /^FieldValue: (.*)$/m.exec(rec)?.[1];
        if (n) got.set(n, val ?? '');
      }
      for (const f of fields) {
        const v = row[f.name];
        if (v === undefined || f.kind === 'pushbutton') continue;
        vTotal++;
        const want = v === true ? f.states[0] : v === false ? 'Off' : v;
        if ((got.get(f.name) ?? '') === want || (want === 'Off' && !got.get(f.name))) vOk++;
        else if (misses.length < 3) misses.push(`/V ${f.name}: want ${JSON.stringify(want)} got ${JSON.stringify(got.get(f.name))}`);
      }
    }
    const chk = await run('qpdf', ['--check', p]).then(
      () => 'ok',
      (e: { code?: number }) => `exit ${e.code}`,
    );
    if (chk !== 'ok') misses.push(`qpdf --check ${chk} on row ${index}`);
    fs.rmSync(p);
  }
  const parts = [`text visible ${textOk}/${textTotal}`];
  if (!flatten) parts.push(`/V ${vOk}/${vTotal}`);
  if (misses.length) parts.push(`e.g. ${misses.join('; ')}`);
  return parts.join(', ');
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const pdfPath = path.join(args.corpus, 'dos-ds11', 'original.pdf');
  if (!fs.existsSync(pdfPath)) throw new Error(`missing ${pdfPath} (use --corpus DIR)`);
  fs.mkdirSync(args.out, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fill-'));
  const original = new Uint8Array(fs.readFileSync(pdfPath));

  const { loadTemplate } = await import('../src/pdf/fill/index.ts');
  const t0 = performance.now();
  const tpl = await loadTemplate(original);
  const parseMs = performance.now() - t0;
  const fields: FieldInfo[] = tpl.fieldList.map((f) => ({
    name: f.name,
    kind: f.kind,
    maxLen: f.maxLen,
    comb: false,
    states: [...new Set(f.widgets.map((w) => w.exportValue ?? w.onStates[0]).filter((x): x is string => !!x))],
    options: f.options.map((o) => o.value),
    boxes: f.widgets.map((w) => {
      const h = pageHeight(tpl, w.page);
      return { page: w.page, x0: w.rect[0], y0: h - w.rect[3], x1: w.rect[2], y1: h - w.rect[1] };
    }),
  }));
  const rows = makeRows(fields, args.rows);
  const keep = [0, Math.floor(args.rows / 2), args.rows - 1];
  console.log(
    `dos-ds11: ${tpl.pages.length} pages, ${fields.length} fields, ${original.length} bytes; ${args.rows} rows; ${os.cpus().length} cpus, load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}; template parse ${parseMs.toFixed(0)} ms`,
  );

  type R = Awaited<ReturnType<typeof inWorkers>>;
  const results: [string, R, string][] = [];

  const warm = makeRows(fields, 210).slice(200); // rows never measured
  const ours = await inWorkers('ours', pdfPath, rows, warm, args.workers, args.flatten, keep);
  results.push([`ours (${args.workers} workers)`, ours, await verify('ours', ours.kept, rows, fields, tmp, args.flatten)]);
  const ours1 = await inWorkers('ours', pdfPath, rows.slice(0, Math.min(rows.length, 100)), warm, 1, args.flatten, []);
  results.push(['ours (1 thread)', ours1, '']);

  if (args.pdflibRows > 0) {
    const n = Math.min(args.pdflibRows, rows.length);
    const k = keep.filter((x) => x < n);
    const pl = await inWorkers('pdflib', pdfPath, rows.slice(0, n), warm.slice(0, 2), args.workers, args.flatten, k.length ? k : [0]);
    results.push([`pdf-lib loop (${args.workers} workers)`, pl, await verify('pdflib', pl.kept, rows, fields, tmp, args.flatten)]);
  }
  if (args.pdftkRows > 0) {
    const n = Math.min(args.pdftkRows, rows.length);
    const k = keep.filter((x) => x < n);
    const tk = await pdftkRun(pdfPath, rows.slice(0, n), fields, args.workers, tmp, args.flatten, k.length ? k : [0]);
    results.push([`pdftk fill_form (${args.workers} procs)`, tk, await verify('pdftk', tk.kept, rows, fields, tmp, args.flatten)]);
  }
  const fl = floorRun(original, args.rows);
  results.push(['floor (copy + append)', fl, '']);

  const lines = [
    `| method | PDFs | PDFs/s | ms/PDF | avg size | check |`,
    `|---|---:|---:|---:|---:|---|`,
    ...results.map(
      ([name, r, check]) =>
        `| ${name} | ${r.count} | ${((r.count / r.wall) * 1000).toFixed(1)} | ${(r.wall / r.count).toFixed(2)} | ${Math.round(r.bytes / r.count / 1024)} KB | ${check} |`,
    ),
  ];
  console.log(lines.join('\n'));
  console.log(
    `warm-up per worker before the clock (module load, template parse, ${warm.length} fills): ${ours.firstMs.toFixed(0)} ms`,
  );
  fs.writeFileSync(path.join(args.out, 'results.md'), lines.join('\n') + '\n');
  fs.rmSync(tmp, { recursive: true, force: true });
}

if (isMainThread) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

// Batch-fill benchmark: the whole service path in this process (HTTP server, database, queue,
// worker, blob store). Uploads CORPUS/FORM/original.pdf, waits for its contract, sends a generated
// CSV of N rows to POST /forms/{id}/fill-batch, polls the manifest, downloads the zip, and prints
//   end to end    rows/s from the spreadsheet upload to the last zip byte
//   job           rows/s of the batch.fill job alone (batch accepted → batch complete)
//   zip           time to first byte vs time to last byte (the zip streams, it is not built first);
//                 with --follow the zip is asked for as soon as the batch is accepted (?follow=true)
//                 and streams the rows while the later ones are filled
//   memory        peak RSS sampled every 100 ms, and VmHWM from /proc/self/status
//   pdftk         `pdftk original.pdf fill_form row.fdf output out.pdf`, one process per row
// Uses DATABASE_URL / REDIS_URL when set (own schema and queue prefix, dropped at the end),
// otherwise an embedded PGlite in a temporary DATA_DIR.
//
//   npm run bench:batch -- [--corpus ../shared/corpus/dev] [--form dos-ds11] [--rows 1000]
//                          [--pdftk-rows 30] [--checkbox-share 1] [--follow]
// BENCH_MEM=1 node --expose-gc src/start.mjs bench/batch.ts … also prints memory before and after a
// full collection at each stage (live memory vs. garbage not yet collected).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pipeline } from 'node:stream/promises';
import { arg, progress, rng } from './common.ts';
import { startBenchService } from './service.ts';

const run = promisify(execFile);

interface Field {
  id: number;
  name: string;
  label: string;
  type: string;
  max_len?: number;
  options?: string[];
  export_value?: string;
  comb?: boolean;
  widgets?: { export_value?: string }[];
}

// ---------------------------------------------------------------------------------------------
// Memory: the sampler sees spikes between polls; VmHWM is the kernel's exact high-water mark.

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
sampler.unref();

function vmHwm(): number | null {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** With --expose-gc: memory before and after a full collection (garbage vs. live). */
function memNote(label: string): void {
  if (!process.env.BENCH_MEM) return;
  const before = process.memoryUsage();
  (globalThis as { gc?: () => void }).gc?.();
  const after = process.memoryUsage();
  console.error(`[mem] ${label}: rss ${mib(before.rss)} ab ${mib(before.arrayBuffers)} heap ${mib(before.heapUsed)} → after gc rss ${mib(after.rss)} ab ${mib(after.arrayBuffers)} heap ${mib(after.heapUsed)}`);
}

const mib = (b: number | null) => (b === null ? 'n/a' : `${(b / 1048576).toFixed(0)} MiB`);

// ---------------------------------------------------------------------------------------------
// Rows: deterministic, realistic, within each field's max_len. ASCII and Latin-1 letters, so
// pdftk (whose FDF path has no font for other scripts) is compared on values it can draw.


const FIRST = ['Zoë', 'María', 'John', 'Siobhán', 'Anna', 'Jean-Luc', 'Olga', 'Kwame', 'Mei', 'Björn', 'Aisha', 'Tomás'];
const LAST = ['García', 'Smith', 'Nguyen', 'Müller', "O'Brien", 'Kowalski', 'Okafor', 'Johansson', 'Rossi', 'Dubois'];
const CITY = ['Boston', 'Kraków', 'São Paulo', 'Zürich', 'Reykjavík', 'Chicago', 'Lagos', 'Montréal'];
const STREET = ['12 Main St', '7 Rue de Rivoli', '1600 Pennsylvania Ave NW', '221B Baker Street', '350 Fifth Avenue Apt 4'];

function textValue(f: Field, r: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
  const n = `${f.name} ${f.label}`.toLowerCase();
  let v: string;
  if (/zip|postal/.test(n)) v = digits(5);
  else if (/ssn|social/.test(n)) v = digits(9);
  else if (/phone|tel/.test(n)) v = `${digits(3)}-${digits(3)}-${digits(4)}`;
  else if (/date|dob|birth/.test(n)) v = `${String(1 + Math.floor(r() * 12)).padStart(2, '0')}/${String(1 + Math.floor(r() * 28)).padStart(2, '0')}/${1940 + Math.floor(r() * 80)}`;
  else if (/mail/.test(n)) v = `user${digits(3)}@example.org`;
  else if (/state/.test(n)) v = pick(['MA', 'NY', 'CA', 'TX']);
  else if (/city|place/.test(n)) v = pick(CITY);
  else if (/address|street|mailing/.test(n)) v = pick(STREET);
  else if (/height/.test(n)) v = `5'${Math.floor(r() * 12)}"`;
  else if (/number|no\b|#/.test(n)) v = digits(8);
  else if (/name|spouse|parent|contact/.test(n)) v = `${pick(FIRST)} ${pick(LAST)}`;
  else v = `${pick(FIRST)} ${pick(CITY)} ${digits(2)}`;
  if (f.max_len && [...v].length > f.max_len) v = [...v].slice(0, f.max_len).join('');
  return v;
}

function makeSheet(fields: Field[], n: number, checkboxShare: number) {
  const text = fields.filter((f) => f.type === 'text');
  // A check box with several on-states (M/F/X) takes a state name, not yes/no: left out.
  const boxes = fields.filter((f) => f.type === 'checkbox' && new Set((f.widgets ?? []).map((w) => w.export_value)).size <= 1);
  const chosen = [...text, ...boxes.slice(0, Math.ceil(boxes.length * checkboxShare))];
  // Column headers as a person would write them; a suffix keeps repeated labels apart.
  const seen = new Map<string, number>();
  const columns = chosen.map((f) => {
    const base = (f.label || f.name).replace(/\s+/g, ' ').trim().slice(0, 60) || `Field ${f.id}`;
    const k = (seen.get(base) ?? 0) + 1;
    seen.set(base, k);
    return k === 1 ? base : `${base} (${k})`;
  });
  const rows: string[][] = [];
  for (let i = 0; i < n; i++) {
    const r = rng(7000 + i);
    rows.push(chosen.map((f) => (f.type === 'checkbox' ? (r() < 0.5 ? 'yes' : 'no') : textValue(f, r))));
  }
  const cell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const csv = [columns, ...rows].map((line) => line.map(cell).join(',')).join('\r\n') + '\r\n';
  const mapping = Object.fromEntries(columns.map((c, i) => [c, { field_id: chosen[i].id }]));
  return { csv: Buffer.from(csv, 'utf8'), mapping, chosen, rows };
}

// ---------------------------------------------------------------------------------------------
// pdftk: the same rows as FDF (UTF-16BE strings), one process per row, one after another.

function fdf(fields: Field[], values: string[], onState: Map<string, string>): Buffer {
  const utf16 = (s: string) => {
    const b = Buffer.from(s, 'utf16le');
    b.swap16();
    return `<FEFF${b.toString('hex').toUpperCase()}>`;
  };
  const name = (s: string) => `/${[...Buffer.from(s, 'utf8')].map((c) => (c > 0x20 && c < 0x7f && !'#()<>[]{}/%'.includes(String.fromCharCode(c)) ? String.fromCharCode(c) : `#${c.toString(16).padStart(2, '0')}`)).join('')}`;
  const body = fields
    .map((f, i) => {
      const v = f.type === 'checkbox' ? (values[i] === 'yes' ? name(onState.get(f.name) ?? 'Yes') : '/Off') : utf16(values[i]);
      return `<< /T ${utf16(f.name)} /V ${v} >>`;
    })
    .join('\n');
  return Buffer.from(`%FDF-1.2\n1 0 obj\n<< /FDF << /Fields [\n${body}\n] >> >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

async function pdftkRate(pdfPath: string, fields: Field[], rows: string[][], onState: Map<string, string>, dir: string): Promise<{ rate: number; ok: number } | null> {
  try {
    await run('which', ['pdftk']);
  } catch {
    return null;
  }
  const t0 = performance.now();
  let ok = 0;
  for (let i = 0; i < rows.length; i++) {
    const f = path.join(dir, `row-${i}.fdf`);
    const out = path.join(dir, `pdftk-${i}.pdf`);
    fs.writeFileSync(f, fdf(fields, rows[i], onState));
    await run('pdftk', [pdfPath, 'fill_form', f, 'output', out], { maxBuffer: 1 << 26 });
    if (fs.statSync(out).size > 0) ok++;
    fs.rmSync(out);
    fs.rmSync(f);
    progress(`pdftk ${i + 1}/${rows.length}`);
  }
  progress('');
  return { rate: (rows.length / (performance.now() - t0)) * 1000, ok };
}

// ---------------------------------------------------------------------------------------------
// The zip: names from its central directory; every entry must be a PDF.

function zipEntries(file: string): string[] {
  // Only the end of the file is read: the archive itself is ~2 GB for 1000 rows of DS-11.
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const readAt = (pos: number, len: number) => {
      const b = Buffer.alloc(len);
      fs.readSync(fd, b, 0, len, pos);
      return b;
    };
    const tailLen = Math.min(size, 66_000);
    const tail = readAt(size - tailLen, tailLen);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) throw new Error('zip: no end of central directory');
    let count = tail.readUInt16LE(eocd + 10);
    let cdSize = tail.readUInt32LE(eocd + 12);
    let cdOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || cdOffset === 0xffffffff) {
      const z = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
      count = Number(tail.readBigUInt64LE(z + 32));
      cdSize = Number(tail.readBigUInt64LE(z + 40));
      cdOffset = Number(tail.readBigUInt64LE(z + 48));
    }
    const b = readAt(cdOffset, cdSize);
    const names: string[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (b.readUInt32LE(p) !== 0x02014b50) throw new Error(`zip: bad central directory entry ${i}`);
      const nameLen = b.readUInt16LE(p + 28);
      names.push(b.subarray(p + 46, p + 46 + nameLen).toString('utf8'));
      p += 46 + nameLen + b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
    }
    return names;
  } finally {
    fs.closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const corpus = path.resolve(arg('corpus', '../shared/corpus/dev'));
  const formName = arg('form', 'dos-ds11');
  const n = Number(arg('rows', '1000'));
  const pdftkRows = Number(arg('pdftk-rows', '30'));
  const checkboxShare = Number(arg('checkbox-share', '1'));
  const follow = process.argv.includes('--follow');
  const pdfPath = path.join(corpus, formName, 'original.pdf');
  if (!fs.existsSync(pdfPath)) throw new Error(`missing ${pdfPath} (use --corpus DIR --form NAME)`);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-batch-'));
  const service = await startBenchService('batch');
  const { ctx, base, json } = service;
  const config = ctx.config;
  const auth = { Authorization: `Bearer ${service.key}` };
  memNote('context');

  try {
    const formId = await service.createForm(new Uint8Array(fs.readFileSync(pdfPath)), 'original.pdf');
    memNote('form ready');
    const contract = await json(`/forms/${formId}/contract`);
    const fields = contract.fields as Field[];
    const sheet = makeSheet(fields, n, checkboxShare);
    const onState = new Map<string, string>();
    for (const f of fields) if (f.export_value) onState.set(f.name, f.export_value);
    console.log(
      `${formName}: ${contract.page_count} pages, ${fields.length} fields; ${n} rows × ${sheet.chosen.length} columns ` +
        `(${sheet.chosen.filter((f) => f.type === 'checkbox').length} checkboxes), CSV ${(sheet.csv.length / 1024).toFixed(0)} KB; ` +
        `${os.cpus().length} cpus, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; db ${ctx.database.kind}, queue ${ctx.queue.backend}, worker concurrency ${config.WORKER_CONCURRENCY}`,
    );

    // --- the measured path: spreadsheet upload → zip fully downloaded
    const rssAtStart = process.memoryUsage().rss;
    let peakBatch = rssAtStart;
    const batchSampler = setInterval(() => {
      peakBatch = Math.max(peakBatch, process.memoryUsage().rss);
    }, 100);
    const t0 = performance.now();
    const fd = new FormData();
    fd.append('file', new Blob([sheet.csv], { type: 'text/csv' }), 'rows.csv');
    fd.append('mapping', JSON.stringify(sheet.mapping));
    const { batch_id: batchId } = await json(`/forms/${formId}/fill-batch`, { method: 'POST', body: fd });
    const tAccepted = performance.now();
    const zipPath = path.join(tmp, 'batch.zip');
    // Straight to disk with backpressure: the bench shares the process with the server, so a client
    // holding the ~2 GB zip would show up in the memory figures as if the server did.
    let ttfb = 0;
    let zipBytes = 0;
    const download = () =>
      new Promise<void>((resolve, reject) => {
        http
          .get(`${base}/forms/fill-batch/${batchId}/zip${follow ? '?follow=true' : ''}`, { headers: auth }, (res) => {
            if (res.statusCode !== 200) return reject(new Error(`zip: ${res.statusCode}`));
            res.on('data', (chunk: Buffer) => {
              if (!ttfb) ttfb = performance.now() - t0;
              zipBytes += chunk.length;
            });
            pipeline(res, fs.createWriteStream(zipPath)).then(resolve, reject);
          })
          .on('error', reject);
      });
    const following = follow ? download() : undefined;
    following?.catch(() => undefined); // awaited after the batch completes
    let manifest: any;
    for (;;) {
      manifest = await json(`/forms/fill-batch/${batchId}`);
      const el = (performance.now() - t0) / 1000;
      progress(`batch ${manifest.filled + manifest.failed}/${manifest.total} rows, ${el.toFixed(1)} s, ${((manifest.filled + manifest.failed) / el).toFixed(1)} rows/s, rss ${mib(process.memoryUsage().rss)}`);
      if (manifest.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    progress('');
    const tDone = performance.now();
    const peakBeforeZip = Math.max(peakBatch, process.memoryUsage().rss);
    memNote('job done');
    if (manifest.status !== 'complete' || manifest.filled !== n) {
      const firstFail = manifest.results.find((r: any) => r.status === 'failed');
      throw new Error(`batch ${manifest.status}: ${manifest.filled}/${n} filled, ${manifest.failed} failed ${JSON.stringify(manifest.error ?? firstFail)}`);
    }
    await (following ?? download());
    const tZip = performance.now();
    const peakService = Math.max(peakRss, process.memoryUsage().rss);
    clearInterval(batchSampler);
    const hwm = vmHwm();
    const zipMs = tZip - tDone;
    memNote('zip done');

    const names = zipEntries(zipPath);
    const want = new Set(Array.from({ length: n }, (_, i) => `row-${i + 1}.pdf`));
    const bad = names.filter((x) => !want.delete(x));
    if (bad.length || want.size) throw new Error(`zip holds ${names.length} entries; unexpected ${bad.slice(0, 3)}, missing ${[...want].slice(0, 3)}`);
    // One entry out of the zip, through an independent reader, must be a readable filled PDF.
    const sample = path.join(tmp, 'sample.pdf');
    fs.writeFileSync(sample, (await run('unzip', ['-p', zipPath, `row-${n}.pdf`], { encoding: 'buffer', maxBuffer: 1 << 28 })).stdout);
    const text = (await run('pdftotext', [sample, '-'], { maxBuffer: 1 << 26 })).stdout;
    // A comb field spreads its characters over cells, which pdftotext reads as separate words.
    const firstText = sheet.chosen.findIndex((f, i) => f.type === 'text' && !f.comb && [...sheet.rows[n - 1][i]].length > 4);
    const shown = firstText < 0 || text.includes(sheet.rows[n - 1][firstText]);
    if (!shown) console.error(`row ${n}: ${sheet.chosen[firstText].name} = ${JSON.stringify(sheet.rows[n - 1][firstText])} not found by pdftotext`);

    // The job's own rate: from the batch being accepted to its last row, as the database saw it.
    const batch = await ctx.db.batch.findUniqueOrThrow({ where: { id: batchId } });
    const last = await ctx.db.batchRow.aggregate({ where: { batchId }, _max: { updatedAt: true } });
    const jobMs = (last._max.updatedAt ?? batch.updatedAt).getTime() - batch.createdAt.getTime();
    const usage = await json('/usage');
    const e2e = (tZip - t0) / 1000;
    // What one row stores: its blob (the row's delta since #22; the whole PDF before), beside the template.
    const rowBlobs = await ctx.db.batchRow.findMany({ where: { batchId, pdfBlob: { not: null } }, select: { pdfBlob: true } });
    let storedBytes = 0;
    for (const r of rowBlobs) storedBytes += (await ctx.blobs.get(r.pdfBlob!)).length;
    const form = await ctx.db.form.findUniqueOrThrow({ where: { id: batch.formId } });
    const templateBytes = (await ctx.blobs.get(form.fillableBlob!)).length;

    console.log(
      [
        `| measure | value |`,
        `|---|---:|`,
        `| rows filled | ${manifest.filled}/${n} (usage standard_fill ${usage.standard_fill}) |`,
        `| stored per row (mean) vs template | ${(storedBytes / Math.max(1, rowBlobs.length) / 1024).toFixed(1)} KiB vs ${(templateBytes / 1024).toFixed(0)} KiB = ${((storedBytes / Math.max(1, rowBlobs.length) / templateBytes) * 100).toFixed(2)} % |`,
        `| upload + accept (parse, ${n} BatchRow inserts) | ${(tAccepted - t0).toFixed(0)} ms |`,
        `| end to end (upload → zip downloaded) | ${e2e.toFixed(1)} s = **${(n / e2e).toFixed(1)} rows/s** |`,
        `| job (accepted → last row) | ${(jobMs / 1000).toFixed(1)} s = ${((n / jobMs) * 1000).toFixed(1)} rows/s |`,
        `| zip ${(zipBytes / 1048576).toFixed(0)} MiB, ${names.length} PDFs${follow ? ', asked for at acceptance (follow)' : ''} | first byte ${ttfb.toFixed(0)} ms after the upload began, last byte ${zipMs.toFixed(0)} ms after the batch completed |`,
        `| RSS when the batch was sent (server idle, form ready) | ${mib(rssAtStart)} |`,
        `| peak RSS, batch sent → zip downloaded (100 ms samples) | ${mib(peakBatch)} (${mib(peakBeforeZip)} until the batch completed) |`,
        `| peak RSS of the whole run, VmHWM (includes start-up and form processing) | ${mib(peakService)}, ${mib(hwm)} |`,
        `| row ${n} from the zip, pdftotext | ${shown ? 'values visible' : 'VALUE MISSING'} |`,
      ].join('\n'),
    );

    if (pdftkRows > 0) {
      const k = Math.min(pdftkRows, n);
      const r = await pdftkRate(pdfPath, sheet.chosen, sheet.rows.slice(0, k), onState, tmp);
      console.log(r ? `| pdftk fill_form, ${k} rows one by one | ${r.rate.toFixed(2)} rows/s (${r.ok}/${k} written) |` : '| pdftk | not installed |');
    }
  } finally {
    clearInterval(sampler);
    await service.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

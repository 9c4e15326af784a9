// npx tsx bench/acroform-corpus.ts -- [--corpus ../shared/corpus/dev] [--verbose]
// The lazy AcroForm reader against the pdf.js reader it replaces, on every real form of the
// corpus: blank, filled by pdftk (fill_form, an independent filler) and filled by our own filler.
// Field lists must agree (names, order, types, pages, rects within 0.01, options, export values,
// values, flags); values differ only where a field has a default (/DV) and no value (/V): pdf.js
// reports the default, we report none, as pdftk does. Labels may differ only where the old label was a fallback from the field name
// and a /TU (a parent's) now supplies one, or where the name fallback dropped a "[…]" index.
// Exits 1 on any other difference, or when the fast path fell back to pdf.js.
// The corpus is read in place (never copied); scratch files go to a temporary directory.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openPdf } from '../src/pdf/pdfjs.ts';
import { labelFromFieldName, readAcroForm, readAcroFormWithPdfjs, type AcroFormField } from '../src/pdf/acroform.ts';
import { fillPdf, loadTemplate } from '../src/pdf/fill/index.ts';
import { arg } from './common.ts';

const corpus = resolve(arg('corpus', '../shared/corpus/dev'));
const verbose = process.argv.includes('--verbose');
const scratch = mkdtempSync(join(tmpdir(), 'acroform-corpus-'));

/** The pdf.js path as it was: labelFromFieldName then kept "[b]"-style indexes. */
function oldNameLabel(name: string): string {
  const last = name.split('.').pop() ?? name;
  const cleaned = last.replace(/\[\d+\]/g, '').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' ').replace(/\s+/g, ' ').trim();
  return cleaned ? cleaned.charAt(0).toUpperCase() + cleaned.slice(1) : name;
}

async function oldReader(bytes: Uint8Array): Promise<AcroFormField[]> {
  const doc = await openPdf(bytes);
  try {
    return await readAcroFormWithPdfjs(doc);
  } finally {
    await doc.destroy();
  }
}

/** A value for every fillable field: text that fits, the first option, checkboxes on. */
function valuesFor(fields: AcroFormField[]): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  fields.forEach((f, i) => {
    if (f.type === 'text') values[f.name] = `V${i} ${'abcdefghij'.slice(0, 5)}`.slice(0, f.max_len ?? 100);
    // the export value, not `true`: a checkbox with several on-states needs one named (the filler
    // trims values, so a padded state such as " APT " can only be reached with `true`)
    else if (f.type === 'checkbox' && i % 2 === 0) values[f.name] = f.export_value && f.export_value.trim() === f.export_value ? f.export_value : true;
    else if ((f.type === 'radio' || f.type === 'choice') && f.options?.length) values[f.name] = f.options[f.options.length - 1];
  });
  return values;
}

function pdftkFill(bytes: Uint8Array, fields: AcroFormField[], values: Record<string, string | boolean>): Uint8Array | string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const entries = Object.entries(values).map(([k, v]) => {
    const f = fields.find((x) => x.name === k)!;
    return [k, v === true ? (f.export_value ?? 'Yes') : String(v)] as const;
  });
  const xfdf = `<?xml version="1.0" encoding="UTF-8"?><xfdf xmlns="http://ns.adobe.com/xfdf/"><fields>${entries
    .map(([k, v]) => `<field name="${esc(k)}"><value>${esc(v)}</value></field>`)
    .join('')}</fields></xfdf>`;
  const inPath = join(scratch, 'in.pdf');
  const outPath = join(scratch, 'out.pdf');
  writeFileSync(inPath, bytes);
  writeFileSync(join(scratch, 'data.xfdf'), xfdf);
  rmSync(outPath, { force: true });
  try {
    execFileSync('pdftk', [inPath, 'fill_form', join(scratch, 'data.xfdf'), 'output', outPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    return `pdftk failed: ${String((e as { stderr?: Buffer }).stderr ?? e).split('\n')[0]}`;
  }
  return new Uint8Array(readFileSync(outPath));
}

const near = (a: number, b: number) => Math.abs(a - b) <= 0.01;
const sameRect = (a: AcroFormField['rect'], b: AcroFormField['rect']) => near(a.x, b.x) && near(a.y, b.y) && near(a.width, b.width) && near(a.height, b.height);
const json = (v: unknown) => JSON.stringify(v ?? null);

interface Outcome {
  problems: string[];
  labelChanges: string[];
  tooltipOnly: string[];
}

/** Fields with a default value (/DV) but no value (/V), by pdftk's dump of the file. */
function defaultOnly(bytes: Uint8Array): Set<string> {
  const path = join(scratch, 'dump.pdf');
  writeFileSync(path, bytes);
  const dump = execFileSync('pdftk', [path, 'dump_data_fields_utf8'], { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
  const out = new Set<string>();
  for (const block of dump.split('---')) {
    const name = /^FieldName: (.*)$/m.exec(block)?.[1];
    if (name && /^FieldValueDefault: /m.test(block) && !/^FieldValue: /m.test(block)) out.add(name);
  }
  return out;
}

function compare(oldF: AcroFormField[], newF: AcroFormField[], defaults: Set<string>): Outcome {
  const problems: string[] = [];
  const labelChanges: string[] = [];
  const tooltipOnly: string[] = [];
  if (json(oldF.map((f) => f.name)) !== json(newF.map((f) => f.name))) {
    const o = new Set(oldF.map((f) => f.name));
    const n = new Set(newF.map((f) => f.name));
    problems.push(`field lists differ: only old [${[...o].filter((x) => !n.has(x)).slice(0, 5).join(', ')}], only new [${[...n].filter((x) => !o.has(x)).slice(0, 5).join(', ')}], or order`);
  }
  const byName = new Map(newF.map((f) => [f.name, f]));
  for (const a of oldF) {
    const b = byName.get(a.name);
    if (!b) continue;
    const diff = (what: string, x: unknown, y: unknown) => problems.push(`${a.name}: ${what} ${json(x)} → ${json(y)}`);
    for (const k of ['type', 'page', 'required', 'max_len', 'comb', 'multiline', 'group', 'export_value', 'value', 'confidence'] as const) {
      // type and data_type follow the label ("… signature" text fields): compared below with it
      if (k === 'type' && a.label !== b.label) continue;
      if (k === 'value' && b.value === null && defaults.has(a.name)) continue;
      if (json(a[k]) !== json(b[k])) diff(k, a[k], b[k]);
    }
    if (json(a.options) !== json(b.options)) diff('options', a.options, b.options);
    if (!sameRect(a.rect, b.rect)) diff('rect', a.rect, b.rect);
    if (a.widgets.length !== b.widgets.length) diff('widget count', a.widgets.length, b.widgets.length);
    else
      a.widgets.forEach((w, i) => {
        const v = b.widgets[i];
        if (w.page !== v.page || !sameRect(w.rect, v.rect) || (w.export_value ?? null) !== (v.export_value ?? null)) diff(`widget ${i}`, w, v);
      });
    if (a.label === b.label && a.type === b.type && a.data_type === b.data_type && !a.tooltip && b.tooltip) {
      // a parent's /TU that only repeats the field name: now the tooltip, not the label
      tooltipOnly.push(`${a.name}: tooltip "${b.tooltip}"`);
    } else if (a.label !== b.label || a.tooltip !== b.tooltip || a.data_type !== b.data_type || a.type !== b.type) {
      const fromParentTu = !a.tooltip && !!b.tooltip && b.label === b.tooltip.trim() && a.label === oldNameLabel(a.name);
      const fromBrackets = !a.tooltip && !b.tooltip && a.label === oldNameLabel(a.name) && b.label === labelFromFieldName(a.name);
      if (fromParentTu || fromBrackets) labelChanges.push(`${a.name}: "${a.label}" → "${b.label}"${a.type !== b.type ? ` (${a.type} → ${b.type})` : ''}`);
      else diff('label', [a.label, a.tooltip, a.type], [b.label, b.tooltip, b.type]);
    }
  }
  return { problems, labelChanges, tooltipOnly };
}

const forms = readdirSync(corpus).filter((d) => existsSync(join(corpus, d, 'original.pdf'))).sort();
let agreeing = 0;
let failures = 0;
const labelSummary: string[] = [];
const tooltipSummary: string[] = [];
const timing = { old: 0, ours: 0 };
for (const form of forms) {
  const original = new Uint8Array(readFileSync(join(corpus, form, 'original.pdf')));
  const base = await oldReader(original);
  const values = valuesFor(base);
  // The filler knows the fields /AcroForm /Fields leads to; widgets outside it (irs-fw4, irs-fw9)
  // are read (as pdf.js reads them) but cannot be filled yet.
  const fillable = (await loadTemplate(original)).fields;
  const ourValues = Object.fromEntries(Object.entries(values).filter(([k]) => fillable.has(k)));
  const variants: [string, Uint8Array | string][] = [
    ['blank', original],
    ['pdftk', pdftkFill(original, base, values)],
    [
      'ours',
      Object.keys(ourValues).length === 0
        ? 'the filler knows none of the fields (widgets outside /AcroForm /Fields)'
        : await fillPdf(original, ourValues).catch((e: Error) => `fillPdf failed: ${e.message}`),
    ],
  ];
  const line: string[] = [];
  let formOk = true;
  for (const [variant, bytes] of variants) {
    if (typeof bytes === 'string') {
      line.push(`${variant}: skipped (${bytes})`);
      continue;
    }
    let t = performance.now();
    const oldF = await oldReader(bytes);
    timing.old += performance.now() - t;
    t = performance.now();
    const read = await readAcroForm(bytes);
    timing.ours += performance.now() - t;
    const { problems, labelChanges, tooltipOnly } = compare(oldF, read.fields, defaultOnly(bytes));
    if (read.reader !== 'objects') problems.unshift(`fell back to pdf.js: ${read.fallback_reason}`);
    const filledCount = read.fields.filter((f) => f.value !== null).length;
    if (variant === 'blank') {
      labelSummary.push(...labelChanges.map((c) => `${form}: ${c}`));
      tooltipSummary.push(...tooltipOnly.map((c) => `${form}: ${c}`));
    }
    if (problems.length) {
      formOk = false;
      line.push(`${variant}: ${problems.length} differences`);
      for (const p of problems.slice(0, verbose ? 1000 : 8)) line.push(`    ${p}`);
    } else line.push(`${variant}: ok (${read.fields.length} fields, ${filledCount} with values${labelChanges.length ? `, ${labelChanges.length} better labels` : ''})`);
  }
  if (formOk) agreeing++;
  else failures++;
  console.log(`${formOk ? 'AGREE' : 'DIFF '} ${form}\n  ${line.join('\n  ')}`);
}
console.log(`\n${agreeing}/${forms.length} forms agree in every variant; ${failures} differ.`);
console.log(`Label changes on the blank forms (${labelSummary.length}):`);
for (const c of verbose ? labelSummary : labelSummary.slice(0, 40)) console.log(`  ${c}`);
if (!verbose && labelSummary.length > 40) console.log(`  … ${labelSummary.length - 40} more (--verbose)`);
console.log(`Tooltips gained without a label change (a parent /TU repeating the field name): ${tooltipSummary.length}`);
if (verbose) for (const c of tooltipSummary) console.log(`  ${c}`);
console.log(`Total read time: pdf.js path ${timing.old.toFixed(0)} ms, ours ${timing.ours.toFixed(0)} ms.`);
rmSync(scratch, { recursive: true, force: true });
process.exit(failures ? 1 : 0);

// Label benchmark: builds the contract of every form that has hand-written label truth
// (bench/data/labels/NAME.json, written by looking at the rendered pages), from its flat PDF
// (detected fields) and from its fillable original (AcroForm fields), exactly as POST /forms does
// (buildContract), and scores each field's label with shared/tools/score-labels.mjs: right (every
// key word of the caption, no neighbour's word), partial, wrong, empty, missing (no field there).
// The first-sight figures (taken before the label engine was worked on) are printed beside today's.
// It also reports the column-mapping suggestion for a passport spreadsheet on the flat DS-11.
//
//   npm run bench:labels -- [--corpus ../shared/corpus/dev] [--set all|tune|heldout] [--forms a,b] [--detail] [--save-first-sight]
//   (--save-first-sight adds the forms run that have no first-sight entry yet; existing entries are kept)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildContract } from '../src/domain/contracts.ts';
import { suggestMapping } from '../src/domain/batch-mapping.ts';
import type { ContractField } from '../src/domain/contracts.ts';
import { terminateOcr } from '../src/pdf/detect/index.ts';
import { arg } from './common.ts';

const corpus = path.resolve(arg('corpus', '../shared/corpus/dev'));
const truthDir = path.resolve(arg('truth', 'bench/data/labels'));
const firstSightFile = path.resolve(arg('first-sight', 'bench/data/labels-first-sight.json'));
const outDir = path.resolve(arg('out', 'bench/out/labels'));
const scorer = path.resolve(arg('scorer', path.join(corpus, '..', '..', 'tools', 'score-labels.mjs')));
const split = JSON.parse(fs.readFileSync(path.resolve(arg('split', 'bench/data/labels-split.json')), 'utf8')) as { heldout: string[] };
const set = arg('set', 'all'); // all | tune | heldout: the held-out forms are run only to check
const only = arg('forms', '').split(',').filter(Boolean);
const detail = process.argv.includes('--detail');
const saveFirstSight = process.argv.includes('--save-first-sight');
const VARIANTS = ['flat', 'original'] as const;

interface Counts {
  n: number;
  right: number;
  partial: number;
  wrong: number;
  empty: number;
  missing: number;
  opaque: number;
  pct_right: number | null;
}
interface ScoreJson {
  forms: Record<string, Record<string, (Counts & { fields?: { verdict: string; truth: string; got: string | null; page: number }[] }) | null>>;
  overall: Record<string, Counts>;
}

async function contractFields(file: string): Promise<ContractField[]> {
  const bytes = new Uint8Array(fs.readFileSync(file));
  const { contract } = await buildContract(bytes, { title: path.basename(file), pageCount: 0 });
  return contract.fields;
}

function pct(x: number, n: number): string {
  return n ? `${((100 * x) / n).toFixed(1)}` : '-';
}

async function main(): Promise<void> {
  const forms = fs
    .readdirSync(truthDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .filter((f) => !only.length || only.includes(f))
    .filter((f) => set === 'all' || (set === 'heldout') === split.heldout.includes(f))
    .sort();
  fs.mkdirSync(outDir, { recursive: true });
  let ds11Flat: ContractField[] | null = null;
  for (const [i, form] of forms.entries()) {
    for (const v of VARIANTS) {
      process.stderr.write(`\r${i + 1}/${forms.length} ${v} ${form}`.padEnd(60));
      const file = path.join(corpus, form, `${v}.pdf`);
      let fields: ContractField[] = [];
      try {
        fields = await contractFields(file);
      } catch (err) {
        process.stderr.write(`\n${form} ${v}: ${String(err)}\n`);
      }
      fs.writeFileSync(path.join(outDir, `${form}.${v}.json`), JSON.stringify({ fields }));
    }
  }
  if (fs.existsSync(path.join(corpus, 'dos-ds11', 'flat.pdf'))) ds11Flat = await contractFields(path.join(corpus, 'dos-ds11', 'flat.pdf'));
  await terminateOcr();
  process.stderr.write('\n');

  const args = [scorer, '--truth', truthDir, '--contracts', outDir, '--json', '--detail'];
  args.push('--forms', forms.join(','));
  const score = JSON.parse(execFileSync('node', args, { encoding: 'utf8', maxBuffer: 64 << 20 })) as ScoreJson;
  let first: ScoreJson | null = fs.existsSync(firstSightFile) ? (JSON.parse(fs.readFileSync(firstSightFile, 'utf8')) as ScoreJson) : null;
  if (saveFirstSight) {
    // First sight is taken once per form: add the forms run that have no entry yet and keep every
    // existing entry (and the file's "overall") as it was.
    const added = Object.keys(score.forms).filter((form) => !first?.forms[form]);
    const forms = { ...first?.forms, ...Object.fromEntries(added.map((form) => [form, score.forms[form]])) };
    first = { forms, overall: first?.overall ?? score.overall };
    fs.writeFileSync(firstSightFile, JSON.stringify(first, (k, val) => (k === 'fields' ? undefined : val), 1) + '\n');
    console.log(`first-sight figures of ${added.length} form(s) added to ${path.relative(process.cwd(), firstSightFile)}${added.length ? `: ${added.join(', ')}` : ''}`);
  }

  const header = ['form', 'variant', 'fields', 'right', 'partial', 'wrong', 'empty', 'missing', 'opaque', '%right', 'first-sight %right'];
  const rows: string[][] = [];
  for (const [form, byV] of Object.entries(score.forms)) {
    for (const v of VARIANTS) {
      const s = byV[v];
      if (!s) continue;
      const f = first?.forms[form]?.[v];
      rows.push([form, v, `${s.n}`, `${s.right}`, `${s.partial}`, `${s.wrong}`, `${s.empty}`, `${s.missing}`, `${s.opaque}`, pct(s.right, s.n), f ? pct(f.right, f.n) : '-']);
    }
  }
  for (const v of VARIANTS) {
    const s = score.overall[v];
    // First sight over the same forms, so the two columns compare like with like.
    const fs0 = first ? Object.keys(score.forms).map((form) => first.forms[form]?.[v]).filter((x): x is Counts => !!x) : [];
    const fr = fs0.reduce((a, c) => a + c.right, 0);
    const fn = fs0.reduce((a, c) => a + c.n, 0);
    rows.push(['OVERALL', v, `${s.n}`, `${s.right}`, `${s.partial}`, `${s.wrong}`, `${s.empty}`, `${s.missing}`, `${s.opaque}`, pct(s.right, s.n), fn ? pct(fr, fn) : '-']);
    const matched = s.n - s.missing;
    rows.push(['  of matched', v, `${matched}`, '', '', '', '', '', '', pct(s.right, matched), '']);
  }
  const w = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((x, i) => (i < 2 ? x.padEnd(w[i]) : x.padStart(w[i]))).join('  ');
  console.log(line(header));
  for (const r of rows) console.log(line(r));

  if (detail) {
    for (const [form, byV] of Object.entries(score.forms)) {
      for (const v of VARIANTS) {
        const s = byV[v];
        if (!s?.fields) continue;
        const bad = s.fields.filter((f) => f.verdict !== 'right' && f.verdict !== 'n/a');
        if (!bad.length) continue;
        console.log(`\n## ${form} ${v}`);
        for (const f of bad) console.log(`  [${f.verdict}] p${f.page} ${JSON.stringify(f.truth)} <- ${JSON.stringify(f.got)}`);
      }
    }
  }
  if (ds11Flat) reportMapping(ds11Flat);
}

/**
 * The batch column-mapping suggestion on the flat DS-11 for a spreadsheet a passport office
 * would keep: how many columns find a field, and whether that field's label names the column.
 */
function reportMapping(fields: ContractField[]): void {
  const columns: [string, RegExp][] = [
    ['First Name', /first|given/i],
    ['Middle Name', /middle/i],
    ['Last Name', /last|surname/i],
    ['Date of Birth', /birth/i],
    ['Place of Birth', /place of birth|city|country/i],
    ['SSN', /social security|ssn/i],
    ['Email', /e-?mail/i],
    ['Phone', /phone/i],
    ['Street Address', /street|address/i],
    ['City', /city/i],
    ['State', /state/i],
    ['ZIP Code', /zip/i],
  ];
  const rows = [
    { 'First Name': 'Ana', 'Middle Name': 'Lucia', 'Last Name': 'Ortega', 'Date of Birth': '04/09/1991', 'Place of Birth': 'Tucson, AZ', SSN: '900-12-3456', Email: 'ana@example.com', Phone: '520-555-0101', 'Street Address': '12 Oak St', City: 'Tucson', State: 'AZ', 'ZIP Code': '85701' },
  ];
  const s = suggestMapping(fields, columns.map((c) => c[0]), rows);
  let right = 0;
  for (const [col, re] of columns) {
    const m = s.mapping[col];
    const label = m ? (fields.find((f) => f.id === m.field_id)?.label ?? '') : '';
    if (m && re.test(label)) right++;
  }
  console.log(`\ncolumn mapping, flat DS-11 (${fields.length} detected fields): ${Object.keys(s.mapping).length}/${columns.length} columns mapped, ${right} to a field whose label names the column`);
  for (const [col] of columns) {
    const m = s.mapping[col];
    console.log(`  ${col.padEnd(15)} → ${m ? `#${m.field_id} ${JSON.stringify(fields.find((f) => f.id === m.field_id)?.label)} (${m.confidence})` : '—'}`);
  }
}

await main();

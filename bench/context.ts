// npm run bench:context -- --cases DIR [--corpus DIR] [--case NAME] [--direct [--cache DIR] [--misses] [--facts]] [--verbose]
//                          [--first-sight FILE [--save-first-sight]]  (saving adds cases not yet in FILE, keeps the rest)
// Context-fill cases end to end. By default through the service, as a client would: POST /forms
// with the case's form, POST /forms/{id}/prepare with its documents and policy, commit with auto,
// and the committed PDF read back (bench/context-api.ts). With --direct, the same parts are called
// in-process (buildContract, readDocument, the proposer, the filler, the reader), and --cache keeps
// each document's ReadDocument JSON per file SHA-256, because OCR takes seconds per image: the
// fast loop for working on the proposer. Both are scored by shared/context-cases/score-context.mjs.
// --misses (with --direct) lists every expected value not filled right: the field's label, what the
// proposer read it as (concept/role and the text it read), the proposal, and whether the expected
// value is written in the documents at all; then the misses counted by kind of field. --facts
// (with --direct, best with --case) prints each document as read (lines and key/value pairs) and
// the facts the proposer drew from them.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { buildContract } from '../src/domain/contracts.ts';
import type { ContractField } from '../src/domain/contracts.ts';
import { readDocument, terminateExtractOcr, type ReadDocument } from '../src/extract/index.ts';
import { extractFacts, proposeValues, readFieldSpecs, type FieldProposal } from '../src/extract/propose/index.ts';
import { fillPdf } from '../src/pdf/fill/index.ts';
import { readPdfValues } from '../src/pdf/read.ts';
import { arg, progress } from './common.ts';
import { startBenchService, type BenchService } from './service.ts';
import { valuesViaApi } from './context-api.ts';

interface Case {
  form: string;
  corpus: 'dev' | 'heldout';
  policy: 'safe' | 'strict';
  expected: { field: string; value: string; kind: string }[];
  open: string[];
}

const casesDir = resolve(arg('cases', '../shared/context-cases/dev'));
const only = arg('case', '');
const cacheDir = arg('cache', '');
const verbose = process.argv.includes('--verbose');
const misses = process.argv.includes('--misses');
const showFacts = process.argv.includes('--facts');
const direct = process.argv.includes('--direct');
const corpusArg = arg('corpus', '');
const corpusDir = (c: Case) => (corpusArg ? resolve(corpusArg) : resolve(casesDir, '..', '..', c.corpus === 'dev' ? 'corpus/dev' : '../heldout/corpus'));
// The scorer sits beside the shared cases; cases kept in this repository use the shared one.
const scorerPath = resolve(arg('scorer', existsSync(resolve(casesDir, '..', 'score-context.mjs')) ? resolve(casesDir, '..', 'score-context.mjs') : '../shared/context-cases/score-context.mjs'));
const firstSightFile = arg('first-sight', '');
const saveFirstSight = process.argv.includes('--save-first-sight');

/** ReadDocument of one context file, from the cache when --cache names one. */
async function readContext(path: string): Promise<ReadDocument> {
  const bytes = new Uint8Array(readFileSync(path));
  const sha = createHash('sha256').update(bytes).digest('hex');
  const id = sha.slice(0, 16);
  const name = basename(path);
  if (cacheDir) {
    const p = join(cacheDir, `${sha}.json`);
    if (existsSync(p)) return { ...(JSON.parse(readFileSync(p, 'utf8')) as ReadDocument), document_id: id, document_name: name };
    const doc = await readDocument({ id, name, bytes });
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(p, JSON.stringify(doc));
    return doc;
  }
  return readDocument({ id, name, bytes });
}

/**
 * Proposals → the values a commit writes: proposed values whose confidence the policy accepts
 * (safe: high and medium; strict: high), filled into the form and read back by full field name.
 * This is the step the HTTP prepare → commit path replaces.
 */
export async function valuesForCase(formPdf: Uint8Array, fields: ContractField[], proposals: FieldProposal[], policy: 'safe' | 'strict'): Promise<Record<string, string>> {
  const allowed = policy === 'strict' ? ['high'] : ['high', 'medium'];
  const byId = new Map(fields.map((f) => [f.id, f]));
  const values: Record<string, string | boolean> = {};
  for (const p of proposals) {
    const f = byId.get(p.field_id);
    if (!f || p.status !== 'proposed' || p.value === null || !allowed.includes(p.confidence ?? '')) continue;
    values[f.name] = f.type === 'checkbox' && (p.value === 'true' || p.value === 'false') ? p.value === 'true' : p.value;
  }
  const filled = await fillPdf(formPdf, values, { clearPlaceholders: true }); // as the product writes a fill from documents
  const read = await readPdfValues(filled);
  const out: Record<string, string> = {};
  for (const f of read.fields) if (f.value !== null) out[f.name] = f.value;
  return out;
}

/** Lower-case letters and digits only: how a value is looked for in the documents' text. */
const comparable = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

const names = readdirSync(casesDir)
  .filter((n) => existsSync(join(casesDir, n, 'case.json')) && (!only || n === only))
  .sort();
const valuesDir = mkdtempSync(join(tmpdir(), 'bench-context-'));
/** Per case, for --misses: each field as the proposer read it, its proposal, and the documents' text. */
const missInfo = new Map<string, { field: ContractField; spec: string; proposal?: FieldProposal }[] & { docText?: string }>();
const highWrong: Record<string, number> = {};
const highCount: Record<string, number> = {};
let n = 0;
let service: BenchService | undefined;
const formIds: Record<string, string> = {};
for (const name of names) {
  progress(`case ${++n}/${names.length} ${name}`);
  const c = JSON.parse(readFileSync(join(casesDir, name, 'case.json'), 'utf8')) as Case;
  const formPdf = new Uint8Array(readFileSync(join(corpusDir(c), c.form, 'original.pdf')));
  const ctxDir = join(casesDir, name, 'context');
  const files = readdirSync(ctxDir).sort();
  let values: Record<string, string>;
  /** Whether the field's value was proposed with high confidence (and written). */
  let high: (fieldName: string) => boolean;
  let proposals: FieldProposal[] = [];
  let contractFields: ContractField[] = [];
  if (direct) {
    const { contract, fillablePdf } = await buildContract(formPdf, { title: c.form, pageCount: 0 });
    const pdf = fillablePdf ?? formPdf;
    const documents: ReadDocument[] = [];
    for (const file of files) documents.push(await readContext(join(ctxDir, file)));
    if (showFacts) {
      for (const d of documents) {
        console.log(`=== ${name}: ${d.document_name} (${d.kind})`);
        for (const l of d.lines) console.log(`  ${l.location}: ${l.text}`);
        for (const p of d.pairs) console.log(`  pair ${p.method} ${p.location}: ${p.key} => ${p.value}`);
      }
      for (const f of extractFacts(documents)) {
        const part = f.namePart ? `.${f.namePart}` : '';
        console.log(`  fact ${f.concept}/${f.role}${part}${f.slot ? `@${f.slot}` : ''} = ${JSON.stringify(f.text ?? f.raw)} [${f.doc.document_name} ${f.location} ${f.method} ${f.strength.toFixed(2)}]${f.keyText ? ` key ${JSON.stringify(f.keyText)}` : ''}`);
      }
    }
    proposals = await proposeValues({ fields: contract.fields, documents, formPdf: pdf });
    contractFields = contract.fields;
    values = await valuesForCase(pdf, contract.fields, proposals, c.policy);
    if (misses) {
      const { specs } = await readFieldSpecs(contract.fields, pdf);
      const info = Object.assign(
        contract.fields.map((field, i) => {
          const spec = specs[i];
          const part = spec.addressPart ?? spec.namePart ?? spec.datePart;
          return { field, spec: `${field.type}:${spec.concept ?? (spec.skip ? 'skip' : '-')}${part ? `.${part}` : ''}/${spec.role}${spec.slot ? `@${spec.slot}` : ''} "${spec.text.slice(0, 50)}"`, proposal: proposals.find((p) => p.field_id === field.id) };
        }),
        { docText: comparable(documents.map((d) => [...d.lines.map((l) => l.text), ...d.pairs.map((p) => p.value)].join(' ')).join(' ')) },
      );
      missInfo.set(name, info);
    }
    const byName = new Map(contract.fields.map((f) => [f.name, f]));
    high = (field) => {
      const f = byName.get(field);
      const p = f && proposals.find((x) => x.field_id === f.id);
      return Boolean(p && p.confidence === 'high' && p.status === 'proposed');
    };
  } else {
    service ??= await startBenchService('context');
    const formId = (formIds[c.form] ??= await service.createForm(formPdf, `${c.form}.pdf`));
    const result = await valuesViaApi(service, formId, files.map((f) => ({ name: f, bytes: new Uint8Array(readFileSync(join(ctxDir, f))) })), c.policy);
    values = result.values;
    high = (field) => result.fields[field]?.confidence === 'high' && result.fields[field]?.state === 'ready';
  }
  writeFileSync(join(valuesDir, `${name}.json`), JSON.stringify({ values }, null, 1));
  // Wrong values marked high, judged with the case's own rules (score-context.mjs's judge).
  const { judge, isEmpty } = (await import(scorerPath)) as {
    judge: (e: { kind: string; value: string }, got: unknown) => boolean;
    isEmpty: (v: unknown) => boolean;
  };
  highWrong[name] = 0;
  highCount[name] = 0;
  const judged = [...c.expected.map((e) => ({ field: e.field, e })), ...c.open.map((field) => ({ field, e: null }))];
  for (const { field, e } of judged) {
    if (!high(field)) continue;
    const got = values[field];
    if (isEmpty(got)) continue;
    highCount[name]++;
    if (e ? !judge(e, got) : true) highWrong[name]++;
  }
  if (verbose) {
    for (const p of proposals) {
      if (p.status === 'missing') continue;
      const f = contractFields.find((x) => x.id === p.field_id)!;
      console.log(`  ${name} #${f.id} ${f.name.slice(-40)} = ${JSON.stringify(p.value)} [${p.status} ${p.confidence}] ${p.evidence.map((e) => `${e.document_name}@${e.location}:${e.method}`).join(', ')}${p.note ? ` — ${p.note}` : ''}`);
    }
  }
}
progress('');
await service?.close();
await terminateExtractOcr();

// The scorer exits right after printing: through a pipe Node would cut its output at 64 KiB, so it
// writes to a file (file writes are synchronous).
const scoresPath = join(valuesDir, 'scores.json');
const scoresFd = openSync(scoresPath, 'w');
execFileSync('node', [scorerPath, '--cases', casesDir, '--values', valuesDir, '--json'], { stdio: ['ignore', scoresFd, 'inherit'] });
closeSync(scoresFd);
const scored = JSON.parse(readFileSync(scoresPath, 'utf8')) as Record<
  string,
  { expected: number; expected_correct: number; expected_filled_wrong: number; expected_left_empty: number; open: number; open_kept_empty: number; rows: { ok: boolean; role: string; field: string; expected: string; got: unknown }[] }
>;
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
interface CaseFigures {
  expected: number;
  right: number;
  wrong: number;
  left: number;
  open: number;
  openFilled: number;
  high: number;
  highWrong: number;
}
const figures: Record<string, CaseFigures> = {};
for (const name of names) {
  const r = scored[name];
  if (!r) continue;
  figures[name] = { expected: r.expected, right: r.expected_correct, wrong: r.expected_filled_wrong, left: r.expected_left_empty, open: r.open, openFilled: r.open - r.open_kept_empty, high: highCount[name], highWrong: highWrong[name] };
}
const saved = firstSightFile && existsSync(firstSightFile) ? (JSON.parse(readFileSync(firstSightFile, 'utf8')) as { about?: string; cases: Record<string, CaseFigures> }) : undefined;
const first: Record<string, CaseFigures> = saveFirstSight ? {} : (saved?.cases ?? {});
if (saveFirstSight && firstSightFile) {
  // A case's first sight is recorded once: cases already in the file keep their figures, new ones are added.
  const cases: Record<string, CaseFigures> = { ...saved?.cases };
  for (const [name, f] of Object.entries(figures)) cases[name] ??= f;
  writeFileSync(firstSightFile, JSON.stringify({ about: saved?.about ?? 'First-sight figures of these cases (before the extractor was tuned on them).', cases }, null, 1) + '\n');
}
const sum = (list: CaseFigures[]) => list.reduce((a, f) => ({ expected: a.expected + f.expected, right: a.right + f.right, wrong: a.wrong + f.wrong, left: a.left + f.left, open: a.open + f.open, openFilled: a.openFilled + f.openFilled, high: a.high + f.high, highWrong: a.highWrong + f.highWrong }), { expected: 0, right: 0, wrong: 0, left: 0, open: 0, openFilled: 0, high: 0, highWrong: 0 });
const row = (label: string, f: CaseFigures, fs?: CaseFigures) =>
  `${label.padEnd(40)} ${String(f.expected).padStart(4)} ${pct(f.right, f.expected).padStart(7)} ${pct(f.wrong, f.expected).padStart(7)} ${pct(f.left, f.expected).padStart(7)} ${`${f.openFilled}/${f.open}`.padStart(8)} ${`${f.highWrong}/${f.high}`.padStart(8)}   ${fs ? pct(fs.right, fs.expected).padStart(7) : '      -'}`;
console.log(`context cases: ${casesDir} (values in ${valuesDir})`);
console.log(`${'case'.padEnd(40)} ${'exp'.padStart(4)} ${'right'.padStart(7)} ${'wrong'.padStart(7)} ${'empty'.padStart(7)} ${'open fill'.padStart(8)} ${'high wr'.padStart(8)}   first-sight right`);
for (const name of names) {
  if (!figures[name]) continue;
  console.log(row(name, figures[name], first[name]));
  if (verbose) for (const r of scored[name].rows) if (!r.ok) console.log(`     x ${r.role === 'open' ? 'OPEN ' : ''}${r.field}: expected ${JSON.stringify(r.expected)} got ${JSON.stringify(r.got)}`);
}
if (misses) {
  // Every expected value not filled right, and the misses counted by kind of field.
  const byKind = new Map<string, { missed: number; inDocuments: number }>();
  for (const name of names) {
    const info = missInfo.get(name);
    if (!info || !scored[name]) continue;
    for (const r of scored[name].rows) {
      if (r.ok || r.role === 'open') continue;
      const at = info.find((x) => x.field.name === r.field);
      const kind = at ? at.spec.split('/')[0] : 'no such field';
      const inDocuments = Boolean(r.expected) && info.docText!.includes(comparable(String(r.expected)));
      const k = byKind.get(kind) ?? { missed: 0, inDocuments: 0 };
      k.missed++;
      if (inDocuments) k.inDocuments++;
      byKind.set(kind, k);
      const p = at?.proposal;
      console.log(`  miss ${name} | ${JSON.stringify(at?.field.label ?? r.field).slice(0, 70)} | read as ${at?.spec ?? '-'} | expected ${JSON.stringify(r.expected)}${inDocuments ? ' (in the documents)' : ''} | got ${JSON.stringify(r.got)} | proposal ${p ? `${p.status}/${p.confidence} ${JSON.stringify(p.value)} ${(p.note ?? '').slice(0, 80)}` : '-'}`);
    }
  }
  console.log('misses by kind of field (type:concept): missed, expected value written in the documents');
  for (const [kind, k] of [...byKind].sort((a, b) => b[1].missed - a[1].missed)) console.log(`  ${kind.padEnd(24)} ${String(k.missed).padStart(4)} ${String(k.inDocuments).padStart(4)}`);
}
const total = sum(Object.values(figures));
const firstTotal = Object.keys(first).length ? sum(Object.keys(figures).map((n) => first[n]).filter(Boolean)) : undefined;
console.log(row('TOTAL', total, firstTotal));
console.log(
  `expected values: ${total.right}/${total.expected} right (${pct(total.right, total.expected)}), ${total.wrong} filled wrong (${pct(total.wrong, total.expected)}), ${total.left} left empty; ` +
    `should-be-empty fields left empty: ${total.open - total.openFilled}/${total.open} (${pct(total.open - total.openFilled, total.open)}); high values wrong: ${total.highWrong}/${total.high}`,
);

// Corpus fill check: for every CORPUS/*/original.pdf, builds the contract (buildContract), fills
// every text field with a short value and turns every check box on (fillPdf, with the values a
// session would hand it: normaliseValue, fillerValue), then reads the result back
// (readPdfValues) and checks each value is there. A form fails when the fill throws
// (e.g. unknown_field: the contract lists a field the filler cannot find) or a value is missing.
//
//   npx tsx bench/fill-corpus.ts --corpus /work/shared/corpus/dev [--only irs-fw9-2024]
import fs from 'node:fs';
import path from 'node:path';
import { buildContract } from '../src/domain/contracts.ts';
import { fillerValue, normaliseValue } from '../src/domain/field-values.ts';
import { fillPdf } from '../src/pdf/fill/index.ts';
import { readPdfValues } from '../src/pdf/read.ts';
import { checkboxIsOn } from '../src/pdf/types.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const corpus = path.resolve(arg('corpus') ?? '../shared/corpus/dev');
const only = arg('only');

interface Expect {
  name: string;
  kind: 'text' | 'checkbox';
  value: string | boolean;
}

async function checkForm(dir: string): Promise<{ fields: number; problems: string[] }> {
  const bytes = new Uint8Array(fs.readFileSync(path.join(corpus, dir, 'original.pdf')));
  const { contract, fillablePdf } = await buildContract(bytes, { title: dir, pageCount: 0 });
  const values: Record<string, string | boolean> = {};
  const expects: Expect[] = [];
  for (const f of contract.fields) {
    if (f.name in values) continue; // several widgets of one field: the first one's value
    if (f.type === 'text') {
      const v = `v${f.id}`.slice(0, f.max_len && f.max_len > 0 ? f.max_len : undefined);
      values[f.name] = v;
      expects.push({ name: f.name, kind: 'text', value: v });
    } else if (f.type === 'checkbox') {
      // as a session sends it: "true", or the state to turn on when the boxes have several
      const states = [...new Set([...(f.widgets ?? []).map((w) => w.export_value), f.export_value].filter((x): x is string => !!x))];
      const r = normaliseValue(f, states.length > 1 ? states[0] : 'true');
      if ('problem' in r) throw new Error(`${f.name}: ${r.problem.message}`);
      values[f.name] = fillerValue(f, r.value);
      expects.push({ name: f.name, kind: 'checkbox', value: values[f.name] });
    }
  }
  let filled: Uint8Array;
  try {
    filled = await fillPdf(fillablePdf ?? bytes, values);
  } catch (e) {
    const issues = (e as { issues?: { field: string; reason: string }[] }).issues;
    const what = issues ? `${issues.length} issues, first ${issues[0].reason} ${issues[0].field}` : (e as Error).message;
    return { fields: expects.length, problems: [`fill failed: ${what}`] };
  }
  const read = await readPdfValues(filled);
  const problems: string[] = [];
  for (const x of expects) {
    const got = read.fields.filter((f) => f.name === x.name).map((f) => f.value);
    const ok = x.kind === 'text' ? got.includes(x.value as string) : got.some((v) => checkboxIsOn(v));
    if (!ok) problems.push(`${x.name}: wrote ${JSON.stringify(x.value)}, read ${JSON.stringify(got)}`);
  }
  return { fields: expects.length, problems };
}

const dirs = fs
  .readdirSync(corpus)
  .filter((d) => (!only || d === only) && fs.existsSync(path.join(corpus, d, 'original.pdf')))
  .sort();
let good = 0;
for (const dir of dirs) {
  const t0 = Date.now();
  let r: { fields: number; problems: string[] };
  try {
    r = await checkForm(dir);
  } catch (e) {
    r = { fields: 0, problems: [`contract failed: ${(e as Error).message}`] };
  }
  if (!r.problems.length) good++;
  const status = r.problems.length ? `FAIL (${r.problems.length})` : 'ok';
  console.log(`${dir.padEnd(32)} ${String(r.fields).padStart(4)} values  ${status}  ${Date.now() - t0} ms`);
  for (const p of r.problems.slice(0, 3)) console.log(`    ${p}`);
}
console.log(`\n${good}/${dirs.length} forms filled and read back`);
process.exitCode = good === dirs.length ? 0 : 1;

// Monthly gross pay from pay stubs. Income forms ask for monthly gross wages ("If not paid monthly,
// calculate what the monthly wage would be"); a pay stub states the gross of one pay period and
// how often it is paid. The monthly figure is the period's gross times the periods in a month
// (weekly 52/12, every two weeks 26/12, twice a month 2, monthly 1). Of several stubs for one
// person the latest pay date is the current job and pay. Whose box: the stub's employee named
// like the form's own person goes to the filer's box; anyone else to the one wage box of the
// other party or spouse, if the form has exactly one. A stub with no stated frequency, or no
// single gross figure, says nothing.
import type { ReadDocument, TextLine } from '../types.ts';
import type { FieldSpec } from './fields.ts';
import { canonical } from './normalise.ts';
import type { PrintedLabel } from './page-labels.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import { findDates } from './recognizers.ts';
import type { FieldProposal, ProposeField } from './types.ts';

const PER_MONTH: [RegExp, number][] = [
  [/\bsemi-?monthly\b|\btwice a month\b/i, 2],
  [/\bbi-?weekly\b|\bevery (two|2) weeks\b/i, 26 / 12],
  [/\bweekly\b/i, 52 / 12],
  [/\bmonthly\b/i, 1],
];
const FREQUENCY_LINE = /\b(pay )?frequency\b|\bpay type\b|\bpayroll advice\b/i;
const GROSS_LINE = /^\s*(gross( pay| earnings| wages)?|total gross)\b[^\d]*(\d{1,3}(?:,\d{3})*\.\d{2})/i;
const ONE_EARNING = /^\s*(regular salary|salary|base pay|regular pay)\b[^\d]*(\d{1,3}(?:,\d{3})*\.\d{2})/i;

export interface PayStub {
  employee: string;
  monthly: number;
  payDate: string;
  doc: ReadDocument;
  lines: TextLine[];
}

/** The pay stubs of a document (one PDF may hold several, each from its frequency line on). */
export function payStubs(doc: ReadDocument): PayStub[] {
  const out: PayStub[] = [];
  const lines = doc.lines;
  const starts = lines.map((l, i) => (FREQUENCY_LINE.test(l.text) && PER_MONTH.some(([re]) => re.test(l.text)) ? i : -1)).filter((i) => i >= 0);
  starts.forEach((start, k) => {
    const end = starts[k + 1] ?? lines.length;
    const freq = PER_MONTH.find(([re]) => re.test(lines[start].text))!;
    // The stub's head is the few lines above its frequency line (employee, pay period).
    const head = lines.slice(Math.max(k ? starts[k - 1] + 1 : 0, start - 5), start + 1);
    const body = lines.slice(start, end);
    const employee = [...head, ...body.slice(0, 3)].map((l) => /\bemployee\s*(name)?\s*:\s*([A-Za-z][A-Za-z.,' -]+?)(?=\s{2,}|\s+(emp|id|employee|position|title)\b|$)/i.exec(l.text)?.[2]).find(Boolean);
    if (!employee) return;
    const gross = body.filter((l) => GROSS_LINE.test(l.text));
    const earning = body.filter((l) => ONE_EARNING.test(l.text));
    const line = gross.length === 1 ? gross[0] : gross.length === 0 && earning.length === 1 ? earning[0] : null;
    if (!line) return;
    const amount = Number((GROSS_LINE.exec(line.text) ?? ONE_EARNING.exec(line.text))!.slice(-1)[0].replace(/,/g, ''));
    const payDate = [...head, ...body].map((l) => /\b(pay|check) date\s*:?\s*(\S+)/i.exec(l.text)?.[2]).map((d) => (d ? findDates(d)[0]?.iso : undefined)).find(Boolean) ?? '';
    out.push({ employee: employee.trim(), monthly: Math.round(amount * freq[1] * 100) / 100, payDate, doc, lines: [lines[start], line] });
  });
  return out;
}

/** The letters of a name's words, for telling two spellings of one person apart ("KARIMI, RASHID A." / "Rashid Aziz Karimi"). */
const nameWords = (s: string) => new Set(canonical(s).split(/[^a-z]+/).filter((w) => w.length > 1));
export const samePerson = (a: string, b: string) => {
  const x = nameWords(a);
  const y = nameWords(b);
  return [...x].filter((w) => y.has(w)).length >= 2;
};

/** Each person's latest pay stub: of several stubs for one person, the latest pay date is the current job. */
export function latestStubs(documents: ReadDocument[]): PayStub[] {
  const latest = new Map<string, PayStub>();
  for (const stub of documents.flatMap(payStubs)) {
    const key = [...latest.keys()].find((k) => samePerson(k, stub.employee)) ?? stub.employee;
    const had = latest.get(key);
    if (!had || stub.payDate > had.payDate) latest.set(key, stub);
  }
  return [...latest.values()];
}

/** Does the box ask for monthly gross pay? */
function asksMonthlyWages(spec: FieldSpec, printed: PrintedLabel | undefined): boolean {
  const t = canonical(`${spec.text} ${printed?.left ?? ''} ${spec.text.length < 12 ? printed?.above ?? '' : ''}`);
  return /\b(wages?|salary|salaries)\b/.test(t) && /\bmonth(ly)?\b/.test(t) && /\bgross\b/.test(t) && !/\b(net|deduction|tax|total)\b/.test(canonical(spec.text));
}

export function payStubWages(fields: ProposeField[], specs: FieldSpec[], printed: (PrintedLabel | undefined)[], documents: ReadDocument[], selfName: string | null, open: (i: number) => boolean): Map<number, FieldProposal> {
  const out = new Map<number, FieldProposal>();
  const boxes = fields.map((f, i) => i).filter((i) => fields[i].type === 'text' && !specs[i].concept && asksMonthlyWages(specs[i], printed[i]));
  if (boxes.length === 0 || !selfName) return out;
  const own = boxes.filter((i) => specs[i].role === 'self');
  const others = boxes.filter((i) => specs[i].role !== 'self');
  for (const stub of latestStubs(documents)) {
    const mine = samePerson(stub.employee, selfName);
    const target = mine ? own : others;
    if (target.length !== 1 || !open(target[0])) continue;
    const i = target[0];
    out.set(
      i,
      inferredProposal(
        fields[i],
        stub.monthly.toFixed(2),
        stub.lines.map((l) => evidenceAt(stub.doc, l.page, l.location, l.text, 'pay_stub')),
        `Monthly gross pay worked out from the latest pay stub of ${stub.employee} ("${stub.lines[1].text.trim()}", "${stub.lines[0].text.trim()}").`,
      ),
    );
  }
  return out;
}

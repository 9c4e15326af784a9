// Each person's own employer and job. Joint forms (a couple's income schedule, a household's
// budget) print one column per person under captions side by side ("Debtor 1" | "Debtor 2 or
// non-filing spouse", "You" | "Spouse"), and each column asks the same: occupation, employer's
// name, employer's address. The documents hold one pay stub or payroll advice per job, each
// headed by its employer's name and address and naming its employee (and often the position).
// A column's employer boxes take the employer of that person's latest stub (the current job),
// its occupation box the stub's position; the person of a column is the caption's party (a
// caption naming no other party is the filer's). Answers are medium at most: they rest on
// tying a stub to a column.
import type { ReadDocument } from '../types.ts';
import { chooseValue, type FormContext } from './choose.ts';
import type { Fact } from './facts.ts';
import type { FieldSpec } from './fields.ts';
import { roleIn } from './labels.ts';
import { canonical } from './normalise.ts';
import type { PrintedLabel } from './page-labels.ts';
import { latestStubs, payStubs, samePerson, type PayStub } from './pay-stubs.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import type { FieldProposal, ProposeField } from './types.ts';

interface Column {
  page: number;
  /** Left edge of the column (its caption's box), and where the next column begins. */
  from: number;
  to: number;
  person: 'self' | 'spouse';
}

/** A column caption: a few words naming one person of the form ("Debtor 2 or non-filing spouse", "You"). */
function personOf(text: string | undefined): 'self' | 'spouse' | null {
  if (!text || text.trim().length > 40) return null;
  const t = canonical(text);
  if (!/\b(debtor|you|yourself|spouse|husband|wife|partner|applicant|co-?applicant|petitioner|respondent|person)\b/.test(t)) return null;
  const role = roleIn(t);
  if (role === 'spouse') return 'spouse';
  return role === null || role === 'self' ? 'self' : null;
}

/** Columns of a page: two or more person captions printed side by side on one row, one of them the spouse's. */
export function personColumns(fields: ProposeField[], printed: (PrintedLabel | undefined)[]): Column[] {
  const captions = fields.flatMap((f, i) => {
    const person = personOf(printed[i]?.above);
    return person ? [{ f, person }] : [];
  });
  const out: Column[] = [];
  for (const c of captions) {
    const row = captions.filter((d) => d.f.page === c.f.page && Math.abs(d.f.rect.y - c.f.rect.y) <= 6).sort((a, b) => a.f.rect.x - b.f.rect.x);
    if (row[0] !== c || row.length < 2 || !row.some((d) => d.person === 'spouse') || !row.some((d) => d.person === 'self')) continue;
    // Columns run from one caption's box to the next caption's box, the last to the page's edge.
    row.forEach((d, k) => out.push({ page: d.f.page, from: d.f.rect.x - 12, to: k + 1 < row.length ? row[k + 1].f.rect.x - 12 : Infinity, person: d.person }));
  }
  return out;
}

/** A label's own caption, after the heading it was composed with ("Debtor 2 or non-filing spouse: City" → "city"). */
const ownCaption = (text: string) => canonical(text).replace(/^.*:\s*/, '').trim();

/** What a box of a person's column asks about their job. */
function jobPart(spec: FieldSpec): 'employer' | 'occupation' | null {
  if (spec.role === 'employer' && (spec.concept === 'org_name' || spec.concept === 'address')) return 'employer';
  if (!spec.concept && /^(occupation|position|job title)$/.test(ownCaption(spec.text))) return 'occupation';
  return null;
}

const POSITION = /\b(?:position|job title|title|occupation)\s*:\s*([A-Za-z][A-Za-z &/-]{2,40}?)(?=\s{2,}|\s+(?:pay|period|emp|id)\b|$)/i;

function occupationProposal(field: ProposeField, stub: PayStub): FieldProposal | null {
  for (const l of stub.doc.lines) {
    const m = POSITION.exec(l.text);
    if (m) return inferredProposal(field, m[1].trim(), [evidenceAt(stub.doc, l.page, l.location, l.text.trim(), 'pay_stub')], `The position on the latest pay stub of ${stub.employee}.`);
  }
  return null;
}

export function personEmployers(
  fields: ProposeField[],
  specs: FieldSpec[],
  printed: (PrintedLabel | undefined)[],
  documents: ReadDocument[],
  facts: Fact[],
  form: FormContext,
  selfName: string | null,
  open: (i: number) => boolean,
): Map<number, FieldProposal> {
  const out = new Map<number, FieldProposal>();
  if (!selfName) return out;
  const columns = personColumns(fields, printed);
  if (!columns.length) return out;
  const stubs = latestStubs(documents);
  const own = stubs.filter((s) => samePerson(s.employee, selfName));
  const others = stubs.filter((s) => !samePerson(s.employee, selfName));
  // Each person's stub must be one: a filer with two current stubs, or two other people, say nothing.
  const stubOf = { self: own.length === 1 ? own[0] : undefined, spouse: others.length === 1 ? others[0] : undefined };
  const columnOf = (f: ProposeField) => {
    const cx = f.rect.x + f.rect.width / 2;
    return columns.find((c) => c.page === f.page && cx >= c.from && cx < c.to);
  };
  const parts = fields.map((_, i) => jobPart(specs[i]));
  // The columns repeat one question per person: a box on the row of another column's employer
  // box, with the same caption and concept, asks the same of its own person's employer (its
  // label may name only the column: "Debtor 2 or non-filing spouse: City").
  const asked = specs.map((spec, i) => {
    if (parts[i] || !spec.concept || !columnOf(fields[i])) return spec;
    const twin = fields.findIndex((g, j) => parts[j] === 'employer' && g.page === fields[i].page && Math.abs(g.rect.y - fields[i].rect.y) <= 3 && columnOf(g) !== columnOf(fields[i]) && specs[j].concept === spec.concept && specs[j].addressPart === spec.addressPart && ownCaption(specs[j].text) === ownCaption(spec.text));
    if (twin < 0) return spec;
    parts[i] = 'employer';
    return { ...spec, role: 'employer' as const };
  });
  fields.forEach((f, i) => {
    const part = parts[i];
    if (!part || !open(i)) return;
    const column = columnOf(f);
    const stub = column && stubOf[column.person];
    // One document, one stub: its employer facts are that job's.
    if (!stub || payStubs(stub.doc).length !== 1) return;
    if (part === 'occupation') {
      const p = occupationProposal(f, stub);
      if (p) out.set(i, p);
      return;
    }
    const mine = facts.filter((x) => x.doc === stub.doc && x.role === 'employer');
    const p = chooseValue(f, asked[i], mine, form, documents);
    if (p.status !== 'proposed' || !p.value) return;
    out.set(i, { ...p, confidence: p.confidence === 'high' ? 'medium' : p.confidence, note: [p.note, `The employer on the latest pay stub of ${stub.employee}, whose column this is.`].filter(Boolean).join(' ') });
  });
  return out;
}

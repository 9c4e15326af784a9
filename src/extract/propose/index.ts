// The deterministic value proposer (issue 5): a form's fields + read supporting documents →
// one proposal per field with value, confidence, evidence and a note. No network, no model:
// the same inputs always give the same proposals. See choose.ts for how sure it is and why.
import type { ReadDocument } from '../types.ts';
import { extractFacts } from './candidates.ts';
import { chooseValue, type FormContext } from './choose.ts';
import { analyseField, type FieldSpec } from './fields.ts';
import { printedLabels } from './page-labels.ts';
import { compact } from './normalise.ts';
import { answerFromStatements, completerAnswer } from './answers.ts';
import { factsForField, numberParents } from './parents.ts';
import { proposeParties } from './parties.ts';
import { roleAnswers } from './roles.ts';
import type { FieldProposal, ProposeInput } from './types.ts';

export type { Confidence, Evidence, FieldProposal, ProposeField, ProposeInput } from './types.ts';
export { quoteCheck } from './quote.ts';
export { extractFacts } from './candidates.ts';
export { analyseField } from './fields.ts';
export type { Fact } from './facts.ts';

export async function proposeValues(input: ProposeInput): Promise<FieldProposal[]> {
  const { fields, documents } = input;
  const printed = input.formPdf ? await printedLabels(input.formPdf, fields.map((f) => ({ page: f.page, rect: f.rect }))) : [];
  const specs: FieldSpec[] = fields.map((f, i) => analyseField(f, printed[i]));
  // A block that asks for a date or place of death is about a deceased person, not the subject
  // of the documents' self facts: its names and dates are left for a person.
  // (A check box captioned "FETAL DEATH" is one record type to choose among, not such a block.)
  const deathAt = specs.map((s, i) => fields[i].type !== 'checkbox' && /\b(death|deceased|decedent)\b/i.test(s.text));
  specs.forEach((s, i) => {
    if (!deathAt[i] && deathAt.slice(Math.max(0, i - 3), i + 4).some(Boolean)) s.role = 'other';
  });
  // "STATE" or "ZIP" alone belongs to the address block right before it; anywhere else it may be
  // a licence's state or a port of entry, and is left alone.
  specs.forEach((s, i) => {
    if (!s.weakAddress) return;
    const near = specs.slice(Math.max(0, i - 3), i).reverse().find((p) => p.concept === 'address' && !p.weakAddress && !p.skip);
    if (!near) {
      s.concept = null;
      s.skip = true;
      return;
    }
    // …and to that block's party and slot: "1f. City" under "1e. Provider address" is the provider's.
    if (s.role === 'self') s.role = near.role;
    if (s.slot === null) s.slot = near.slot;
  });
  // Rows of a table (household members, children, jobs): text fields asking the same thing on the
  // same page, one under another. The first row may be the subject's; the rows after it are other
  // people's, whatever the path of their name says.
  const rows = new Map<string, number[]>();
  fields.forEach((f, i) => {
    if (f.type !== 'text' || !specs[i].concept || specs[i].role !== 'self') return;
    const key = `${f.page}|${compact(specs[i].text)}`;
    rows.set(key, [...(rows.get(key) ?? []), i]);
  });
  for (const idx of rows.values()) {
    const stacked = idx.sort((a, b) => fields[b].rect.y - fields[a].rect.y).filter((i, k) => k === 0 || fields[i].rect.y < fields[idx[k - 1]].rect.y - 2);
    if (stacked.length < 2) continue;
    for (const i of idx) if (i !== stacked[0]) specs[i].role = 'other';
  }
  // Numbered repeats of another party's block ("1k. Provider FEIN", "2k. …", "3k. …"): a fact
  // can answer only the first item; the later items are other providers, whatever is known.
  const items = new Map<string, { n: number; i: number }[]>();
  fields.forEach((f, i) => {
    const m = /^\s*(\d+)\s*[a-z]?[.)]\s+(.+)$/i.exec(specs[i].text);
    if (f.type !== 'text' || !specs[i].concept || specs[i].role === 'self' || !m) return;
    const key = `${specs[i].role}|${compact(m[2])}`;
    items.set(key, [...(items.get(key) ?? []), { n: Number(m[1]), i }]);
  });
  for (const list of items.values()) {
    const first = Math.min(...list.map((x) => x.n));
    if (list.some((x) => x.n !== first)) for (const x of list) if (x.n !== first) specs[x.i].role = 'other';
  }
  // "Provide this only if different from the mailing address" is said once per address block, on
  // its first line: every field of that block (same person, same slot) inherits it.
  const different = new Set(specs.filter((s) => s.concept === 'address' && s.ifDifferent && s.slot).map((s) => `${s.role}|${s.slot}`));
  for (const s of specs) if (s.concept === 'address' && s.slot && different.has(`${s.role}|${s.slot}`)) s.ifDifferent = true;
  const form: FormContext = {
    hasCurrentBlock: specs.some((s) => s.concept === 'address' && s.role === 'self' && s.slot === 'current' && !s.ifDifferent),
    unitBlocks: new Set(specs.filter((s) => s.concept === 'address' && s.addressPart === 'unit').flatMap((s) => (s.slot ? [`${s.role}|${s.slot}`] : [`${s.role}|current`, `${s.role}|mailing`]))),
  };
  const facts = extractFacts(documents);
  numberParents(fields, specs, facts);
  const said = { fields, specs, printed, documents };
  const chosen = fields.map((f, i): FieldProposal => {
    const byCompleter = completerAnswer(i, said);
    if (byCompleter !== undefined) return byCompleter ?? { field_id: f.id, status: 'missing', value: null, confidence: null, origin: null, evidence: [], note: null };
    const own = factsForField(specs[i], facts);
    const p = chooseValue(f, specs[i], own, form, documents as ReadDocument[]);
    // A name at birth preferred over a married one is the form's likely meaning, not a certainty.
    if (own !== facts && p.confidence === 'high') Object.assign(p, { confidence: 'medium', note: [p.note, 'Name at birth preferred over a later name.'].filter(Boolean).join(' ') });
    // What no fact answers may still be said in so many words (yes/no, AM/PM, a height…).
    return p.status === 'missing' ? (answerFromStatements(i, said) ?? p) : p;
  });
  // Parties of a sale and of a record request answer what the rules above left empty.
  const byRole = roleAnswers(fields, specs, printed, documents, facts, (i) => chosen[i].status === 'missing');
  const proposals = chosen.map((p, i) => byRole.get(i) ?? p);
  // Two-party forms (payer/recipient…): each party's fields from the documents that speak for it.
  return proposeParties(fields, specs, printed, documents, proposals);
}

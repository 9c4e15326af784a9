// The deterministic value proposer (issue 5): a form's fields + read supporting documents →
// one proposal per field with value, confidence, evidence and a note. No network, no model:
// the same inputs always give the same proposals. See choose.ts for how sure it is and why.
import type { ReadDocument } from '../types.ts';
import { extractFacts } from './candidates.ts';
import { chooseValue, type FormContext } from './choose.ts';
import { analyseField, type FieldSpec } from './fields.ts';
import { printedLabels } from './page-labels.ts';
import { proposeParties } from './parties.ts';
import type { FieldProposal, ProposeField, ProposeInput } from './types.ts';

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
  const deathAt = specs.map((s) => /\b(death|deceased|decedent)\b/i.test(s.text));
  specs.forEach((s, i) => {
    if (!deathAt[i] && deathAt.slice(Math.max(0, i - 3), i + 4).some(Boolean)) s.role = 'other';
  });
  // "STATE" or "ZIP" alone belongs to the address block right before it; anywhere else it may be
  // a licence's state or a port of entry, and is left alone.
  specs.forEach((s, i) => {
    if (!s.weakAddress) return;
    const near = specs.slice(Math.max(0, i - 3), i).some((p) => p.concept === 'address' && !p.weakAddress && !p.skip);
    if (!near) {
      s.concept = null;
      s.skip = true;
    }
  });
  // "Provide this only if different from the mailing address" is said once per address block, on
  // its first line: every field of that block (same person, same slot) inherits it.
  const different = new Set(specs.filter((s) => s.concept === 'address' && s.ifDifferent && s.slot).map((s) => `${s.role}|${s.slot}`));
  for (const s of specs) if (s.concept === 'address' && s.slot && different.has(`${s.role}|${s.slot}`)) s.ifDifferent = true;
  const form: FormContext = {
    hasCurrentBlock: specs.some((s) => s.concept === 'address' && s.role === 'self' && s.slot === 'current' && !s.ifDifferent),
    unitBlocks: new Set(specs.filter((s) => s.concept === 'address' && s.addressPart === 'unit').flatMap((s) => (s.slot ? [`${s.role}|${s.slot}`] : [`${s.role}|current`, `${s.role}|mailing`]))),
  };
  const facts = extractFacts(documents);
  const proposals = fields.map((f, i) => chooseValue(f, specs[i], facts, form, documents as ReadDocument[]));
  // Two-party forms (payer/recipient…): each party's fields from the documents that speak for it.
  return proposeParties(fields, specs, printed, documents, proposals);
}

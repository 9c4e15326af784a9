// The deterministic value proposer (issue 5): a form's fields + read supporting documents →
// one proposal per field with value, confidence, evidence and a note. No network, no model:
// the same inputs always give the same proposals. See choose.ts for how sure it is and why.
import type { ReadDocument } from '../types.ts';
import { extractFacts } from './candidates.ts';
import type { Fact } from './facts.ts';
import { chooseValue, type FormContext } from './choose.ts';
import { analyseField, type FieldSpec } from './fields.ts';
import { settleFormSpecs } from './form-specs.ts';
import { printedLabels, type PrintedLabel } from './page-labels.ts';
import { answerFromStatements, completerAnswer } from './answers.ts';
import { factsForField, numberParents } from './parents.ts';
import { proposeParties } from './parties.ts';
import { missingProposal } from './proposals.ts';
import { statedOption } from './options.ts';
import { statedAmount } from './amounts.ts';
import { statedCount } from './counts.ts';
import { eventDate } from './event-dates.ts';
import { payStubWages } from './pay-stubs.ts';
import { statedBoxes } from './stated-boxes.ts';
import { listedAmounts } from './listed-amounts.ts';
import { tableRowAnswers } from './table-rows.ts';
import { personRowAnswers } from './persons.ts';
import { courtCaption } from './court.ts';
import { columnParties } from './columns.ts';
import { roleAnswers } from './roles.ts';
import { sideAnswers } from './sides.ts';
import { carryOverFromCopies, distrustPreviousFilings } from './previous-filing.ts';
import { distrustCrowdedValues } from './crowded.ts';
import { distrustMistypedValues } from './value-types.ts';
import { distrustDisownedValues } from './disowned.ts';
import { personEmployers } from './person-employers.ts';
import { signerAnswer } from './signer.ts';
import { splitMessages, toFileEvidence } from './messages.ts';
import type { FieldProposal, ProposeField, ProposeInput } from './types.ts';

export type { Confidence, Evidence, FieldProposal, ProposeField, ProposeInput } from './types.ts';
export { quoteCheck } from './quote.ts';
export { extractFacts } from './candidates.ts';
export { analyseField } from './fields.ts';
export type { Fact } from './facts.ts';

/** Address blocks ("role|slot") that have a box of their own for this part (a "City, state, and ZIP" box holds the ZIP). */
function blocksWith(specs: FieldSpec[], part: 'unit' | 'zip'): Set<string> {
  const holds = (s: FieldSpec) => s.addressPart === part || (part === 'zip' && s.addressPart === 'city_state_zip');
  return new Set(specs.filter((s) => s.concept === 'address' && holds(s)).flatMap((s) => (s.slot ? [`${s.role}|${s.slot}`] : [`${s.role}|current`, `${s.role}|mailing`])));
}

/** What each field asks, read with the whole form in view (sections, columns of parties). */
export async function readFieldSpecs(fields: ProposeField[], formPdf?: Uint8Array): Promise<{ specs: FieldSpec[]; printed: PrintedLabel[] }> {
  const printed = formPdf ? await printedLabels(formPdf, fields.map((f) => ({ page: f.page, rect: f.rect }))) : [];
  const specs: FieldSpec[] = fields.map((f, i) => analyseField(f, printed[i]));
  settleFormSpecs(fields, specs);
  columnParties(fields, specs, printed);
  return { specs, printed };
}

/**
 * One box for a person's name and address: both chosen as for their own boxes, written name first
 * (a line each in a multi-line box). Half of it is no answer: either missing or unsure, the box
 * stays empty.
 */
function nameAndAddress(f: ProposeField, spec: FieldSpec, facts: Fact[], form: FormContext, documents: ReadDocument[]): FieldProposal {
  // The whole address: its unit and postcode go in this box, whatever boxes of their own the form has elsewhere.
  const address = chooseValue(f, { ...spec, withName: false }, facts, { ...form, unitBlocks: new Set(), zipBlocks: new Set() }, documents);
  const name = chooseValue(f, { ...spec, withName: false, concept: 'name', namePart: 'full', addressPart: undefined }, facts, form, documents);
  const sure = (p: FieldProposal) => p.status === 'proposed' && p.value && p.confidence !== 'low';
  if (!sure(address) || !sure(name)) return missingProposal(f);
  const confidence = address.confidence === 'high' && name.confidence === 'high' ? 'high' : 'medium';
  const value = `${name.value}${f.multiline ? '\n' : ', '}${address.value}`;
  if (f.max_len && value.length > f.max_len) return missingProposal(f);
  return { ...address, value, confidence, evidence: [...name.evidence, ...address.evidence], note: [name.note, address.note].filter(Boolean).join(' ') || null };
}

export async function proposeValues(input: ProposeInput): Promise<FieldProposal[]> {
  const { fields } = input;
  // Each message of a saved mail thread speaks for its own writer (messages.ts).
  const documents = input.documents.flatMap(splitMessages);
  const { specs, printed } = await readFieldSpecs(fields, input.formPdf);
  const form: FormContext = {
    hasCurrentBlock: specs.some((s) => s.concept === 'address' && s.role === 'self' && s.slot === 'current' && !s.ifDifferent),
    unitBlocks: blocksWith(specs, 'unit'),
    zipBlocks: blocksWith(specs, 'zip'),
    period: printed[0]?.period,
  };
  const facts = extractFacts(documents);
  numberParents(fields, specs, facts);
  const said = { fields, specs, printed, documents };
  const chosen = fields.map((f, i): FieldProposal => {
    const byCompleter = completerAnswer(i, said);
    if (byCompleter !== undefined) return byCompleter ?? missingProposal(f);
    const own = factsForField(specs[i], facts);
    if (specs[i].withName) return nameAndAddress(f, specs[i], own, form, documents as ReadDocument[]);
    const p = chooseValue(f, specs[i], own, form, documents as ReadDocument[]);
    // A name at birth preferred over a married one is the form's likely meaning, not a certainty.
    if (own !== facts && p.confidence === 'high') Object.assign(p, { confidence: 'medium', note: [p.note, 'Name at birth preferred over a later name.'].filter(Boolean).join(' ') });
    // What no fact answers may still be said in so many words (yes/no, AM/PM, a height…).
    // …or who signs it (the party or their lawyer: signer.ts)…
    // …or a drop-down's option named word for word ("Northern District of Illinois"), or an amount
    // stated in running text ("Food about $650 a month"), or a count of people ("my two kids"), or
    // the date of an event the box names ("your employment … began on 12 April 2019").
    return p.status === 'missing' ? (answerFromStatements(i, said) ?? signerAnswer(i, said) ?? statedOption(f, documents) ?? statedAmount(f, specs[i], printed[i], documents as ReadDocument[]) ?? statedCount(f, specs[i], documents as ReadDocument[]) ?? eventDate(f, specs[i], documents as ReadDocument[]) ?? courtCaption(f, specs[i].text, documents as ReadDocument[]) ?? p)
      // A caption box a loose key match only guessed at ("Judge or Division: DIVISION 7 Case Number…") takes the court's own part.
      : p.confidence === 'low' ? (courtCaption(f, specs[i].text, documents as ReadDocument[]) ?? p) : p;
  });
  // Parties of a sale and of a record request answer what the rules above left empty.
  const byRole = roleAnswers(fields, specs, printed, documents, facts, (i) => chosen[i].status === 'missing');
  // The sides of a case (petitioner / respondent…) are the people the documents put there.
  const proposals = sideAnswers(fields, specs, facts, documents as ReadDocument[], form, chosen.map((p, i) => byRole.get(i) ?? p));
  // Two-party forms (payer/recipient…): each party's fields from the documents that speak for it.
  const byParty = proposeParties(fields, specs, printed, documents, proposals);
  const isOpen = (i: number) => byParty[i].status === 'missing' || byParty[i].confidence === 'low';
  // Monthly wage boxes nothing stated: worked out from the latest pay stub of the person they belong to.
  // The form's own person by the names proposed for them (a full name, or its parts).
  const selfName = [...new Set(byParty.flatMap((p, i) => (p.status === 'proposed' && p.confidence !== 'low' && specs[i].concept === 'name' && specs[i].role === 'self' && p.value ? [p.value] : [])))].join(' ') || null;
  const byStub = payStubWages(fields, specs, printed, documents, selfName, isOpen);
  // A value only last time's filing of this form gives is left for review (previous-filing.ts).
  // Each person's column of a joint form: their employer and position from their latest pay stub.
  const byEmployer = personEmployers(fields, specs, printed, documents as ReadDocument[], facts, form, selfName, isOpen);
  const withStubs = byParty.map((p, i) => byStub.get(i) ?? byEmployer.get(i) ?? p);
  // Grids of repeated boxes (household members, sales) from the rows of a document's table.
  const byRow = tableRowAnswers(fields, specs, documents, (i) => withStubs[i].status === 'missing' || withStubs[i].confidence === 'low');
  // Rows of people ("Dependent 1", a stack of Relationship/Age boxes) from the people the documents list.
  const byPerson = personRowAnswers(fields, specs, documents, (i) => !byRow.has(i) && (withStubs[i].status === 'missing' || withStubs[i].confidence === 'low'));
  const withRows = withStubs.map((p, i) => byRow.get(i) ?? byPerson.get(i) ?? p);
  // A box whose question a document answers as key: value ("Filing status: head of household").
  const byBox = statedBoxes(fields, printed, documents, (i) => withRows[i].status === 'missing');
  // An amount box whose caption names a figure a statement lists ("Box 14 Employment income 14,210.00").
  const byListing = listedAmounts(fields, specs, documents as ReadDocument[], (i) => withRows[i].status === 'missing' && !byBox.has(i));
  const withBoxes = withRows.map((p, i) => byBox.get(i) ?? byListing.get(i) ?? p);
  // One person's value in three boxes of a page that ask the same: the boxes were not told apart (crowded.ts)…
  // …and a value of the wrong kind for its box (no digit in a date box, no "@" in an e-mail box: value-types.ts).
  const typed = distrustMistypedValues(fields, specs, printed, distrustCrowdedValues(fields, specs, withBoxes));
  // What nothing else answered, the same box of a previous filing of this form may (previous-filing.ts).
  const answered = carryOverFromCopies(fields, specs, documents, distrustPreviousFilings(fields, documents, typed));
  // A value a document takes back ("it's $895 now, not $875") answers nothing, whoever found it (disowned.ts).
  return toFileEvidence(distrustDisownedValues(documents, answered), input.documents);
}

// A previously filled copy of the same form among the documents (last year's return, the last
// trip's request, the notice before the hearing was moved) is where stale values come from: its
// fields line up name for name with the form's, so every one of them looks like a perfect match,
// yet dates, people, places and amounts change from one filing to the next. A value only such a
// copy gives is therefore left for review unless another document repeats it. (The parties of a
// two-party copy, once another document names them, are carried over in parties.ts.)
import type { ReadDocument } from '../types.ts';
import type { FieldProposal, ProposeField } from './types.ts';
import type { Concept } from './labels.ts';
import type { FieldSpec } from './fields.ts';
import { evidenceAt, inferredProposal, leftForReview } from './proposals.ts';
import { saysRetired } from './phone-slots.ts';

/** Documents whose filled fields are, for the most part, fields of this very form. */
export function previousFilings(fields: readonly ProposeField[], documents: readonly ReadDocument[]): Set<string> {
  const names = new Set(fields.map((f) => f.name));
  const copies = new Set<string>();
  for (const d of documents) {
    const own = new Set(d.pairs.filter((p) => p.method === 'acroform').map((p) => p.location.replace(/^field /, '')));
    if (own.size < 3) continue;
    const shared = [...own].filter((n) => names.has(n)).length;
    if (shared >= 0.5 * own.size) copies.add(d.document_id);
  }
  return copies;
}

/** What stays the same from one filing to the next: who the filer is, not where, when or how much. */
const LASTING: ReadonlySet<Concept> = new Set(['name', 'org_name', 'ssn', 'ein', 'a_number', 'dob', 'birthplace', 'sex', 'citizenship', 'phone', 'email']);

/**
 * A field nothing else answered, whose twin in a previous filing of this form (same field name) is
 * filled: the copy's value is read field for field rather than by the copy's keys (on forms
 * without tooltips those are machine names: "f1_3"). Only who the filer (their spouse, their business)
 * is carries over, and only
 * when another document repeats it; what changes between filings (places, dates, amounts) and
 * what belonged to someone else that time stays out.
 */
export function carryOverFromCopies(fields: readonly ProposeField[], specs: readonly FieldSpec[], documents: readonly ReadDocument[], proposals: FieldProposal[]): FieldProposal[] {
  const copies = previousFilings(fields, documents);
  if (!copies.size || copies.size === documents.length) return proposals;
  // A form made out per payee (payer and recipient): its copies are parties.ts's to read.
  if (specs.some((s) => s.role === 'recipient')) return proposals;
  const copied = new Map<string, { doc: ReadDocument; value: string; page: number; location: string }>();
  for (const d of documents) {
    if (!copies.has(d.document_id)) continue;
    for (const p of d.pairs) if (p.method === 'acroform' && p.value.trim()) copied.set(p.location.replace(/^field /, ''), { doc: d, value: p.value.trim(), page: p.page, location: p.location });
  }
  return proposals.map((p, i) => {
    const c = p.status === 'missing' ? copied.get(fields[i].name) : undefined;
    // A tick or a choice is an answer of that filing, not of this one.
    if (!c || fields[i].type !== 'text') return p;
    const { concept, role } = specs[i];
    if (!concept || !['self', 'spouse', 'employer'].includes(role) || !LASTING.has(concept) || !repeatedElsewhere(c.value, documents, copies)) return p;
    return inferredProposal(fields[i], c.value, [evidenceAt(c.doc, c.page, c.location, c.value, 'previous_filing')], 'The same box of a previous filing of this form; another document repeats it.');
  });
}

const compact = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Does a document other than the copies write this value (digits alone for a number)? */
function repeatedElsewhere(value: string, documents: readonly ReadDocument[], copies: ReadonlySet<string>): boolean {
  const digits = value.replace(/\D/g, '');
  const numeric = digits.length >= 4 && !/\p{L}{2,}/u.test(value);
  const want = numeric ? digits : compact(value);
  // A day, a month, a tick: too short to be recognised anywhere else.
  if (want.length < 4) return false;
  return documents.some((d) => !copies.has(d.document_id) && d.lines.some((l) => (numeric ? l.text.replace(/\D/g, '') : compact(l.text)).includes(want)));
}

/** Proposals whose every piece of evidence is a previous filing and that nothing else repeats: low. */
export function distrustPreviousFilings(fields: readonly ProposeField[], documents: readonly ReadDocument[], proposals: FieldProposal[]): FieldProposal[] {
  const copies = previousFilings(fields, documents);
  // Only copies to go by: copying them is what was asked.
  if (!copies.size || copies.size === documents.length) return proposals;
  return proposals.map((p) => {
    if (p.status !== 'proposed' || p.value === null || p.confidence === 'low' || !p.evidence.length) return p;
    // A party carried over on purpose (parties.ts: named again in another document) stands.
    if (p.evidence.some((e) => e.method === 'filled_copy') || !p.evidence.every((e) => copies.has(e.document_id))) return p;
    // (…unless the repetition says the number is old: "the 300 555 0123 no longer works".)
    if (repeatedElsewhere(p.value, documents, copies) && !saysRetired(p.value, documents, copies)) return p;
    const note = 'Only a previous filing of this form gives this value and no other document repeats it: such values go stale (dates, people, places, amounts).';
    return leftForReview(p, note);
  });
}

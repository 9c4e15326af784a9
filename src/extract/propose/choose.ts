// Choosing one value per field among the facts: keep the facts that answer this field (concept,
// person, address slot), group them by the value they give, weigh each group by the independent
// documents behind it, and say how sure that is. Two groups of similar weight are a conflict, and a
// conflict is never filled: being wrong is worse than leaving a field for a person.
import type { FieldSpec } from './fields.ts';
import type { Fact } from './facts.ts';
import { formatFor, type Formatted } from './format.ts';
import { compact, fold } from './normalise.ts';
import { missingProposal } from './proposals.ts';
import { quoteCheck } from './quote.ts';
import { keyedFacts, optionFacts, phraseFacts } from './match-keys.ts';
import { codePieceFacts, codePieceOf } from './code-pieces.ts';
import { lineRefFacts } from './line-refs.ts';
import { fileId } from './messages.ts';
import { phoneFactsForSlot } from './phone-slots.ts';
import type { Confidence, Evidence, FieldProposal, ProposeField } from './types.ts';
import type { Period } from './periods.ts';
import type { ReadDocument } from '../types.ts';

/** What the whole form asks, for rules that depend on other fields (a separate mailing block…). */
export interface FormContext {
  /** The form has a present/physical address block that is always filled (not "if different"). */
  hasCurrentBlock: boolean;
  /** Address blocks ("role|slot") that have their own apartment/unit field. */
  unitBlocks: Set<string>;
  /** Address blocks ("role|slot") that have their own ZIP / postcode field. */
  zipBlocks: Set<string>;
  /** The period the form's amounts are for, when its pages say (a weekly financial statement). */
  period?: Period | null;
}

interface Group {
  key: string;
  value: Formatted;
  facts: Fact[];
  support: number;
  docs: number;
  maxStrength: number;
}

/** Address facts that may answer a field of this slot, with superseded places removed. */
function addressFacts(spec: FieldSpec, facts: Fact[], form: FormContext): Fact[] {
  const mine = facts.filter((f) => f.concept === 'address' && f.role === spec.role);
  const previousKeys = new Set(mine.filter((f) => f.slot === 'previous').map((f) => f.key));
  const current = mine.filter((f) => f.slot === 'current' && !previousKeys.has(f.key));
  const newestCurrent = current.map((f) => f.docDate ?? '').sort().pop() ?? '';
  const currentKeys = new Set(current.map((f) => f.key));
  const mailing = mine.filter((f) => {
    if (f.slot !== 'mailing' || previousKeys.has(f.key)) return false;
    if (!current.length || currentKeys.has(f.key)) return true;
    // A mailing address different from the present home only counts when stated with it or after it.
    return current.some((c) => c.doc === f.doc) || (!!f.docDate && f.docDate >= newestCurrent);
  });
  // Places stated with no slot: weak support for a present address, never for another slot.
  const unslotted = mine.filter((f) => f.slot === null && !previousKeys.has(f.key));
  const slot = spec.slot ?? 'current';
  if (spec.ifDifferent || slot === 'permanent') return [];
  if (slot === 'previous') return mine.filter((f) => f.slot === 'previous');
  if (slot === 'mailing') {
    if (mailing.length) return mailing;
    if (form.hasCurrentBlock) return [];
    return current.length ? [...current, ...unslotted.filter((f) => currentKeys.has(f.key))] : unslotted.map((f) => ({ ...f, strength: Math.min(f.strength, 0.4) }));
  }
  // present / physical / unnamed
  if (current.length) return [...current, ...unslotted.filter((f) => currentKeys.has(f.key))];
  if (!form.hasCurrentBlock && mailing.length) return mailing;
  // Only places nobody called present: at most weak support (low confidence).
  return unslotted.map((f) => ({ ...f, strength: Math.min(f.strength, 0.4), method: f.method }));
}

/** Home or work, as a phone's label or the words before a number say ("Work phone: … (206) 555-0132"). */
function phoneKind(text: string): 'home' | 'work' | null {
  const t = fold(text);
  if (/\b(work|office|business|desk|employer)\b/.test(t)) return 'work';
  if (/\b(home|house|landline|residence)\b/.test(t)) return 'home';
  return null;
}

function factPhoneKind(f: Fact): 'home' | 'work' | null {
  const line = f.doc.lines.find((l) => l.page === f.page && l.location === f.location);
  const at = line ? line.text.indexOf(f.raw) : -1;
  return at < 0 ? null : phoneKind(line!.text.slice(0, at).split(/[;,]\s|\.\s/).pop() ?? '');
}

/** The parties of a case, in pairs that face each other. */
const SIDES: [RegExp, string][] = [
  [/\b(petitioner|plaintiff|claimant|movant|applicant)s?\b/, 'claimant'],
  [/\b(respondent|defendant)s?\b/, 'answering'],
];
function sideIn(text: string): string | null {
  const t = fold(text);
  const found = SIDES.filter(([re]) => re.test(t)).map(([, s]) => s);
  return found.length === 1 ? found[0] : null;
}

/** The sides of a case named on a fact's line and the lines just around it (a signature block). */
function sidesNear(f: Fact): string[] {
  const at = f.doc.lines.findIndex((l) => l.page === f.page && l.location === f.location);
  if (at < 0) return [];
  const near = f.doc.lines.slice(Math.max(0, at - 3), at + 4).filter((l) => l.page === f.page);
  return [...new Set(near.map((l) => sideIn(l.text)).filter((s): s is string => s !== null))];
}

function relevant(spec: FieldSpec, facts: Fact[], form: FormContext): Fact[] {
  if (!spec.concept) return [];
  // A home phone field never takes a number the document calls a work number, nor the reverse.
  const want = spec.concept === 'phone' ? phoneKind(spec.text) : null;
  if (want) facts = facts.filter((f) => f.concept !== 'phone' || (factPhoneKind(f) ?? want) === want);
  // "Respondent's attorney": a representative speaks for one side; one the documents tie to the
  // other side ("Attorney for Petitioner") is not this one.
  const side = spec.role === 'representative' ? sideIn(spec.text) : null;
  if (side) facts = facts.filter((f) => f.role !== 'representative' || sidesNear(f).every((s) => s === side));
  if (spec.concept === 'address') return addressFacts(spec, facts, form);
  const dateish = spec.concept === 'dob';
  const mine = facts.filter((f) => {
    if (f.role !== spec.role) return false;
    if (dateish) return f.concept === 'dob';
    if (spec.concept === 'a_number' && f.concept !== 'a_number') return false;
    return f.concept === spec.concept;
  });
  return spec.concept === 'phone' ? phoneFactsForSlot(spec.slot, mine, facts) : mine;
}

/** A date read as month/day that another document states unambiguously the other way round joins that reading. */
function settleDates(facts: Fact[]): Fact[] {
  const firm = new Set(facts.filter((f) => f.date?.unambiguous).map((f) => f.date!.iso));
  return facts.map((f) => {
    if (!f.date || f.date.unambiguous || !f.date.alt) return f;
    if (firm.has(f.date.alt) && !firm.has(f.date.iso)) return { ...f, key: f.date.alt, date: { ...f.date, iso: f.date.alt, alt: f.date.iso, unambiguous: true } };
    return f;
  });
}

function evidenceOf(f: Fact, value: string, field: ProposeField, documents: ReadDocument[]): Evidence {
  const ev: Evidence = { document_id: f.doc.document_id, document_name: f.doc.document_name, page: f.page, method: f.method, location: f.location, quote: f.raw };
  if (quoteCheck(value, field, ev, documents)) ev.method = 'quote_check';
  return ev;
}

/** "tamika l ostrowski" is "tamika lorraine ostrowski" written with an initial. */
function initialsOf(short: string, full: string): boolean {
  const a = short.split(' ');
  const b = full.split(' ');
  return a.length === b.length && a.some((w, i) => w !== b[i]) && a.every((w, i) => w === b[i] || (w.length === 1 && b[i].startsWith(w)));
}

const RANK: Record<Confidence, number> = { low: 0, medium: 1, high: 2 };
const lower = (a: Confidence, b: Confidence): Confidence => (RANK[a] <= RANK[b] ? a : b);

/** Same length, two neighbouring digits swapped. */
export function oneSlip(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  const diff = [...a].map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0);
  return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
}

export function chooseValue(field: ProposeField, spec: FieldSpec, facts: Fact[], form: FormContext, documents: ReadDocument[]): FieldProposal {
  // 'other' on a field means "someone the documents' facts cannot be tied to" (a decedent's block…).
  if (field.type === 'signature' || spec.skip || spec.role === 'alias' || spec.role === 'other') return missingProposal(field);
  let cands: Fact[];
  if (!spec.concept || spec.concept === 'other_date') {
    // No concept rule: only a document key with the label's own words can answer (never a check box).
    if (field.type !== 'text') return missingProposal(field);
    // One box of a code split over several: only the code's piece answers it, never a whole value.
    if (codePieceOf(spec.text)) cands = codePieceFacts(spec.text, documents, spec.role);
    else cands = [...keyedFacts(spec.text, facts, spec.role), ...(spec.concept ? [] : [...phraseFacts(spec.text, documents, spec.role), ...optionFacts(spec.text, documents, spec.role), ...lineRefFacts(spec.text, documents, spec.role)])];
    // A monthly budget's figure is no answer on a weekly form.
    cands = cands.filter((f) => !f.period || !form.period || f.period === form.period);
  } else cands = relevant(spec, facts, form);
  if (spec.concept === 'dob') cands = settleDates(cands);
  const groups = new Map<string, Group>();
  for (const f of cands) {
    const block = `${spec.role}|${spec.slot ?? 'current'}`;
    const value = formatFor(f, spec, field, form.unitBlocks.has(block), form.zipBlocks.has(block));
    if (!value) continue;
    const key = compact(value.value);
    const g = groups.get(key) ?? { key, value, facts: [], support: 0, docs: 0, maxStrength: 0 };
    g.facts.push(f);
    groups.set(key, g);
  }
  if (!groups.size) return missingProposal(field, cands.length ? 'Values were found but none fits this field.' : null);
  // A shorter writing of the same place or name ("CHENNAI, TAMIL NADU" and "Chennai, Tamil Nadu,
  // India") supports the fuller one instead of competing with it.
  if (spec.concept === 'birthplace' || spec.concept === 'name') {
    for (const g of [...groups.values()]) {
      const fuller = [...groups.values()].find((h) => h !== g && h.key.length > g.key.length && (h.key.startsWith(g.key + ' ') || initialsOf(g.key, h.key)));
      if (fuller) {
        fuller.facts.push(...g.facts);
        groups.delete(g.key);
      }
    }
  }
  for (const g of groups.values()) {
    const perDoc = new Map<string, number>();
    for (const f of g.facts) {
      const s = f.strength * (f.hedged ? 0.5 : 1);
      const source = fileId(f.doc.document_id);
      perDoc.set(source, Math.max(perDoc.get(source) ?? 0, s));
    }
    g.support = [...perDoc.values()].reduce((a, b) => a + b, 0);
    g.docs = perDoc.size;
    g.maxStrength = Math.max(...g.facts.map((f) => f.strength * (f.hedged ? 0.5 : 1)));
  }
  // Check boxes: an answer that is "off" only matters when nothing says "on".
  const ranked = [...groups.values()].sort((a, b) => b.support - a.support || b.maxStrength - a.maxStrength);
  const [best, second] = ranked;
  const evidence = best.facts
    .sort((a, b) => b.strength - a.strength)
    .slice(0, 4)
    .map((f) => evidenceOf(f, best.value.value, field, documents));
  const verified = evidence.some((e) => e.method === 'quote_check');
  const notes: string[] = [];
  if (best.value.note) notes.push(best.value.note);

  if (second && second.support >= 0.6 * best.support) {
    return {
      field_id: field.id,
      status: 'conflict',
      value: null,
      confidence: 'low',
      origin: 'document',
      evidence,
      note: `The documents disagree: ${ranked.slice(0, 3).map((g) => `"${g.value.value}" (${g.docs} document${g.docs > 1 ? 's' : ''})`).join(' vs ')}.`,
      alternatives: ranked.slice(0, 4).map((g) => ({
        value: g.value.value,
        confidence: 'low' as const,
        evidence: g.facts.slice(0, 3).map((f) => evidenceOf(f, g.value.value, field, documents)),
      })),
    };
  }

  // A Social Security number another document writes with two neighbouring digits swapped is
  // one number typed wrong somewhere: which writing is right is for a person to say. (A digit
  // read differently is left to the weighing above: scans misread single digits.)
  if (spec.concept === 'ssn') {
    const mine = best.facts[0].digits ?? '';
    const typo = facts.find((f) => f.concept === spec.concept && f.digits && f.digits !== mine && oneSlip(mine, f.digits));
    if (typo) return missingProposal(field, `Another document writes this number as "${typo.raw ?? typo.digits}" (${typo.doc.document_name}): one of them is mistyped.`);
  }

  let confidence: Confidence;
  const byWords = best.facts.every((f) => f.concept === 'keyed' || (f.concept === 'other_date' && spec.concept !== 'dob'));
  const uncontested = !second;
  if (best.docs >= 2 && best.support >= 1.5 && uncontested) confidence = 'high';
  else if (best.maxStrength >= 0.9 && uncontested && best.facts.some((f) => f.method !== 'ocr_label' && f.doc.kind !== 'image' && f.doc.kind !== 'scanned_pdf')) confidence = 'high';
  else if (best.support >= 0.7 && (!second || second.support <= 0.5 * best.support)) confidence = 'medium';
  else confidence = 'low';

  if (second) {
    notes.push(`Outweighed: ${ranked.slice(1, 3).map((g) => `"${g.value.value}" (${g.facts[0].doc.document_name})`).join(', ')}.`);
    confidence = lower(confidence, 'medium');
  }
  if (best.facts.every((f) => f.date && !f.date.unambiguous)) {
    notes.push('Day and month could be read either way; read as month/day.');
    confidence = lower(confidence, 'low');
  }
  if (best.facts.every((f) => f.date?.shortYear)) {
    notes.push('Two-digit year.');
    confidence = lower(confidence, 'medium');
  }
  if (best.facts.some((f) => f.hedged)) notes.push('The writer was unsure of this value.');
  if (byWords && best.docs < 2) {
    // Another document that says the same key with another number ("le débit O2 au repos est de
    // 1.5 l/min (et non 2 l/min …)") may correct it: one document's key alone does not settle that.
    const kt = fold(best.facts[0].keyText ?? '');
    const num = (t: string) => /\d+(?:[.,]\d+)?/.exec(t)?.[0]?.replace(',', '.');
    const mine = num(best.value.value);
    const contradicted = kt.length >= 6 && mine !== undefined && documents.some((d) => d.document_id !== best.facts[0].doc.document_id && d.lines.some((l) => {
      const t = fold(l.text);
      const at = t.indexOf(kt);
      const n = at >= 0 ? num(t.slice(at + kt.length)) : undefined;
      return n !== undefined && n !== mine;
    }));
    if (contradicted) return missingProposal(field, `Another document gives "${best.facts[0].keyText}" a different value.`);
    // Matched by the words of a key alone: one document is not enough for high.
    notes.push(`Matched by the document's key "${best.facts[0].keyText}".`);
    confidence = lower(confidence, 'medium');
  }
  if (!verified) {
    notes.push('The value could not be quoted back from its document.');
    confidence = lower(confidence, 'medium');
  }
  if (best.maxStrength < 0.5) {
    // Shape alone (a 3-2-4 number, an A-prefixed id) is weak; agreement of documents lifts it to medium at most.
    notes.push('Found by its shape only, with no label naming it.');
    confidence = best.docs >= 2 && !second ? lower(confidence, 'medium') : 'low';
  }
  return {
    field_id: field.id,
    status: 'proposed',
    value: best.value.value,
    confidence,
    origin: 'document',
    evidence,
    note: notes.length ? notes.join(' ') : null,
  };
}

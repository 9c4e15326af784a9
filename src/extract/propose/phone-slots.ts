// Old and new phone numbers in running text. People who change numbers say so in words around
// them: "my old phone 347 555 0112 does not work anymore, new phone is 929-555-0168", "the 0109
// number is disconnected; my cell is now (314) 555-0163", "(new number - the 0140 one is gone)".
// A number said to be old is the previous one: it answers a "former phone" box and never a
// present one, wherever else the documents still print it (a pay stub, last year's letter), and
// a previous filing of the form that still has it is not carried over because a mail repeats it.
import type { ReadDocument } from '../types.ts';
import type { Fact } from './facts.ts';
import { digitsOf, fold } from './normalise.ts';
import { findPhone } from './recognizers.ts';
import { sentencesOf } from './statements.ts';

/**
 * Words before a number that make it the old one ("my old phone", "former cell"), or say a record
 * still shows it ("my contacts still say 503-555-0140", "the sheet still has the 0109 number").
 */
// ("old" of a number, not of a person: "my 16-year-old son's cell" is his current one.)
const OLD_BEFORE = /(?<![-\d]\s?)\bold\b(?!\s+(son|daughter|child|kids?|boy|girl|brother|sister|man|woman)\b)|\b(former|previous|prior|disconnected|antiguo|anterior)\b|\bstill (says?|has|have|shows?|lists?)\b/;
/** Words before a number that make it the new one ("new phone is", "my cell is now"). */
const NEW_BEFORE = /\b(new|now|current|currently|nuevo|nueva|ahora)\b/;
/** Words right after a number that retire it ("… does not work anymore", "… is disconnected"). */
const RETIRED = /\b(does\s*n[o']?t work|do\s*n[o']?t work|doesn't work|not working|no longer (works?|valid|in service|in use|active)|not in service|out of service|disconnected|(is|was) gone|cut off|(is|was) (my )?old|any ?more|ya no|no funciona|fuera de servicio)\b/;

/**
 * The slot the words around a phone number give it: 'previous' when they call it old or retire
 * it, 'current' when they call it new, else null. `before` is the text since the previous value
 * on the line, `after` the text up to the next one; only the clause nearest the number counts.
 */
export function phoneSlotIn(before: string, after: string): 'previous' | 'current' | null {
  const near = fold(before.split(/[.;:!?]\s|,\s|\s-\s|\(/).pop() ?? '');
  if (OLD_BEFORE.test(near)) return 'previous';
  if (NEW_BEFORE.test(near)) return 'current';
  const next = fold(after.split(/[.;!?]\s|,\s|\s-\s|\)/)[0] ?? '');
  if (RETIRED.test(next)) return 'previous';
  if (/^\s*\(?\s*(new|current)\b/.test(next)) return 'current';
  return null;
}

/**
 * Last digits of numbers a text retires by their ending alone: "The 0109 number is
 * disconnected", "the 0140 one is gone", "The 0163 number does not work anymore".
 */
export function retiredPhoneEndings(text: string): string[] {
  const out: string[] = [];
  const re = /\b(?:the|my|old)\s+(?:\.{0,3})(\d{4})\s+(?:number|one|phone|cell|line|mobile)\b([^.;!?()]{0,60})/gi;
  for (const m of text.matchAll(re)) {
    const before = fold(text.slice(0, m.index).split(/[.;!?]\s/).pop() ?? '');
    if (RETIRED.test(fold(m[2])) || OLD_BEFORE.test(before.split(/,\s|\(/).pop() ?? '')) out.push(m[1]);
  }
  return out;
}

/**
 * Phone facts whose number a document retires by its ending become the previous number, in
 * every document that states it (unless a document calls that very number the new one).
 */
export function markRetiredPhones(facts: Fact[], docs: ReadDocument[]): void {
  const endings = new Set(docs.flatMap((d) => d.lines.flatMap((l) => retiredPhoneEndings(l.text))));
  if (!endings.size) return;
  for (const f of facts) {
    if (f.concept !== 'phone' || f.slot === 'current' || !f.digits) continue;
    if ([...endings].some((e) => f.digits!.endsWith(e))) f.slot = 'previous';
  }
}

/**
 * Phone facts that may answer a box of this slot: a "former phone" box takes the numbers stated
 * as old (when any is); any other box never takes a number some document retired.
 */
export function phoneFactsForSlot(slot: string | null, facts: Fact[], allFacts: Fact[]): Fact[] {
  const retired = new Set(allFacts.filter((f) => f.concept === 'phone' && f.slot === 'previous').map((f) => f.key));
  if (slot === 'previous') {
    const old = facts.filter((f) => retired.has(f.key));
    return old.length ? old : facts;
  }
  return facts.filter((f) => !retired.has(f.key));
}

/**
 * Does a document (other than `except`) call this number old ("… (el 300 555 0123 ya no está en
 * servicio)")? Then repeating it is no reason to carry it over from a previous filing.
 */
export function saysRetired(value: string, documents: readonly ReadDocument[], except: ReadonlySet<string>): boolean {
  const digits = digitsOf(value);
  if (!findPhone(value).length) return false;
  return documents.some((d) => !except.has(d.document_id) && sentencesOf(d).some((s) => {
    const hits = findPhone(s.text);
    return hits.some((h, i) => h.value === digits && phoneSlotIn(s.text.slice(i ? hits[i - 1].index + hits[i - 1].raw.length : 0, h.index), s.text.slice(h.index + h.raw.length, hits[i + 1]?.index ?? s.text.length)) === 'previous');
  }));
}

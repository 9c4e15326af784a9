// Label ↔ key matching by words, for what no concept rule names: a field "Date Hired" and a
// record's "Original hire date", "Class of Admission" on a form and on an I-94. Both sides are
// canonicalised (abbreviations expanded), stripped of filler and generic words, and stemmed;
// every content word of the label must appear in the key, and the key may add at most two.
import type { ReadDocument } from '../types.ts';
import type { Fact } from './facts.ts';
import { roleIn } from './labels.ts';
import { canonical, compact, HEDGE } from './normalise.ts';
import { findDates } from './recognizers.ts';

const FILLER = new Set([
  'a', 'an', 'the', 'of', 'or', 'and', 'to', 'in', 'on', 'for', 'your', 'you', 'my', 'our', 'enter', 'select', 'check', 'if', 'any',
  'is', 'as', 'at', 'by', 'with', 'this', 'that', 'please', 'provide', 'applicable', 'us', 'u', 's', 'into', 'from', 'was', 'were',
]);
function stem(w: string): string {
  return w.replace(/(ings?|ed|es|s)$/, '').replace(/e$/, '');
}
/** Words that say what kind of value, not which one: they may match but never alone (stemmed, like the words). */
const GENERIC = new Set(['date', 'name', 'number', 'no', 'code', 'type', 'information', 'detail', 'record', 'value', 'field'].map(stem));

export function contentWords(text: string): string[] {
  return canonical(text)
    .replace(/\([^)]*(\)|$)/g, ' ') // asides, also one the label never closes ("Serial Number (SN")
    // Words of any script: splitting at every non-ASCII letter would cut "ngày" and "données" into
    // fragments ("ng", "donn") that match unrelated words.
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !FILLER.has(w) && !/^\d+[a-z]?$/.test(w) && w.length > 1)
    .map(stem);
}

/** 0 when the key does not answer the label; else 1 minus a small cost per extra key word. */
/** Words that narrow which one ("last entry", "current card") but that a record often leaves unsaid: missing costs, never fails. */
const SOFT = new Set(['last', 'current', 'recent'].map(stem));

/**
 * The question a label asks: its last sentence ("14. Enter Class of Admission."). Canonical first,
 * so "U. S." is one word and does not split the sentence; date-layout instructions ("as 2-digit
 * month, 2-digit day, and 4-digit year") are no part of the question.
 */
function questionOf(label: string): string {
  const clean = canonical(label).replace(/\b(as )?\d[- ]digit (month|day|year)(,? (and )?\d[- ]digit (month|day|year))*/g, ' ');
  return clean.split(/(?<=[.?!])\s+(?=\S)/).filter((s) => /\p{L}{3}/u.test(s)).pop() ?? clean;
}

export function keyMatch(label: string, key: string): number {
  const lw = new Set(contentWords(questionOf(label)));
  const kw = new Set(contentWords(key));
  if (![...lw].some((w) => !GENERIC.has(w) && !SOFT.has(w))) return 0;
  for (const w of lw) if (!kw.has(w) && !GENERIC.has(w) && !SOFT.has(w)) return 0;
  const unsaid = [...lw].filter((w) => SOFT.has(w) && !kw.has(w)).length;
  const extra = [...kw].filter((w) => !lw.has(w)).length;
  if (extra > 2) return 0;
  return 1 - 0.15 * (extra + unsaid);
}

/**
 * A spreadsheet row's item name against a label that may say more around it: "Rent" answers
 * "Rent Expense" and "Expense rent", "Electricity + gas" answers "Electricity, heat, natural gas".
 * Every word of the item must be in the label, the label may add at most two, and the item must
 * name something: "Total" or "Other" alone answers no label (every table has them).
 */
const NAMES_NOTHING = new Set(['total', 'other', 'misc', 'miscellaneou', 'subtotal'].map(stem));
export function itemMatch(label: string, item: string): number {
  const forward = keyMatch(label, item);
  const lw = new Set(contentWords(questionOf(label)));
  const iw = new Set(contentWords(item));
  if (![...iw].some((w) => !GENERIC.has(w) && !NAMES_NOTHING.has(w))) return forward;
  if (![...iw].every((w) => lw.has(w))) return forward;
  const extra = [...lw].filter((w) => !iw.has(w)).length;
  return extra > 2 ? forward : Math.max(forward, 1 - 0.15 * extra);
}

/**
 * One part of a compound value, for a label that asks for that kind of part of what the key names:
 * "Place of last entry" and "Status at last entry" from "Last entry: 06/03/2022 at Newark, NJ,
 * admitted as H-4". The kind word is the one label word the key lacks; the part is what the
 * sentence introduces with that kind's preposition.
 */
const PARTS: [string, RegExp][] = [
  ['place', /\b(?:at|in|through|via)\s+((?:[A-Z][A-Za-z.'-]*)(?:\s+[A-Z][A-Za-z.'-]*){0,3}(?:,\s*[A-Z]{2}\b)?)/],
  ['status', /\b(?:as|status)\s+(?:an?\s+)?([A-Z]{1,2}-?\d{1,2}[A-Z]?)(?![\w-])/],
];

function partOf(label: string, key: string, value: string): { value: string; match: number } | null {
  for (const [kind, re] of PARTS) {
    const lw = contentWords(label.replace(/\([^)]*(\)|$)/g, ' '));
    if (!lw.includes(stem(kind))) continue;
    const rest = canonical(label).replace(new RegExp(`\\b${kind}\\b`), ' ');
    const m = keyMatch(rest, key);
    const part = re.exec(value)?.[1];
    if (m > 0 && part) return { value: part.replace(/[,.]$/, ''), match: m };
  }
  return null;
}

/** Keyed and dated facts whose key answers this label, their strength scaled by how well. */
export function keyedFacts(label: string, facts: Fact[], role: string): Fact[] {
  const out: Fact[] = [];
  // A date field may still take the date out of such a record.
  const asksDate = /\bdate\b/.test(canonical(label));
  for (const f of facts) {
    if ((f.concept !== 'keyed' && f.concept !== 'other_date') || !f.keyText) continue;
    // The key may name whose it is ("Hospital", "Employer"): that decides, not the document's subject.
    const keyRole = roleIn(f.keyText);
    if ((keyRole && keyRole !== 'alias' ? keyRole : f.role) !== role) continue;
    const m = f.method === 'item_row' ? itemMatch(label, f.keyText) : keyMatch(label, f.keyText);
    // "Vuelo de regreso: 06/11/2025, 17:55, Bogotá - Popayán, Avianca, vuelo AV8426": a record of
    // several parts, a date or a time among them, is no one value; only a part of it may answer
    // (its place, its status, or its date for a date field).
    const record = f.concept === 'keyed' && (f.text ?? '').split(/,\s+/).length >= 3 && (findDates(f.text!).length > 0 || /\b\d{1,2}:\d{2}\b/.test(f.text!));
    if (m > 0 && (!record || asksDate)) {
      out.push({ ...f, strength: f.strength * m * 0.85 });
      continue;
    }
    const part = f.concept === 'keyed' && f.text ? partOf(label, f.keyText, f.text) : null;
    if (part) out.push({ ...f, key: compact(part.value), text: part.value, raw: part.value, strength: f.strength * part.match * 0.85 });
  }
  return out;
}

// Canonical text of each document line, computed once per line (every unlabeled field scans them all).
const lineCache = new WeakMap<object, string>();
function canonicalLine(line: { text: string }): string {
  let c = lineCache.get(line);
  if (c === undefined) lineCache.set(line, (c = canonical(line.text)));
  return c;
}

/**
 * A code that follows the label's own words in running text ("… Class of admission IR6",
 * "… as case no. 2025-017"): only short codes with a digit, the kind no sentence word looks like.
 */
export function phraseFacts(label: string, docs: ReadDocument[], role: string): Fact[] {
  if (role !== 'self') return [];
  const last = canonical(label)
    .split(/(?<=[.?!])\s+(?=\S)/)
    .filter((s) => /[a-z]{3}/.test(s))
    .pop();
  if (!last) return [];
  const phrase = last
    .replace(/\([^)]*(\)|$)/g, ' ')
    .replace(/^[\d\s.()a-z]{0,6}?(?=\b(enter|select|provide|list)\b)|^\d+\s+/g, '')
    .replace(/\b(enter|select|provide|list|the|your)\b/g, ' ')
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  let words = phrase.split(' ');
  // An instruction ("Enter the case number given by the Circuit Clerk.") asks for the noun
  // phrase that ends in "number"; the rest says where it comes from, which documents never repeat.
  if (words.length > 5) {
    const np = /\b([a-z]{3,})\s+number\b/.exec(phrase);
    if (np && !FILLER.has(np[1]) && !GENERIC.has(stem(np[1]))) words = [np[1], 'number'];
  }
  if (words.length < 2 || words.length > 5 || !words.some((w) => !GENERIC.has(stem(w)) && !FILLER.has(w))) return [];
  // (A code, not the head of a date or a time: "Return flight: 06/11/2025" has no code "06".)
  // "Your Chapter 7 case (No. 25-14209, …)": an aside may open between the words.
  const re = new RegExp(`\\b${words.join('\\s+\\(?\\s*')}\\s*(?::|#|=|\\bis\\b|\\bwas\\b)?\\s*([a-z0-9][a-z0-9-]{1,17})(?![\\w-]|[/.:]\\d)`, 'i');
  const out: Fact[] = [];
  for (const doc of docs)
    for (const line of doc.lines) {
      const m = re.exec(canonicalLine(line));
      if (!m) continue;
      const original = new RegExp(`(?<![\\w-])(${m[1].replace(/-/g, '\\-')})(?![\\w-])`, 'i').exec(line.text)?.[1];
      if (!original || !/\d/.test(original) || !/^[A-Z0-9][A-Z0-9-]*$/.test(original)) continue;
      out.push({
        concept: 'keyed', role: 'self', slot: null, key: original.toLowerCase(), text: original, keyText: words.join(' '), raw: original,
        doc, page: line.page, location: line.location, method: 'inline_label', strength: 0.75, hedged: false,
      });
    }
  return out;
}

/**
 * A text field whose label offers a closed list of answers ("Results (Granted or Denied - attach
 * all documentation)"): the one answer the documents say on a line about the label's topic. Lists
 * of examples ("B-2 Visitor, F-1 Student, et cetera") are not closed; two different answers found
 * anywhere mean nothing is proposed.
 */
export function optionFacts(label: string, docs: ReadDocument[], role: string): Fact[] {
  if (role !== 'self') return [];
  const aside = /\(([^)]*)\)/.exec(label)?.[1]?.split(/\s[-–]\s/)[0];
  if (!aside || !/\sor\s/i.test(aside) || /\b(etc|et cetera|e\.g|for example)\b/i.test(aside)) return [];
  const options = aside.split(/\s*(?:,|\bor\b|\/)\s*/i).map((o) => o.trim()).filter(Boolean);
  if (options.length < 2 || options.length > 4 || options.some((o) => o.split(/\s+/).length > 2 || !/^[A-Za-z]/.test(o))) return [];
  const optionWords = new Set(options.flatMap((o) => contentWords(o)));
  const topic = new Set(contentWords(label.replace(/\([^)]*\)/g, ' ')).filter((w) => !GENERIC.has(w) && !optionWords.has(w) && w.length > 3));
  if (!topic.size) return [];
  const res = options.map((o) => new RegExp(`(?<![\\w-])(${o.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')})(?![\\w-])`, 'i'));
  const out: Fact[] = [];
  for (const doc of docs)
    for (const line of doc.lines) {
      const hits = res.map((re, i) => ({ i, m: re.exec(line.text) })).filter((h) => h.m);
      if (hits.length !== 1 || !contentWords(line.text).some((w) => topic.has(w))) continue;
      const { i, m } = hits[0];
      out.push({
        concept: 'keyed', role: 'self', slot: null, key: compact(options[i]), text: options[i], keyText: aside, raw: m![1],
        doc, page: line.page, location: line.location, method: 'inline_option', strength: 0.75, hedged: HEDGE.test(line.text),
      });
    }
  return new Set(out.map((f) => f.key)).size === 1 ? out : [];
}


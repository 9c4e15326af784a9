// Documents as sentences: wrapped (long) lines of a paragraph joined, split at sentence ends, each with
// the date of the message it belongs to (the nearest Date:/Sent: header above it, or the
// document's own date of service). For rules that read what a document says in running text
// ("He was NOT taken to an emergency room", "clocked in at 6:00 am") rather than key/value pairs.
import type { ReadDocument } from '../types.ts';
import { findDates } from './recognizers.ts';

export interface Sentence {
  doc: ReadDocument;
  page: number;
  /** Location of the sentence's first line. */
  location: string;
  text: string;
  /** ISO date of the message the sentence is in, when one is stated. */
  messageDate?: string;
}

const HEADER_DATE = /^\s*(date|sent)\s*:\s*(.+)$/i;
const OWN_DATE_KEY = /^(date|sent|date of service|service date|visit date|date of visit|report date)$/i;

const cache = new WeakMap<ReadDocument, Sentence[]>();

/** Every sentence of a document, in order. */
export function sentencesOf(doc: ReadDocument): Sentence[] {
  const had = cache.get(doc);
  if (had) return had;
  const ownDate = doc.pairs.filter((p) => OWN_DATE_KEY.test(p.key.trim())).map((p) => findDates(p.value)[0]?.iso).find(Boolean);
  const out: Sentence[] = [];
  let block: { text: string; page: number; starts: [number, string][]; date?: string } | null = null;
  let headerDate: string | undefined;
  let prevNo = NaN;
  let prevPage = -1;
  let prevLen = 0;
  const wrapAt = Math.max(40, 0.6 * Math.max(0, ...doc.lines.map((l) => l.text.trim().length)));
  const flush = () => {
    if (!block) return;
    const b = block;
    let from = 0;
    // A day written with a dot before its month ("am 3. Februar 2026", German) ends no sentence.
    for (const s of b.text.split(/(?<=[.!?])(?<!(?<![\d.])\d{1,2}\.(?=\s+\p{L}+\s+\d{4}\b))\s+(?=["'(]?[A-Z])/u)) {
      const at = b.text.indexOf(s, from);
      from = at + s.length;
      // The sentence's location is the line it starts on.
      const location = [...b.starts].reverse().find(([o]) => o <= at)?.[1] ?? b.starts[0][1];
      const t = s.trim();
      if (t) out.push({ doc, page: b.page, location, text: t, messageDate: b.date });
    }
    block = null;
  };
  for (const line of doc.lines) {
    const h = HEADER_DATE.exec(line.text);
    if (h) {
      const d = findDates(h[2])[0];
      if (d) headerDate = d.iso;
    }
    // Lines of a text (l12, l13…) wrap one paragraph; a gap, a page or a table row ends it.
    const no = Number(/\bl(\d+)$/.exec(line.location)?.[1] ?? NaN);
    // Only a long line wraps into the next; a short one is a heading or a label ("Chief complaint").
    const joins = block !== null && Number.isFinite(no) && no - prevNo === 1 && line.page === prevPage && line.text.trim() !== '' && prevLen >= wrapAt;
    if (!joins) flush();
    prevNo = no;
    prevPage = line.page;
    prevLen = line.text.trim().length;
    if (!line.text.trim()) continue;
    const open = block as { text: string; starts: [number, string][] } | null;
    if (open) {
      open.text += ' ';
      open.starts.push([open.text.length, line.location]);
      open.text += line.text.trim();
    } else block = { text: line.text.trim(), page: line.page, starts: [[0, line.location]], date: headerDate ?? ownDate };
  }
  flush();
  cache.set(doc, out);
  return out;
}

/** Words that tie a sentence to someone in the family rather than the form's subject. */
export const RELATIVE = /\b(husband|wife|spouse|son|daughter|brother|sister|mother|father|mom|dad|aunt|uncle|cousin|child|children)('s)?\b/i;

/** Negation inside a clause. */
export const NEGATION = /\b(not|never|no|none|n't|didn'?t|wasn'?t|weren'?t|hasn'?t|haven'?t|isn'?t|without)\b/i;

/** A person living with the writer ("lives with us", "moved in with us"), or not ("does not live with me any more", "lives with his mom"). */
export const LIVES_HERE = /\b(?:live|lives|lived|living|stay|stays)\s+with\s+(?:me|us)\b|\bmoved in with (?:me|us)\b/i;
export const LIVES_ELSEWHERE = /\b(?:does(?: not|n't)|do(?: not|n't)|no longer|not)\s+(?:live|lives|living|stay|stays)\s+with\s+(?:me|us)\b|\blives?\s+with\s+(?:his|her|their)\s+(?:mom|mother|dad|father|grandparents?)\b/i;

// Amount boxes answered by a statement's named figures: tax slips, returns, payslips and notices
// list their amounts one per name ("Box 14 Employment income   14,210.00", "26000 Taxable income
// 84,915.00", "Adjusted gross income: ........ $28,940.00", "Court fee … is £115.00"). A box whose
// caption names the same thing ("Line 1. Enter your taxable income from line 26000 of your return.")
// takes that figure. Conservative by construction:
// - a figure is money by its form: a currency sign, thousands separators or two decimals, so counts,
//   years, box numbers and account numbers never answer;
// - the name and the caption must share two words that say what the money is for, and either the
//   name says nothing the caption does not (one word more when they share three), or every such word
//   of the caption is in the name (running text: "Court fee for a paper claim … is £115.00");
// - each box takes only the names it matches best, and they must all state one figure; a name that
//   another box's caption matches as well or better answers neither (two columns "You" and "Your
//   spouse" both asking "Employment income");
// - a table row with two figures and one name ("Insurance | 1884 | 1236") names neither; an unsure
//   line ("about", "maybe") or a line about another person than the caption names is passed over.
import type { ReadDocument } from '../types.ts';
import { partOfAmount } from './amounts.ts';
import type { FieldSpec } from './fields.ts';
import { roleIn } from './labels.ts';
import { contentWords } from './match-keys.ts';
import { HEDGE } from './normalise.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import type { FieldProposal, ProposeField } from './types.ts';

/** A money figure by its form: sign, thousands separators or cents. Not a percentage, a date or a piece of a longer number. */
const FIGURE = /(?<![\w.,/-])(?:[$€£]\s?(\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+(?:\.\d{2})?)|(\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+\.\d{2}))(?![\d%/-]|[.,]\d)/g;

/** Words every caption and statement use that say nothing of what the money is for. */
const EMPTY = new Set(['line', 'box', 'column', 'amount', 'return', 'instruction', 'see', 'attach', 'schedule', 'form', 'per', 'total'].flatMap((w) => contentWords(w)));

interface Listed {
  value: string;
  /** What the figure is for, as its statement names it (content words). */
  name: Set<string>;
  doc: ReadDocument;
  page: number;
  location: string;
  text: string;
}

/** The figures a line lists, each with the words before it back to the previous figure (or the clause's start). */
function listedOn(doc: ReadDocument, line: ReadDocument['lines'][number]): Listed[] {
  const text = line.text;
  if (HEDGE.test(text)) return [];
  const out: Listed[] = [];
  let from = 0;
  for (const m of text.matchAll(FIGURE)) {
    const start = m.index!;
    // The name is the last clause before the figure: "- From the returns: my net income on line 23600 is $17,980.55".
    const name = new Set(contentWords(text.slice(from, start).split(/[;:!?]\s|\.\s|\|/).filter((p) => /\p{L}/u.test(p)).pop() ?? '').filter((w) => !EMPTY.has(w)));
    from = start + m[0].length;
    // A figure with no name of its own (a row's second column) leaves the row's name unsure.
    if (name.size === 0) return [];
    if (partOfAmount(text, start, from)) continue;
    out.push({ value: (m[1] ?? m[2]).replace(/,/g, ''), name, doc, page: line.page, location: line.location, text });
  }
  return out;
}

/** A caption's words in order: each with whether a hyphen joins it to the word before ("self-employment"). */
interface CaptionWord {
  /** The content word, or null for a filler, a number or a word that says nothing of the money. */
  word: string | null;
  joined: boolean;
  raw: string;
}
function captionWords(text: string): CaptionWord[] {
  return text.replace(/\([^)]*(\)|$)/g, ' ').split(/\s+/).flatMap((token) =>
    token.split('-').map((part, k) => {
      const [word] = contentWords(part).filter((w) => !EMPTY.has(w));
      return { word: word ?? null, joined: k > 0, raw: part.toLowerCase().replace(/[^\p{L}]/gu, '') };
    }),
  );
}

/**
 * Do the shared words read as the thing the caption asks for? They must stand together in it
 * ("Federal adjusted gross income", not "net exempt income" for "net income"), not as the tail of a
 * hyphened word ("self-employment income") nor as what another sum is taken on ("Alberta tax on
 * taxable income"). A name that adds a word may not meet a caption that has its own word in that
 * place: "Federal income tax withheld" is not "Illinois Income Tax withheld".
 */
function namesSubject(caption: CaptionWord[], shared: Set<string>, adds: boolean): boolean {
  for (let start = 0; start < caption.length; start++) {
    if (!caption[start].word || !shared.has(caption[start].word!)) continue;
    const seen = new Set<string>();
    let end = start;
    while (end < caption.length && (!caption[end].word || shared.has(caption[end].word!))) {
      if (caption[end].word) seen.add(caption[end].word!);
      end++;
    }
    if (seen.size < shared.size) continue;
    if (caption[start].joined) return false;
    const before = caption[start - 1];
    const head = caption[start - 2];
    if (before && /^(on|of|for|to)$/.test(before.raw) && head?.word) return false;
    return !(adds && before?.word);
  }
  return false;
}

/** How well a statement's name answers a caption: 0 when it does not, else the words they share (less a half per word the name adds). */
function matchScore(caption: Set<string>, order: CaptionWord[], name: Set<string>): number {
  const shared = new Set([...name].filter((w) => caption.has(w)));
  const extra = name.size - shared.size;
  if (shared.size < 2 || !namesSubject(order, shared, extra > 0)) return 0;
  if (extra <= (shared.size >= 3 ? 1 : 0)) return shared.size - 0.5 * extra;
  // Running text says more around the name: then every word of the caption must be in it.
  if (shared.size === caption.size && extra <= 6) return shared.size - 0.1 * extra;
  return 0;
}

export function listedAmounts(fields: ProposeField[], specs: FieldSpec[], documents: ReadDocument[], isOpen: (i: number) => boolean): Map<number, FieldProposal> {
  const out = new Map<number, FieldProposal>();
  // The boxes that may ask for an amount: text boxes no concept rule reads (an SSN, a date…).
  const boxes = fields.flatMap((f, i) => (f.type === 'text' && !specs[i].concept && !specs[i].skip ? [{ i, caption: new Set(contentWords(specs[i].text).filter((w) => !EMPTY.has(w))), order: captionWords(specs[i].text), whose: roleIn(specs[i].text) }] : []));
  if (!boxes.some((b) => isOpen(b.i))) return out;
  const listed = documents.flatMap((doc) => doc.lines.flatMap((line) => listedOn(doc, line)));
  if (listed.length === 0) return out;
  const score = boxes.map((b) => listed.map((l) => {
    const about = roleIn(l.text);
    return about && about !== b.whose ? 0 : matchScore(b.caption, b.order, l.name);
  }));
  // Each statement's best score over all boxes, and how many boxes reach it.
  const bestFor = listed.map((_, j) => Math.max(...score.map((s) => s[j])));
  const reach = listed.map((_, j) => score.filter((s) => s[j] > 0 && s[j] === bestFor[j]).length);
  boxes.forEach((b, k) => {
    if (!isOpen(b.i)) return;
    const best = Math.max(0, ...score[k]);
    if (best === 0) return;
    const hits = listed.filter((_, j) => score[k][j] === best);
    if (new Set(hits.map((h) => Number(h.value))).size !== 1) return;
    if (hits.some((h) => { const j = listed.indexOf(h); return bestFor[j] > best || reach[j] > 1; })) return;
    out.set(b.i, inferredProposal(
      fields[b.i],
      hits[0].value,
      hits.map((h) => evidenceAt(h.doc, h.page, h.location, h.text, 'listed_amount')),
      `A document lists this amount under the box's own words ("${hits[0].text.slice(0, 80)}").`,
    ));
  });
  return out;
}

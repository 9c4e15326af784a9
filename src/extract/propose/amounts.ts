// An amount box answered by running text: a field that asks for a sum of money ("Utilities
// Amount", a box with a printed "$") takes the one money figure of a sentence that names every
// word of its subject ("Utilities run about $210 a month."). Conservative by construction:
// - every sentence naming the subject counts, and all must state the same single figure;
//   a sentence with two figures ("it's $95 now, not $90") or an unsure one ("maybe $40")
//   leaves the box open;
// - a sentence that names another person than the label does ("my mother's pension is $900")
//   speaks of that person's money and is passed over;
// - a label that some concept rule already reads (an SSN, a date…) is not an amount;
// - a share of something ("$200 toward the rent") or one item of a product ("12 gifts of $50")
//   is not its amount;
// - the figure must carry its currency sign, so dates, counts and account numbers never answer.
import type { ReadDocument } from '../types.ts';
import type { FieldSpec } from './fields.ts';
import { roleIn } from './labels.ts';
import { contentWords } from './match-keys.ts';
import { HEDGE } from './normalise.ts';
import type { PrintedLabel } from './page-labels.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import { sentencesOf } from './statements.ts';
import type { FieldProposal, ProposeField } from './types.ts';

/** A figure with its currency sign; the sign keeps dates, counts and account numbers out. */
export const MONEY = /[$€£]\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{2})?(?!\d)/g;

/** "12 gifts of $50": one item of a product, not the sum; "$300 every month toward the rent": a share of it. */
export function partOfAmount(text: string, start: number, end: number): boolean {
  return /\b\d+\s+(\w+\s+)?(of|at|x|×)\s*$/i.test(text.slice(Math.max(0, start - 30), start)) || /^\s*(\w+\s+){0,3}towards?\b/i.test(text.slice(end));
}

/** Words that say a box holds money, not what the money is for. */
const KIND = new Set(['amount', 'sum', 'total'].flatMap((w) => contentWords(w)));

/** Does the box ask for a sum of money? Its label says "amount", or the page prints a currency sign beside it. */
function asksAmount(spec: FieldSpec, printed: PrintedLabel | undefined): boolean {
  if (contentWords(spec.text).some((w) => KIND.has(w))) return true;
  return [printed?.left, printed?.above].some((t) => /^\s*[$€£]\s*$|[$€£]\s*$/.test(t ?? ''));
}

export function statedAmount(field: ProposeField, spec: FieldSpec, printed: PrintedLabel | undefined, documents: ReadDocument[]): FieldProposal | null {
  if (field.type !== 'text' || spec.concept || !asksAmount(spec, printed)) return null;
  const subject = [...new Set(contentWords(spec.text).filter((w) => !KIND.has(w)))];
  if (subject.length === 0) return null;
  const whose = roleIn(spec.text);
  const hits: { value: string; doc: ReadDocument; page: number; location: string; text: string }[] = [];
  for (const doc of documents) {
    for (const s of sentencesOf(doc)) {
      const words = new Set(contentWords(s.text));
      if (!subject.every((w) => words.has(w))) continue;
      const about = roleIn(s.text);
      if (about && about !== whose) continue;
      const figures = [...s.text.matchAll(MONEY)];
      // A sentence naming the subject without one sure figure makes the answer unclear.
      if (figures.length !== 1 || HEDGE.test(s.text) || partOfAmount(s.text, figures[0].index!, figures[0].index! + figures[0][0].length)) return null;
      const [, whole, cents] = figures[0];
      hits.push({ value: `${whole.replace(/,/g, '')}${cents ?? ''}`, doc, page: s.page, location: s.location, text: s.text });
    }
  }
  if (hits.length === 0 || new Set(hits.map((h) => Number(h.value))).size !== 1) return null;
  return inferredProposal(
    field,
    hits[0].value,
    hits.map((h) => evidenceAt(h.doc, h.page, h.location, h.text, 'stated_amount')),
    `The documents state this amount in running text ("${hits[0].text.slice(0, 80)}").`,
  );
}

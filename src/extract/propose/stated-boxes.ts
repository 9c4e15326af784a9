// A check box that stands for one answer to a printed question ("Filing Status: Head of household",
// "Nature du don: Numéraire") is ticked when a document states that question with that answer as a
// key and its value ("Filing status: head of household this year", "Nature : numéraire."). The key
// must name the box's question (all its words are the question's), and the value must open with the
// box's own option, so a sibling box of the same question ("Single", "Married filing jointly") never
// matches the same statement — unless its option is a shorter start of the same words, in which case
// only the longest option stated is ticked. Two statements that tick different boxes of one
// question tick none, and neither does a statement that two boxes reading alike would answer. The
// answer is at most medium: a person checks it.
import type { ReadDocument } from '../types.ts';
import { fold } from './normalise.ts';
import type { PrintedLabel } from './page-labels.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import type { FieldProposal, ProposeField } from './types.ts';

/** Words that say nothing of which answer a box is ("Yes", "check box"). */
const EMPTY_OPTION = /^(yes|no|y|n|on|off|other|none|check( ?box)?|checkbox|x)$/;

const words = (s: string) => fold(s).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);

interface Box {
  index: number;
  /** The answer the box stands for, folded, parenthetical asides dropped ("head of household"). */
  option: string;
  /** Every word of the question the box answers (its label before the option, and the heading printed over it). */
  question: Set<string>;
}

/** The option and question of a single check box from its label ("Question: Option"), or null. */
function boxOf(index: number, field: ProposeField, printed: PrintedLabel | undefined): Box | null {
  if (field.type !== 'checkbox' || new Set((field.widgets ?? []).map((w) => w.export_value).filter(Boolean)).size > 1) return null;
  const label = field.label ?? '';
  const cut = label.lastIndexOf(':');
  if (cut < 0) return null;
  const option = fold(label.slice(cut + 1).replace(/\([^)]*\)/g, ' ')).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  if (!option || EMPTY_OPTION.test(option) || !words(option).some((w) => w.length >= 4)) return null;
  const question = new Set(words(`${label.slice(0, cut)} ${printed?.heading ?? ''}`));
  return question.size ? { index, option, question } : null;
}

/** Does the value state this option first ("head of household this year" → "head of household")? */
function opensWith(value: string, option: string): boolean {
  const v = fold(value).replace(/^[\s"'«“]+/, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return v === option || v.startsWith(`${option} `);
}

/** Proposals for single check boxes whose question and answer a document states as key: value. */
export function statedBoxes(fields: ProposeField[], printed: (PrintedLabel | undefined)[], documents: ReadDocument[], isOpen: (i: number) => boolean): Map<number, FieldProposal> {
  const boxes = fields.flatMap((f, i) => (isOpen(i) ? [boxOf(i, f, printed[i])] : [])).filter((b): b is Box => b !== null);
  const ticks = new Map<number, { box: Box; doc: ReadDocument; page: number; location: string; quote: string }>();
  /** Boxes two statements disagree about (another box of the same question was ticked). */
  const disputed = new Set<number>();
  for (const doc of documents) {
    for (const pair of doc.pairs) {
      const key = words(pair.key);
      if (!key.length) continue;
      const named = boxes.filter((b) => key.every((w) => b.question.has(w)) && opensWith(pair.value, b.option));
      if (!named.length) continue;
      // "Married" and "Married filing jointly" both open "married filing jointly": the longest is meant.
      const longest = Math.max(...named.map((b) => b.option.length));
      const meant = named.filter((x) => x.option.length === longest);
      // Two boxes that read the same (the page's words do not tell them apart): which one is unknown.
      if (meant.length > 1) {
        for (const b of meant) disputed.add(b.index);
        continue;
      }
      const b = meant[0];
      // Another box of this question ticked by an earlier statement: the documents disagree.
      for (const [j, { box: other }] of ticks) {
        if (j !== b.index && key.every((w) => other.question.has(w)) && other.option !== b.option) disputed.add(j).add(b.index);
      }
      if (!ticks.has(b.index)) ticks.set(b.index, { box: b, doc, page: pair.page, location: pair.location, quote: `${pair.key}: ${pair.value}`.trim() });
    }
  }
  const out = new Map<number, FieldProposal>();
  for (const [i, at] of ticks) {
    if (disputed.has(i)) continue;
    out.set(i, inferredProposal(fields[i], 'true', [evidenceAt(at.doc, at.page, at.location, at.quote, 'stated_option')], 'The documents state this answer to the box\'s question.'));
  }
  return out;
}

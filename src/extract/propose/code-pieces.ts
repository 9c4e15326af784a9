// A category code written over several boxes: "(c)(9)" in boxes separated by printed parentheses,
// each labelled "Enter First / Second / Third Letter or Number of Eligibility Category". The
// documents write the code whole ("category C9", a card's "Category" column "C09"); each box takes
// its piece: the letter, the number without leading zeros, then any suffix. A box past the code's
// last piece stays empty.
import type { ReadDocument } from '../types.ts';
import type { Fact } from './facts.ts';
import { canonical, compact } from './normalise.ts';

const ORDINALS = ['first', 'second', 'third', 'fourth'];

/** Which piece of which code a label asks for, or null when it asks for no piece. */
export function codePieceOf(label: string): { index: number; head: string } | null {
  const last = canonical(label).split(/(?<=[.?!])\s+(?=\S)/).filter((s) => /[a-z]{3}/.test(s)).pop() ?? '';
  const m = /\b(first|second|third|fourth) (?:letter or number|number or letter|letter|number|character|part) of (?:the |your )?([a-z ]{3,40}?)\.?$/.exec(last);
  if (!m) return null;
  const head = m[2].trim().split(' ').pop()!;
  return head.length > 3 ? { index: ORDINALS.indexOf(m[1]), head } : null;
}

const CODE = String.raw`(\(?[a-z]\)?\s?\(?\d{1,2}\)?(?:\s?\(?(?:[a-z]{1,4}|\d{1,2})\)?)?)(?![\w-])`;

/** "(c)(9)", "C9", "C09", "(c)(3)(C)" → ["c", "9"], ["c", "3", "C"]. */
export function codePieces(code: string): string[] {
  const m = /^\(?([a-z])\)?\s?\(?0*(\d{1,2})\)?(?:\s?\(?([a-z]{1,4}|\d{1,2})\)?)?$/i.exec(code.trim());
  if (!m) return [];
  return [m[1].toLowerCase(), m[2], ...(m[3] ? [m[3]] : [])];
}

/** The piece this label asks for, from every code the documents write after the head word. */
export function codePieceFacts(label: string, docs: ReadDocument[], role: string): Fact[] {
  const ask = codePieceOf(label);
  if (!ask || role !== 'self') return [];
  const inline = new RegExp(String.raw`\b${ask.head}\s*(?:is|:|#)?\s*${CODE}`, 'i');
  const out: Fact[] = [];
  for (const doc of docs) {
    // A filled form's printed text is its instructions ("if you entered category (c)(3)(C)…"); its values are its fields.
    if (doc.pairs.some((p) => p.method === 'acroform')) continue;
    doc.lines.forEach((line, i) => {
      let code = inline.exec(line.text)?.[1];
      let method = 'inline';
      let strength = 0.75;
      // A card: the head word ends the label line, the code ends the line below.
      const above = doc.lines[i - 1];
      if (!code && above && above.page === line.page && new RegExp(String.raw`\b${ask.head}\s*$`, 'i').test(above.text)) {
        code = new RegExp(String.raw`(?:^|\s)${CODE}\s*$`, 'i').exec(line.text)?.[1];
        method = 'label_above';
        strength = 0.6;
      }
      const piece = code ? codePieces(code)[ask.index] : undefined;
      if (!piece) return;
      out.push({
        concept: 'keyed', role: 'self', slot: null, key: compact(piece), text: piece, keyText: ask.head, raw: code!.trim(),
        doc, page: line.page, location: line.location, method, strength, hedged: false,
      });
    });
  }
  return out;
}

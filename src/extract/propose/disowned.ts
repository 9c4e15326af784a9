// Values a document takes back. A correction names the wrong value beside the right one: "it's
// $895 now, not $875", "it's 07/09/2013, not 07/19", "the student loan interest in the draft
// (412.60) is last year's number". Wherever else the wrong value is written (the sheet, the
// draft), it answers nothing: a field is better left empty than filled with what its owner disowned.
import type { ReadDocument } from '../types.ts';
import { findDates } from './recognizers.ts';
import type { FieldProposal } from './types.ts';

interface Disowned {
  /** An amount or a number, by value. */
  number?: number;
  /** A date by month and day ("07-19"), and by year when written. */
  monthDay?: string;
  year?: string;
}

const TOKEN = String.raw`\$?\d[\d,./-]*\d`;
// "…, not $875", "not 07/19": the value a correction replaces. (Not "not 4": a bare small number
// is a count in running text more often than a value of the form.)
const NOT_THIS = new RegExp(String.raw`\bnot\s+(${TOKEN})(?![\d/-])`, 'gi');
// "(412.60) is last year's number", "1,204.10 was a typo".
const CALLED_WRONG = new RegExp(String.raw`\(?(${TOKEN})\)?\s+(?:is|was)\s+(?:last year'?s|wrong|incorrect|a typo|outdated|out of date|not right)\b`, 'gi');

function read(token: string): Disowned | null {
  const t = token.replace(/^\$/, '');
  const date = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?$/.exec(t);
  if (date) return { monthDay: `${date[1].padStart(2, '0')}-${date[2].padStart(2, '0')}`, year: date[3] };
  // A year alone ("not 2024") says which year, not which value.
  if (/^(19|20)\d{2}$/.test(t)) return null;
  if (/^\d{1,3}(,\d{3})*(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(t)) {
    const n = Number(t.replace(/,/g, ''));
    return n >= 10 || t.includes('.') ? { number: n } : null;
  }
  return null;
}

const cache = new WeakMap<readonly ReadDocument[], Disowned[]>();

/** Every value the documents disown. */
export function disownedValues(docs: readonly ReadDocument[]): Disowned[] {
  const had = cache.get(docs);
  if (had) return had;
  const out: Disowned[] = [];
  for (const d of docs)
    for (const l of d.lines)
      for (const re of [NOT_THIS, CALLED_WRONG])
        for (const m of l.text.matchAll(re)) {
          const v = read(m[1]);
          if (v) out.push(v);
        }
  cache.set(docs, out);
  return out;
}

/** Whether a value, as a document or the field writes it, is one the documents disowned. */
function disowns(value: string, disowned: readonly Disowned[]): boolean {
  const t = value.replace(/^\$/, '').trim();
  const date = findDates(t)[0];
  if (date && date.raw.length >= t.length - 1) return disowned.some((d) => d.monthDay === date.iso.slice(5, 10) && (!d.year || d.year === date.iso.slice(0, 4)));
  if (!/^\d{1,3}(,\d{3})*(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(t)) return false;
  const n = Number(t.replace(/,/g, ''));
  return disowned.some((d) => d.number !== undefined && d.number === n);
}

/**
 * Proposals of a value the documents disowned, whichever rule found it, are withdrawn: the field
 * stays open with a note saying why.
 */
export function distrustDisownedValues(documents: readonly ReadDocument[], proposals: FieldProposal[]): FieldProposal[] {
  const disowned = disownedValues(documents);
  if (!disowned.length) return proposals;
  return proposals.map((p) => {
    if (p.status !== 'proposed' || !p.value || !(disowns(p.value, disowned) || p.evidence.some((e) => disowns(e.quote, disowned)))) return p;
    return { ...p, status: 'missing', value: null, confidence: null, note: `A document corrects this value ("${p.value}"), so it is left for you to enter.` };
  });
}

// Values a document takes back. A correction names the wrong value beside the right one: "it's
// $895 now, not $875", "it's 07/09/2013, not 07/19", "the student loan interest in the draft
// (412.60) is last year's number". Wherever else the wrong value is written (the sheet, the
// draft), it answers nothing: a field is better left empty than filled with what its owner
// disowned. Where the correction says what replaces it ("it's X, not Y"), X takes its place; where
// the documents disagreed between the two, the value left standing is the answer.
import type { ReadDocument } from '../types.ts';
import { findDates } from './recognizers.ts';
import type { Evidence, FieldProposal } from './types.ts';

interface Disowned {
  /** The value the correction puts in its place ("it's $895 now, not $875"), with where it says so. */
  replacement?: { token: string; evidence: Evidence };
  /** An amount or a number, by value. */
  number?: number;
  /** A date by month and day ("07-19"), and by year when written. */
  monthDay?: string;
  year?: string;
  /** The last digits of a long number (an SSN, an account), as a writer points at it: "not ...2238". */
  tail?: string;
}

const TOKEN = String.raw`\$?\d[\d,./-]*\d`;
// "…, not $875", "not 07/19": the value a correction replaces. (Not "not 4": a bare small number
// is a count in running text more often than a value of the form.)
const NOT_THIS = new RegExp(String.raw`\bnot\s+(${TOKEN})(?![\d/-])`, 'gi');
// "not ...2238", "not xxx-2238": a long number named by its last digits.
const NOT_ENDING = /\bnot\s+(?:\.{2,}|…|x{2,}[\s-]?(?:x{2}[\s-]?)?)(\d{3,4})\b/gi;
// "it's 07/09/2013, not 07/19", "is now $1,240.10, not $1,204.10", "it is 900-61-2283 (not …": the value right before "not".
const INSTEAD = new RegExp(String.raw`(${TOKEN})(?:\s+now)?,?\s*\(?\s*$`, 'i');
// "(412.60) is last year's number", "1,204.10 was a typo".
const CALLED_WRONG = new RegExp(String.raw`\(?(${TOKEN})\)?\s+(?:is|was)\s+(?:last year'?s|wrong|incorrect|a typo|outdated|out of date|not right)\b`, 'gi');

/** A number or an amount as written: "875", "1,204.10", "412.60". */
const NUMBER = /^\d{1,3}(,\d{3})*(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/;

function read(token: string): Disowned | null {
  const t = token.replace(/^\$/, '');
  const date = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?$/.exec(t);
  if (date) return { monthDay: `${date[1].padStart(2, '0')}-${date[2].padStart(2, '0')}`, year: date[3] };
  // A year alone ("not 2024") says which year, not which value.
  if (/^(19|20)\d{2}$/.test(t)) return null;
  if (NUMBER.test(t)) {
    const n = Number(t.replace(/,/g, ''));
    return n >= 10 || t.includes('.') ? { number: n } : null;
  }
  return null;
}

/** Every value the documents disown. */
function disownedValues(docs: readonly ReadDocument[]): Disowned[] {
  const out: Disowned[] = [];
  for (const d of docs)
    d.lines.forEach((l, k) => {
      for (const re of [NOT_THIS, NOT_ENDING, CALLED_WRONG])
        for (const m of l.text.matchAll(re)) {
          const v = re === NOT_ENDING ? { tail: m[1] } : read(m[1]);
          if (!v) continue;
          // The replacement may close the line before ("…it is 900-61-2283" / "(not ...2238)").
          const before = l.text.slice(0, m.index);
          const said = /^\W*$/.test(before) && k > 0 ? `${d.lines[k - 1].text} ${before}` : before;
          const instead = re !== CALLED_WRONG ? INSTEAD.exec(said)?.[1] : undefined;
          if (instead) v.replacement = { token: instead, evidence: { document_id: d.document_id, document_name: d.document_name, page: l.page, method: 'correction', location: l.location, quote: l.text.trim() } };
          out.push(v);
        }
    });
  return out;
}

/** The disowned entry a value, as a document or the field writes it, matches. */
function disownedEntry(value: string, disowned: readonly Disowned[]): Disowned | undefined {
  const t = value.replace(/^\$/, '').trim();
  const digits = /^[\d\s-]+$/.test(t) ? t.replace(/\D/g, '') : '';
  const byTail = digits.length >= 7 && disowned.find((d) => d.tail && digits.endsWith(d.tail));
  if (byTail) return byTail;
  const date = findDates(t)[0];
  if (date && date.raw.length >= t.length - 1) return disowned.find((d) => d.monthDay === date.iso.slice(5, 10) && (!d.year || d.year === date.iso.slice(0, 4)));
  if (!NUMBER.test(t)) return undefined;
  const n = Number(t.replace(/,/g, ''));
  return disowned.find((d) => d.number !== undefined && d.number === n);
}

/**
 * The correction's value written the way the withdrawn one was (a date in its layout, an amount
 * with its "$", thousands commas and cents), or null when the two are not the same kind of value.
 */
function inLayoutOf(was: string, token: string): string | null {
  const old = was.trim();
  const fresh = token.replace(/^\$/, '');
  // A long number (an SSN, an account): the correction's digits, dashed only where the old one was.
  if (/^[\d\s-]{7,}$/.test(old) && /^[\d\s-]+$/.test(fresh)) {
    const digits = fresh.replace(/\D/g, '');
    if (digits.length !== old.replace(/\D/g, '').length) return null;
    return /\D/.test(old) ? fresh : digits;
  }
  const oldDate = findDates(old)[0];
  if (oldDate) {
    const m = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?$/.exec(fresh);
    if (!m) return null;
    const [mm, dd, yyyy] = [m[1].padStart(2, '0'), m[2].padStart(2, '0'), m[3] ?? oldDate.iso.slice(0, 4)];
    if (/^\d{4}-\d{2}-\d{2}$/.test(old)) return `${yyyy}-${mm}-${dd}`;
    if (/^\d{2}\/\d{2}\/\d{4}$/.test(old)) return `${mm}/${dd}/${yyyy}`;
    if (/^\d{8}$/.test(old)) return `${mm}${dd}${yyyy}`;
    return null;
  }
  const bare = old.replace(/^\$/, '');
  if (!NUMBER.test(bare) || !NUMBER.test(fresh)) return null;
  const n = Number(fresh.replace(/,/g, ''));
  const cents = /\.(\d{1,2})$/.exec(bare)?.[1].length ?? 0;
  const text = bare.includes(',') ? n.toLocaleString('en-US', { minimumFractionDigits: cents, maximumFractionDigits: cents }) : n.toFixed(cents);
  return `${old.startsWith('$') ? '$' : ''}${text}`;
}

/**
 * Proposals of a value the documents disowned, whichever rule found it, are withdrawn: the
 * correction's own value takes the field when it says one (medium: a person should look), else
 * the field stays open with a note saying why.
 */
export function distrustDisownedValues(documents: readonly ReadDocument[], proposals: FieldProposal[]): FieldProposal[] {
  const disowned = disownedValues(documents);
  if (!disowned.length) return proposals;
  const isDisowned = (value: string, evidence: Evidence[]) => disownedEntry(value, disowned) ?? evidence.map((e) => disownedEntry(e.quote, disowned)).find(Boolean);
  return proposals.map((p) => {
    // Documents that disagree, one of whose values another document takes back: the other stands.
    if (p.status === 'conflict' && p.alternatives?.length) {
      const kept = p.alternatives.filter((a) => !isDisowned(a.value, a.evidence));
      if (kept.length !== 1 || kept.length === p.alternatives.length) return p;
      const gone = p.alternatives.find((a) => a !== kept[0])!.value;
      return { ...p, status: 'proposed', value: kept[0].value, confidence: 'medium', evidence: kept[0].evidence, alternatives: undefined, note: `A document takes back "${gone}", the value the documents disagreed with.` };
    }
    if (p.status !== 'proposed' || !p.value) return p;
    const entry = isDisowned(p.value, p.evidence);
    if (!entry) return p;
    const instead = entry.replacement && inLayoutOf(p.value, entry.replacement.token);
    if (instead) return { ...p, value: instead, confidence: 'medium', evidence: [entry.replacement!.evidence], note: `A document corrects "${p.value}" to "${entry.replacement!.token}".` };
    return { ...p, status: 'missing', value: null, confidence: null, note: `A document corrects this value ("${p.value}"), so it is left for you to enter.` };
  });
}

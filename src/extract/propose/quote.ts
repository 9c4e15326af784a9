// Quote check: can the value be read back from the document at the place the evidence names?
// This is the guard against values the proposer made up or mangled: a value that fails it is
// never given high confidence.
import type { ReadDocument } from '../types.ts';
import { compact, digitsOf, fold } from './normalise.ts';
import { findDates, parseDate } from './recognizers.ts';
import type { Evidence, ProposeField } from './types.ts';

/** The document text at an evidence location: that line (and the next, for wrapped addresses) and any pair there. */
export function textAt(doc: ReadDocument, page: number, location: string): string[] {
  const out: string[] = [];
  const i = doc.lines.findIndex((l) => l.page === page && l.location === location);
  if (i >= 0) {
    out.push(doc.lines[i].text);
    const next = doc.lines[i + 1];
    if (next && next.page === page) out.push(`${doc.lines[i].text} ${next.text}`);
  }
  for (const p of doc.pairs) if (p.page === page && p.location === location) out.push(p.value, `${p.key}: ${p.value}`);
  return out;
}

function isCheckboxWord(v: string): boolean {
  return v === 'true' || v === 'false';
}

/**
 * True when `value` (or its normalised form: digits for ids, the same calendar day for dates)
 * can be quoted back from the document text at the evidence location.
 */
export function quoteCheck(value: string, field: ProposeField, evidence: Evidence, documents: ReadDocument[]): boolean {
  const doc = documents.find((d) => d.document_id === evidence.document_id);
  if (!doc || !value.trim()) return false;
  const texts = textAt(doc, evidence.page, evidence.location);
  if (!texts.length) return false;
  // A check box or an option stands for what the quote says; check the quote itself is there.
  if (field.type === 'checkbox' || field.type === 'radio' || field.type === 'choice' || isCheckboxWord(value)) {
    const q = compact(evidence.quote);
    const v = compact(value);
    return texts.some((t) => {
      const ct = compact(t);
      return (q !== '' && ct.includes(q)) || (v.length > 1 && new RegExp(`\\b${v.replace(/[^a-z0-9 ]/g, '')}\\b`).test(ct));
    });
  }
  const v = value.trim();
  // Dates: any date at the place that can be read as the same day (either order of day/month).
  const asDate = parseDate(v);
  if (asDate && /\d/.test(v) && v.replace(/[\d/.\- ]/g, '').length === 0) {
    return texts.some((t) => findDates(t).some((d) => d.iso === asDate.iso || d.alt === asDate.iso));
  }
  // Ids and numbers: the same digits in a run at the place (separators ignored).
  if (/^[\d\s()./+-]+$/.test(v) && digitsOf(v).length >= 2) {
    const dv = digitsOf(v);
    return texts.some((t) => {
      const runs = t.match(/[A-Za-z]?\d[\d\s()./-]*\d|\d/g) ?? [];
      return runs.some((r) => digitsOf(r).includes(dv));
    });
  }
  // Text: the words in order, ignoring case and punctuation.
  const cv = compact(v);
  return texts.some((t) => ` ${compact(t)} `.includes(` ${cv} `) || fold(t).includes(fold(v)));
}

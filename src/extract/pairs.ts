// "Key: value" on one line, the way notes, emails, letters and typed forms state facts.
import type { KeyValue, PairMethod, TextLine } from './types.ts';

// A key: starts with a letter, at most 8 words and 60 characters, no sentence punctuation.
const LABEL_COLON = /^\s*(?:[-*•>#]+\s*)?(?:\*\*|__)?([A-Za-z\u00C0-\u024F][A-Za-z0-9\u00C0-\u024F '’&/().#,-]{0,59}?)(?:\*\*|__)?\s*[:：](?:\*\*|__)?\s+(\S.*?)\s*$/u;

/** The "Key: value" pair a line states, or null. Times ("10:30") and URLs ("https://") are not pairs. */
export function labelColon(text: string): { key: string; value: string } | null {
  const m = LABEL_COLON.exec(text);
  if (!m) return null;
  const key = m[1].trim().replace(/\s+/g, ' ');
  const value = m[2].replace(/^(?:\*\*|__)/, '').trim();
  if (!key || !value) return null;
  if (key.split(' ').length > 8) return null;
  if (/^(https?|ftp|mailto)$/i.test(key)) return null;
  if (/[.!?]\s/.test(key)) return null;
  return { key, value };
}

export function colonPairs(lines: TextLine[], method: PairMethod): KeyValue[] {
  const out: KeyValue[] = [];
  for (const line of lines) {
    // Runs of 3+ spaces separate columns ("Name: Ana Ruiz     DOB: 03/14/1990"); a column that
    // is only a label ("Name:") takes the next column as its value.
    const cols = line.text.split(/\s{3,}|\t+/).map((c) => c.trim()).filter(Boolean);
    for (let i = 0; i < cols.length; i++) {
      let kv = labelColon(cols[i]);
      if (!kv && /:$/.test(cols[i]) && i + 1 < cols.length && !/:$/.test(cols[i + 1])) {
        kv = labelColon(`${cols[i]} ${cols[i + 1]}`);
        if (kv) i++;
      }
      if (kv) out.push({ ...kv, page: line.page, location: line.location, method });
    }
  }
  return out;
}

/** "date_of_birth", "dateOfBirth", "DATE-OF-BIRTH" → "Date of birth". */
export function humanise(name: string): string {
  const s = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : name;
}

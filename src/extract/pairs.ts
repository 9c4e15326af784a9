// "Key: value" on one line, the way notes, emails, letters and typed forms state facts.
import type { KeyValue, PairMethod, TextLine } from './types.ts';

// A key: starts with a letter, at most 8 words and 60 characters, no sentence punctuation.
const LABEL_COLON = /^\s*(?:[-*•>#]+\s*)?(?:\*\*|__)?([A-Za-z\u00C0-\u024F][A-Za-z0-9\u00C0-\u024F '’&/().#,-]{0,59}?)(?:\*\*|__)?\s*[:：](?:\*\*|__)?\s+(\S.*?)\s*$/u;

/** The "Key: value" pair a line states, or null. Times ("10:30") and URLs ("https://") are not pairs. */
export function labelColon(text: string): { key: string; value: string; rest?: string } | null {
  const m = LABEL_COLON.exec(text);
  if (!m) return null;
  const key = m[1].trim().replace(/\s+/g, ' ');
  const value = m[2].replace(/^(?:\*\*|__)/, '').trim();
  if (!key || !value) return null;
  if (key.split(' ').length > 8) return null;
  if (/^(https?|ftp|mailto)$/i.test(key)) return null;
  if (/[.!?]\s/.test(key)) return null;
  const end = sentenceEnd(value);
  return end < 0 ? { key, value } : { key, value: value.slice(0, end).trim(), rest: value.slice(end + 1).trim() };
}

/** Words a period follows without ending a sentence ("Acme Inc. Boston", "Dr. Rochat"). */
const ABBREVIATION = /^(inc|ltd|co|corp|llc|st|ste|ave|blvd|rd|dr|mr|mrs|ms|jr|sr|apt|no|nr|mt|ft|dept|univ|prof|gen|rev|vs|etc|approx|tel|ph)$/i;

/**
 * Where the sentence a value is stated in ends, or -1: "Occupation: respiratory therapist. Phone
 * (614) 555-0138." ends after "therapist". A period ends the sentence when the next word is
 * capitalised and the one before is neither an initial ("J. Smith") nor an abbreviation.
 */
function sentenceEnd(value: string): number {
  const end = /(\S+)\.\s+(?=\p{Lu}\p{Ll})/gu;
  let m: RegExpExecArray | null;
  while ((m = end.exec(value))) {
    const word = m[1].replace(/^[^\p{L}\p{N}]+/u, '');
    if (word.length <= 1 || ABBREVIATION.test(word) || /\.\p{L}$/u.test(word)) continue;
    return m.index + m[1].length;
  }
  return -1;
}

/** Words that name a kind of value and so may follow another capitalised word in a key ("Claim Number"). */
const KIND_WORD = /^(number|no\.?|date|code|id|#)$/i;

/**
 * Where a later key starts in a value ("Rashid A. Karimi Title: Clerk" → at "Title"), or -1: the
 * words before a ": " — one capitalised word, then lower-case words ("Pay frequency", "Emp #") or
 * a kind word ("Claim Number"), three at most.
 */
function nextKeyAt(value: string): number {
  const colon = /\s?:\s+\S/g;
  let m: RegExpExecArray | null;
  while ((m = colon.exec(value))) {
    const before = value.slice(0, m.index);
    const words = before.split(' ');
    let start = -1;
    for (let k = 1; k <= 3 && k < words.length; k++) {
      const key = words.slice(words.length - k);
      if (!/^[A-Z][A-Za-z.#/'-]*$/.test(key[0]) || /[.,]$/.test(key[0])) continue;
      if (key.slice(1).every((w) => /^[a-z#][a-z#.'-]*$/.test(w) || KIND_WORD.test(w))) start = words.length - k;
    }
    if (start > 0) return words.slice(0, start).join(' ').length + 1;
  }
  return -1;
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
      // A scan, and a PDF's text line, flatten a row of columns into single spaces ("Employee: Ana
      // Ruiz Title: Clerk", "Taxpayer: Harold Brandvold SSN … Spouse: Sunita Brandvold"): a later
      // capitalised key of one to three words ending in ":" starts a pair of its own. (A mail's
      // subject keeps its "RE: FW:" and whatever follows.)
      while (kv && !/^(subject|re|fw|fwd)$/i.test(kv.key)) {
        const at = nextKeyAt(kv.value);
        const rest = at > 0 ? labelColon(kv.value.slice(at)) : null;
        if (!rest) break;
        out.push({ key: kv.key, value: kv.value.slice(0, at).trim(), page: line.page, location: line.location, method });
        kv = rest;
      }
      // The next sentence of running text may state a pair of its own ("… no landline. Work phone: …").
      while (kv?.rest) {
        out.push({ key: kv.key, value: kv.value, page: line.page, location: line.location, method });
        kv = labelColon(kv.rest);
      }
      if (kv) out.push({ key: kv.key, value: kv.value, page: line.page, location: line.location, method });
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

// Text is checked once (issue #17): every field value a caller supplies goes through checkText on its
// way in (via normaliseValue), and text taken from documents goes through cleanText before it is
// stored. NUL cannot be stored in a PostgreSQL text or jsonb column and a lone surrogate is not
// Unicode, so both used to surface as 500s.
import { LIMITS } from '../limits.ts';

/** C0 controls other than tab, LF and CR; lone surrogates; Unicode noncharacters (U+FFFE, U+FDD0, …). */
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|\p{Cs}|\p{Noncharacter_Code_Point}/u;
const INVALID_ALL = new RegExp(INVALID.source, 'gu');

export type TextProblem = { reason: 'invalid_text' | 'value_too_long'; message: string };

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why a value cannot be taken as it is, or null. Cheap: one length check, one regex scan. */
export function checkText(value: string, maxBytes: number = LIMITS.valueBytes): TextProblem | null {
  // UTF-8 is at most 3 bytes per UTF-16 unit: count bytes only when the length says it may matter.
  if (value.length * 3 > maxBytes) {
    const bytes = Buffer.byteLength(value, 'utf8');
    if (bytes > maxBytes) return { reason: 'value_too_long', message: `The value is ${bytes} bytes (UTF-8); at most ${maxBytes} are accepted.` };
  }
  const m = INVALID.exec(value);
  if (m) {
    const cp = m[0].codePointAt(0)!;
    const what = cp >= 0xd800 && cp <= 0xdfff ? 'a lone surrogate' : cp < 0x20 ? 'a control character' : 'a noncharacter';
    return { reason: 'invalid_text', message: `The value holds ${what} (${hex(cp)}) at position ${m.index}; send well-formed Unicode text without NUL or control characters.` };
  }
  return null;
}

/** Text from a document made storable: lone surrogates become U+FFFD, other invalid code points go. */
export function cleanText(value: string): string {
  if (!INVALID.test(value)) return value;
  return value.replace(INVALID_ALL, (m) => (m.length === 1 && m.charCodeAt(0) >= 0xd800 && m.charCodeAt(0) <= 0xdfff ? '\uFFFD' : ''));
}

/** A JSON-like value with every string (keys too) passed through cleanText. */
export function cleanStrings<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map(cleanStrings) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanText(k), cleanStrings(v)])) as T;
  }
  return value;
}

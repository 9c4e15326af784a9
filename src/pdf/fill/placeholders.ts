// Placeholders a form ships in its text fields: the form author's hint, not an answer. A fill
// that asks for it (FillOptions.clearPlaceholders) writes such a field empty when it gives the
// field no value, so the filled PDF does not print "(party)", "Judge/Master" or a stale total of 0
// where the user gave nothing.

/** Words of a text, lower case, letters and digits only. */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Whether `value`, shipped in a text field known by `own` (its name, its tooltip), is a placeholder:
 * - its words are all words of the field's own name or tooltip ("Date" in "enter the date of the hearing");
 * - it is a bracketed word hint, alone or with a possessive ("(party)", "[Party]'s", "<name>");
 * - it is a blank to write in, a run of underscores ("______ District of ______") or of spaces;
 * - it is a zero amount, the initial value of a total the form computes in a viewer.
 */
export function isPlaceholder(value: string, own: string[]): boolean {
  const v = value.trim();
  if (v === '') return value !== '';
  if (/_{3,}/.test(v)) return true;
  if (/^[$€£]?\s*0+(?:[.,]0+)?$/.test(v)) return true;
  if (/^[([<]\s*\p{L}[\p{L}\s/-]*[)\]>](?:['’]s)?$/u.test(v)) return true;
  const words = wordsOf(v);
  if (words.length === 0 || words.length > 4 || /\d/.test(v)) return false;
  const ownWords = new Set(own.flatMap(wordsOf));
  return words.every((w) => ownWords.has(w));
}

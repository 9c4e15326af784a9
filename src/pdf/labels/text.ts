// Label text as a person would write it: no leader dots or underscores, no trailing colons or
// asterisks, no letter-spacing ("L AST", "E m a i l"), no hyphenation left from a wrapped line.
// A line or item number stays in front of its caption ("16a Wages, salaries, tips").

/** "E m a i l" → "Email", "L AST NAME" → "LAST NAME", "SUFFI x" → "SUFFIX". */
export function joinLetterSpacing(text: string): string {
  // Three or more single characters in a row, one space apart: one spaced-out word.
  let t = text.replace(/(?<=^|\s)(?:[\p{L}\p{N}.]\s){2,}[\p{L}\p{N}](?=\s|$)/gu, (m) => m.replace(/\s/g, ''));
  // A capital letter split off a capitalised word ("L AST"), except the words A and I.
  t = t.replace(/(?<=^|\s)([B-HJ-Z])\s(\p{Lu}{2,})(?=\s|$|[,:.;)])/gu, '$1$2');
  // A lower-case last letter of an all-capitals word ("SUFFI x"), typeset in small capitals.
  t = t.replace(/(?<=^|\s)(\p{Lu}{3,})\s([b-z])(?=\s|$|[,:.;)])/gu, (_m, w: string, c: string) => w + c.toUpperCase());
  return t;
}

/** The words of a caption, cleaned. */
export function cleanLabel(text: string): string {
  let t = joinLetterSpacing(text.replace(/\s+/g, ' ').trim());
  t = t.replace(/[_…]+/g, ' ').replace(/(?:\.\s?){2,}/g, ' ');
  // A box drawn with brackets or a ballot glyph in the caption's text ("[ ] Projekt", "☐ Yes"),
  // or with a symbol font's glyph that reads as a control or private-use character.
  t = t.replace(/\[\s*\]|[\u2610-\u2612\u25a1\ue000-\uf8ff]|[\u0000-\u0008\u000e-\u001f]/g, ' ');
  // "informa- tion": a word hyphenated at a line end, joined again.
  t = t.replace(/(\p{Ll})- (\p{Ll})/gu, '$1$2');
  t = t.replace(/\s+/g, ' ').trim();
  t = t.replace(/[\s:*]+$/, '').replace(/^[\s:*•·–—-]+/, '').trim();
  return t.length > 120 ? t.slice(0, 117).trimEnd() + '…' : t;
}

/** At most `n` characters, an ellipsis marking a cut. */
export const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n - 1).trimEnd() + '…' : s);

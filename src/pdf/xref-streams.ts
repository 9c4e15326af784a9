// Cross-reference streams as written, checked before pdf-lib parses a file whole. pdf-lib trusts
// what their dictionaries declare: it reads each entry's fields byte by byte for the widths /W
// gives, and makes one entry for every object /Index (or /Size) declares, whatever the stream holds.
// A 901-byte file declaring a width of 2^31 bytes kept a thread busy for minutes; one declaring
// 10^9 entries ran it out of memory (both found by `npm run fuzz`). A width beyond 8 bytes cannot
// be read as a number at all, and the entries declared count against the file's object limit.

/** What is wrong with a file's cross-reference streams, or null when nothing is. */
export type XrefStreamFault = { kind: 'widths'; widths: string } | { kind: 'entries'; entries: number };

const XREF_TYPE = /\/Type\s*\/XRef\b/g;
/** Widest field a reader can take as a number (8 bytes; real files use 1 to 4). */
const MAX_FIELD_BYTES = 8;

/** The first fault among the file's cross-reference streams (declared entries summed over all of them). */
export function xrefStreamFault(text: string, maxEntries: number): XrefStreamFault | null {
  let entries = 0;
  XREF_TYPE.lastIndex = 0;
  for (let m = XREF_TYPE.exec(text); m; m = XREF_TYPE.exec(text)) {
    const dict = enclosingDict(text, m.index);
    const widths = /\/W\s*\[([^\]]*)\]/.exec(dict)?.[1];
    if (widths !== undefined && !widths.trim().split(/\s+/).every((w) => /^\d+$/.test(w) && Number(w) <= MAX_FIELD_BYTES)) return { kind: 'widths', widths: widths.trim().slice(0, 60) };
    const index = /\/Index\s*\[([^\]]*)\]/.exec(dict)?.[1];
    const counts = index ? index.trim().split(/\s+/).filter((_, i) => i % 2 === 1) : [/\/Size\s+(\d+)/.exec(dict)?.[1] ?? '0'];
    entries += counts.reduce((sum, n) => sum + (Number(n) || 0), 0);
    if (entries > maxEntries) return { kind: 'entries', entries };
  }
  return null;
}

/** The dictionary around `at`: back to the << that opens it, forward to its matching >> (within 64 KiB each way). */
function enclosingDict(text: string, at: number): string {
  let depth = 0;
  let open = -1;
  for (let i = at - 1; i >= Math.max(1, at - 65_536); i--) {
    if (text[i] === '>' && text[i - 1] === '>') {
      depth++;
      i--;
    } else if (text[i] === '<' && text[i - 1] === '<') {
      if (depth === 0) {
        open = i - 1;
        break;
      }
      depth--;
      i--;
    }
  }
  if (open < 0) return '';
  depth = 0;
  for (let i = open; i < Math.min(text.length - 1, open + 65_536); i++) {
    if (text[i] === '<' && text[i + 1] === '<') {
      depth++;
      i++;
    } else if (text[i] === '>' && text[i + 1] === '>') {
      if (--depth === 0) return text.slice(open, i + 2);
      i++;
    }
  }
  return text.slice(open, Math.min(text.length, open + 65_536));
}

// Cross-reference streams as written, checked before pdf-lib parses a file. pdf-lib trusts what
// their dictionaries declare: it reads each entry's fields byte by byte for the widths /W gives, and
// makes one entry for every object /Index (or /Size) declares, whatever the stream holds. A 901-byte
// file declaring a width of 2^31 bytes kept a thread busy for minutes; one declaring 10^9 entries
// ran it out of memory (both found by `npm run fuzz`). A width beyond 8 bytes cannot be read as a
// number at all, and the entries declared count against the file's object limit.

/** What is wrong with a cross-reference stream, or null when nothing is. */
export type XrefStreamFault = { kind: 'widths'; widths: string } | { kind: 'entries'; entries: number };

/** Where a stream's data begins, right after its dictionary's closing >> (each scan makes its own global copy: scans may interleave across awaits). */
export const STREAM_START = />>\s*stream\r?\n/;

/** Widest field a reader can take as a number (8 bytes; real files use 1 to 4). */
const MAX_FIELD_BYTES = 8;

/** The dictionary ending at `end` (its closing >>), found by walking back over nested << >>. */
export function dictBefore(text: string, end: number): string {
  let depth = 1;
  const stop = Math.max(0, end - 65_536);
  for (let i = end - 1; i > stop; i--) {
    if (text[i] === '>' && text[i - 1] === '>') {
      depth++;
      i--;
    } else if (text[i] === '<' && text[i - 1] === '<') {
      if (--depth === 0) return text.slice(i + 1, end);
      i--;
    }
  }
  return '';
}

/** One stream dictionary judged: null when it is no cross-reference stream or declares `maxEntries` entries or fewer. */
export function xrefDictFault(dict: string, maxEntries: number): XrefStreamFault | null {
  if (!/\/Type\s*\/XRef\b/.test(dict)) return null;
  const widths = /\/W\s*\[([^\]]*)\]/.exec(dict)?.[1];
  if (widths !== undefined && !widths.trim().split(/\s+/).every((w) => /^\d+$/.test(w) && Number(w) <= MAX_FIELD_BYTES)) return { kind: 'widths', widths: widths.trim().slice(0, 60) };
  const index = /\/Index\s*\[([^\]]*)\]/.exec(dict)?.[1];
  const counts = index ? index.trim().split(/\s+/).filter((_, i) => i % 2 === 1) : [/\/Size\s+(\d+)/.exec(dict)?.[1] ?? '0'];
  const entries = counts.reduce((sum, n) => sum + (Number(n) || 0), 0);
  return entries > maxEntries ? { kind: 'entries', entries } : null;
}

/** The first faulty cross-reference stream among a file's streams (each stream's dictionary as written). */
export function xrefStreamFault(text: string, maxEntries: number): XrefStreamFault | null {
  const streams = new RegExp(STREAM_START, 'g');
  for (let m = streams.exec(text); m; m = streams.exec(text)) {
    const fault = xrefDictFault(dictBefore(text, m.index), maxEntries);
    if (fault) return fault;
  }
  return null;
}

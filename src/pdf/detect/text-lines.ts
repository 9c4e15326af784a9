// Words → text lines (phrases). Words on one baseline join when the gap between them is
// word spacing; a wider gap starts a new phrase, because forms put separate labels (and
// columns) on one baseline.
import { rectFromEdges, unionAll } from './geometry.ts';
import type { TextLine, Word } from './model.ts';

export function groupLines(words: readonly Word[], gapFactor = 1.0): TextLine[] {
  const sorted = [...words].sort((a, b) => b.rect.y + b.rect.height / 2 - (a.rect.y + a.rect.height / 2) || a.rect.x - b.rect.x);
  const rows: Word[][] = [];
  for (const w of sorted) {
    const wc = w.rect.y + w.rect.height / 2;
    // Join the row whose vertical band holds this word's centre (rows are few per band).
    let row: Word[] | undefined;
    for (let i = rows.length - 1; i >= 0 && i >= rows.length - 6; i--) {
      const r = rows[i];
      const ref = r[0];
      const rc = ref.rect.y + ref.rect.height / 2;
      if (Math.abs(rc - wc) <= 0.35 * Math.min(ref.rect.height, w.rect.height) + 0.3) {
        row = r;
        break;
      }
    }
    if (row) row.push(w);
    else rows.push([w]);
  }
  const lines: TextLine[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.rect.x - b.rect.x);
    let cur: Word[] = [];
    const flush = () => {
      if (!cur.length) return;
      const rect = unionAll(cur.map((w) => w.rect)) ?? rectFromEdges(0, 0, 0, 0);
      lines.push({ words: cur, rect, text: cur.map((w) => w.text).join(' '), size: Math.max(...cur.map((w) => w.size)) });
      cur = [];
    };
    for (const w of row) {
      const prev = cur[cur.length - 1];
      if (prev) {
        const gap = w.rect.x - (prev.rect.x + prev.rect.width);
        if (gap > gapFactor * Math.max(prev.size, w.size) || gap < -Math.max(prev.size, w.size)) flush();
      }
      cur.push(w);
    }
    flush();
  }
  return lines;
}

// Radio groups: buttons of one question sit on one row (○ Yes ○ No) or in one column (a list of
// choices). Buttons are grouped by row, then remaining singles by column; the group is named
// after the question (the text before the first button, or above it) or numbered.
import type { Rect } from '../types.ts';
import { cy, right, top } from './geometry.ts';

/** Groups as arrays of indexes into `radios`. */
export function groupRadios(radios: readonly Rect[]): number[][] {
  const groups: number[][] = [];
  const used = new Set<number>();
  const order = radios.map((_, i) => i).sort((a, b) => top(radios[b]) - top(radios[a]) || radios[a].x - radios[b].x);
  // Rows: same centre line, neighbours closer than ~150 pt.
  for (const i of order) {
    if (used.has(i)) continue;
    const row = order.filter((j) => !used.has(j) && Math.abs(cy(radios[j]) - cy(radios[i])) < Math.max(3, radios[i].height * 0.5)).sort((a, b) => radios[a].x - radios[b].x);
    const chain = [row[0]];
    for (let k = 1; k < row.length; k++) {
      if (radios[row[k]].x - right(radios[chain[chain.length - 1]]) > 150) break;
      chain.push(row[k]);
    }
    if (chain.length >= 2) {
      chain.forEach((j) => used.add(j));
      groups.push(chain);
    }
  }
  // Columns: same x, evenly stacked.
  for (const i of order) {
    if (used.has(i)) continue;
    const col = [i];
    used.add(i);
    for (const j of order) {
      if (used.has(j)) continue;
      const last = radios[col[col.length - 1]];
      if (Math.abs(radios[j].x - last.x) < 3 && last.y - top(radios[j]) < 30 && last.y - top(radios[j]) > -1) {
        col.push(j);
        used.add(j);
      }
    }
    groups.push(col);
  }
  return groups;
}

export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'group'
  );
}

// Reading order for fields: page by page, top to bottom in rows, left to right within a row.
// Two fields share a row when their vertical extents overlap by half of the smaller height.
import type { FormField } from './types.ts';

export function sortReadingOrder<T extends Pick<FormField, 'page' | 'rect'>>(fields: T[]): T[] {
  const byPage = new Map<number, T[]>();
  for (const f of fields) byPage.set(f.page, [...(byPage.get(f.page) ?? []), f]);
  const out: T[] = [];
  for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
    const items = byPage.get(page)!.sort((a, b) => top(b) - top(a));
    const rows: T[][] = [];
    for (const f of items) {
      const row = rows.find((r) => sameRow(r[0], f));
      if (row) row.push(f);
      else rows.push([f]);
    }
    for (const row of rows) out.push(...row.sort((a, b) => a.rect.x - b.rect.x));
  }
  return out;
}

const top = (f: Pick<FormField, 'rect'>) => f.rect.y + f.rect.height;

function sameRow(a: Pick<FormField, 'rect'>, b: Pick<FormField, 'rect'>): boolean {
  const overlap = Math.min(top(a), top(b)) - Math.max(a.rect.y, b.rect.y);
  return overlap >= 0.5 * Math.min(a.rect.height, b.rect.height);
}

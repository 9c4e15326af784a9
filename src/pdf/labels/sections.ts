// The section a field sits in: forms number their parts ("Part I", "Section B", "Step 3", "Teil 2",
// "Partie 1") and print the part's title beside the number. A field belongs to the nearest part
// heading above it (a page that opens without a heading continues the previous page's last part:
// carrySections in index.ts).
import type { TextLine } from '../detect/model.ts';
import { cy, right, top } from '../detect/geometry.ts';
import type { Rect } from '../types.ts';
import { clip, cleanLabel } from './text.ts';

const HEADING = /^(part|section|step|schedule|chapter|teil|abschnitt|partie|sección|seccion|parte|rubrique)\s+([ivxlc]+|\d{1,2}|[a-z])\b\s*[.:)–—-]?\s*/i;

export interface SectionHeading {
  rect: Rect;
  text: string;
}

/** Part headings of a page, each with the title printed after its number (same line or right beside it). */
export function sectionHeadings(lines: readonly TextLine[]): SectionHeading[] {
  const out: SectionHeading[] = [];
  for (const l of lines) {
    const m = HEADING.exec(l.text.trim());
    // "Schedule D, line ___", "Schedule E/F, line" cite another part; a heading's number is followed by its title.
    if (!m || /^(\/\p{L}+)?\s*,/u.test(l.text.trim().slice(m[0].length))) continue;
    let text = l.text.trim();
    if (text.length <= m[0].length + 1) {
      // "Part I" alone in a box: the title is the next text to its right on the same row.
      const title = lines
        .filter((o) => o !== l && o.rect.x >= right(l.rect) - 1 && o.rect.x - right(l.rect) <= 60 && Math.abs(cy(o.rect) - cy(l.rect)) <= Math.max(3, 0.5 * l.rect.height))
        .sort((a, b) => a.rect.x - b.rect.x)[0];
      if (title) text = `${text} ${title.text.trim()}`;
    }
    out.push({ rect: l.rect, text: clip(cleanLabel(text), 60) });
  }
  return out.sort((a, b) => top(b.rect) - top(a.rect));
}

/** The heading of the part a field sits in ('' when none above it on the page). */
export function sectionOf(r: Rect, headings: readonly SectionHeading[]): string {
  let best: SectionHeading | null = null;
  for (const h of headings) {
    if (h.rect.y < top(r) - 2 || h.rect.x > right(r)) continue;
    if (!best || h.rect.y < best.rect.y) best = h;
  }
  return best?.text ?? '';
}

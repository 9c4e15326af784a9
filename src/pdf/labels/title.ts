// The printed title of a form, for PDFs whose metadata has none: the largest print in the top part
// of the first page (a title wrapped over two lines is joined), with the form's number in front
// when the page prints one apart ("Form I-765", "DS-11", "SSA-634").
import type { PdfDocument } from '../document.ts';
import { buildVectorModel } from '../detect/page-model.ts';
import type { TextLine } from '../detect/model.ts';
import { top } from '../detect/geometry.ts';
import { cleanLabel } from './text.ts';

/** A line that starts with the form's number: "Form I-765", "Formulaire 5000", "SSA-634". */
const FORM_NUMBER = /^(?:(?:form|formulaire|formular|formulario)\s+[A-Z]{0,5}[- ]?\d[\w-]*|[A-Z]{1,5}-\d{1,5}[A-Z]?)\b/i;

/** The title as printed, or null when the first page has no text. Never throws. */
export async function printedTitle(pdf: PdfDocument): Promise<string | null> {
  try {
    const { model } = buildVectorModel(await pdf.rawPage(0));
    return titleOfLines(model.lines, model.view[3]);
  } catch {
    return null;
  }
}

/** The title among a page's lines (the page's top edge at `pageTop`). */
export function titleOfLines(lines: readonly TextLine[], pageTop: number): string | null {
  const height = pageTop - Math.min(...lines.map((l) => l.rect.y), pageTop);
  const upper = lines.filter((l) => top(l.rect) >= pageTop - 0.4 * Math.max(height, 1) && /\p{L}{3,}/u.test(l.text));
  if (!upper.length) return null;
  const size = Math.max(...upper.map((l) => l.size));
  const biggest = upper.filter((l) => l.size >= size - 0.5).sort((a, b) => top(b.rect) - top(a.rect));
  // The first line of the largest print, and the next one if it wraps right under it.
  const parts = [biggest[0]];
  const next = biggest[1];
  if (next && biggest[0].rect.y - top(next.rect) <= 0.6 * size) parts.push(next);
  let title = cleanLabel(parts.map((l) => l.text).join(' '));
  if (!title) return null;
  const numberLine = upper.map((l) => FORM_NUMBER.exec(l.text.trim())).find((m) => m);
  const number = numberLine ? numberLine[0].trim() : '';
  const digits = number.replace(/^\D+/, '');
  if (number && !title.toLowerCase().includes(digits.toLowerCase())) title = `${number}: ${title}`;
  return title.length > 300 ? title.slice(0, 299) + '…' : title;
}

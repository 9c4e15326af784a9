// Side-by-side columns of the same questions, one per person: "About Debtor 1:" over the left
// column, "About Debtor 2 (Spouse Only in a Joint Case):" over the right one. The right column's
// boxes repeat the left one's labels ("First name", "Last name"), so their own words never say
// whose they are; the caption printed over the column does. A box takes the party of the column
// caption above it on its page — the nearest caption whose column it sits in — when its own
// label named no one.
import type { FieldSpec } from './fields.ts';
import { roleIn } from './labels.ts';
import type { PrintedLabel } from './page-labels.ts';
import type { ProposeField } from './types.ts';

/** A caption over a column: short, names a party, and introduces what follows. */
function columnCaption(text: string | undefined): boolean {
  return Boolean(text && text.length <= 70 && /:\s*$/.test(text.trim()) && /\b(about|debtor|person|party|spouse|applicant|co-?applicant|borrower|co-?borrower)\b/i.test(text));
}

export function columnParties(fields: ProposeField[], specs: FieldSpec[], printed: PrintedLabel[]): void {
  const captions = fields
    .map((f, i) => ({ f, i, text: printed[i]?.above }))
    .filter((c) => columnCaption(c.text))
    .map((c) => ({ ...c, role: roleIn(c.text!) }));
  // Only a form with captions for at least two columns on one page lays its parties out this way.
  const pages = new Set(captions.filter((c) => captions.some((d) => d !== c && d.f.page === c.f.page && Math.abs(d.f.rect.x - c.f.rect.x) > c.f.rect.width / 2)).map((c) => c.f.page));
  if (!pages.size) return;
  // A box in a person's column may have been read as "someone else's" because it repeats a label
  // of the row (rules that see only labels cannot tell columns apart); its row's first box, read
  // as the subject's, says the row asks about each column's person.
  const rowOfSelf = (f: ProposeField) => fields.some((g, j) => g !== f && g.page === f.page && Math.abs(g.rect.y - f.rect.y) <= 3 && g.rect.x < f.rect.x && specs[j].role === 'self' && specs[j].concept);
  fields.forEach((f, i) => {
    if (!pages.has(f.page) || !specs[i].concept) return;
    if (specs[i].role !== 'self' && !(specs[i].role === 'other' && rowOfSelf(f))) return;
    const cx = f.rect.x + f.rect.width / 2;
    // The nearest caption above whose column holds the box's centre.
    const over = captions
      .filter((c) => c.f.page === f.page && c.f.rect.y >= f.rect.y - 1 && cx >= c.f.rect.x - 5 && cx <= c.f.rect.x + c.f.rect.width + 5)
      .sort((a, b) => a.f.rect.y - b.f.rect.y)[0];
    if (over?.role && over.role !== 'self' && over.role !== 'alias') specs[i].role = over.role;
  });
}

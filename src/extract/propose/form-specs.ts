// What a field asks, settled against the rest of the form: rules that need a field's neighbours,
// not just its own label — a death block around it, the address block a lone "ZIP" belongs to,
// rows of a table, numbered repeats of another party's item, an "only if different" said once
// per block. They run once per form, after analyseField and before any document is read.
import type { FieldSpec } from './fields.ts';
import { compact, humaniseName } from './normalise.ts';
import type { ProposeField } from './types.ts';

export function settleFormSpecs(fields: ProposeField[], specs: FieldSpec[]): void {
  // A block that asks for a date or place of death is about a deceased person, not the subject
  // of the documents' self facts: its names and dates are left for a person.
  // (A check box captioned "FETAL DEATH" is one record type to choose among, not such a block.)
  const deathAt = specs.map((s, i) => fields[i].type !== 'checkbox' && /\b(death|deceased|decedent)\b/i.test(s.text));
  // A neighbour whose own caption says it is yours ("Your first name…" next to a "Deceased" date box) stays yours.
  specs.forEach((s, i) => {
    if (!deathAt[i] && deathAt.slice(Math.max(0, i - 3), i + 4).some(Boolean) && !/\byour\b/i.test(s.text)) s.role = 'other';
  });
  // "STATE" or "ZIP" alone belongs to the address block it sits in: the street line printed just
  // above it, else the field read right before it; anywhere else it may be a licence's state or a
  // port of entry, and is left alone.
  specs.forEach((s, i) => {
    if (!s.weakAddress) return;
    const isBlock = (p: FieldSpec) => p.concept === 'address' && !p.weakAddress && !p.skip;
    const near = streetAbove(fields, specs, i, isBlock) ?? specs.slice(Math.max(0, i - 3), i).reverse().find(isBlock);
    if (!near) {
      s.concept = null;
      s.skip = true;
      return;
    }
    // …and to that block's party and slot: "1f. City" under "1e. Provider address" is the provider's.
    if (s.role === 'self') s.role = near.role;
    if (s.slot === null) s.slot = near.slot;
  });
  // A name split over a row of boxes names its person once, in the first box's caption ("If joint
  // return, spouse's first name and middle initial | Last name"): a box of that row whose caption
  // names nobody belongs to the person of the nearest named box left of it.
  specs.forEach((s, i) => {
    if (s.concept !== 'name' || s.role !== 'self' || fields[i].type !== 'text' || /\b(you|your|yours)\b/i.test(s.text)) return;
    const r = fields[i].rect;
    const sameRow = (j: number) => j !== i && fields[j].page === fields[i].page && fields[j].type === 'text' && Math.abs(fields[j].rect.y - r.y) < 3 && fields[j].rect.x < r.x;
    const left = fields.map((_, j) => j).filter(sameRow).sort((a, b) => fields[b].rect.x - fields[a].rect.x)[0];
    if (left !== undefined && specs[left].concept === 'name' && specs[left].role !== 'self') s.role = specs[left].role;
  });
  // Two numbered filers side by side ("Debtor 1" / "Debtor 2", "Applicant 1" / "Applicant 2"):
  // the second is never the first one again. Where the form speaks of a spouse, the second filer
  // is the spouse (a joint case); otherwise someone the documents' facts are not tied to.
  const second = (i: number) => FILER_2.test(`${specs[i].text} ${humaniseName(fields[i].name)}`);
  const hasFirst = fields.some((f, i) => FILER_1.test(`${specs[i].text} ${humaniseName(f.name)}`));
  if (hasFirst) {
    const spouseForm = fields.some((f) => /\b(spouse|husband|wife|joint)\b/i.test(`${f.label} ${f.section ?? ''}`));
    specs.forEach((s, i) => {
      if (s.role === 'self' && second(i)) s.role = spouseForm ? 'spouse' : 'other';
    });
  }
  addressLines(fields, specs);
  // Rows of a table (household members, children, jobs): text fields asking the same thing on the
  // same page, one under another. The first row may be the subject's; the rows after it are other
  // people's, whatever the path of their name says. (So in the spouse's column beside it: "Debtor 2"
  // over two rows of SSN boxes has one SSN of the spouse's, the row under it for another.)
  const rows = new Map<string, number[]>();
  fields.forEach((f, i) => {
    if (f.type !== 'text' || !specs[i].concept || (specs[i].role !== 'self' && specs[i].role !== 'spouse')) return;
    const key = `${f.page}|${specs[i].role}|${compact(specs[i].text)}`;
    rows.set(key, [...(rows.get(key) ?? []), i]);
  });
  for (const idx of rows.values()) {
    // Columns of one row ("Debtor 1" | "Debtor 2" side by side): the leftmost may be the
    // subject's; the columns right of it are someone else's.
    for (const i of idx) if (idx.some((j) => j !== i && Math.abs(fields[j].rect.y - fields[i].rect.y) < 3 && fields[j].rect.x < fields[i].rect.x - 20)) specs[i].role = 'other';
    const stacked = idx.sort((a, b) => fields[b].rect.y - fields[a].rect.y).filter((i, k) => k === 0 || fields[i].rect.y < fields[idx[k - 1]].rect.y - 2);
    if (stacked.length < 2) continue;
    for (const i of idx) if (i !== stacked[0]) specs[i].role = 'other';
  }
  // "Second child", "Child 3": one of several people of a kind, in an order the facts do not
  // carry; only the first of them may take what the documents say of that kind of person.
  specs.forEach((s, i) => {
    if (s.role === 'self' || !s.concept) return;
    const t = `${s.text} ${humaniseName(fields[i].name)}`.toLowerCase();
    if (/\b(second|third|fourth|fifth|2nd|3rd|4th|5th)\b/.test(t) || new RegExp(`\\b(child|children|dependent|son|daughter|codebtor)\\s*[2-9]\\b`).test(t)) s.role = 'other';
  });
  // Numbered repeats of another party's block ("1k. Provider FEIN", "2k. …", "3k. …"): a fact
  // can answer only the first item; the later items are other providers, whatever is known.
  const items = new Map<string, { n: number; i: number }[]>();
  fields.forEach((f, i) => {
    const m = /^\s*(\d+)\s*[a-z]?[.)]\s+(.+)$/i.exec(specs[i].text);
    if (f.type !== 'text' || !specs[i].concept || specs[i].role === 'self' || !m) return;
    const key = `${specs[i].role}|${compact(m[2])}`;
    items.set(key, [...(items.get(key) ?? []), { n: Number(m[1]), i }]);
  });
  for (const list of items.values()) {
    const first = Math.min(...list.map((x) => x.n));
    if (list.some((x) => x.n !== first)) for (const x of list) if (x.n !== first) specs[x.i].role = 'other';
  }
  // "Provide this only if different from the mailing address" is said once per address block, on
  // its first line: every field of that block (same person, same slot) inherits it.
  const different = new Set(specs.filter((s) => s.concept === 'address' && s.ifDifferent && s.slot).map((s) => `${s.role}|${s.slot}`));
  for (const s of specs) if (s.concept === 'address' && s.slot && different.has(`${s.role}|${s.slot}`)) s.ifDifferent = true;
}

/**
 * One address over two numbered boxes ("HOME ADDRESS 1" / "HOME ADDRESS 2", "STREET 1" /
 * "STREET 2"): the first line is the street, the second what the form asks nowhere else — the
 * apartment when the block has its own city box, else the city, state and ZIP. A third numbered
 * box means the numbers count entries (codebtors' addresses), not lines, and nothing changes.
 */
function addressLines(fields: ProposeField[], specs: FieldSpec[]): void {
  const numbered = (i: number) => /^(.*?\b(?:address|street|addr))[\s_.-]*([123])$/i.exec((fields[i].label || humaniseName(fields[i].name)).trim());
  const pieces = new Map<string, Map<number, number>>();
  fields.forEach((f, i) => {
    const m = numbered(i);
    if (f.type !== 'text' || specs[i].concept !== 'address' || !m) return;
    const key = `${f.page}|${specs[i].role}|${specs[i].slot}|${compact(m[1])}`;
    const byNumber = pieces.get(key) ?? new Map<number, number>();
    byNumber.set(Number(m[2]), i);
    pieces.set(key, byNumber);
  });
  for (const byNumber of pieces.values()) {
    const [one, two] = [byNumber.get(1), byNumber.get(2)];
    if (byNumber.size !== 2 || one === undefined || two === undefined || fields[two].rect.y > fields[one].rect.y + 2) continue;
    const { role, slot } = specs[one];
    if (!['line', 'street'].includes(specs[one].addressPart ?? '') || !['line', 'street'].includes(specs[two].addressPart ?? '')) continue;
    const ownCity = specs.some((s) => s.concept === 'address' && s.role === role && s.slot === slot && (s.addressPart === 'city' || s.addressPart === 'city_state' || s.addressPart === 'city_state_zip'));
    specs[one].addressPart = 'street';
    specs[two].addressPart = ownCity ? 'unit' : 'city_state_zip';
  }
}

const FILER = '(debtor|applicant|borrower|taxpayer|filer)';
const FILER_1 = new RegExp(`\\b${FILER} ?(1|one)\\b`, 'i');
const FILER_2 = new RegExp(`\\b${FILER} ?(2|two)\\b`, 'i');

/**
 * The address field printed right above field `i` (same page, overlapping it across, at most
 * about two of its rows higher): the street line of the block a "City | State | ZIP" row
 * completes. Fields are often stored in another order than they are printed (a form's left
 * column first, or names and addresses interleaved), so the block is found on the page.
 */
function streetAbove(fields: ProposeField[], specs: FieldSpec[], i: number, isBlock: (s: FieldSpec) => boolean): FieldSpec | undefined {
  const r = fields[i].rect;
  const reach = Math.max(24, 2 * r.height);
  let best: { spec: FieldSpec; gap: number } | undefined;
  fields.forEach((f, j) => {
    if (j === i || f.page !== fields[i].page || !isBlock(specs[j])) return;
    const gap = f.rect.y - (r.y + r.height);
    const across = f.rect.x < r.x + r.width && f.rect.x + f.rect.width > r.x;
    if (across && gap >= -2 && gap <= reach && (!best || gap < best.gap)) best = { spec: specs[j], gap };
  });
  return best?.spec;
}

// The label engine: one way to name a field from the page around it, used by the detector (flat
// and scanned pages) and by the contract builder for existing AcroForm fields.
//
//   caption.ts   which printed lines name each field (geometry: left, above, below, inside,
//                line numbers, check box questions, table row × column)
//   text.ts      the text of a label, normalised (letter-spacing, leaders, hyphenation)
//   words.ts     what a label's words say: data type, required, signature, office-use areas
//   acroform.ts  labels for existing AcroForm fields: tooltip when it is a good label, else the page
//   title.ts     the printed title of a form
//   lines.ts     the printed lines captions are read from (no page furniture, joined captions split)
//
// This file composes a caption into the label string and settles what needs every label of a page:
// cents boxes and captions that repeat.
import type { FieldType, Rect } from '../types.ts';
import type { TextLine } from '../detect/model.ts';
import { cy, overlap1d, right, top } from '../detect/geometry.ts';
import { isOwnCaption, leftOf, type Caption } from './caption.ts';
import { sectionHeadings, sectionOf } from './sections.ts';
import { clip, cleanLabel } from './text.ts';
import { ADDRESS_PART, isItemMarker } from './words.ts';
import { captionSource } from './lines.ts';
import { labelPersonColumns } from './twins.ts';

export { chooseCaptions, type Caption, type CaptionSide, type FieldBox } from './caption.ts';
export { cleanLabel } from './text.ts';

/** Every line a caption uses, in the order it reads: context first, then number, then caption. */
export function captionLines(c: Caption): TextLine[] {
  return [...c.context, ...(c.number ? [c.number] : []), ...c.lines];
}

/** The raw printed text of a caption (for rules that read words: office use, required marks). */
export function captionRaw(c: Caption): string {
  return c.lines.map((l) => l.text).join(' ');
}

/**
 * The label of a caption: "Question: Option" for a check box, "Row, Column: Caption" for a table
 * cell, "16a Wages, salaries, tips" for a numbered line.
 */
export function captionLabel(c: Caption): string {
  let main = cleanLabel(captionRaw(c));
  const num = c.number ? cleanLabel(c.number.text).replace(/[.:)]+$/, '') : '';
  if (num && main && !main.toLowerCase().startsWith(num.toLowerCase())) main = `${num} ${main}`;
  else if (num && !main) main = num;
  const parts = c.context.map((l) => clip(cleanLabel(l.text), 70)).filter((t) => t && t !== main && !isItemMarker(t));
  // A line that starts in lower case runs on from the one before it (a wrapped question).
  const context = parts.reduce<string[]>((acc, t) => (acc.length && /^\p{Ll}/u.test(t) ? [...acc.slice(0, -1), `${acc[acc.length - 1]} ${t}`] : [...acc, t]), []);
  if (!context.length) return main;
  return main ? `${context.join(', ')}: ${main}` : context.join(', ');
}

interface Labelled {
  type: FieldType;
  page: number;
  rect: Rect;
  label: string;
  section?: string;
  /** The label is the form author's own (a tooltip or a field name), not a caption read from the page. */
  authored?: boolean;
}

/**
 * Labels that need the whole page: the part each field sits in (`section`, from the part headings
 * printed on the page; see carrySections for parts that run over a page break); a
 * narrow box right after an amount box is its cents ("…, cents"); captions that repeat on a page
 * ("City", "City") take what tells them apart: the number of their block ("3.1", "3.2"), their
 * part, or the nearest heading above them ("Mailing address", "Physical address").
 */
export function settlePageLabels<T extends Labelled>(fields: T[], allLines: readonly TextLine[], used: ReadonlySet<TextLine>): void {
  const lines = captionSource(allLines);
  const headings = sectionHeadings(lines);
  for (const f of fields) {
    const section = sectionOf(f.rect, headings);
    if (section) f.section = section;
  }
  labelCents(fields);
  labelContinuations(fields);
  labelMarginBands(fields, lines, used);
  labelParties(fields, lines);
  labelAddressParts(fields, lines, used);
  labelPersonColumns(fields, lines);
  disambiguate(fields, lines, used);
  labelBareParts(fields, lines, used);
}

/** The page's body print size (the median of its lines' sizes): block headings are set larger. */
function bodySize(lines: readonly TextLine[]): number {
  const sizes = lines.map((l) => l.size).sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)] ?? 0;
}

/** Where a blank's row of blanks starts and ends (the fields within 3 pt of its baseline). */
function rowSpan(r: Rect, fields: readonly Labelled[]): { left: number; far: number } {
  const row = fields.filter((o) => Math.abs(o.rect.y - r.y) <= 3);
  return { left: Math.min(...row.map((o) => o.rect.x)), far: Math.max(...row.map((o) => right(o.rect))) };
}

/**
 * Lines over a blank's block: above it within `reach` pt, starting at or left of it, and printed
 * over its row of blanks (a heading of the block, not a title beside it), nearest first.
 */
function linesOverRow(f: Labelled, fields: readonly Labelled[], lines: readonly TextLine[], reach: number): TextLine[] {
  const r = f.rect;
  const { left, far } = rowSpan(r, fields);
  return lines
    .filter((l) => l.rect.x <= r.x + 4 && l.rect.y >= top(r) - 1 && l.rect.y - top(r) <= reach && overlap1d(l.rect.x, right(l.rect), left - 30, far) > 0)
    .sort((a, b) => a.rect.y - b.rect.y);
}

/**
 * A blank still captioned by nothing but a part of a name or an address ("ZIP Code", "(Jr./Sr./III)",
 * "(Street) 2") says neither whose nor which: it takes the heading of its block, the nearest line
 * over its row set larger than the page's print and standing alone ("Mailing Address", "Attorney
 * Information"), within 160 pt, however many blanks of the block lie between.
 */
function labelBareParts<T extends Labelled>(fields: T[], lines: readonly TextLine[], used: ReadonlySet<TextLine>): void {
  const body = bodySize(lines);
  for (const f of fields) {
    if (f.authored || f.type !== 'text' || !ADDRESS_PART.test(f.label.replace(/\s+\d+$/, '').trim())) continue;
    const best = linesOverRow(f, fields, lines, 160).find((l) => !used.has(l) && !isOwnCaption(l) && l.size >= body + 1 && isHeadingLike(l.text));
    if (best) f.label = `${clip(cleanLabel(best.text), 70)}: ${f.label}`;
  }
}

/**
 * Forms drawn in boxes print whose each band of rows is in the margin, left of every blank, a word
 * or two a line ("FIRST" / "PARTY", "SECOND" / "PARTY", "DECREE"): every field takes the band name
 * nearest its row, within 25 pt. Only where the margin names two bands or more.
 */
function labelMarginBands<T extends Labelled>(fields: T[], lines: readonly TextLine[], used: ReadonlySet<TextLine>): void {
  if (!fields.length) return;
  const edge = Math.min(...fields.map((f) => f.rect.x));
  const margin = lines.filter((l) => right(l.rect) < edge - 4 && l.text.trim());
  // Stacked lines of one name (or of one note): one under another, set tightly.
  const stacks: TextLine[][] = [];
  for (const l of [...margin].sort((a, b) => top(b.rect) - top(a.rect))) {
    const stack = stacks.find((b) => {
      const last = b[b.length - 1];
      return overlap1d(last.rect.x, right(last.rect), l.rect.x, right(l.rect)) > 0 && last.rect.y - top(l.rect) >= -1 && last.rect.y - top(l.rect) <= 0.6 * Math.max(l.size, 4);
    });
    if (stack) stack.push(l);
    else stacks.push([l]);
  }
  // A name is a word or three a line; more than three lines is a margin note ("Type/print in
  // permanent black ink…"); lines some field reads as its caption are that field's.
  const named = (b: TextLine[]) => b.length <= 3 && b.every((l) => isHeadingLike(l.text) && l.text.trim().split(/\s+/).length <= 3);
  const bands = stacks
    .filter((b) => named(b) && !b.every((l) => used.has(l)))
    .map((b) => ({ lo: Math.min(...b.map((l) => l.rect.y)), hi: Math.max(...b.map((l) => top(l.rect))), name: cleanLabel(b.map((l) => l.text).join(' ')) }));
  if (bands.length < 2) return;
  for (const f of fields) {
    const mid = cy(f.rect);
    const gap = (b: (typeof bands)[number]) => Math.max(0, b.lo - mid, mid - b.hi);
    const band = bands.reduce((a, b) => (gap(b) < gap(a) ? b : a));
    if (gap(band) > 25 || f.label.toLowerCase().includes(band.name.toLowerCase())) continue;
    f.label = f.label ? `${band.name}: ${f.label}` : band.name;
  }
}

/**
 * A blank captioned only by a part of a name or an address says neither whose name nor which
 * address: forms print that once, as the question or heading over the block of blanks ("4. What is
 * your mailing address?" over "(Street)", then "(City)", "(Zip)" on the next row). Such a blank
 * takes the heading of the part-captioned blank just over it, else the nearest heading-like line
 * over it or its row, within 80 pt, that is no field's caption.
 */
function labelAddressParts<T extends Labelled>(fields: T[], lines: readonly TextLine[], used: ReadonlySet<TextLine>): void {
  const heads = new Map<T, string>();
  const parts = fields.filter((f) => !f.authored && f.type === 'text' && ADDRESS_PART.test(f.label.trim())).sort((a, b) => top(b.rect) - top(a.rect));
  for (const f of parts) {
    const over = parts
      .filter((o) => heads.has(o) && o.rect.y - top(f.rect) >= -1 && o.rect.y - top(f.rect) <= 30 && overlap1d(o.rect.x, right(o.rect), f.rect.x, right(f.rect)) > 0)
      .sort((a, b) => a.rect.y - b.rect.y)[0];
    let head = over ? heads.get(over)! : '';
    if (!head) {
      // Over the blank itself, else over its row (the question starts where the row starts).
      const { left, far } = rowSpan(f.rect, fields);
      const h = headingAbove(f.rect, lines, used, f.label, 80) ?? headingAbove({ x: left, y: f.rect.y, width: far - left, height: f.rect.height }, lines, used, f.label, 80);
      // A blank of another question between the line and this one ends the line's block (a form's
      // title over "Full name: ____" does not head the "City" blank under it).
      const between = h && fields.some((o) => !parts.includes(o) && o.rect.y >= top(f.rect) - 1 && top(o.rect) <= h.rect.y + 1 && overlap1d(o.rect.x, right(o.rect), left, far) > 0);
      head = h && !between ? clip(cleanLabel(h.text), 70) : '';
    }
    if (!head) continue;
    heads.set(f, head);
    f.label = `${head}: ${f.label}`;
  }
}

/** The heading a part's label reads before the part ("Mailing address: City" → "Mailing address"). */
function headOfPart(label: string): string {
  const i = label.lastIndexOf(': ');
  return i > 0 && ADDRESS_PART.test(label.slice(i + 2).trim()) ? label.slice(0, i) : '';
}

/** "Petitioner, (Enter your full legal name above)": the party a row of name blanks names. */
const PARTY_UNDER = /^([^(),.:;]{3,40}?)\s*[,.]?\s*\([^()]*\babove\)\s*$/i;

/**
 * Court captions print the party under the row of blanks that names it ("Petitioner, (Enter your
 * full legal name above)", "Respondent. (Enter the other party's full legal name above)"): every
 * text blank of the row just over such a line, the row that starts where the line starts, is that
 * party's.
 */
function labelParties<T extends Labelled>(fields: T[], lines: readonly TextLine[]): void {
  const texts = fields.filter((f) => f.type === 'text');
  for (const l of lines) {
    const m = PARTY_UNDER.exec(l.text.trim());
    if (!m) continue;
    const over = texts.filter((f) => f.rect.x >= l.rect.x - 4 && f.rect.y >= top(l.rect) - 1 && f.rect.y - top(l.rect) <= 30);
    if (!over.length) continue;
    // The row that starts where the line starts, nearest over it; a blank beside the caption
    // block (a case number) is no party's.
    const starts = over.filter((f) => Math.abs(f.rect.x - l.rect.x) <= 6);
    if (!starts.length) continue;
    const rowY = Math.min(...starts.map((f) => f.rect.y));
    const party = cleanLabel(m[1]);
    for (const f of over) {
      if (Math.abs(f.rect.y - rowY) > 4 || f.label.toLowerCase().includes(party.toLowerCase())) continue;
      f.label = f.label ? `${party}: ${f.label}` : party;
    }
  }
}

/**
 * Fields in reading order that found no part heading above them on their page continue the part
 * of the field before them (a part runs on over the page break).
 */
export function carrySections<T extends { section?: string }>(fields: readonly T[]): void {
  let current = '';
  for (const f of fields) {
    if (f.section) current = f.section;
    else if (current) f.section = current;
  }
}

/**
 * An answer given room for several lines prints its caption by the first one only: a blank with no
 * caption of its own, alone on its row, set right under a captioned blank of the same start and
 * width, is that answer's next line ("Objet" / ____ / ____ → "Objet, line 2", "Objet, line 3").
 */
function labelContinuations<T extends Labelled>(fields: T[]): void {
  const texts = fields.filter((f) => f.type === 'text').sort((a, b) => top(b.rect) - top(a.rect));
  const lineOf = new Map<T, { label: string; n: number }>();
  for (const f of texts) {
    // A blank beside others on its row is a table's cell or one person's of several, no answer's line.
    if (f.label.trim() || texts.some((o) => o !== f && Math.abs(cy(o.rect) - cy(f.rect)) <= 3)) continue;
    const over = texts.find((o) => o !== f && Math.abs(o.rect.x - f.rect.x) <= 4 && Math.abs(right(o.rect) - right(f.rect)) <= 4 && o.rect.y - top(f.rect) >= -1 && o.rect.y - top(f.rect) <= Math.max(8, f.rect.height));
    const first = over && (lineOf.get(over) ?? (over.label.trim() ? { label: over.label, n: 1 } : null));
    if (!first) continue;
    lineOf.set(f, { label: first.label, n: first.n + 1 });
    f.label = `${first.label}, line ${first.n + 1}`;
  }
}

function labelCents<T extends Labelled>(fields: T[]): void {
  const texts = fields.filter((f) => f.type === 'text');
  for (const f of texts) {
    if (f.rect.width > 36) continue;
    const sameRow = (o: T) => Math.abs(o.rect.y - f.rect.y) <= 3 && Math.abs(top(o.rect) - top(f.rect)) <= 3;
    const left = texts.find((o) => o !== f && sameRow(o) && f.rect.x - right(o.rect) >= -1 && f.rect.x - right(o.rect) <= 8);
    if (!left || left.rect.width < 2.5 * f.rect.width) continue;
    if (texts.some((o) => o !== f && sameRow(o) && o.rect.x - right(f.rect) >= -1 && o.rect.x - right(f.rect) <= 8)) continue;
    const own = f.label.trim();
    if (own && own !== left.label && !isItemMarker(own) && /\p{L}{3,}/u.test(own) && !/\bcents?\b/i.test(own)) continue;
    if (!left.label) continue;
    f.label = `${left.label}, cents`;
  }
}

function disambiguate<T extends Labelled>(fields: T[], lines: readonly TextLine[], used: ReadonlySet<TextLine>): void {
  const groups = new Map<string, T[]>();
  for (const f of fields) {
    const key = f.label.trim().toLowerCase();
    if (!key) continue;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const rects = fields.map((f) => f.rect);
  const body = bodySize(lines);
  const untold: T[][] = [];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const tries = [
      () => members.map((f) => signerOf(f, fields)),
      () => members.map((f) => {
        const n = blockNumber(f.rect, lines);
        if (!n) return '';
        const num = n.text.trim().replace(/[.:)]+$/, '');
        // The block's title printed right after its number ("1  Visa applicant's name").
        const title = blockTitle(n, lines);
        return title ? `${num} ${clip(cleanLabel(title.text), 60)}` : num;
      }),
      () => members.map((f) => f.section ?? ''),
      () => members.map((f) => {
        const h = headingAbove(f.rect, lines, used, f.label);
        return h ? clip(cleanLabel(h.text), 60) : '';
      }),
    ];
    // The item each one is part of: the numbered question over its block ("7) If treatment was
    // given away from the worksite, where was it given?" over Street / State / ZIP).
    tries.push(() => members.map((f) => itemHeading(f, fields, lines)));
    // The head of each one's column ("For Debtor 1:" / "For Debtor 2:", "You" / "Spouse"): only
    // when every one of them stands under one, printed where its column starts or centred over it.
    tries.splice(3, 0, () => {
      const heads = members.map((f) => columnHead(f.rect, lines, f.label, rects));
      return heads.every(Boolean) ? heads.map((h) => clip(cleanLabel(h!.text), 60)) : members.map(() => '');
    });
    let told = false;
    // An author's own labels are only told apart by what is printed plainly: block number, part,
    // column head.
    const authored = members.every((f) => f.authored);
    for (const texts of (authored ? tries.slice(0, 4) : tries).map((t) => t())) {
      // Only worth saying when it tells at least two of them apart.
      if (new Set(texts.filter(Boolean)).size < 2) continue;
      members.forEach((f, i) => {
        if (texts[i]) f.label = `${texts[i]}: ${f.label}`;
      });
      told = true;
      break;
    }
    if (!told && !authored && !titleBlocks(members, lines, used)) untold.push(members);
  }
  for (const members of untold) {
    // A row is one item: captions that repeat with no heading over their own column take what
    // their row says first ("City or Town | State | ZIP Code" the heading the City blank was told
    // apart by; "Employer's Address ____ (City/Town) ____", "Projekt ____ Fonds ____" the caption
    // of the row's first blank).
    const heads = members.map((f) => rowHead(f, fields, lines));
    if (new Set(heads.filter(Boolean)).size >= 2) {
      members.forEach((f, i) => {
        if (heads[i]) f.label = `${heads[i]}: ${f.label}`;
      });
      continue;
    }
    // Rows of like blanks are one item printed once over them: each reads the heading of its
    // block, when the blanks stand in one column or every one of them has a heading.
    const blocks = blockHeads(members, lines, used, body);
    if (isList(members) || (blocks.every(Boolean) && new Set(blocks).size >= 2)) {
      members.forEach((f, i) => {
        if (blocks[i] && !f.label.toLowerCase().includes(blocks[i].toLowerCase())) f.label = `${blocks[i]}: ${f.label}`;
      });
    }
    // A list of blanks under one caption, one per line: their order is what tells them apart.
    const same = new Map<string, T[]>();
    for (const f of members) same.set(f.label, [...(same.get(f.label) ?? []), f]);
    for (const group of same.values()) if (group.length >= 2) numberList(group);
  }
}

/**
 * The signer a date blank goes with ("Buyer's Signature ____ Date ____", "Date" under "Signature
 * of Debtor 2"): the signature blank ending just left of it on its row, else the one just over it,
 * read as the words of its label that name the signature ("Preparer's Signature"), or ''.
 */
function signerOf(f: Labelled, fields: readonly Labelled[]): string {
  if (!/\bdate\b/i.test(f.label)) return '';
  const r = f.rect;
  const beside = (s: Labelled) => Math.abs(s.rect.y - r.y) <= 6 && right(s.rect) <= r.x + 2 && r.x - right(s.rect) <= 80;
  const over = (s: Labelled) => s.rect.y - top(r) >= -1 && s.rect.y - top(r) <= 40 && overlap1d(s.rect.x, right(s.rect), r.x, right(r)) > 0;
  const gap = (s: Labelled) => (beside(s) ? r.x - right(s.rect) : s.rect.y - top(r));
  const signer = fields.filter((s) => s.type === 'signature' && (beside(s) || over(s))).sort((a, b) => gap(a) - gap(b))[0];
  if (!signer) return '';
  const parts = signer.label.split(': ');
  return clip(parts.find((p) => /sign/i.test(p)) ?? parts[parts.length - 1], 60);
}

/**
 * What a field's row says first: the heading another address part on the row reads ("Mailing
 * address: City or Town" → "Mailing address"), else the caption printed left of the row's first
 * blank when it is no address part ("Employer's Address ____ (City/Town) ____").
 */
function rowHead<T extends Labelled>(f: T, fields: readonly T[], lines: readonly TextLine[]): string {
  const row = fields.filter((o) => o !== f && o.type === 'text' && Math.abs(o.rect.y - f.rect.y) <= 3);
  const told = row.map((o) => (Math.abs(top(o.rect) - top(f.rect)) <= 3 ? headOfPart(o.label) : '')).find(Boolean);
  if (told) return told;
  const first = row.filter((o) => o.rect.x < f.rect.x).sort((a, b) => a.rect.x - b.rect.x)[0];
  if (!first) return '';
  const caption = leftOf(first.rect, lines, 60);
  const text = caption ? cleanLabel(caption.text) : '';
  return text && isHeadingLike(text) && !ADDRESS_PART.test(text) ? text : '';
}

/** Text blanks one under another at one left edge: a list. */
const isList = (members: readonly Labelled[]) => members.every((f) => Math.abs(f.rect.x - members[0].rect.x) <= 4 && f.type === 'text');

/** Blanks with one caption stacked in a column ("Other debts 1…6"): "Caption 1", "Caption 2", … top down. */
function numberList<T extends Labelled>(members: T[]): void {
  if (!isList(members)) return;
  const order = [...members].sort((a, b) => top(b.rect) - top(a.rect));
  order.forEach((f, k) => {
    f.label = `${f.label} ${k + 1}`;
  });
}

/**
 * The heading of each one's block ("Information about Children of the Marriage" over rows of
 * "(First Name)", "Letters out/emails" over its fee rows), or ''. A heading counts only when it is
 * printed close over the first blank under it (farther up it is the title of the page or a part).
 */
function blockHeads(members: readonly Labelled[], lines: readonly TextLine[], used: ReadonlySet<TextLine>, body: number): string[] {
  const heads = members.map((f) => blockHeading(f.rect, lines, used, body));
  const firstUnder = new Map<TextLine, Rect>();
  members.forEach((f, k) => {
    const h = heads[k];
    if (h && (!firstUnder.has(h) || top(f.rect) > top(firstUnder.get(h)!))) firstUnder.set(h, f.rect);
  });
  return heads.map((h) => (h && h.rect.y - top(firstUnder.get(h)!) <= 120 ? clip(cleanLabel(h.text), 60) : ''));
}

/** "3.1", "12", "4.a": the number of a repeated block, printed at its left edge. */
const BLOCK_NUMBER = /^\(?\d{1,3}(\.\d{1,2})?[a-z]?[.):]?$/i;

/** The block number nearest a field, left of it, on its row or up to 80 pt above. */
function blockNumber(r: Rect, lines: readonly TextLine[]): TextLine | null {
  let best: TextLine | null = null;
  let bestD = Infinity;
  for (const l of lines) {
    if (!BLOCK_NUMBER.test(l.text.trim()) || right(l.rect) > r.x + 2 || top(l.rect) < r.y - 2 || l.rect.y > top(r) + 80) continue;
    const d = Math.max(0, l.rect.y - top(r)) * 4 + (r.x - right(l.rect)) / 10;
    if (d < bestD) [best, bestD] = [l, d];
  }
  return best;
}

/**
 * The title a block number introduces: the text right after it on its baseline, when that text
 * is no field's own caption and reads as a heading.
 */
function blockTitle(n: TextLine, lines: readonly TextLine[]): TextLine | null {
  const title = lines
    .filter((o) => o !== n && o.rect.x >= right(n.rect) - 1 && o.rect.x - right(n.rect) <= 4 * Math.max(n.size, 4) && Math.abs(o.rect.y - n.rect.y) <= Math.max(2, 0.3 * n.rect.height))
    .sort((a, b) => a.rect.x - b.rect.x)[0];
  return title && !isOwnCaption(title) && isHeadingLike(title.text) ? title : null;
}

/**
 * A heading is short and stands alone: not an aside in parentheses, not a sentence running on
 * (ending in a comma, or starting in lower case: the last line of a paragraph, "assigned to your
 * case."; a lettered item, "a) Wages", is no such line).
 */
export function isHeadingLike(text: string): boolean {
  const t = text.trim();
  const runsOn = /[,;]$/.test(t) || (/^\p{Ll}/u.test(t) && !/^\p{Ll}[.)]/u.test(t));
  return /\p{L}{2,}/u.test(t) && t.length <= 50 && t.split(/\s+/).length <= 7 && !/^[(\[]/.test(t) && !runsOn;
}

/**
 * The head of the column a field stands in: the nearest short line above it that starts where
 * the field starts or is centred over it, and is no field's own caption (a caption printed under
 * a blank is one). An aside in parentheses does not count against its length.
 */
function columnHead(r: Rect, lines: readonly TextLine[], label: string, rects: readonly Rect[]): TextLine | null {
  let best: TextLine | null = null;
  let bestD = Infinity;
  for (const l of lines) {
    if (isOwnCaption(l) || !isHeadingLike(l.text.replace(/\([^)]*\)/g, ' ')) || l.rect.y < top(r) - 1) continue;
    const aligned = Math.abs(l.rect.x - r.x) <= 8 || (Math.abs(l.rect.x + l.rect.width / 2 - (r.x + r.width / 2)) <= 8 && l.rect.width <= r.width);
    if (!aligned || cleanLabel(l.text).toLowerCase() === label.toLowerCase()) continue;
    const underBlank = rects.some((o) => overlap1d(o.x, right(o), l.rect.x, right(l.rect)) > 0 && o.y - top(l.rect) >= -1 && o.y - top(l.rect) <= 6);
    if (underBlank) continue;
    const d = l.rect.y - top(r);
    if (d <= 300 && d < bestD) [best, bestD] = [l, d];
  }
  return best;
}

/**
 * The heading of the block a blank sits in: the nearest line above it set larger than most of the
 * page's print (`body`), standing alone (heading-like, no field's caption) and starting where the
 * block starts or left of it ("Attorney Information", "Information about Children of the Marriage").
 */
function blockHeading(r: Rect, lines: readonly TextLine[], used: ReadonlySet<TextLine>, body: number): TextLine | null {
  let best: TextLine | null = null;
  for (const l of lines) {
    if (used.has(l) || l.size < body + 1 || !isHeadingLike(l.text) || l.rect.x > r.x + 4 || l.rect.y < top(r) - 1) continue;
    if (!best || l.rect.y < best.rect.y) best = l;
  }
  return best;
}

/** A line that opens a numbered item with its words ("7) If treatment was…", "4. Current Address"). */
const ITEM_HEADING = /^\(?\d{1,3}[a-z]?[.)]\s+\p{L}/iu;
const OWN_ITEM = /(^|: )\(?\d{1,3}[a-z]?[.)]\s+\p{L}/iu;

/**
 * The item a blank is part of: the nearest numbered line above it within 150 pt, starting at or
 * left of the blank and printed over its row of blanks (a block heading, not a title beside the
 * block). The item's line may be the caption of its first blank ("2) Street" over City / State /
 * ZIP): the blanks after it are still parts of item 2.
 */
function itemHeading(f: Labelled, fields: readonly Labelled[], lines: readonly TextLine[]): string {
  // A caption numbered itself ("6. ZIP CODE") is an item of its own; one that reads a heading or
  // a question already ("Mailing address: City") was placed by a closer rule.
  if (OWN_ITEM.test(f.label) || f.label.includes(': ')) return '';
  const items = linesOverRow(f, fields, lines, 150).filter((l) => ITEM_HEADING.test(l.text.trim()));
  // The nearest such line; of two on one baseline, the one nearer the blank.
  const best = items.filter((l) => l.rect.y - (items[0]?.rect.y ?? 0) <= 1).sort((a, b) => b.rect.x - a.rect.x)[0] ?? null;
  return best && cleanLabel(best.text).toLowerCase() !== f.label.toLowerCase() ? clip(cleanLabel(best.text), 60) : '';
}

/**
 * Like blocks whose captions stand in a column left of their blanks, each under its title
 * ("Respondent 2" / "Respondent 3" over "Name", "Address", "Postcode"; "DEATH" over the second of
 * two blocks of "Full name of father", the first one untitled): every caption reads its block's
 * title. Only when every block has its own title, or all but the first one on the page.
 */
function titleBlocks<T extends Labelled>(members: T[], lines: readonly TextLine[], used: ReadonlySet<TextLine>): boolean {
  const titles = members.map((f) => titleOverCaptions(f.rect, lines, used));
  const named = titles.filter((t): t is TextLine => !!t);
  if (!named.length || named.length < members.length - 1 || new Set(named).size < named.length) return false;
  // The untitled one is the first block on the page, which the form's opening introduces.
  const untitled = members.find((_, i) => !titles[i]);
  if (untitled && members.some((f) => top(f.rect) > top(untitled.rect))) return false;
  members.forEach((f, i) => {
    if (titles[i]) f.label = `${clip(cleanLabel(titles[i]!.text), 60)}: ${f.label}`;
  });
  return true;
}

/**
 * The title of a block whose captions stand in a column left of its blanks ("Respondent 2" over
 * "Name" / "Address" / "Postcode", "DEATH" over its rows): going up from the blank's caption, past
 * the block's other captions, the first line that starts at or left of it, if that line stands
 * alone as a heading (no sentence's end, no field's caption), within 200 pt.
 */
function titleOverCaptions(r: Rect, lines: readonly TextLine[], used: ReadonlySet<TextLine>): TextLine | null {
  const caption = leftOf(r, lines, 300, (l) => !used.has(l));
  if (!caption) return null;
  const over = lines
    .filter((l) => l !== caption && l.text.trim() && l.rect.x <= caption.rect.x + 2 && l.rect.y >= top(caption.rect) - 1 && l.rect.y - top(caption.rect) <= 200)
    .sort((a, b) => a.rect.y - b.rect.y);
  // Past the block's other captions and its item number ("2.7").
  const first = over.find((l) => !used.has(l) && /\p{L}{2,}/u.test(l.text));
  return first && isHeadingLike(first.text) && !/[.:;]$/.test(first.text.trim()) && !isOwnCaption(first) ? first : null;
}

/** The nearest line above a field, over its column, that is no field's caption: a block heading. */
function headingAbove(r: Rect, lines: readonly TextLine[], used: ReadonlySet<TextLine>, label: string, reach = 250): TextLine | null {
  let best: TextLine | null = null;
  let bestD = Infinity;
  for (const l of lines) {
    if (used.has(l) || !isHeadingLike(l.text) || l.rect.y < top(r) - 1) continue;
    if (overlap1d(l.rect.x, right(l.rect), r.x - 30, right(r) + 30) <= 0) continue;
    if (cleanLabel(l.text).toLowerCase() === label.toLowerCase()) continue;
    const d = l.rect.y - top(r);
    if (d <= reach && d < bestD) [best, bestD] = [l, d];
  }
  return best;
}

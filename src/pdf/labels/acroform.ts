// Labels of existing AcroForm fields. A fillable PDF names its fields twice: in the tooltip (/TU),
// which authors often leave out, fill with the field's machine name, or write as a whole
// instruction paragraph, and on the page, where the printed caption sits by each widget. The
// tooltip is kept when it is a good label; otherwise the page's caption is read with the same
// engine the detector uses (chooseCaptions), and the field name is the last resort.
import type { AcroFormField } from '../acroform/fields.ts';
import { labelFromFieldName } from '../acroform/fields.ts';
import { buildVectorModel } from '../detect/page-model.ts';
import { displayMatrix, mapRect } from '../detect/text.ts';
import type { Matrix } from '../detect/geometry.ts';
import type { TextLine } from '../detect/model.ts';
import type { PdfDocument } from '../document.ts';
import type { FieldType, Rect } from '../types.ts';
import { captionLabel, captionLines, captionRaw, carrySections, chooseCaptions, settlePageLabels, type FieldBox } from './index.ts';
import { cleanLabel } from './text.ts';
import { captionCore, dataTypeFromLabel, isSignatureLabel } from './words.ts';

/** Generic names authoring tools give fields ("Text12", "Check Box3", "undefined_2"). */
const GENERIC = /^(text|field|check|box|checkbox|dropdown|drop|down|list|listbox|combo|combobox|radio|button|group|untitled|undefined|fill|sig|signature|date|txt|chk|tf|cb)$/i;

/** A field name that names nothing a person would read ("f1_03", "Text12", "topmostSubform[0]…c2_1"). */
export function isMachineName(name: string): boolean {
  const words = labelFromFieldName(name)
    .split(/[\s\d]+/)
    .filter(Boolean);
  return !words.some((w) => w.length >= 3 && !GENERIC.test(w) && /[aeiouy]/i.test(w));
}

/** What an authoring tool leaves in a tooltip nobody wrote. */
const PLACEHOLDER = /^(undefined|untitled|check)$/i;

/** A tooltip that is an identifier, not words: "f1_03", "c1_1[0]", "Text12", "Check Box39". */
function idLike(tip: string): boolean {
  return /^[A-Za-z]{0,8}[_.\-\s]?\d+([_.\-\[\]]+\d*)*\]?$/.test(tip) || /^(text|check ?box|dropdown|list ?box|combo ?box|radio( ?button)?|button|field|group)\s*\d*$/i.test(tip);
}

/**
 * A tooltip that can serve as the label as it is: not the field's own name nor an identifier,
 * and not a paragraph of instructions. "3. U. S. Mailing Address. Enter Town or City." is a good
 * label; a tooltip longer than two lines of print is a paragraph (its first statement is used).
 */
export function isGoodTooltip(tip: string, name: string): boolean {
  const t = tip.trim();
  if (!t || t.length > 160) return false;
  return t.toLowerCase() !== ownName(name).toLowerCase() && !idLike(t) && !PLACEHOLDER.test(t) && /\p{L}{2,}/u.test(t);
}

/** The last part of a field's full name, without its index ("form1[0].S1_Name[0]" → "S1_Name"). */
const ownName = (name: string) => (name.split('.').pop() ?? name).replace(/\[\d+\]$/, '');

/**
 * Text every tooltip of the form starts with ("Part 3. Information About You. …" on each field):
 * it tells no field apart, so it is cut. Only a prefix that ends at a sentence or colon boundary
 * and is shared by at least four fifths of at least eight tooltips.
 */
export function commonTooltipPrefix(tips: readonly string[]): string {
  const list = tips.map((t) => t.trim()).filter(Boolean);
  if (list.length < 8) return '';
  const heads = new Map<string, number>();
  for (const t of list) {
    const m = /^(.{3,80}?[.:;])\s+\S/.exec(t);
    if (m) heads.set(m[1], (heads.get(m[1]) ?? 0) + 1);
  }
  let best = '';
  for (const [head, n] of heads) if (n >= 0.8 * list.length && head.length > best.length) best = head;
  return best;
}

/** The opening of a paragraph tooltip: its first statements, up to about 120 characters. */
function leadOf(tip: string): string {
  const t = tip.trim().replace(/\s+/g, ' ');
  const parts = t.split(/(?<=[.!?:])\s+/);
  let out = '';
  for (const p of parts) {
    if (out && (out + ' ' + p).length > 120) break;
    out = out ? `${out} ${p}` : p;
  }
  return cleanLabel(out.length > 120 ? out.slice(0, 120) : out);
}

interface Place {
  field: number;
  widget: number;
  type: FieldType;
  rect: Rect;
}

/** What the page says around each widget, and the page's lines for the page-wide rules. */
interface PageText {
  /**
   * `field:widget` → the caption's label, its own printed words (without the headings or the
   * question over it) and, for a check box group, its question.
   */
  captions: Map<string, { label: string; own: string; question: string; option: string }>;
  /** Per page: its lines, those captions use, its words, and the words of each line as one string. */
  pages: Map<number, { lines: TextLine[]; used: Set<TextLine>; toModel: Matrix; words: Set<string>; lineTexts: Set<string> }>;
}

/** Printed captions of every widget, read from the page ('' where the page has no text there). */
async function readPageText(pdf: PdfDocument, fields: readonly AcroFormField[]): Promise<PageText> {
  const out: PageText = { captions: new Map(), pages: new Map() };
  const pages = new Map<number, Place[]>();
  fields.forEach((f, fi) =>
    f.widgets.forEach((w, wi) => {
      const list = pages.get(w.page) ?? [];
      list.push({ field: fi, widget: wi, type: f.type, rect: w.rect });
      pages.set(w.page, list);
    }),
  );
  const pageCount = await pdf.pageCount();
  for (const [index, places] of pages) {
    if (index < 0 || index >= pageCount || !pageNeeded(places.map((p) => fields[p.field]))) continue;
    try {
      const raw = await pdf.rawPage(index);
      const { model } = buildVectorModel(raw);
      if (!model.lines.length) continue;
      const toModel = displayMatrix(raw.view, model.rotate);
      const boxes: FieldBox[] = places.map((p) => ({ type: p.type, rect: mapRect(toModel, p.rect) }));
      const caps = chooseCaptions(boxes, model.lines);
      const labelled = places.map((p, k) => ({ type: p.type, page: index, rect: boxes[k].rect, label: captionLabel(caps[k]) }));
      const used = new Set<TextLine>(caps.flatMap(captionLines));
      settlePageLabels(labelled, model.lines, used);
      out.pages.set(index, { lines: model.lines, used, toModel, words: new Set(model.lines.flatMap((l) => printedWords(l.text))), lineTexts: new Set(model.lines.map((l) => lineWords(l.text))) });
      places.forEach((p, k) => {
        const isBox = p.type === 'checkbox' || p.type === 'radio';
        const question = isBox && caps[k].context.length ? cleanLabel(caps[k].context.map((l) => l.text).join(' ')) : '';
        const own = cleanLabel(captionRaw(caps[k]));
        out.captions.set(`${p.field}:${p.widget}`, { label: labelled[k].label, own, question, option: isBox ? own : '' });
      });
    } catch {
      // A page pdf.js cannot read keeps its tooltips and names.
    }
  }
  return out;
}

/**
 * Reading a page's text costs a pdf.js parse of it (tens to hundreds of milliseconds): it is
 * skipped where every field already has a good tooltip of its own, not shared with another
 * field of the page and, for a check box, more than its option word.
 */
function pageNeeded(fields: readonly AcroFormField[]): boolean {
  const tips = fields.map((f) => (f.tooltip ?? '').trim());
  const seen = new Set<string>();
  return fields.some((f, i) => {
    const tip = tips[i];
    const repeated = seen.has(tip.toLowerCase());
    seen.add(tip.toLowerCase());
    const short = (f.type === 'checkbox' || f.type === 'radio') && tip.split(/\s+/).length <= 3;
    return !isGoodTooltip(tip, f.name) || repeated || short;
  });
}

/** A radio group or a field drawn in several places: the question once, then its options. */
function fieldPageLabel(f: AcroFormField, fi: number, text: PageText): string {
  const each = f.widgets.map((_, wi) => text.captions.get(`${fi}:${wi}`)?.label ?? '').filter(Boolean);
  if (!each.length) return '';
  if (each.length === 1 || f.type !== 'radio') return each[0];
  const split = each.map((l) => {
    const i = l.indexOf(': ');
    return i > 0 ? [l.slice(0, i), l.slice(i + 2)] : ['', l];
  });
  const question = split.find(([q]) => q)?.[0] ?? '';
  const options = [...new Set(split.map(([, o]) => o).filter(Boolean))].join(' / ');
  return question ? `${question}: ${options}` : options;
}

const words = (s: string) => new Set((s.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((w) => w.replace(/s$/, '')));

const fold = (s: string) => s.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').normalize('NFD').replace(/\p{M}/gu, '');

/**
 * A one-word field name that shortens the printed caption ("Bearbeit" for "Bearbeitet von",
 * "Verlaenger" for "Verlängerung"): the caption says at least as much.
 */
export function abbreviates(name: string, caption: string): boolean {
  const nameWords = (fold(labelFromFieldName(name)).match(/\p{L}{3,}/gu) ?? []);
  const capWords = fold(caption).match(/\p{L}+/gu) ?? [];
  return nameWords.length === 1 && capWords.some((c) => c.length > nameWords[0].length && c.startsWith(nameWords[0]));
}

/** The words of at least three letters a text prints, folded (case, accents, umlauts). */
const printedWords = (s: string) => fold(s).match(/\p{L}{3,}/gu) ?? [];

/**
 * A field name none of whose words the page prints ("Hofullname", "Datum Behandlung" on a French
 * page, "Value2") is the author's own shorthand, not the form's wording: the printed caption is
 * the better label. A word counts as printed in its singular or plural.
 */
export function nameIsShorthand(name: string, pageWords: ReadonlySet<string>): boolean {
  const words = printedWords(labelFromFieldName(name));
  return words.length > 0 && !words.some((w) => pageWords.has(w) || pageWords.has(`${w}s`) || pageWords.has(w.replace(/s$/, '')));
}

/**
 * A field name that encodes where the field sits rather than what it asks: a word run into a line
 * number ("Line6ab P", "Line2c1p"), or a column or party code after the words ("Maintenance P1",
 * "Other Expenses R"). The printed caption says what the code stands for.
 */
const LOCATOR_CODE = /^(line|ln|row|col|item|box|part|pt|sec|q|page|pg)\d+\p{L}{0,3}\d*$/iu;

export function isCodedName(name: string): boolean {
  const tokens = labelFromFieldName(name).split(/\s+/);
  return tokens.some((t) => LOCATOR_CODE.test(t)) || (tokens.length >= 2 && /^(\p{Lu}\d*|\d+\p{L})$/u.test(tokens[tokens.length - 1]));
}

/** The words of a field's name without its numbers ("Wages1" → "wages", "Users0 name last" → "users name last"). */
const nameWithoutNumbers = (name: string) =>
  labelFromFieldName(name)
    .toLowerCase()
    .replace(/\d+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Fields whose names tell them apart from another field of the same page only by a number: "Wages1"
 * and "Wages2" for a table's two columns, "ActiveDutyOrNot1..3" for three options of a question.
 * The number says where the field sits, not what it asks: the printed caption is the better label
 * when it tells the fields apart. Not so for text fields stacked in one column
 * ("Other debts 1..6" down a table): there the number counts rows and the words name the column,
 * which a caption read from a table header often misses.
 */
function numberedNames<T extends { name: string; page: number; type: FieldType; rect: Rect }>(fields: readonly T[], captions: readonly string[]): Set<T> {
  const captionOf = new Map(fields.map((f, i) => [f, captions[i]]));
  const groups = new Map<string, T[]>();
  for (const f of fields) {
    const stem = nameWithoutNumbers(f.name);
    if (!stem) continue;
    const key = `${f.page}:${stem}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  // Every name carries its number ("DATE OF BIRTH" beside "DATE OF BIRTH_2" is the first of two
  // sections, named in words), the words are words ("1099-NEC[b]_f[a][0]" is a locator, which the
  // caption's headings mislead as often as they help), and the captions tell them apart: "City"
  // over both debtors' boxes says less than "debtor_city1" / "debtor_city2".
  const numberedWords = (g: T[]) => g.every((f) => /\d/.test(f.name)) && /\p{L}{4,}/u.test(nameWithoutNumbers(g[0].name));
  const toldApart = (g: T[]) => new Set(g.map((f) => captionOf.get(f) ?? '')).size === g.length && g.every((f) => captionOf.get(f));
  return new Set([...groups.values()].filter((g) => g.length >= 2 && numberedWords(g) && toldApart(g) && !isColumnOfRows(g)).flat());
}

/** Text fields one under another, all at the same left edge and width: the rows of a table column. */
function isColumnOfRows(group: readonly { type: FieldType; rect: Rect }[]): boolean {
  const [first] = group;
  return group.every((f) => f.type === 'text' && Math.abs(f.rect.x - first.rect.x) <= 3 && Math.abs(f.rect.width - first.rect.width) <= 3 && (f === first || Math.abs(f.rect.y - first.rect.y) > 3));
}

const sharesWords = (a: string, b: string) => {
  const wb = words(b);
  return [...words(a)].some((w) => wb.has(w));
};

/** A line's words, folded, as one string: a label printed as a line of its own reads the same. */
const lineWords = (s: string) => printedWords(s).join(' ');

/** A label's words of three letters or more, folded, without a plural s. */
const stems = (s: string) => printedWords(s).map((w) => w.replace(/s$/, ''));

/** The numbers a label names (its line, its row, its debtor). */
const numbers = (s: string): string[] => s.match(/\d+/g) ?? [];

/** The same word, or one cut short of the other ("Maint" of "maintenance", "Ins" of "insurance"). */
const sameWord = (a: string, b: string) => a === b || (Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a)));

/**
 * The printed caption says what the author's label (a tooltip or a field name) says, in full: the
 * caption's own words, not the headings over it, share a word with the author's label (it is this
 * field's caption, not a neighbour's) and add one the author's label lacks ("Vehicle Ins" →
 * "15c. Vehicle insurance", "Specify" → "5h. Other deductions. Specify"); the whole caption misses at
 * most one of the author's words (a synonym: "Account owner 1" → "Name on Account 1"), and every
 * number the author's label names (its line, its row, its debtor), else it may be another line's.
 * Not for a radio group: its caption joins the options of several widgets.
 */
function captionSaysMore(authored: string, own: string, caption: string): boolean {
  const mine = stems(authored);
  const printed = stems(own);
  const whole = stems(caption);
  const shares = printed.some((p) => mine.some((m) => sameWord(m, p)));
  const adds = printed.some((p) => !mine.some((m) => sameWord(m, p)));
  const missed = mine.filter((m) => !whole.some((p) => sameWord(m, p))).length;
  return shares && adds && missed <= 1 && numbers(authored).every((n) => numbers(caption).includes(n));
}

/**
 * A field name whose every word the printed caption says, in another order or among more words
 * ("loan_kind_2" under "Kind of loan", "cost_rent" beside "c) Rent costs", "Fax" beside "Fax
 * number"): the caption is the form's own wording of the same thing.
 * Not a caption that reads as the name word for word (all it adds is a heading, as often a
 * neighbour's as the field's), nor one that lacks a number the name carries (its row).
 */
export function captionRewordsName(name: string, own: string, caption: string): boolean {
  const label = labelFromFieldName(name);
  const mine = stems(label);
  const printed = stems(own);
  const letters = (s: string) => (fold(s).match(/\p{L}+/gu) ?? []).join(' ');
  return mine.length > 0 && mine.every((m) => printed.some((p) => sameWord(m, p))) && letters(label) !== letters(own) && numbers(label).every((n) => numbers(caption).includes(n));
}

/**
 * Fields the author named alike on one page ("1099-NEC[b]_f[a]" … "_f[e]" all read "1099 NEC f",
 * one tooltip "Marital status" on each option of a question): the author's label tells none of them
 * apart, while the page prints a caption of its own by each. The fields take their printed
 * captions where the page tells the group apart (no two captions the same, and their own words not
 * all alike: "Name" by three rows' "Name of codebtor" blanks says no more than the tooltip) and
 * every caption taken is the field's own (no field outside the group has it: "City" read by a
 * blank that asks how long someone was employed is the City blank's). A caption that only says
 * the author's label ("State" by two "State" blanks) leaves it be: the heading over each tells
 * them apart (settlePageLabels). A check box's own caption is its option word, which many
 * questions share: its question goes with it. Returns the indexes of the fields that take their
 * printed caption.
 */
function untoldByAuthor(fields: readonly { page: number; type: FieldType }[], sources: readonly string[], captions: readonly string[], owns: readonly string[]): number[] {
  const isBox = (i: number) => fields[i].type === 'checkbox' || fields[i].type === 'radio';
  // What each field would take (a box its caption, a blank its own words), and which fields print
  // those words as theirs, by page: read once for the whole form, not once per group.
  const marks = fields.map((f, i) => `${f.page}:${lineWords(isBox(i) ? captions[i] : owns[i])}`);
  const ownKeys = fields.map((f, i) => `${f.page}:${lineWords(owns[i])}`);
  const holders = new Map<string, number[]>();
  const hold = (key: string, i: number) => (holders.get(key) ?? holders.set(key, []).get(key)!).push(i);
  fields.forEach((_, i) => {
    hold(marks[i], i);
    if (ownKeys[i] !== marks[i]) hold(ownKeys[i], i);
  });
  const groups = new Map<string, number[]>();
  sources.forEach((source, i) => {
    if (!source) return;
    const key = `${fields[i].page}:${source.toLowerCase()}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(i);
  });
  const out: number[] = [];
  for (const group of groups.values()) {
    if (group.length < 2 || new Set(group.map((i) => ownKeys[i])).size < 2) continue;
    const inGroup = new Set(group);
    const elsewhere = (i: number) => holders.get(marks[i])!.some((j) => !inGroup.has(j));
    const told = new Set(group.map((i) => captions[i].toLowerCase())).size === group.length;
    const swap = group.filter((i) => !saysEveryWord(owns[i], sources[i]));
    if (told && swap.every((i) => owns[i] && !elsewhere(i))) out.push(...swap);
  }
  return out;
}

/** The caption prints every word of three letters or more of the label (a plural s aside). */
function saysEveryWord(caption: string, label: string): boolean {
  const printed = stems(caption);
  return stems(label).every((w) => printed.includes(w));
}

/** A check box label that is only its option ("Divorced", "Yes"): the page's question goes first. */
function withQuestion(label: string, question: string): string {
  if (!question || label.split(/\s+/).length > 3) return label;
  const have = words(label);
  const q = [...words(question)];
  return q.length && !q.some((w) => have.has(w)) ? `${question}: ${label}` : label;
}

/**
 * A check box labelled by a question its sibling options share ("Is this a joint case" on both the
 * No and the Yes box): the printed option goes after it, unless the label says it already.
 */
function withOption(label: string, option: string): string {
  if (!option || option.split(/\s+/).length > 12) return label;
  const have = new Set(label.toLowerCase().match(/\p{L}+/gu) ?? []);
  const own = option.toLowerCase().match(/\p{L}+/gu) ?? [];
  return own.length && !own.every((w) => have.has(w)) ? `${label}: ${option}` : label;
}

/**
 * Sets each field's label: a good tooltip (minus a prefix every tooltip shares); with no tooltip, a
 * field name made of words ("petitioner_name_first") that is not told apart from its neighbours by
 * a number only and whose words the printed caption does not reword (captionRewordsName), unless
 * the field is a check box: a check box's printed option and question are
 * what a person reads, and a name written as the author's note ("order_defendant_stop_abuse_yes",
 * "income_check_dividends") goes stale when boxes are added or moved; else the printed caption, else the first
 * statement of a paragraph tooltip, else the field name; and the printed caption over all of these
 * where it says the same in full (captionSaysMore). Text fields
 * are re-typed from the label they end up with. Never throws: an unreadable page keeps what the
 * fields had.
 */
export async function labelAcroFormFields(pdf: PdfDocument, fields: AcroFormField[]): Promise<void> {
  if (!fields.length) return;
  let text: PageText = { captions: new Map(), pages: new Map() };
  try {
    text = await readPageText(pdf, fields);
  } catch {
    // Unreadable for pdf.js: the tooltips and names stand.
  }
  const prefix = commonTooltipPrefix(fields.map((f) => f.tooltip ?? ''));
  // A tooltip pasted on many fields ("Other" on every cell of a table) whose words neither the
  // field's name nor its printed caption share is no label.
  const uses = new Map<string, number>();
  for (const f of fields) if (f.tooltip) uses.set(f.tooltip.trim(), (uses.get(f.tooltip.trim()) ?? 0) + 1);
  const checkTips = new Map<string, number>();
  for (const f of fields) if (f.type === 'checkbox' && f.tooltip) checkTips.set(f.tooltip.trim(), (checkTips.get(f.tooltip.trim()) ?? 0) + 1);
  const authored = new Set<AcroFormField>();
  const captions = fields.map((f, fi) => fieldPageLabel(f, fi, text));
  const numbered = numberedNames(fields, captions);
  const ownOf = (fi: number) => text.captions.get(`${fi}:0`)?.own ?? '';
  const tooltips = new Set(fields.map((f) => (f.tooltip ?? '').trim().toLowerCase()).filter(Boolean));
  // The caption rewords the field's name, and it is this field's: not a header read over another
  // column as well (one caption for two columns tells neither apart), nor a label the author gave
  // another field in its tooltip.
  const reworded = (f: AcroFormField, fi: number): boolean => {
    const own = ownOf(fi);
    const r = f.widgets[0]?.rect;
    const otherColumn = (g: AcroFormField, j: number) => {
      const q = g.widgets[0]?.rect;
      return j !== fi && g.page === f.page && !!r && !!q && ownOf(j) === own && (q.x >= r.x + r.width || q.x + q.width <= r.x);
    };
    return captionRewordsName(f.name, own, captions[fi]) && !fields.some(otherColumn) && !tooltips.has(captions[fi].toLowerCase());
  };
  const sources: string[] = fields.map(() => '');
  fields.forEach((f, fi) => {
    let tip = (f.tooltip ?? '').trim();
    const onPage = captions[fi];
    const pasted = (uses.get(tip) ?? 0) >= 4 && !sharesWords(tip, `${labelFromFieldName(f.name)} ${onPage}`);
    // A tooltip that repeats the field's name adds nothing: the name is judged on its own.
    if (pasted || tip.toLowerCase() === ownName(f.name).toLowerCase()) tip = '';
    if (prefix && tip.startsWith(prefix)) tip = tip.slice(prefix.length).trim();
    // The word an authoring tool leaves in an empty tooltip ("undefined", "check") names nothing:
    // the page's caption is read instead, unless that caption is a neighbour's as well (a blank
    // under "Buyer's Name" with no caption of its own is not the buyer's name).
    const neighbours = () => captions.some((c, j) => j !== fi && fields[j].page === f.page && c === onPage);
    let label: string;
    if (PLACEHOLDER.test(tip)) label = onPage && !neighbours() ? onPage : tip;
    else if (tip && isGoodTooltip(tip, f.name)) label = cleanLabel(tip);
    // A paragraph tooltip: the printed caption, when the paragraph mentions it (a caption the
    // paragraph never mentions is more likely a neighbour's), else the paragraph's opening.
    else if (tip && tip.length > 160) label = onPage && sharesWords(onPage, tip) ? onPage : leadOf(tip);
    else if (!tip && !isMachineName(f.name) && !(onPage && (f.type === 'checkbox' || abbreviates(f.name, onPage) || isCodedName(f.name) || numbered.has(f) || nameIsShorthand(f.name, text.pages.get(f.page)?.words ?? new Set()) || reworded(f, fi)))) label = labelFromFieldName(f.name);
    else if (onPage) label = onPage;
    else label = labelFromFieldName(f.name);
    if (label !== onPage) sources[fi] = label;
    // The author's label cut short or reworded where the page prints it in full; not a label the
    // page prints as a line of its own (that is the form's wording already, and the caption
    // beside the field a neighbour's).
    const printedAsIs = text.pages.get(f.page)?.lineTexts.has(lineWords(label)) ?? false;
    if (onPage && label !== onPage && f.type !== 'radio' && !printedAsIs && captionSaysMore(label, text.captions.get(`${fi}:0`)?.own ?? '', onPage)) label = onPage;
    // A radio group's own label names its question already; a check box's may be only its option,
    // or only the question when the author gave every option of it the same tooltip.
    if (label !== onPage && f.type === 'checkbox') {
      const printed = text.captions.get(`${fi}:0`);
      label = withQuestion(label, printed?.question ?? '');
      if (tip && (checkTips.get(tip) ?? 0) >= 2) label = withOption(label, printed?.option ?? '');
    }
    f.label = label;
    if (label !== onPage) authored.add(f);
  });
  // The author's label given to several fields alike tells none of them apart: each takes its own
  // printed words (a check box its question and option). The field stays among the authored ones:
  // the headings read over a page of boxes ("PAYER'S name" over the recipient's blanks) are told
  // apart only by what is printed plainly (settlePageLabels).
  for (const fi of untoldByAuthor(fields, sources, captions, fields.map((_, fi) => ownOf(fi)))) {
    const isBox = fields[fi].type === 'checkbox' || fields[fi].type === 'radio';
    fields[fi].label = isBox ? captions[fi] : ownOf(fi);
  }
  // Labels that repeat on a page ("City" in three address blocks) take the heading over each.
  for (const [index, page] of text.pages) {
    const onPage = fields.filter((f) => f.page === index);
    const labelled = onPage.map((f) => ({ type: f.type, page: index, rect: mapRect(page.toModel, f.rect), label: f.label, section: undefined as string | undefined, authored: authored.has(f) }));
    settlePageLabels(labelled, page.lines, page.used);
    onPage.forEach((f, k) => {
      f.label = labelled[k].label;
      if (labelled[k].section) f.section = labelled[k].section;
    });
  }
  carrySections(fields);
  // Text fields are typed again from the label they end up with: a signature blank is one whose
  // caption asks for a signature ("Date of signature" is a date).
  for (const f of fields) {
    if (f.type !== 'text' && !(f.type === 'signature' && !f.signatureField)) continue;
    f.type = isSignatureLabel(captionCore(f.label)) ? 'signature' : 'text';
    f.data_type = f.type === 'signature' ? 'signature' : dataTypeFromLabel(f.label);
  }
}

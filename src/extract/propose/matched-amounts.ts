// Amount boxes and stated amounts, matched both ways. Budget and income forms ask for money line by
// line ("Food", "Vehicle insurance", "Monthly gross income … : Respondent"); people state it in
// their own words ("groceries about $620", "He also gets VA disability, $171 a month") or in a
// budget sheet's rows ("Car insurance | GEICO | 132"). Each stated amount goes to the one box whose
// words it shares most (distinctive words count more: a word in every box's label says nothing),
// and a box takes it only when every amount that chose it agrees. Conservative by construction:
// - the amount must carry its currency sign, or stand in a sheet column headed as money;
// - an unsure amount ("maybe $40") never answers, nor one the documents take back anywhere
//   ("it's $895 now, not $875" withdraws every "$875");
// - one item of a product ("12 gifts of $50") and a share of something ("$300 toward the rent")
//   are not the thing's amount;
// - an amount said per paycheck, week, hour or year never answers a monthly box, nor a monthly
//   one a yearly box; "$2,800 per paycheck, so $5,600 a month" is the second figure, with the
//   first one's words;
// - an amount said about someone else ("he", "his", a relative) never answers the form's own
//   person's box, nor a first-person one the other party's box;
// - a sheet tab named old or previous is past data, and a row its own note doubts or sets aside
//   ("already counted?", "deducted from paycheck") is passed over; rows naming the same form
//   line ("6c" for the phone and for the internet bill) are one amount, their sum;
// - a total box is the sum of the form's own lines and takes nothing; numbered boxes of one kind
//   ("Car1", "Car2") are a list, and which item an amount is cannot be told from its words.
import type { KeyValue, ReadDocument } from '../types.ts';
import type { FieldSpec } from './fields.ts';
import { roleIn } from './labels.ts';
import { contentWords } from './match-keys.ts';
import { canonical, HEDGE } from './normalise.ts';
import type { PrintedLabel } from './page-labels.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import { sentencesOf } from './statements.ts';
import type { FieldProposal, ProposeField } from './types.ts';

/** A figure with its currency sign; the sign keeps dates, counts and account numbers out. */
export const MONEY = /[$€£]\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{2})?(?!\d)/g;

/** Words of a label that say a box holds money. */
const MONEY_WORDS = /\b(amount|sum|total|income|salary|salaries|wages?|expenses?|payments?|rent|balances?|support|benefits?|value|costs?|insurance|assistance|cash|tuition|fees?|premiums?|pension|alimony|maintenance|allowance|dues|contributions?|childcare|food|utilities|electricity|gas|telephone|transportation)\b/;

/** Household-budget words that people and forms spell differently, each written one way. */
const SAME_MEANING: [RegExp, string][] = [
  [/\b(child|day)[\s-]?care\b|\bbabysitting\b|\bafter-school\b/g, 'childcare'],
  [/\b(groceries|grocery)\b/g, 'food'],
  [/\b(cars?|vehicles?|autos?|automobiles?)\b/g, 'automobile'],
  [/\b(salary|salaries|wages?|gross|earnings|paychecks?)\b/g, 'salary'],
  [/\b(snap|tanf|welfare|food stamps)\b/g, 'assistance'],
  [/\b(telephones?|phones?|cell|mobile)\b/g, 'telephone'],
  [/\b(electric|electricity)\b/g, 'electricity'],
  [/\b(rent|rental)\b/g, 'rent'],
  [/\b(veteran'?s?|va)\b/g, 'veteran'],
  [/\b(insurance|ins)\b/g, 'insurance'],
  [/\b(pay|pays|paid|paying|payments?)\b/g, 'payment'],
  [/\b(afford|affordable)\b/g, 'afford'],
];

/** A text's content words, each in its one spelling ("Car1" is the word "automobile"). */
function words(text: string): Set<string> {
  let t = text.toLowerCase().replace(/([a-z])(\d)/g, '$1 $2');
  for (const [re, w] of SAME_MEANING) t = t.replace(re, w);
  return new Set(contentWords(t.replace(/-/g, ' ')).concat(contentWords(t)));
}

type Period = 'month' | 'other' | null;
const MONTHLY = /^\s*(a|per|each|every|\/)\s*(month|mo)\b|^\s*monthly\b/i;
const OTHER_PERIOD = /^\s*(a|per|each|every|an|\/)\s*(paycheck|pay ?check|pay period|week|wk|hour|hr|year|yr|day|visit)\b|^\s*(weekly|biweekly|bi-weekly|yearly|annually|hourly|twice a month)\b/i;

interface Stated {
  value: string;
  words: Set<string>;
  period: Period;
  /** Whose it is by its own words: first person, someone else, or unsaid. */
  whose: 'self' | 'other' | null;
  doc: ReadDocument;
  page: number;
  location: string;
  text: string;
}

const THIRD = /\b(he|she|his|her|hers|him|their|they|husband|wife|spouse|ex|son|daughter|mother|father|mom|dad|brother|sister|cousin|aunt|uncle|grandmother|grandfather)\b/i;
const FIRST = /\b(i|i'm|my|me|mine|we|our)\b/i;

function whoseIn(text: string): Stated['whose'] {
  const t = canonical(text);
  const third = THIRD.test(t);
  const first = FIRST.test(t);
  // "My father has his own pension": a relative or a third person makes it theirs, first person or not.
  if (third) return 'other';
  if (first) return 'self';
  return null;
}

/** "12 gifts of $50": one item of a product, not the sum; "$300 every month toward the rent": a share of it. */
export function partOfAmount(text: string, start: number, end: number): boolean {
  return /\b\d+\s+(\w+\s+)?(of|at|x|×)\s*$/i.test(text.slice(Math.max(0, start - 30), start)) || /^\s*(\w+\s+){0,3}towards?\b/i.test(text.slice(end));
}

/** Amounts a sentence states, each with the words that say what it is. */
function fromSentence(doc: ReadDocument, page: number, location: string, sentence: string, before: Stated['whose']): Stated[] {
  // "$75 a month (I think)": an aside can hedge the figure, but its words say nothing of what it is for.
  if (HEDGE.test(sentence) && (sentence.match(MONEY) ?? []).length === 1) return [];
  const text = sentence.replace(/\([^)]*\)/g, ' ');
  const figures = [...text.matchAll(MONEY)];
  const out: Stated[] = [];
  let carried = '';
  for (let i = 0; i < figures.length; i++) {
    const m = figures[i];
    const end = m.index! + m[0].length;
    const next = figures[i + 1];
    const after = text.slice(end, next ? next.index : undefined);
    // A figure's words: from the previous figure to the next one ("Marcus pays $310 a month child support").
    const prevEnd = i === 0 ? 0 : figures[i - 1].index! + figures[i - 1][0].length;
    const own = carried + text.slice(prevEnd, next ? next.index : undefined).replace(MONEY, ' ');
    // "$2,800 per paycheck, so $5,600 a month": the next figure says the same in other units.
    if (next && /^\s*(a|an|per|each)\s+\w+( \w+)?,?\s*(so|or|which is|that's|that is|i\.e\.|=)\s*$/i.test(after)) {
      carried = text.slice(prevEnd, m.index);
      continue;
    }
    carried = '';
    if (/\bnot\s*$/i.test(text.slice(Math.max(0, m.index! - 6), m.index)) || partOfAmount(text, m.index!, end)) continue;
    const period: Period = MONTHLY.test(after) || /\bmonthly\b/i.test(own) ? 'month' : OTHER_PERIOD.test(after) ? 'other' : null;
    out.push({ value: `${m[1].replace(/,/g, '')}${m[2] ?? ''}`, words: words(own), period, whose: whoseIn(own) ?? before, doc, page, location, text: sentence });
  }
  return out;
}

/** Every amount the sentences of a document state; a sentence that names nobody is about whoever the one before it on its line was. */
function fromText(doc: ReadDocument): Stated[] {
  const out: Stated[] = [];
  let prevLocation = '';
  let prevWhose: Stated['whose'] = null;
  for (const s of sentencesOf(doc)) {
    const before: Stated['whose'] = prevLocation === s.location ? prevWhose : null;
    out.push(...fromSentence(doc, s.page, s.location, s.text, before));
    prevLocation = s.location;
    prevWhose = whoseIn(s.text) ?? before;
  }
  return out;
}

/** A cell that only refers to a line of the form ("4", "6c", "2.1"). */
const LINE_REF = /^\s*\d{1,2}(\.\d{1,2})?[a-z]?\s*$/i;

/**
 * A sheet's rows with a money column: the row's other cells say what the amount is. Rows that
 * name the same line of the form (a "Line" column: two phone bills both on line 6c) are one
 * amount, their sum.
 */
function fromRows(doc: ReadDocument): Stated[] {
  const rows = new Map<string, KeyValue[]>();
  for (const p of doc.pairs) {
    const m = /^cell (?:(.*)!)?[A-Z]+(\d+)$/.exec(p.location);
    if (!m || p.method !== 'table_header') continue;
    // A tab kept for the record ("Budget 2023 (old)") is not what the form asks about now.
    if (m[1] && /\b(old|previous|prior|archive|former)\b/i.test(m[1])) continue;
    const k = `${m[1] ?? ''}|${m[2]}`;
    rows.set(k, [...(rows.get(k) ?? []), p]);
  }
  const byLine = new Map<string, Stated>();
  const out: Stated[] = [];
  for (const [key, cells] of rows) {
    const money = cells.filter((c) => /\bamount\b|\$|\bcost\b|\bbalance\b|\bmonthly\b/i.test(c.key) && /^\s*\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{2})?\s*$/.test(c.value));
    if (money.length !== 1) continue;
    const note = cells.find((c) => /\bnotes?\b|\bcomments?\b/i.test(c.key));
    // A row its own note doubts or sets aside ("already counted…?", "deducted from paycheck").
    if (note && (HEDGE.test(note.value) || /\b(already|deducted|ignore|not this)\b/i.test(note.value))) continue;
    // Cells that say what the money is for, not a figure, a date or a line reference ("4b").
    const about = cells.filter((c) => c !== money[0] && c !== note && /[a-z]{3}/i.test(c.value) && !LINE_REF.test(c.value));
    if (about.length === 0) continue;
    const what = about.map((c) => c.value).join(' ');
    const period: Period = /\bmonthly\b|\bper month\b/i.test(money[0].key) ? 'month' : /\b(weekly|yearly|annual)\b/i.test(money[0].key) ? 'other' : null;
    const row: Stated = { value: money[0].value.replace(/[$,\s]/g, ''), words: words(what), period, whose: whoseIn(what), doc, page: money[0].page, location: money[0].location, text: `${what}: ${money[0].value}` };
    const line = cells.find((c) => /\bline\b/i.test(c.key) && LINE_REF.test(c.value));
    if (!line) {
      out.push(row);
      continue;
    }
    const lk = `${key.split('|')[0]}|${line.value.trim().toLowerCase()}`;
    const had = byLine.get(lk);
    if (!had) byLine.set(lk, row);
    else byLine.set(lk, { ...had, value: (Math.round((Number(had.value) + Number(row.value)) * 100) / 100).toFixed(had.value.includes('.') || row.value.includes('.') ? 2 : 0), words: new Set([...had.words, ...row.words]), text: `${had.text}; ${row.text}` });
  }
  return [...out, ...byLine.values()];
}

interface Box {
  index: number;
  /** Words of its label and of the text printed beside it. */
  words: Set<string>;
  /** Words of its label alone: they say more than a printed instruction's. */
  own: Set<string>;
  monthly: boolean;
  yearly: boolean;
  whose: 'self' | 'other' | null;
  /** Its label names a party other than the filer (a child, a spouse…): someone else's amount may be its answer. */
  party: boolean;
}

/** Does the box ask for a sum of money? A money word in its label, or a currency sign printed beside it. */
function asksMoney(field: ProposeField, spec: FieldSpec, printed: PrintedLabel | undefined): boolean {
  if (field.type !== 'text') return false;
  const sign = [printed?.left, printed?.above].some((t) => /[$€£]\s*$/.test(t ?? ''));
  // A label some concept rule reads (a phone, a date…) is an amount only where the page prints a "$" for it.
  if (spec.concept) return sign;
  return sign || MONEY_WORDS.test(canonical(`${spec.text} ${printed?.left ?? ''}`));
}

export function matchedAmounts(fields: ProposeField[], specs: FieldSpec[], printed: (PrintedLabel | undefined)[], documents: ReadDocument[], open: (i: number) => boolean): Map<number, FieldProposal> {
  // Numbered boxes of one kind ("Car1", "Car2"; "Balance 1…5") are a list: which item an amount
  // belongs to is not in its words.
  const stem = (f: ProposeField) => canonical(f.label).replace(/[\s_-]*\d+$/, '');
  const kinds = new Map<string, number>();
  for (const f of fields) if (/\d$/.test(f.label.trim())) kinds.set(stem(f), (kinds.get(stem(f)) ?? 0) + 1);
  const boxes: Box[] = [];
  fields.forEach((f, i) => {
    if (!asksMoney(f, specs[i], printed[i]) || (kinds.get(stem(f)) ?? 0) > 1) return;
    // A total is the sum of the form's own lines, not a figure a document states.
    if (/\b(total|subtotal)\b/i.test(specs[i].text)) return;
    const label = `${specs[i].text} ${printed[i]?.left ?? ''}`;
    const role = roleIn(specs[i].text);
    const whose = role === 'self' ? 'self' : role && role !== 'child' && role !== 'alias' ? 'other' : null;
    boxes.push({ index: i, party: !!role && role !== 'self' && role !== 'alias', words: words(label), own: words(specs[i].text), monthly: /\bmonth(ly)?\b/i.test(label), yearly: /\b(annual|yearly|per year|a year)\b/i.test(label), whose });
  });
  const out = new Map<number, FieldProposal>();
  if (boxes.length === 0) return out;
  // A word in many boxes' labels ("monthly", "amount") tells little about which box.
  const spread = new Map<string, number>();
  for (const b of boxes) for (const w of b.words) spread.set(w, (spread.get(w) ?? 0) + 1);
  // "it's $895 now, not $875": a figure the documents take back answers nothing, wherever it was said.
  const withdrawn = new Set(documents.flatMap((doc) => sentencesOf(doc).flatMap((s) => [...s.text.matchAll(/\bnot\s+([$€£]\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{2})?)/gi)].map((m) => Number(m[1].replace(/[^\d.]/g, ''))))));
  const stated = documents.flatMap((doc) => [...fromText(doc), ...fromRows(doc)]).filter((s) => !withdrawn.has(Number(s.value)));
  const votes = new Map<number, { s: Stated; score: number }[]>();
  for (const s of stated) {
    let best: Box[] = [];
    let top = 0;
    for (const b of boxes) {
      if ((s.whose === 'other' && !b.party) || (b.whose === 'other' && s.whose === 'self')) continue;
      if ((b.monthly && s.period === 'other') || (b.yearly && s.period === 'month')) continue;
      let score = 0;
      for (const w of b.words) if (s.words.has(w)) score += (b.own.has(w) ? 1 : 0.5) / spread.get(w)!;
      // At least one word that only this box (or one other) names.
      if (![...b.words].some((w) => s.words.has(w) && spread.get(w)! <= 2)) continue;
      // A box known only by the instruction printed beside it ("Line2a P") needs half of that instruction said.
      if (![...b.own].some((w) => s.words.has(w)) && [...b.words].filter((w) => s.words.has(w)).length < b.words.size / 2) continue;
      if (score > top + 1e-9) [best, top] = [[b], score];
      else if (Math.abs(score - top) <= 1e-9) best.push(b);
    }
    // Boxes alike but for whose they are ("…: Petitioner", "…: Respondent"): the amount's own words decide.
    if (best.length > 1 && s.whose) best = best.filter((b) => (s.whose === 'other') === (b.whose === 'other'));
    if (best.length !== 1) continue;
    votes.set(best[0].index, [...(votes.get(best[0].index) ?? []), { s, score: top }]);
  }
  for (const [i, all] of votes) {
    // Of the amounts that chose a box, those that name it best ("car insurance" over "car payment" for vehicle insurance).
    const top = Math.max(...all.map((v) => v.score));
    const list = all.filter((v) => v.score >= top - 1e-9).map((v) => v.s);
    if (!open(i) || new Set(list.map((s) => Number(s.value))).size !== 1) continue;
    const first = list[0];
    out.set(i, inferredProposal(fields[i], first.value, list.map((s) => evidenceAt(s.doc, s.page, s.location, s.text.slice(0, 200), 'stated_amount')), `The documents state this amount for it ("${first.text.slice(0, 80)}").`));
  }
  return out;
}

// Suggests which contract field each spreadsheet column fills (§2.9): header words against field
// labels, tooltips and names (normalised tokens, abbreviations, synonyms), helped by what the
// first rows hold (dates, 9-digit numbers, yes/no). One field per column, best matches first.
import type { ContractField } from './contracts.ts';

export type Confidence = 'high' | 'medium' | 'low';
export interface MappingSuggestion {
  mapping: Record<string, { field_id: number; confidence: Confidence }>;
  unmapped_columns: string[];
}

// Abbreviation or variant → canonical phrase. Applied to whole normalised strings and to tokens.
const PHRASES: [RegExp, string][] = [
  [/\bd\s*o\s*b\b/g, 'date of birth'],
  [/\bbirth\s*date\b|\bbirthdate\b|\bdate born\b|\bborn\b/g, 'date of birth'],
  [/\bs\s*s\s*n\b|\bsocial security( number| no| num)?\b|\bsoc sec( no| number)?\b/g, 'ssn'],
  [/\bein\b|\bemployer identification number\b|\bfein\b/g, 'ein'],
  [/\b(zip|postal|post)\s*code\b|\bzipcode\b|\bpostcode\b|\bzip\b/g, 'zip'],
  [/\bfirst\s*name\b|\bfname\b|\bgiven name\b|\bforename\b|\bfirst\b/g, 'first_name'],
  [/\blast\s*name\b|\blname\b|\bsurname\b|\bfamily name\b|\blast\b/g, 'last_name'],
  [/\bmiddle\s*(name|initial)\b|\bmi\b|\bm i\b/g, 'middle_name'],
  [/\bfull\s*name\b|\bname\b/g, 'name'],
  [/\be\s*mail( address)?\b/g, 'email'],
  [/\b(tel|telephone|phone|mobile|cell)( number| no| num| #)?\b/g, 'phone'],
  [/\b(street )?addr(ess)?( line)?( 1)?\b|\bstreet\b/g, 'address'],
  [/\bst\b|\bstate province\b|\bprovince\b/g, 'state'],
  [/\bcity\b|\btown\b/g, 'city'],
  [/\bmarried\b|\bmarital status\b|\bis married\b/g, 'married'],
  [/\bsex\b|\bgender\b/g, 'gender'],
  [/\bno\b|\bnum\b|\bnbr\b|#/g, 'number'],
  [/\bamt\b/g, 'amount'],
  [/\bdept\b/g, 'department'],
  [/\bemp\b/g, 'employee'],
  [/\bacct\b/g, 'account'],
];

const STOP = new Set(['the', 'of', 'a', 'an', 'your', 'applicant', 'applicants', 'please', 'enter', 'is', 'are', 'you', 'and', 'or', 'if', 'yes', 'field', 'text', 'check', 'box', 'checkbox']);

/** Lower case, camelCase and snake_case split, punctuation gone, then canonical phrases. */
export function normalise(s: string): string {
  let t = s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_.\-/\\:()[\]?*!,'"]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [re, to] of PHRASES) t = t.replace(re, to);
  // "ZIP/Postal code" → "zip zip" → "zip": a word said twice in a row is said once.
  return t.split(/\s+/).filter((w, i, all) => w && w !== all[i - 1]).join(' ');
}

export function tokens(s: string): string[] {
  return normalise(s)
    .split(' ')
    .filter((w) => w && !STOP.has(w));
}

// What the values of a column look like, from the first rows.
type ValueKind = 'date' | 'ssn' | 'boolean' | 'zip' | 'email' | 'phone' | 'number';
const BOOL_WORDS = new Set(['yes', 'no', 'y', 'n', 'true', 'false', 'x', '0', '1', 'on', 'off', 'checked', 'unchecked']);

export function valueKind(values: string[]): ValueKind | undefined {
  const vs = values.map((v) => v.trim()).filter(Boolean).slice(0, 20);
  if (!vs.length) return undefined;
  const all = (re: RegExp | ((v: string) => boolean)) => vs.every((v) => (typeof re === 'function' ? re(v) : re.test(v)));
  if (all(/^\d{3}-?\d{2}-?\d{4}$/) && all((v) => v.replace(/-/g, '').length === 9)) return 'ssn';
  if (all(/^(\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{2}-\d{2}([T ][\d:.]+Z?)?)$/)) return 'date';
  if (all((v) => BOOL_WORDS.has(v.toLowerCase())) && !all(/^[01]$/)) return 'boolean';
  if (all(/^\d{5}(-\d{4})?$/)) return 'zip';
  if (all(/^[^@\s]+@[^@\s]+\.[^@\s]+$/)) return 'email';
  if (all(/^\+?[\d\s().-]{7,}$/) && all((v) => v.replace(/\D/g, '').length >= 7)) return 'phone';
  if (all(/^-?[\d,]*\.?\d+$/)) return 'number';
  return undefined;
}

function valueFits(kind: ValueKind, f: ContractField): boolean {
  switch (kind) {
    case 'date': return f.data_type === 'date';
    case 'ssn': return f.data_type === 'ssn';
    case 'boolean': return f.type === 'checkbox';
    case 'zip': return f.data_type === 'zip';
    case 'email': return f.data_type === 'email';
    case 'phone': return f.data_type === 'phone';
    case 'number': return f.data_type === 'number' || f.data_type === 'currency';
  }
}

function fieldTexts(f: ContractField): string[] {
  const nameTail = f.name.split('.').pop() ?? f.name;
  return [f.label, f.tooltip, nameTail, f.name].filter((x): x is string => !!x && x.trim() !== '');
}

interface Words {
  norm: string;
  toks: string[];
  set: Set<string>;
}
const words = (s: string): Words => {
  const toks = tokens(s);
  return { norm: normalise(s), toks, set: new Set(toks) };
};

/** 0..1: how well a header names a field, on words normalised once (every column meets every field). */
function headerScoreOf(hw: Words, texts: Words[], f: ContractField): number {
  const h = hw.norm;
  const ht = hw.toks;
  if (!h) return 0;
  let best = 0;
  for (const text of texts) {
    if (text.norm === h) return 1;
    const fs = text.set;
    if (!text.toks.length || !ht.length) continue;
    const common = ht.filter((t) => fs.has(t)).length;
    if (!common) continue;
    // Dice coefficient over tokens, with a bonus when every header token is in the field's text.
    let s = (2 * common) / (ht.length + fs.size);
    if (common === ht.length) s = Math.max(s, 0.75);
    best = Math.max(best, s);
  }
  // The header names the field's data type ("SSN" against a field typed ssn).
  if (ht.length === 1 && ht[0] === f.data_type && best < 0.7) best = 0.7;
  return best;
}

export function suggestMapping(fields: ContractField[], columns: string[], rows: Record<string, string>[]): MappingSuggestion {
  const fillable = fields.filter((f) => f.type !== 'signature');
  // Every text normalised once (normalise runs some twenty regexes): scoring is then set lookups.
  const fieldWords = new Map(fillable.map((f) => [f.id, fieldTexts(f).map(words)]));
  const candidates: { column: string; field: ContractField; score: number }[] = [];
  for (const column of columns) {
    const kind = valueKind(rows.slice(0, 20).map((r) => r[column] ?? ''));
    const hw = words(column);
    for (const field of fillable) {
      let score = headerScoreOf(hw, fieldWords.get(field.id)!, field);
      const fits = kind ? valueFits(kind, field) : false;
      if (kind && fits) score = score > 0 ? Math.min(1, score + 0.15) : 0.35;
      else if (kind && score > 0 && score < 1 && (kind === 'boolean') !== (field.type === 'checkbox')) score *= 0.7; // values disagree
      if (score >= 0.3) candidates.push({ column, field, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.field.id - b.field.id);
  const byColumn = new Map<string, typeof candidates>();
  for (const c of candidates) {
    if (c.score >= 0.4) continue;
    const list = byColumn.get(c.column) ?? [];
    list.push(c);
    byColumn.set(c.column, list);
  }
  const mapping: MappingSuggestion['mapping'] = {};
  const usedFields = new Set<number>();
  for (const c of candidates) {
    if (mapping[c.column] || usedFields.has(c.field.id)) continue;
    // A value-only guess is only made when exactly one field of that kind is left.
    if (c.score < 0.4) {
      const rivals = byColumn.get(c.column)!.filter((o) => o.score === c.score && !usedFields.has(o.field.id));
      if (rivals.length > 1) continue;
    }
    mapping[c.column] = { field_id: c.field.id, confidence: c.score >= 0.85 ? 'high' : c.score >= 0.55 ? 'medium' : 'low' };
    usedFields.add(c.field.id);
  }
  // Keep the spreadsheet's column order.
  const ordered = Object.fromEntries(columns.filter((c) => mapping[c]).map((c) => [c, mapping[c]]));
  return { mapping: ordered, unmapped_columns: columns.filter((c) => !mapping[c]) };
}

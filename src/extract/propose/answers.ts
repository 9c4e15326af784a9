// Answers read from what the documents SAY rather than from key/value facts: yes/no questions
// answered by explicit statements ("He was NOT taken to an emergency room" → No), the AM/PM of a
// time the documents give for the same event, the date of an injury reported "this morning", the
// person who says they complete the form (and their signature block's title and phone), a height
// split into feet/inches boxes, an option named in the writer's own words ("Book only"), and
// check boxes whose caption is a situation the documents establish (a card that expires within
// six months of the latest document). Each rule answers only on an explicit statement and only when
// every statement agrees; the answer is at most medium: a person checks it.
import type { ReadDocument } from '../types.ts';
import type { FieldSpec } from './fields.ts';
import { canonical, countWord, fold, humaniseName } from './normalise.ts';
import type { PrintedLabel } from './page-labels.ts';
import { findDates, findPhone, looksLikeName } from './recognizers.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import { NEGATION, RELATIVE, sentencesOf, type Sentence } from './statements.ts';
import type { FieldProposal, ProposeField } from './types.ts';

export interface AnswerContext {
  fields: ProposeField[];
  specs: FieldSpec[];
  printed: (PrintedLabel | undefined)[];
  documents: ReadDocument[];
}

interface Found {
  value: string;
  sentences: Sentence[];
  note: string;
}

/** Everything the form says about a field: its label, tooltip, name and printed words. */
export function questionOf(i: number, ctx: AnswerContext): string {
  const f = ctx.fields[i];
  const p = ctx.printed[i];
  return [ctx.specs[i]?.text, f.label, f.tooltip, humaniseName(f.name), p?.above, p?.left, p?.heading].filter(Boolean).join(' . ');
}

function optionsOf(f: ProposeField): string[] {
  const exports = [...new Set((f.widgets ?? []).map((w) => w.export_value).filter((x): x is string => !!x))];
  if (f.type === 'checkbox') return exports.length ? exports : f.export_value ? [f.export_value] : [];
  return (f.options ?? exports).filter((o) => o.trim() !== '');
}

function proposal(field: ProposeField, found: Found): FieldProposal {
  const evidence = found.sentences.slice(0, 4).map((s) => evidenceAt(s.doc, s.page, s.location, s.text.length > 240 ? `${s.text.slice(0, 237)}...` : s.text, 'statement'));
  return inferredProposal(field, found.value, evidence, found.note);
}

function allSentences(ctx: AnswerContext): Sentence[] {
  return ctx.documents.flatMap((d) => sentencesOf(d));
}

/** One answer when every statement found agrees; null when none or they disagree. */
function agreed(hits: { value: string; s: Sentence }[]): { value: string; sentences: Sentence[] } | null {
  if (!hits.length) return null;
  const values = new Set(hits.map((h) => h.value));
  if (values.size !== 1) return null;
  return { value: hits[0].value, sentences: hits.map((h) => h.s) };
}

// --- yes/no questions ---------------------------------------------------------------------------

interface YesNoTopic {
  /** The question asks this. */
  question: RegExp;
  /** A statement that explicitly answers no. */
  no: RegExp;
  /** A statement that explicitly answers yes (only counts in a sentence with no negation). */
  yes: RegExp;
}

const CARE_PLACE = '(?:emergency room|emergency department|\\bER\\b)';
const YES_NO_TOPICS: YesNoTopic[] = [
  {
    question: /\b[Ee]mergency ([Rr]oom|[Dd]epartment)\b|\bER\b/,
    no: new RegExp(`(\\b(not|never|no|rather than|instead of)\\b|n't\\b)[^.;]{0,40}${CARE_PLACE}`, 'i'),
    yes: new RegExp(`\\b(taken|went|go|gone|brought|rushed|sent|treated|seen)\\b[^.;]{0,20}\\b(to|in|at|by)\\b[^.;]{0,6}${CARE_PLACE}`, 'i'),
  },
  {
    question: /\bhospitali[sz]ed\b|\bin-?patient\b/i,
    no: /\b(not|never)\s+(been\s+)?(admitted|hospitali[sz]ed|kept overnight)\b|\bno\s+(overnight|hospital)\s+(stay|admission)\b|\bno overnight\b|\bdid ?n[o']t stay overnight\b/i,
    yes: /\b(was|were|been|got)\s+(admitted|hospitali[sz]ed)\b|\bkept (him|her|them)? ?overnight\b|\bstayed overnight\b/i,
  },
  {
    question: /\bname\b[^.?]*\bchanged?\b|\bchanged?\b[^.?]*\bname\b/i,
    no: /\bname\s+(has|had|did|was|is)\s*(not|never|n't)\s+(been\s+)?(legally\s+)?chang|\bname\s+(is|remains|stayed|has stayed)\s+(the same|unchanged)\b|\bno\s+(legal\s+)?name change\b|\b(have|has|did)\s*(not|n't|never)\s+(legally\s+)?changed?\s+(my|her|his|their)\s+name\b/i,
    yes: /\bname\s+(was|has been|had been)\s+(legally\s+)?changed\b|\b(legally\s+)?changed\s+(my|her|his|their)\s+name\b/i,
  },
];

/** The answer a single yes-or-no check box stands for ("… Select No (Proceed to …)"), from its caption or export value. */
function boxAnswer(i: number, ctx: AnswerContext): 'yes' | 'no' | null {
  const f = ctx.fields[i];
  const said = [...`${f.tooltip ?? ''} ${f.label}`.matchAll(/\bselect (yes|no)\b/gi)].pop();
  if (said) return said[1].toLowerCase() as 'yes' | 'no';
  const right = /^\s*(yes|no)\b/i.exec(ctx.printed[i]?.right ?? '');
  if (right) return right[1].toLowerCase() as 'yes' | 'no';
  const ev = fold(f.export_value ?? optionsOf(f)[0] ?? '');
  return ev === 'y' || ev === 'yes' ? 'yes' : ev === 'n' || ev === 'no' ? 'no' : null;
}

function yesNoOption(options: string[], answer: 'yes' | 'no'): string | null {
  const want = answer === 'yes' ? ['yes', 'y'] : ['no', 'n'];
  return options.find((o) => want.includes(fold(o).trim())) ?? null;
}

const CONDITIONAL = /\b(if|unless|should|in case|may need|might need|whether)\b/i;

function answerYesNo(i: number, ctx: AnswerContext): Found | null {
  const f = ctx.fields[i];
  const options = optionsOf(f);
  const pair = options.length >= 2 && !!yesNoOption(options, 'yes') && !!yesNoOption(options, 'no');
  const single = f.type === 'checkbox' && options.length <= 1 ? boxAnswer(i, ctx) : null;
  if (!pair && !single) return null;
  const q = questionOf(i, ctx);
  const topic = YES_NO_TOPICS.find((t) => t.question.test(q));
  if (!topic) return null;
  const hits: { value: string; s: Sentence }[] = [];
  for (const s of allSentences(ctx)) {
    // A statement about a relative answers nothing about the form's subject.
    if (RELATIVE.test(s.text)) continue;
    // Advice and conditions ("go to the ER if it gets worse") state nothing that happened.
    if (CONDITIONAL.test(s.text)) continue;
    if (topic.no.test(s.text)) hits.push({ value: 'no', s });
    else if (topic.yes.test(s.text) && !NEGATION.test(s.text)) hits.push({ value: 'yes', s });
  }
  const a = agreed(hits);
  if (!a) return null;
  const answer = a.value as 'yes' | 'no';
  const note = `Answered ${answer === 'yes' ? 'Yes' : 'No'} by an explicit statement in the documents.`;
  if (pair) {
    const opt = yesNoOption(options, answer);
    return opt ? { value: opt, sentences: a.sentences, note } : null;
  }
  return single === answer ? { value: 'true', sentences: a.sentences, note } : null;
}

// --- AM / PM of a time ----------------------------------------------------------------------------

const WORK_START = /\b(clock(ed|s)? in|punch(ed|es)? in|(began|begins|started|starts) (work|(his|her|my|their|the) shift)|shift (began|begins|started|starts)|reported (to|for) work|arrived (at|for) work)\b/i;
const EVENT = /\b(injur(y|ed|ies)|incident|accident|laceration|sustained|happened|occurred|hurt|fell|slipped|tripped|struck|collapsed)\b/i;
const TIME = /\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s?m\b\.?/gi;

function timeTopic(text: string): 'start' | 'event' | null {
  const t = canonical(text);
  if (/\b(began|begin|start(ed)?) work\b|\bshift start|\btime in\b/.test(t)) return 'start';
  if (/\b(event|injury|incident|accident|illness)\b/.test(t)) return 'event';
  return null;
}

function answerMeridiem(i: number, ctx: AnswerContext): Found | null {
  const f = ctx.fields[i];
  const options = optionsOf(f);
  const am = options.find((o) => fold(o).trim() === 'am');
  const pm = options.find((o) => fold(o).trim() === 'pm');
  if (!am || !pm || f.type === 'text') return null;
  let topic = timeTopic(`${ctx.specs[i]?.text ?? ''} ${humaniseName(f.name)}`);
  // The time box beside the radios says which time they belong to.
  for (let j = i - 1; !topic && j >= Math.max(0, i - 3); j--) {
    if (ctx.fields[j].type === 'text' && ctx.fields[j].page === f.page && /\btime\b/i.test(questionOf(j, ctx))) topic = timeTopic(questionOf(j, ctx));
  }
  if (!topic) return null;
  const hits: { value: string; s: Sentence }[] = [];
  for (const s of allSentences(ctx)) {
    const start = WORK_START.test(s.text);
    const event = EVENT.test(s.text);
    if (start === event || (topic === 'start' ? !start : !event)) continue;
    for (const m of s.text.matchAll(TIME)) hits.push({ value: m[3].toLowerCase() === 'a' ? am : pm, s });
  }
  const a = agreed(hits);
  if (!a) return null;
  return { value: a.value, sentences: a.sentences, note: `The documents give this time as ${fold(a.value).toUpperCase()}.` };
}

// --- date of an injury reported "this morning" ----------------------------------------------------

const RELATIVE_DAY = /\b(this morning|this afternoon|this evening|earlier today|today|tonight|yesterday)\b/i;

function answerEventDate(i: number, ctx: AnswerContext): Found | null {
  const f = ctx.fields[i];
  if (f.type !== 'text') return null;
  const own = canonical(`${ctx.specs[i]?.text ?? ''} ${f.label}`);
  const m = /\bdate of (injury|illness|incident|accident|exposure)\b|\b(injury|incident|accident) date\b/.exec(own);
  if (!m) return null;
  const hits: { value: string; s: Sentence }[] = [];
  for (const s of allSentences(ctx)) {
    const rel = RELATIVE_DAY.exec(s.text);
    if (!rel || !s.messageDate || !EVENT.test(s.text) || RELATIVE.test(s.text)) continue;
    const d = new Date(`${s.messageDate}T00:00:00Z`);
    if (/yesterday/i.test(rel[1])) d.setUTCDate(d.getUTCDate() - 1);
    const iso = d.toISOString().slice(0, 10);
    const [y, mo, da] = iso.split('-');
    hits.push({ value: `${mo}/${da}/${y}`, s });
  }
  const a = agreed(hits);
  return a ? { value: a.value, sentences: a.sentences, note: 'Said to have happened on the day of the message that reports it.' } : null;
}

// --- the person who completes the form ------------------------------------------------------------

const COMPLETES = /\b(i'?m|i am|i'll|i will|i'?ve|i have|i)\s+(now\s+)?(doing|completing|filling( out| in)?|preparing|do|complete|fill( out| in)?|prepare|completed|filled( out| in)?|prepared)\s+(the|this|our)\s+([a-z]{0,3}-?\d{2,4}[a-z]?|form|report|paperwork)\b/i;

interface Completer {
  name: string;
  title?: string;
  phone?: string;
  sentence: Sentence;
}

/** Who says they complete the form, with their signature block. Null when nobody or several people do. */
function completer(ctx: AnswerContext): Completer | null {
  const found: Completer[] = [];
  for (const doc of ctx.documents) {
    for (const s of sentencesOf(doc)) {
      if (!COMPLETES.test(s.text)) continue;
      const at = doc.lines.findIndex((l) => l.location === s.location && l.page === s.page);
      if (at < 0) continue;
      // The message it is in: from the From: header above to the next header or quoted message.
      let start = at;
      while (start > 0 && !/^\s*from\s*:/i.test(doc.lines[start].text)) start--;
      let end = at + 1;
      while (end < doc.lines.length && !/^\s*(from\s*:|-{3,}\s*original message|on .* wrote:)/i.test(doc.lines[end].text)) end++;
      const from = /^\s*from\s*:\s*([^<]+)/i.exec(doc.lines[start].text)?.[1].replace(/["']/g, '').trim() ?? '';
      // Signature block: a line that is just the writer's name, after the statement.
      let sig = -1;
      for (let k = at + 1; k < end; k++) {
        const t = doc.lines[k].text.trim();
        if (looksLikeName(t) && t.split(/\s+/).length >= 2 && (!from || fold(from).split(/\s+/)[0] === fold(t).split(/\s+/)[0])) {
          sig = k;
          break;
        }
      }
      const name = sig >= 0 ? doc.lines[sig].text.trim() : looksLikeName(from) && from.split(/\s+/).length >= 2 ? from : '';
      if (!name) continue;
      const c: Completer = { name, sentence: s };
      if (sig >= 0) {
        const next = doc.lines[sig + 1]?.text.trim() ?? '';
        const title = next.split(/\s+[|,]\s*|\s+[-–]\s+/)[0].trim();
        if (/^[A-Za-z][A-Za-z &/.'-]{1,40}$/.test(title) && title.split(/\s+/).length <= 5 && !findPhone(next).length) c.title = title;
        for (let k = sig + 1; k < Math.min(end, sig + 6) && !c.phone; k++) {
          if (!doc.lines[k].text.trim()) break;
          c.phone = findPhone(doc.lines[k].text)[0]?.value;
        }
      }
      found.push(c);
    }
  }
  const names = new Set(found.map((c) => fold(c.name)));
  return names.size === 1 ? found[0] : null;
}

const COMPLETED_BY = /\b(completed|prepared|filled out|filled in) by\b|\bperson completing\b/i;

/** The "completed by" field this field belongs to: itself, or a field right above it in the same column. */
function completerPart(i: number, ctx: AnswerContext): 'name' | 'title' | 'phone' | null {
  const f = ctx.fields[i];
  if (f.type !== 'text') return null;
  const own = `${ctx.specs[i]?.text ?? ''} ${f.label} ${humaniseName(f.name)}`;
  if (COMPLETED_BY.test(own) && !/\b(title|phone|date|signature)\b/i.test(own)) return 'name';
  const part = /\btitle\b/i.test(own) ? 'title' : ctx.specs[i]?.concept === 'phone' ? 'phone' : null;
  if (!part) return null;
  if (COMPLETED_BY.test(own)) return part;
  const cb = ctx.fields.find((g, j) => j !== i && g.type === 'text' && g.page === f.page && COMPLETED_BY.test(`${ctx.specs[j]?.text ?? ''} ${g.label} ${humaniseName(g.name)}`));
  if (!cb) return null;
  // Below it (PDF y grows upward), within a few rows, overlapping its column.
  const below = cb.rect.y - f.rect.y;
  const overlap = Math.min(cb.rect.x + cb.rect.width, f.rect.x + f.rect.width) - Math.max(cb.rect.x - 40, f.rect.x);
  return below > 0 && below <= 4 * Math.max(cb.rect.height, 14) && overlap > 0 ? part : null;
}

function answerCompleter(i: number, ctx: AnswerContext): Found | null {
  const part = completerPart(i, ctx);
  if (!part) return null;
  const c = completer(ctx);
  if (!c) return null;
  const value = part === 'name' ? c.name : part === 'title' ? c.title : c.phone;
  if (!value) return null;
  return { value, sentences: [c.sentence], note: `${c.name} says they complete the form; ${part === 'name' ? 'their name' : `their ${part} from their signature block`}.` };
}

// --- height in feet and inches --------------------------------------------------------------------

function answerHeight(i: number, ctx: AnswerContext): Found | null {
  const f = ctx.fields[i];
  // The tooltip or label, not the name: names are often copied from a neighbour ("HeightInches1" on a weight box).
  const own = canonical(`${ctx.specs[i]?.text ?? ''} ${f.tooltip ?? ''}`);
  if (!/\bheight\b/.test(own) || /\bweight\b/.test(own)) return null;
  const part = /\b(feet|foot|ft)\b/.test(own) ? 'feet' : /\b(inch|inches|in)\b/.test(own) ? 'inches' : null;
  if (!part) return null;
  const hits: { value: string; s: Sentence }[] = [];
  for (const doc of ctx.documents)
    for (const line of doc.lines) {
      if (RELATIVE.test(line.text)) continue;
      const keyed = /\b(height|hgt|ht|tall)\b/i.test(line.text);
      const re = keyed
        ? /(?<![\d.])([3-7])\s*(?:'|’|ft\.?|feet|foot|-)\s*(\d{1,2})\s*(?:"|”|''|in\b|inches\b)?/gi
        : /(?<![\d.])([3-7])\s*(?:ft\.?|feet|foot)\s*(\d{1,2})\s*(?:in\b|inches\b)/gi;
      for (const m of line.text.matchAll(re)) {
        const inches = Number(m[2]);
        if (inches > 11) continue;
        const s: Sentence = { doc, page: line.page, location: line.location, text: line.text.trim() };
        hits.push({ value: `${m[1]}|${inches}`, s });
      }
    }
  const a = agreed(hits);
  if (!a) return null;
  const [ft, inch] = a.value.split('|');
  const want = part === 'feet' ? ft : inch;
  const options = optionsOf(f);
  if (f.type === 'text') return { value: want, sentences: a.sentences, note: `Height ${ft} ft ${inch} in.` };
  const opt = options.find((o) => o.trim() === want || o.trim() === want.padStart(2, '0'));
  return opt ? { value: opt, sentences: a.sentences, note: `Height ${ft} ft ${inch} in.` } : null;
}

// --- an option named in the writer's words ---------------------------------------------------------

const PLAIN_OPTION = /^[A-Za-z][a-z]{2,}$/;

function answerNamedOption(i: number, ctx: AnswerContext): Found | null {
  const f = ctx.fields[i];
  const spec = ctx.specs[i];
  if (spec?.concept || !(f.type === 'radio' || f.type === 'choice' || f.type === 'checkbox')) return null;
  const options = optionsOf(f);
  if (options.length < 2 || !options.every((o) => PLAIN_OPTION.test(o.trim())) || yesNoOption(options, 'yes') || options.some((o) => /^(other|none)$/i.test(o.trim()))) return null;
  const words = (s: string) => new Set(fold(s).split(/[^a-z]+/).filter((w) => w.length > 2));
  const optionWords = new Set(options.map((o) => fold(o).trim()));
  // A label that lists its options ("Regular or Large Book") names its subject too (book): a
  // sentence naming one option with that subject answers it. Other labels need "X only".
  const labelWords = words(`${f.label} ${humaniseName(f.name)}`);
  const listsOptions = [...optionWords].filter((o) => labelWords.has(o)).length >= 2;
  const subject = listsOptions ? [...labelWords].filter((w) => !optionWords.has(w) && !['the', 'and', 'for', 'select', 'selection', 'choose', 'type'].includes(w)) : [];
  const hits: { value: string; s: Sentence }[] = [];
  for (const s of allSentences(ctx)) {
    const t = fold(s.text);
    const named = options.filter((o) => new RegExp(`(?<!\\b(no|not|never|without)\\s+)\\b${fold(o).trim()}\\b`).test(t));
    if (named.length !== 1) continue;
    const o = fold(named[0]).trim();
    const only = new RegExp(`\\b${o}\\s+only\\b|\\bonly\\s+(an?\\s+|the\\s+)?${o}\\b`).test(t);
    const aboutField = subject.some((w) => new RegExp(`\\b${w}s?\\b`).test(t));
    if (only || aboutField) hits.push({ value: named[0], s });
  }
  const a = agreed(hits);
  return a ? { value: a.value, sentences: a.sentences, note: `The documents name "${a.value.trim()}" for this choice.` } : null;
}

// --- "has expired or will expire within N months" ---------------------------------------------------

function answerExpiring(i: number, ctx: AnswerContext): Found | null {
  const f = ctx.fields[i];
  if (f.type !== 'checkbox' || optionsOf(f).length > 1) return null;
  const caption = `${ctx.printed[i]?.right ?? ''} ${f.tooltip ?? ''} ${f.label}`;
  const m = /\b(card|document|passport|permit|licen[cs]e|visa)\b[^.]{0,40}\bexpired or will expire within (\w+) (months?|days?)\b/i.exec(caption);
  if (!m) return null;
  const n = countWord(m[2]);
  if (!n) return null;
  const noun = m[1].toLowerCase().replace(/licen[cs]e/, 'licen');
  const expiries: { value: string; s: Sentence }[] = [];
  let latest = '';
  for (const doc of ctx.documents) {
    for (const s of sentencesOf(doc)) if (s.messageDate && s.messageDate > latest) latest = s.messageDate;
    for (const line of doc.lines) {
      if (!new RegExp(`\\b${noun}`, 'i').test(line.text) || RELATIVE.test(line.text)) continue;
      const e = /\b(expires?|expiry|expiration( date)?|exp)\b\s*(on|:)?\s*/i.exec(line.text);
      if (!e) continue;
      const d = findDates(line.text.slice(e.index))[0];
      if (d) expiries.push({ value: d.iso, s: { doc, page: line.page, location: line.location, text: line.text.trim() } });
    }
  }
  const a = agreed(expiries);
  if (!a || !latest) return null;
  const limit = new Date(`${latest}T00:00:00Z`);
  if (/month/i.test(m[3])) limit.setUTCMonth(limit.getUTCMonth() + n);
  else limit.setUTCDate(limit.getUTCDate() + n);
  if (a.value > limit.toISOString().slice(0, 10)) return null;
  return { value: 'true', sentences: a.sentences, note: `Expires ${a.value}, within ${m[2]} ${m[3]} of the latest document (${latest}).` };
}

// --- date of admission of a permanent resident --------------------------------------------------------

function answerAdmission(i: number, ctx: AnswerContext): Found | null {
  const f = ctx.fields[i];
  if (f.type !== 'text') return null;
  if (!/\bdate of admission\b|\badmission date\b/.test(canonical(`${ctx.specs[i]?.text ?? ''} ${f.label}`))) return null;
  const hits: { value: string; s: Sentence }[] = [];
  for (const s of allSentences(ctx)) {
    if (RELATIVE.test(s.text)) continue;
    for (const m of s.text.matchAll(/\b(resident since|became an? (lawful )?permanent resident on|admitted (to the united states )?on|date admitted)\b/gi)) {
      const d = findDates(s.text.slice(m.index! + m[0].length, m.index! + m[0].length + 24))[0];
      if (!d) continue;
      const [y, mo, da] = d.iso.split('-');
      hits.push({ value: `${mo}/${da}/${y}`, s });
    }
  }
  const a = agreed(hits);
  return a ? { value: a.value, sentences: a.sentences, note: 'The date the documents say permanent residence began.' } : null;
}

const RULES = [answerYesNo, answerMeridiem, answerEventDate, answerHeight, answerNamedOption, answerExpiring, answerAdmission];

/**
 * Fields of a "Completed by" block (its name, and the title and phone right under it) are the
 * completer's, never the form subject's: undefined when the field is not in such a block, else
 * the completer's value or null.
 */
export function completerAnswer(i: number, ctx: AnswerContext): FieldProposal | null | undefined {
  if (!completerPart(i, ctx)) return undefined;
  const found = answerCompleter(i, ctx);
  return found ? proposal(ctx.fields[i], found) : null;
}

/** A proposal read from the documents' statements for a field the facts left empty, or null. */
export function answerFromStatements(i: number, ctx: AnswerContext): FieldProposal | null {
  const f = ctx.fields[i];
  if (f.type === 'signature') return null;
  for (const rule of RULES) {
    const found = rule(i, ctx);
    if (found) return proposal(f, found);
  }
  return null;
}

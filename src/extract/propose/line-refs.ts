// Lines of another return, by number. Tax and benefit forms ask for an amount "from line 23600 of
// your return", "(line 33099 of your return)", "from line 13 of your federal Schedule 9"; the
// documents state amounts by the same numbers: a return summary's rows ("23600   Net income
// 84,915.00"), a note's table ("Line 26000 taxable   92,310.00   58,114.00"), a sentence ("my net
// income on line 23600 is $17,980.55"). A line number names one amount of a return, so the number
// matches where the words of a label and a row differ ("Amount A" and "Net income").
import type { ReadDocument } from '../types.ts';
import type { Fact } from './facts.ts';
import { canonical } from './normalise.ts';

/** A line of a return or schedule: "23600", or "13" of schedule "9". */
interface LineRef {
  line: string;
  schedule?: string;
}

const AMOUNT = String.raw`\$?\(?-?\d{1,3}(?:,\d{3})*(?:\.\d{2})?\)?`;
/** A summary's amounts are printed with cents: that tells them from numbers in its wording ("Schedule 9, line 13"). */
const ROW_AMOUNT = String.raw`\$?\(?-?\d{1,3}(?:,\d{3})*\.\d{2}\)?`;

/**
 * The outside line a label asks for, or null. It must point at another document: a line "of your
 * return / federal Schedule 9 / notice of assessment", or a return's five-digit line code. A label
 * that names two lines ("whichever is less: line 5 or line 9") or a line of the form itself ("Line
 * 10 plus line 11") asks for a computation, not a copy.
 */
export function outsideLineRef(label: string): LineRef | null {
  const t = canonical(label);
  const refs = [...t.matchAll(/(?:\bfrom|\bon|\bat|\()\s*line\s+(\d{1,5}[a-z]?)\b(?:\s+of\s+(?:your|their|the|his|her)\s+(?:federal\s+|provincial\s+|state\s+)?(return|notice of assessment|schedule\s+(\w+)|form\s+[\w-]+))?/g)];
  if (refs.length !== 1) return null;
  const [, line, of, schedule] = refs[0];
  if (!of && line.length < 5) return null;
  return { line, schedule };
}

/** A summary row: the line's number, what it is, its amount(s) in columns ("23600   Net income   84,915.00"). */
const SUMMARY_ROW = new RegExp(String.raw`^\s*(?:line\s+)?([A-Z]{0,2}\d{0,2}-?\d{1,5}[a-z]?)\s+(\S.*?)\s+(${ROW_AMOUNT})(?:\s+${ROW_AMOUNT})*\s*$`, 'i');
/** A sentence: "my net income on line 23600 is $17,980.55". */
const LINE_IS = new RegExp(String.raw`\bline\s+(\d{3,5}[a-z]?)\s+(?:is|was|=|:)\s*(${AMOUNT})(?![\d,])`, 'gi');

interface Statement {
  ref: LineRef;
  amount: string;
  page: number;
  location: string;
}

/** A document's statements, read once: a form may ask for many lines of the same return. */
const read = new WeakMap<ReadDocument, Statement[]>();

/** Where the documents state a line's amount: one fact per statement (the first amount of a row). */
function statements(doc: ReadDocument): Statement[] {
  const had = read.get(doc);
  if (had) return had;
  const out: Statement[] = [];
  for (const l of doc.lines) {
    const text = l.text;
    const row = SUMMARY_ROW.exec(text);
    // "26000 Taxable income: 84,915.00 31200 Employment insurance premiums: 1,077.48": two rows printed
    // side by side are not one row whose amount is the last (the description would hold the first's).
    if (row && !new RegExp(ROW_AMOUNT).test(row[2])) {
      // "S9-13   Donations: Schedule 9, line 13": the row says which schedule's line it is.
      const sched = /\bschedule\s+(\w+),?\s+line\s+(\d{1,5}[a-z]?)\b/i.exec(row[2]);
      const ref = sched ? { line: sched[2], schedule: sched[1].toLowerCase() } : /^\d{1,5}[a-z]?$/i.test(row[1]) ? { line: row[1].toLowerCase() } : null;
      if (ref) out.push({ ref, amount: row[3], page: l.page, location: l.location });
      continue;
    }
    for (const m of text.matchAll(LINE_IS)) {
      out.push({ ref: { line: m[1].toLowerCase() }, amount: m[2], page: l.page, location: l.location });
    }
  }
  read.set(doc, out);
  return out;
}

/** Facts for a label that asks for an outside line: every statement of that line, as the subject's. */
export function lineRefFacts(label: string, docs: ReadDocument[], role: string): Fact[] {
  if (role !== 'self') return [];
  const want = outsideLineRef(label);
  if (!want) return [];
  const out: Fact[] = [];
  for (const doc of docs)
    for (const s of statements(doc)) {
      if (s.ref.line !== want.line || (s.ref.schedule ?? '') !== (want.schedule ?? '')) continue;
      const amount = s.amount.replace(/[$()]/g, '');
      out.push({
        concept: 'keyed', role: 'self', slot: null, key: amount.replace(/,/g, ''), text: amount, keyText: `line ${want.line}`, raw: s.amount,
        doc, page: s.page, location: s.location, method: 'line_ref', strength: 0.85, hedged: false,
      });
    }
  return out;
}

// Dates of events: a date box whose label names an event ("If your employment has ended, enter
// the date it ended", "Date de prescription", "Statement of Costs for the hearing on", "Abuse
// suffered date") is answered by the date the documents state beside that event, in running text
// or under a differently worded key ("Your employment … began on 12/04/2019", "ORDONNANCE
// Lausanne, le 20.11.2025", "is relisted … on 12 December 2025", "First day of work: November 3,
// 2025", "Occurred: 11/15/2025"). The date must follow the event word closely, with no word of
// another event between (a birth, a letter's own date). Conservative by construction:
// - every statement of the event counts; one distinct date answers, two leave the box open,
//   except that a date a document takes back ("not December 1", "listed for 28 November 2025,
//   has been vacated") is no statement;
// - a new job's dates answer only a box about the new job ("when you started (or will start)
//   work" after a dismissal), and the other job's dates only the other boxes;
// - a day and month that could be read either way ("12/04/2019") is read the way the documents
//   write the dates that cannot be misread ("31/07/2025"), and left out when they do not say;
// - medium at most: a date read from running text is for a person to confirm.
import type { ReadDocument } from '../types.ts';
import type { FieldSpec } from './fields.ts';
import { formatDate } from './format.ts';
import { fold, HEDGE } from './normalise.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import { findDates, MONTH_RE, monthNumber, type DateHit } from './recognizers.ts';
import { RELATIVE, sentencesOf } from './statements.ts';
import type { Evidence, FieldProposal, ProposeField } from './types.ts';

type EventKind = 'work_start' | 'work_end' | 'prescription' | 'treatment_start' | 'hearing' | 'donation' | 'incident';

interface EventWords {
  kind: EventKind;
  /** The label names this event (read on the folded label). */
  asks: (label: string) => boolean;
  /** Where the documents name it: the date that follows closely is the event's. */
  said: RegExp;
}

const WORK = /\b(employment|employed|work|job|hire|hired)\b/;
const TREATMENT = String.raw`(?:traitement|treatment|th[ée]rapie|therapy|therapie|tratamiento|behandlung)`;

const EVENTS: EventWords[] = [
  {
    kind: 'work_start',
    asks: (t) => WORK.test(t) && /\b(start\w*|began|begin\w*|commenc\w*|first (day|date)|hire date|date of hire)\b/.test(t),
    said: /\b(?:employment|job|work|position)\b[^.;]{0,60}?\b(?:began|begins|begin|started|starts|commenced|commences)\b|\b(?:started|starts|start|began|commenced)\s+(?:work|working|at|with|employment|the job|the position)\b|\bfirst (?:day|date)(?! of (?!work|employment|the job))\b|\bstart(?:ing)? date\b|\b(?:date of hire|hire date|date d'embauche|eintrittsdatum|fecha de ingreso)\b/giu,
  },
  {
    kind: 'work_end',
    asks: (t) => WORK.test(t) && /\b(end|ended|ends|terminat\w*|dismiss\w*|last (day|date)|left|leaving)\b/.test(t),
    said: /\b(?:dismiss(?:ed|al)|terminat(?:ed|ion)|laid off|let go|last (?:working )?day|despid[oa]|gekündigt|kündigung)\b|\blicenci(?:ement|ée?)(?!\p{L})|\b(?:employment|job|work)\b[^.;]{0,30}?\b(?:ended|ends|will end|finished)\b/giu,
  },
  {
    kind: 'prescription',
    asks: (t) => /\b(prescri\w*|ordonnance|verordnung|receta)\b/.test(t),
    said: /\b(?:prescri(?:bed|ption|t|te|ts|tes)|ordonnance|verordnung|verordnet|recetad[oa])\b/giu,
  },
  {
    kind: 'treatment_start',
    asks: (t) => new RegExp(String.raw`\b(d[ée]but|start\w*|begin\w*|commenc\w*|inicio|beginn)\b.*\b${TREATMENT}\b|\b${TREATMENT}\b.*\b(start\w*|began|begin\w*)\b|\bbehandlungsbeginn\b`, 'u').test(t),
    said: new RegExp(String.raw`\b(?:d[ée]but|start|beginning|commencement|inicio|beginn)\s+(?:du |de la |de l'|of |of the |del |der )?${TREATMENT}\b|\b${TREATMENT}\s+(?:starts|started|begins|began|commences)\b|\bbehandlungsbeginn\b`, 'giu'),
  },
  {
    kind: 'hearing',
    asks: (t) => /\b(hearing|audience|audiencia|verhandlung)\b/.test(t),
    said: /\b(?:hearing|audience|audiencia|verhandlung|(?:re)?listed)\b/giu,
  },
  {
    kind: 'donation',
    asks: (t) => /\b(versement|don|dons|donation|gift|contribution)\b/.test(t),
    said: /\b(?:don(?!['’]t)|donation|donated|gift|versement|virement)\b|\bvers[ée](?!\p{L})/giu,
  },
  {
    kind: 'incident',
    asks: (t) => /\b(abuse|incident|assault|attack|accident|injury|occurred|happened)\b/.test(t),
    said: /\b(?:occurred|happened|incident|assault(?:ed)?|attacked|abused|hit me|accident)\b/giu,
  },
];

/** Words that give a date to something else: a birth, a letter's or a filing's own date. */
const OTHER_DATE = /\b(born|birth|dob|dated|filed|issued|signed|sent|received|reported|expires?)\b|\bnée?(?!\p{L})/iu;
/** Words that say a date is no longer the event's: "listed for 28 November, has been vacated". */
const STALE = /\b(previous(ly)?|prior|earlier|original(ly)?|vacated|cancell?ed|old)\b/iu;
/** A new job is another job than the one a form's employment questions are about (and than a claim's). */
const NEW_JOB = /\b(new|another|next) (job|employer|position|post|role|work)\b|\bwill start\b|\bnouvel (emploi|employeur)\b|\bnuevo (empleo|trabajo)\b/iu;
/** How far after the event word its date may be. */
const WINDOW = 70;

/** The event a date box asks for, or null when it names none or more than one. */
function eventOf(label: string): EventKind | null {
  const t = fold(label);
  // "If your employment has not ended, … enter when it will end": a date that has not happened.
  if (/\bnot\b|n't\b/.test(t)) return null;
  const kinds = EVENTS.filter((e) => e.asks(t)).map((e) => e.kind);
  return kinds.length === 1 ? kinds[0] : null;
}

interface Statement {
  iso: string;
  newJob: boolean;
  evidence: Evidence;
}

/** Day-first or month-first: how the documents write the numeric dates that cannot be misread. */
function dayFirstHabit(documents: ReadDocument[]): boolean | null {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const d of documents)
    for (const l of d.lines)
      for (const m of l.text.matchAll(/(?<![\d/.])(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?![\d/])/g)) {
        if (+m[1] > 12 && +m[2] <= 12) dayFirst++;
        else if (+m[2] > 12 && +m[1] <= 12) monthFirst++;
      }
  return dayFirst && !monthFirst ? true : monthFirst && !dayFirst ? false : null;
}

/** The ISO reading of a date, with an ambiguous day/month settled by the documents' habit; null when unsettled. */
function reading(d: DateHit, dayFirst: boolean | null): string | null {
  if (!d.alt) return d.iso;
  return dayFirst === null ? null : dayFirst ? d.alt : d.iso;
}

/** Dates the documents take back by month and day ("not December 1 as in the offer letter", "not 3 March"). */
function disownedDays(documents: ReadDocument[]): Set<string> {
  const out = new Set<string>();
  const re = new RegExp(String.raw`\bnot\s+(?:on\s+)?(?:(${MONTH_RE})\s+(\d{1,2})|(\d{1,2})(?:st|nd|rd|th)?\s+(${MONTH_RE}))(?![\p{L}\d])`, 'giu');
  for (const d of documents)
    for (const s of sentencesOf(d))
      for (const m of s.text.matchAll(re)) {
        const month = monthNumber(m[1] ?? m[4]);
        const day = Number(m[2] ?? m[3]);
        out.add(`${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
      }
  return out;
}

/** Every statement of the event in the documents: the first date closely after each event word. */
function statementsOf(kind: EventKind, documents: ReadDocument[]): Statement[] {
  const said = EVENTS.find((e) => e.kind === kind)!.said;
  const dayFirst = dayFirstHabit(documents);
  const out: Statement[] = [];
  const scan = (doc: ReadDocument, page: number, location: string, text: string) => {
    // "My husband started at the plant on …": someone else's job.
    if (kind.startsWith('work') && RELATIVE.test(text)) return;
    const dates = findDates(text);
    for (const m of text.matchAll(said)) {
      const from = m.index! + m[0].length;
      const date = dates.find((d) => d.index >= from);
      if (!date || date.index - from > WINDOW) continue;
      const between = text.slice(m.index!, date.index);
      if (/[;|]/.test(between) || OTHER_DATE.test(between) || STALE.test(between) || HEDGE.test(text.slice(m.index!, date.index + date.raw.length))) continue;
      // "listed for 28 November 2025, has been vacated": the words right after the date take it back.
      if (STALE.test(text.slice(date.index + date.raw.length, date.index + date.raw.length + 25))) continue;
      const iso = reading(date, dayFirst);
      if (!iso) continue;
      out.push({ iso, newJob: NEW_JOB.test(text), evidence: evidenceAt(doc, page, location, text, 'event_date') });
    }
  };
  for (const doc of documents) {
    for (const s of sentencesOf(doc)) scan(doc, s.page, s.location, s.text);
    // A key of a table or a sheet ("First day of work | November 3, 2025"); a filled form's own
    // boxes are last time's answers, not statements.
    for (const p of doc.pairs) if (p.method !== 'acroform') scan(doc, p.page, p.location, `${p.key}: ${p.value}`);
  }
  return out;
}

/** A date box naming an event the rules before left open, from the date the documents state for it. */
export function eventDate(field: ProposeField, spec: FieldSpec, documents: ReadDocument[]): FieldProposal | null {
  if (field.type !== 'text' || field.multiline || spec.concept === 'dob' || spec.datePart) return null;
  if (spec.role !== 'self' && spec.role !== 'employer') return null;
  const label = `${spec.text} ${field.label}`;
  if (spec.concept !== 'other_date' && !/\b(when|date|fecha|datum)\b/i.test(label)) return null;
  const kind = eventOf(label);
  if (!kind) return null;
  const disowned = disownedDays(documents);
  // A box about a new job takes the new job's dates, any other box those of the job before it.
  const newJob = NEW_JOB.test(fold(label));
  const stated = statementsOf(kind, documents).filter((s) => !disowned.has(s.iso.slice(5)) && (!kind.startsWith('work') || s.newJob === newJob));
  const dates = new Set(stated.map((s) => s.iso));
  if (dates.size !== 1) return null;
  const [iso] = dates;
  let value = formatDate(iso, spec.dateFormat);
  if (field.max_len && value.length > field.max_len) value = value.replace(/\D/g, '');
  if (field.max_len && value.length > field.max_len) return null;
  const hits = stated.filter((s) => s.iso === iso);
  return inferredProposal(field, value, hits.slice(0, 2).map((h) => h.evidence), `The documents give the date of this event ("${hits[0].evidence.quote.slice(0, 80)}").`);
}

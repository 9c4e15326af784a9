// The court a case is in, as court papers and letters about a case state it: "IN THE CIRCUIT
// COURT OF COOK COUNTY", "DUPAGE COUNTY, ILLINOIS" under a court line, "COUNTY OF DUPAGE … Case
// Number", "Circuit Court of Jackson County (16th Judicial Circuit), Division 4", "we filed in St.
// Charles County". A form's caption asks for the same court in boxes of its own: the county, the
// judicial circuit's number, the division. Only the court's county answers: a county named
// elsewhere (where someone lives, where a marriage was registered) is a different question, so
// a box whose label ties the county to an address, a person or an event is left alone; two
// different court counties (an old case and a new one) leave the box open.
import type { ReadDocument, TextLine } from '../types.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import type { FieldProposal, ProposeField } from './types.ts';

type Part = 'county' | 'circuit' | 'division';

/** Which part of the court a caption box asks for, or null. */
export function courtPart(label: string, section: string | undefined): { part: Part; withWord: boolean } | null {
  const l = label.toLowerCase().replace(/[_\s]+/g, ' ').trim();
  // "Trial court county", "COUNTY NAME", "County List", "County": the county and nothing of anyone's.
  if (/\bcounty\b/.test(l)) {
    const rest = l.replace(/\b(county|name|list|select|of|the|trial|circuit|court|filed|in|where|case)\b/g, ' ').trim();
    if (rest) return null;
    // A bare "County" inside a numbered part ("Part 1: Identify Yourself") is a person's address county.
    if (!/\bcourt\b/.test(l) && section && section.trim()) return null;
    // A list of counties names them with the word ("Greene County").
    return { part: 'county', withWord: /\b(list|select)\b/.test(l) };
  }
  if (/\bjudicial circuit\b/.test(l) && /\b(number|no|#)\b/.test(l)) return { part: 'circuit', withWord: false };
  if (/^(judge or )?division( number| no)?$/.test(l)) return { part: 'division', withWord: !/\b(number|no)\b/.test(l) };
  return null;
}

const COURT_LINE = /\b(court|circuit|judicial|case|filed|docket)\b/i;
const NAME = `((?:st\\.?\\s+)?[a-z][a-z'.-]+(?:\\s+[a-z][a-z'.-]+)?)`;
const COUNTY_RES = [
  new RegExp(`\\b(?:court of|circuit of|filed in|for)\\s+(?:the\\s+)?${NAME}\\s+county\\b`, 'i'),
  new RegExp(`^\\s*(?:in and for\\s+)?(?:the\\s+)?${NAME}\\s+county\\b`, 'i'),
  new RegExp(`\\bcounty of\\s+${NAME}\\b`, 'i'),
];
const CAPTION_WORDS = /^(case|number|no|state|court|circuit|division|judge|plaintiff|petitioner|respondent|defendant|illinois|missouri|in|re)$/i;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth'];

function titleCase(s: string): string {
  // "DUPAGE" stays one word; words already in mixed case keep their spelling ("DuPage").
  return s
    .split(/\s+/)
    .map((w) => (w === w.toUpperCase() ? w.charAt(0) + w.slice(1).toLowerCase() : w))
    .join(' ');
}

interface Hit {
  value: string;
  doc: ReadDocument;
  line: TextLine;
}

function countyOn(line: TextLine, prev: TextLine | undefined): string | null {
  // The line itself or the one above must speak of a court or a case.
  if (!COURT_LINE.test(line.text) && !(prev && COURT_LINE.test(prev.text))) return null;
  for (const re of COUNTY_RES) {
    const m = re.exec(line.text);
    if (!m) continue;
    let name = m[1].replace(/[.,]$/, '').trim();
    // "COUNTY OF DUPAGE Case Number …": the name ends before the caption's next word.
    const words = name.split(/\s+/);
    if (words.length === 2 && CAPTION_WORDS.test(words[1])) name = words[0];
    if (/^(the|a|this|that|said|which|our|your|my|their|each|any|circuit|court|judicial|district)$/i.test(name.split(/\s+/).pop() ?? '')) continue;
    if (/\b(the|of|in|and|for|court|circuit)\b/i.test(name.replace(/^st\.?\s+/i, ''))) continue;
    return titleCase(name);
  }
  return null;
}

function circuitOn(text: string): string | null {
  const m = /\b(\d{1,2})(?:st|nd|rd|th)\s+judicial\s+circuit\b/i.exec(text) ?? /\b([a-z]+)\s+judicial\s+circuit\b/i.exec(text);
  if (!m) return null;
  if (/^\d+$/.test(m[1])) return m[1];
  const i = ORDINALS.indexOf(m[1].toLowerCase());
  return i >= 0 ? String(i + 1) : null;
}

function divisionOn(text: string): string | null {
  if (!COURT_LINE.test(text) && !/\bdivision\s*:/i.test(text)) return null;
  return /\bdivision\s*:?\s*(?:no\.?\s*)?(\d{1,3}|[ivx]{1,4})\b/i.exec(text)?.[1] ?? null;
}

export function courtCaption(field: ProposeField, label: string, documents: ReadDocument[]): FieldProposal | null {
  if (field.type !== 'text') return null;
  const asked = courtPart(label, field.section);
  if (!asked) return null;
  const hits: Hit[] = [];
  for (const doc of documents)
    doc.lines.forEach((line, i) => {
      const v = asked.part === 'county' ? countyOn(line, doc.lines[i - 1]) : asked.part === 'circuit' ? circuitOn(line.text) : divisionOn(line.text);
      if (v) hits.push({ value: v, doc, line });
    });
  const values = new Set(hits.map((h) => h.value.toLowerCase()));
  if (values.size !== 1) return null;
  const v = hits[0].value;
  const value = asked.part === 'county' && asked.withWord ? `${v} County` : asked.part === 'division' && asked.withWord ? `Division ${v}` : v;
  const evidence = hits.slice(0, 3).map((h) => evidenceAt(h.doc, h.line.page, h.line.location, h.line.text.trim(), 'court_caption'));
  return inferredProposal(field, value, evidence, `The court the documents name for the case (${asked.part}).`);
}

// Rows of people a form asks about one by one ("Dependent 1 … Dependent 4", "First child's name",
// a stack of "Relationship" / "Age" boxes under "Do you have dependants?"), filled from the people
// the documents list in running text: "my daughter Ava Vance, born 05/09/2016, SSN 900-61-2238",
// "Mateo (my son) is 12", "Sofia is my daughter, she is 19", a petition's "two children …, namely:
// Lily Minh Pruitt, age 8, last four digits of SSN 4417; and Caleb James Pruitt, age 4".
//
// The document that lists the most people gives their order; the others only add to the people it
// lists ("Caleb turned 5 … so he's 5 now"). Of two ages stated for one person the larger is the
// current one (an older document states a younger age). Whether each lives with the writer ("lives
// with us", "does not live with me any more", "both live with me", "the kids lived with me:" over
// the list) answers the row's "lives with you" check boxes. A person the documents say is not a
// dependent or not part of the household is left off; partners and spouses are never a
// dependent's row, and a row asking for a child takes only children. Values found this way are
// medium: the order of rows and who counts are inferences for a person to confirm.
import type { ReadDocument } from '../types.ts';
import type { FieldSpec } from './fields.ts';
import { formTables } from './table-rows.ts';
import { findDates, splitName } from './recognizers.ts';
import { fold, humaniseName } from './normalise.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import { LIVES_ELSEWHERE, LIVES_HERE, sentencesOf, type Sentence } from './statements.ts';
import type { Evidence, FieldProposal, ProposeField } from './types.ts';

type Attribute = 'name' | 'given' | 'family' | 'relation' | 'age' | 'dob' | 'ssn' | 'livesWith';

interface Stated {
  value: string;
  evidence: Evidence;
}

export interface ListedPerson {
  /** The fullest name stated. */
  name: string;
  relation?: string;
  /** The sentence that put the person on the list. */
  listedIn: Evidence;
  attributes: Map<Attribute, Stated>;
  excluded: boolean;
}

const CHILD_WORDS = 'daughter|son|child|stepdaughter|stepson|step-daughter|step-son|granddaughter|grandson|grandchild|foster child|niece|nephew';
const RELATION = `${CHILD_WORDS}|mother|father|mom|dad|mum|grandmother|grandfather|brother|sister|half-brother|half-sister|stepbrother|stepsister|cousin|aunt|uncle|husband|wife|spouse|partner|fianc[eé]e?|boyfriend|girlfriend|ex-husband|ex-wife`;
const PARTNER = /^(husband|wife|spouse|partner|fianc|boyfriend|girlfriend|ex-)/;
const CHILD = new RegExp(`^(${CHILD_WORDS})$`);
const NAME = "\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+){0,3}";
const POSSESSIVE = '(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)';
/** Capitalised words that open a sentence or a clause but name nobody. */
const NOT_A_NAME = /^(he|she|they|the|my|our|his|her|i|it|this|that|we|both|and|but|so|also|mr|mrs|ms|dr|please|thanks|thank)$/i;

/** "my daughter Ava Vance", "My mother (Graciela Ortiz", "My wife: Gabriela Marinescu". */
const RELATION_THEN_NAME = new RegExp(`\\b${POSSESSIVE}\\s+(${RELATION})\\s*[:(,]?\\s*(${NAME})`, 'gu');
/** "Mateo (my son)", "Emma (my daughter from before)". */
const NAME_THEN_RELATION = new RegExp(`(${NAME})\\s*\\(${POSSESSIVE}\\s+(${RELATION})\\b[^)]*\\)`, 'gu');
/** "Sofia is my daughter". */
const NAME_IS_RELATION = new RegExp(`(${NAME})\\s+is\\s+${POSSESSIVE}\\s+(${RELATION})\\b`, 'gu');
/** "two children born of the marriage, namely: Lily Minh Pruitt, age 8, …; and Caleb James Pruitt, age 4". */
const LISTED_CHILDREN = /\b(children|kids|sons|daughters|dependents|dependants)\b[^.:]{0,80}?(?:namely|:)\s*:?\s*/giu;
const LIST_ITEM = new RegExp(`(?:^|;\\s*(?:and\\s+)?)(${NAME}),`, 'gu');

const AGE = /\bage[d]?\s+(\d{1,2})\b|\b(?:is|turned|he's|she's|he is|she is)\s+(\d{1,2})\b(?!\s*(?:%|percent|[/:.,-]\d|am\b|pm\b|a\.m|p\.m|hours?|months?|weeks?|days?|minutes?|dollars?))|\b(\d{1,2})\s*(?:years?|yrs?)\s+old\b/i;
const SSN = /\b(?:ssn|social security(?: number)?)\b\D{0,30}?(\d{3}[- ]?\d{2}[- ]?\d{4}|\d{4})\b/i;
const BORN = /\b(?:born|dob|date of birth)\b[:\s]*(?:on\s+)?/i;
/** A clause that takes the person off the list. */
const EXCLUDED = /\bnot (?:a|my|our|his|her) (?:dependent|dependant)\b|\bnot (?:part|a member) of (?:the|this|our|my) (?:household|case|family|return)\b|\bnot (?:be )?claim(?:ed|ing)?\b/i;
const PRONOUN_OPENING = /^(he|she|they)\b/i;
const ALL_OF_THEM = /\b(both|all (?:two|three|four|of them))\b/i;
const CHILDREN_LIVE_HERE = /\b(?:the|my|our)\s+(?:kids|children)\s+(?:have\s+)?(?:live|lived|living)\s+with\s+(?:me|us)\b/i;

interface Mention {
  index: number;
  name: string;
  relation?: string;
}

function mentionsIn(text: string, known: string[]): Mention[] {
  const out: Mention[] = [];
  const add = (index: number, name: string, relation?: string) => {
    const words = name.split(/\s+/);
    while (words.length && NOT_A_NAME.test(words[0])) words.shift();
    if (!words.length || out.some((m) => m.index === index)) return;
    out.push({ index, name: words.join(' '), relation: relation?.toLowerCase() });
  };
  for (const m of text.matchAll(RELATION_THEN_NAME)) add(m.index! + m[0].length - m[2].length, m[2], m[1]);
  for (const m of text.matchAll(NAME_THEN_RELATION)) add(m.index!, m[1], m[2]);
  for (const m of text.matchAll(NAME_IS_RELATION)) add(m.index!, m[1], m[2]);
  for (const m of text.matchAll(LISTED_CHILDREN)) {
    const rest = text.slice(m.index! + m[0].length);
    for (const item of rest.matchAll(LIST_ITEM)) if (item[1].split(/\s+/).length >= 2) add(m.index! + m[0].length + item.index! + item[0].indexOf(item[1]), item[1]);
  }
  // A person already listed, named again by the given name alone ("Caleb turned 5").
  for (const given of known) {
    for (const m of text.matchAll(new RegExp(`\\b${given}\\b(?!\\s+\\p{Lu})`, 'gu'))) if (!out.some((o) => m.index! >= o.index && m.index! < o.index + o.name.length)) add(m.index!, given);
  }
  return out.sort((a, b) => a.index - b.index);
}

const givenOf = (name: string) => name.split(/\s+/)[0];
const title = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The people the documents list, in the order of the document that lists the most of them. */
export function listedPersons(documents: ReadDocument[]): ListedPerson[] {
  const perDoc = documents.map((doc) => ({ doc, sentences: sentencesOf(doc) }));
  // First pass: who is listed where (names with a relation word or in a list of children).
  const counts = perDoc.map(({ sentences }) => new Set(sentences.flatMap((s) => mentionsIn(s.text, []).filter((m) => m.relation || m.name.includes(' ')).map((m) => givenOf(m.name)))).size);
  const order = perDoc.map((_, i) => i).sort((a, b) => counts[b] - counts[a] || a - b);
  const people = new Map<string, ListedPerson>();
  for (const d of order) {
    const { doc, sentences } = perDoc[d];
    // "The kids lived with me the whole year:" over a list: the children the document lists after it.
    let childrenLiveHere: Sentence | null = null;
    sentences.forEach((s, k) => {
      const mentions = mentionsIn(s.text, [...people.keys()]);
      if (!mentions.length && CHILDREN_LIVE_HERE.test(s.text) && !LIVES_ELSEWHERE.test(s.text)) childrenLiveHere = s;
      // "… both live with me": every person the sentence names.
      const together = ALL_OF_THEM.test(s.text) && LIVES_HERE.test(s.text) && !LIVES_ELSEWHERE.test(s.text);
      mentions.forEach((m, j) => {
        const key = givenOf(m.name);
        let person = people.get(key);
        // Only a document naming the person with a relation or a full name puts them on the list.
        if (!person) {
          if (!m.relation && !m.name.includes(' ')) return;
          person = { name: m.name, listedIn: evidenceAt(doc, s.page, s.location, s.text, 'listed_person'), attributes: new Map(), excluded: false };
          people.set(key, person);
        }
        if (m.name.split(/\s+/).length > person.name.split(/\s+/).length) person.name = m.name;
        if (m.relation && !person.relation) person.relation = m.relation;
        const clause = s.text.slice(m.index, mentions[j + 1]?.index ?? s.text.length);
        readAttributes(person, clause, s, doc);
        const here = together ? s : childrenLiveHere && person.relation && CHILD.test(person.relation) ? childrenLiveHere : null;
        if (here && !person.attributes.has('livesWith')) person.attributes.set('livesWith', { value: 'yes', evidence: evidenceAt(doc, here.page, here.location, here.text, 'listed_person') });
        const next: Sentence | undefined = sentences[k + 1];
        if (EXCLUDED.test(clause) || (j === mentions.length - 1 && next && PRONOUN_OPENING.test(next.text) && EXCLUDED.test(next.text))) person.excluded = true;
      });
    });
  }
  return [...people.values()];
}

function readAttributes(person: ListedPerson, clause: string, s: Sentence, doc: ReadDocument): void {
  const evidence = evidenceAt(doc, s.page, s.location, s.text, 'listed_person');
  const set = (a: Attribute, value: string) => {
    if (!person.attributes.has(a)) person.attributes.set(a, { value, evidence });
  };
  const age = AGE.exec(clause);
  if (age) {
    const years = age[1] ?? age[2] ?? age[3];
    const had = person.attributes.get('age');
    // Ages only grow: the larger of two stated ages is the current one.
    if (!had || Number(years) > Number(had.value)) person.attributes.set('age', { value: years, evidence });
  }
  if (LIVES_ELSEWHERE.test(clause)) set('livesWith', 'no');
  else if (LIVES_HERE.test(clause)) set('livesWith', 'yes');
  const ssn = SSN.exec(clause);
  if (ssn) set('ssn', ssn[1]);
  const born = BORN.exec(clause);
  if (born) {
    const date = findDates(clause.slice(born.index))[0];
    if (date) set('dob', date.raw);
  }
}

// ── The form's rows of people ─────────────────────────────────────────────────────────────────

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, '1st': 1, '2nd': 2, '3rd': 3, '4th': 4, '5th': 5, '6th': 6 };
const PERSON_WORD = 'dependent|dependant|child|kid|minor|household member|member|person|individual|sibling';
/** "Person 1", "Member 2" may be the applicant: only a label about a household or dependants makes them listed people. */
const WEAK_PERSON_WORD = /^(member|person|individual)$/i;
const ABOUT_LISTED = /\b(household|family|qualifying|dependents?|dependants?|children)\b/i;
/** A box about something of the person's (their school, provider, income, address) does not ask for the person. */
const ABOUT_SOMETHING_ELSE = /\b(school|employer|provider|doctor|physician|business|company|agency|address|street|city|zip|phone|income|amount|expenses?|support|care|paid)\b/i;
const NUMBERED = new RegExp(`\\b(${PERSON_WORD})s?\\s*(?:no\\.?\\s*|#\\s*)?\\(?(\\d)\\)?(?![\\d.])`, 'i');
const ORDINAL_FIRST = new RegExp(`\\b(first|second|third|fourth|fifth|sixth|1st|2nd|3rd|4th|5th|6th)\\s+(${PERSON_WORD})(?:'?s)?\\b`, 'i');

/** What a box of a person's row asks, from its caption with the row's words taken out. */
function attributeOf(text: string): { attribute: Attribute; lastFour: boolean } | null {
  const t = fold(text);
  if (ABOUT_SOMETHING_ELSE.test(t)) return null;
  const lastFour = /\blast (4|four)\b/.test(t);
  if (/\b(ssn|social security|taxpayer identification|itin)\b/.test(t)) return { attribute: 'ssn', lastFour };
  if (/\b(date of birth|birth ?date|dob|born)\b/.test(t)) return { attribute: 'dob', lastFour };
  if (/\brelationship|relation to\b/.test(t)) return { attribute: 'relation', lastFour };
  if (/\bages?\b/.test(t)) return { attribute: 'age', lastFour };
  if (/\b(first|given) ?names?\b/.test(t)) return { attribute: 'given', lastFour };
  if (/\b(last|family|sur) ?names?\b|\bsurname\b/.test(t)) return { attribute: 'family', lastFour };
  if (/\bmiddle\b/.test(t)) return null;
  if (/\bname\b/.test(t)) return { attribute: 'name', lastFour };
  return null;
}

export interface PersonBox {
  field: number;
  row: number;
  attribute: Attribute;
  lastFour: boolean;
  /** The row asks for a child, not any dependent. */
  childOnly: boolean;
  /** A check box of the row's yes/no question ("Does this dependant live with you? No"): the answer it stands for. */
  tick?: 'yes' | 'no';
}

/** A row's question whether the person lives with the filer. */
const LIVES_QUESTION = /\blive[sd]?\b[^:]*\bwith you\b/i;

/** The answer a check box stands for: its option after the question ("…: No"), else a single "check if" box means yes. */
const tickOf = (label: string): 'yes' | 'no' => (/:\s*no\b[^:]*$/i.test(label) ? 'no' : 'yes');

/**
 * Boxes that ask about the n-th person of a list: numbered in their label, or stacked in a grid
 * headed by dependants or children (with the "lives with you" check boxes on each row's line).
 */
export function personBoxes(fields: ProposeField[], specs: FieldSpec[]): PersonBox[] {
  const out: PersonBox[] = [];
  fields.forEach((f, i) => {
    if ((f.type !== 'text' && f.type !== 'checkbox') || specs[i].skip) return;
    if (f.type === 'checkbox' && !LIVES_QUESTION.test(f.label)) return;
    for (const text of [f.label, humaniseName(f.name)]) {
      const numbered = NUMBERED.exec(text);
      const ordinal = ORDINAL_FIRST.exec(text);
      const hit = numbered ?? ordinal;
      if (!hit) continue;
      const word = numbered ? numbered[1] : ordinal![2];
      if (WEAK_PERSON_WORD.test(word) && !ABOUT_LISTED.test(text)) continue;
      const row = numbered ? Number(numbered[2]) : ORDINALS[ordinal![1].toLowerCase()];
      const asks = f.type === 'checkbox' ? { attribute: 'livesWith' as const, lastFour: false } : attributeOf(text.replace(hit[0], ' '));
      if (!asks || row < 1) continue;
      out.push({ field: i, row, ...asks, childOnly: /^(child|kid|minor)/i.test(word), tick: f.type === 'checkbox' ? tickOf(f.label) : undefined });
      return;
    }
  });
  const taken = new Set(out.map((b) => b.field));
  for (const grid of formTables(fields, specs)) {
    const about = [...grid.columns.values()].map((c) => c.text).join(' ');
    if (!/\b(dependents?|dependants?|children|child)\b/i.test(about)) continue;
    const childOnly = !/\b(dependents?|dependants?)\b/i.test(about);
    // Rows are counted among those that ask about a person (a grid may open with other rows).
    let row = 0;
    for (const cells of grid.rows) {
      const asked = [...cells].flatMap(([key, i]) => {
        const asks = attributeOf(grid.columns.get(key)!.text);
        return asks && !taken.has(i) ? [{ i, asks }] : [];
      });
      if (!asked.length) continue;
      row++;
      for (const { i, asks } of asked) out.push({ field: i, row, ...asks, childOnly });
      // The row's check boxes of whether the person lives with the filer sit on its line.
      const y = fields[asked[0].i].rect.y;
      fields.forEach((f, j) => {
        if (f.type === 'checkbox' && f.page === grid.page && !taken.has(j) && LIVES_QUESTION.test(f.label) && Math.abs(f.rect.y - y) <= Math.max(8, fields[asked[0].i].rect.height)) {
          out.push({ field: j, row, attribute: 'livesWith', lastFour: false, childOnly, tick: tickOf(f.label) });
          taken.add(j);
        }
      });
    }
  }
  return out;
}

function valueFor(person: ListedPerson, box: PersonBox, f: ProposeField): Stated | null {
  const named = (value: string): Stated => ({ value, evidence: person.listedIn });
  switch (box.attribute) {
    case 'name':
      return named(person.name);
    case 'given':
      return named(givenOf(person.name));
    case 'family': {
      const parts = person.name.includes(' ') ? splitName(person.name) : null;
      return parts ? named(parts.family) : null;
    }
    case 'relation':
      return person.relation ? named(title(person.relation)) : null;
    case 'ssn': {
      const stated = person.attributes.get('ssn');
      if (!stated) return null;
      const digits = stated.value.replace(/\D/g, '');
      if (box.lastFour || (f.max_len && f.max_len <= 4)) return { ...stated, value: digits.slice(-4) };
      if (digits.length < 9) return null;
      return { ...stated, value: f.max_len && f.max_len < 11 ? digits : stated.value };
    }
    case 'livesWith': {
      const stated = person.attributes.get('livesWith');
      return stated && stated.value === box.tick ? { ...stated, value: 'true' } : null;
    }
    default:
      return person.attributes.get(box.attribute) ?? null;
  }
}

/** Fields the rules before left open, filled from the people the documents list, row by row. */
export function personRowAnswers(fields: ProposeField[], specs: FieldSpec[], documents: ReadDocument[], isOpen: (i: number) => boolean): Map<number, FieldProposal> {
  const answers = new Map<number, FieldProposal>();
  const boxes = personBoxes(fields, specs);
  if (!boxes.length) return answers;
  const people = listedPersons(documents).filter((p) => !p.excluded && !(p.relation && PARTNER.test(p.relation)));
  if (!people.length) return answers;
  for (const box of boxes) {
    if (!isOpen(box.field)) continue;
    const list = box.childOnly ? people.filter((p) => !p.relation || CHILD.test(p.relation)) : people;
    const person = list[box.row - 1];
    if (!person) continue;
    const found = valueFor(person, box, fields[box.field]);
    if (!found || (fields[box.field].max_len && found.value.length > fields[box.field].max_len!)) continue;
    const note = `Person ${box.row} of those the documents list (${person.name}).`;
    answers.set(box.field, inferredProposal(fields[box.field], found.value, [found.evidence], note));
  }
  return answers;
}

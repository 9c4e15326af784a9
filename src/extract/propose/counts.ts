// How many people: "Number of dependents", "Household size", "Number of children". Documents state
// the count in words beside the people it counts ("My two kids live with me", "the two minor
// children", "Household: you, Selam and Yonas (3 people)", "your household is you and your two
// kids"). A box that turns the count into money ("Multiply the number of children by $2,000") or
// asks for anything else per person is no count box. When the documents state different counts the
// box stays open. Medium: a count read from running text is for a person to confirm.
import type { ReadDocument } from '../types.ts';
import type { FieldSpec } from './fields.ts';
import { countWord, fold } from './normalise.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import { LIVES_ELSEWHERE, LIVES_HERE, sentencesOf } from './statements.ts';
import type { FieldProposal, ProposeField } from './types.ts';

type Counted = 'people' | 'children' | 'dependents';

const NUM = String.raw`(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)`;
const ASKS_COUNT = /\b(number( of)?|no\.? of|how many|count)\b|\bhousehold size\b|\bsize of (your |the )?household\b/;
/** "Children living (with you) count": only a count of those who live with the writer answers it. */
const LIVING_WITH = /\b(living|live|lives)\b/;
/** A count turned into money or time, or a count of something other than people. */
const NOT_A_PEOPLE_COUNT = /\$|\bmultiply\b|\badd\b|\bamount\b|\bincome\b|\bearn(ing|s)?\b|\bweeks?\b|\bmonths?\b|\byears?\b|\bdays?\b|\bhours?\b|\bvehicles?\b|\bemployees\b|\bpages?\b/;

function countedBy(label: string): Counted | null {
  const t = fold(label);
  if (!ASKS_COUNT.test(t) || NOT_A_PEOPLE_COUNT.test(t)) return null;
  if (/\b(children|child|kids)\b/.test(t)) return 'children';
  if (/\b(dependents?|dependants?)\b/.test(t)) return 'dependents';
  if (/\b(household|people|persons|family size|members)\b/.test(t)) return 'people';
  return null;
}

const CHILDREN = new RegExp(String.raw`\b${NUM}\s+(?:(?:minor|young|small|little|dependent|qualifying)\s+)?(?:children|kids)\b`, 'gi');
const DEPENDENTS = new RegExp(String.raw`\b${NUM}\s+(?:(?:qualifying)\s+)?(?:dependents|dependants)\b`, 'gi');
const PEOPLE = new RegExp(String.raw`\(\s*${NUM}\s+people\s*\)|\bhousehold of\s+${NUM}\b|\bfamily of\s+${NUM}\b|\b${NUM}\s+people in (?:the|my|our|your) household\b`, 'gi');
/** "you and your two kids", "me and my three children": the writer or reader plus the children. */
const YOU_AND = new RegExp(String.raw`\b(?:you|me|myself)\s+and\s+(?:your|my)\s+${NUM}\s+(?:children|kids)\b`, 'gi');

/** The counts a sentence states of what a box counts. */
function countsIn(text: string, counted: Counted): number[] {
  const all = (re: RegExp, plus = 0) => [...text.matchAll(re)].map((m) => countWord(m.slice(1).find(Boolean)!) + plus);
  if (counted === 'children') return all(CHILDREN);
  if (counted === 'dependents') {
    const stated = all(DEPENDENTS);
    return stated.length ? stated : all(CHILDREN);
  }
  return [...all(PEOPLE), ...all(YOU_AND, 1)];
}

/** A count box the rules before left open, from the count the documents state. */
export function statedCount(field: ProposeField, spec: FieldSpec, documents: ReadDocument[]): FieldProposal | null {
  if (field.type !== 'text' || spec.concept) return null;
  const counted = countedBy(`${spec.text} ${field.label}`);
  if (!counted) return null;
  const withWriter = LIVING_WITH.test(fold(`${spec.text} ${field.label}`));
  const hits = documents.flatMap((doc) => sentencesOf(doc).flatMap((s) => (withWriter && (!LIVES_HERE.test(s.text) || LIVES_ELSEWHERE.test(s.text)) ? [] : countsIn(s.text, counted).map((n) => ({ n, doc, s })))));
  const distinct = new Set(hits.map((h) => h.n));
  if (distinct.size !== 1) return null;
  const [n] = distinct;
  if (!(n >= 0 && n < 20) || (field.max_len && String(n).length > field.max_len)) return null;
  const evidence = hits.slice(0, 2).map((h) => evidenceAt(h.doc, h.s.page, h.s.location, h.s.text, 'stated_count'));
  return inferredProposal(field, String(n), evidence, `The documents state the count in words ("${hits[0].s.text.slice(0, 80)}").`);
}

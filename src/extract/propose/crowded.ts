// One person's name, birth date or number is asked for once per page: a page header may repeat
// it, a signature block may print it again, but three boxes on one page that all take the same
// person's same value are boxes the rules could not tell apart — a table of relatives, siblings,
// schools, or a form in a language whose words for "father" or "sister" they do not know. Then
// none of them is trusted: each is left for review, because at most one of them is right. Boxes
// filled row by row from a list of people or a table's rows were told apart by their rows.
import type { FieldSpec } from './fields.ts';
import type { FieldProposal, ProposeField } from './types.ts';
import { leftForReview } from './proposals.ts';

/** The concepts that belong to one person: a second box for them means a second person. */
const PERSONAL = new Set(['name', 'dob', 'ssn', 'a_number', 'birthplace']);
const CROWD = 3;
/** Values read from a row of people or of a table: the row says whose box it is (siblings share a family name). */
const FROM_A_ROW = new Set(['listed_person', 'table_row']);

export function distrustCrowdedValues(fields: readonly ProposeField[], specs: readonly FieldSpec[], proposals: FieldProposal[]): FieldProposal[] {
  const groups = new Map<string, number[]>();
  proposals.forEach((p, i) => {
    const s = specs[i];
    if (p.status !== 'proposed' || p.value === null || p.confidence === 'low' || !s.concept || !PERSONAL.has(s.concept)) return;
    if (fields[i].type !== 'text' || p.evidence.some((e) => FROM_A_ROW.has(e.method))) return;
    const part = `${s.namePart ?? ''}|${s.datePart ?? ''}|${s.piece ?? ''}|${s.birthPart ?? ''}`;
    const key = `${fields[i].page}|${s.concept}|${part}|${p.value.toLowerCase().replace(/\s+/g, ' ')}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const crowded = new Map<number, number>();
  for (const members of groups.values()) if (members.length >= CROWD) for (const i of members) crowded.set(i, members.length);
  if (!crowded.size) return proposals;
  return proposals.map((p, i) => {
    const n = crowded.get(i);
    if (n === undefined) return p;
    const note = `The same value would go into ${n} boxes of this page that ask for the same thing; the form's words do not say whose each box is, so at most one of them is right.`;
    return leftForReview(p, note);
  });
}

// A box that asks for a date, a phone number or an e-mail address says so in its own words, in
// the format printed over it ("Day Month Year", "mm/dd/yyyy") or in its author's name for it;
// a value with no digit is no date, one with no run of seven digits no phone number, as a value
// with no "@" is no e-mail address. Such a proposal came
// from a key that matched the box's words, not its meaning (a language name under "Ngày cấp", a
// street under a phone box): it is left for review.
import type { FieldSpec } from './fields.ts';
import { humaniseName } from './normalise.ts';
import type { PrintedLabel } from './page-labels.ts';
import type { FieldProposal, ProposeField } from './types.ts';
import { leftForReview } from './proposals.ts';

/** The date layouts forms print over or beside a box. */
const DATE_LAYOUT = /\b(day|dd|jj|tt)\b\W*\b(month|mm)\b\W*\b(year|yy|yyyy|aaaa|jjjj)\b|\b(mm|month)\b\W*\b(dd|day)\b\W*\b(yy|yyyy|year)\b/i;

type Kind = 'date' | 'phone' | 'email' | null;

function kindAsked(f: ProposeField, spec: FieldSpec, printed: PrintedLabel | undefined): Kind {
  if (spec.concept === 'dob' || spec.concept === 'other_date' || f.data_type === 'date') return 'date';
  if (spec.concept === 'phone' || f.data_type === 'phone') return 'phone';
  if (spec.concept === 'email' || f.data_type === 'email') return 'email';
  if (DATE_LAYOUT.test(`${spec.text} ${printed?.above ?? ''} ${printed?.inside ?? ''}`)) return 'date';
  // The author's own name for the box ("user_phone", "EMAIL ADDRESS", "hearing_date") when its label was read otherwise.
  return kindNamed(f);
}

/** The kind the author's own name for a box asks for ("users1_phone_current", "email_former"). */
function kindNamed(f: ProposeField): Kind {
  const named = humaniseName(f.name).toLowerCase();
  if (/\b(phone|telephone|tel|mobile|cell)\b/.test(named)) return 'phone';
  if (/\be-?mail\b/.test(named)) return 'email';
  if (/\b(date|dob)\b/.test(named)) return 'date';
  return null;
}

function fits(kind: Exclude<Kind, null>, value: string): boolean {
  if (kind === 'date') return /\d/.test(value);
  // A phone number somewhere in it: seven digits or more in one run (a name-and-address block may end with one).
  if (kind === 'phone') return /(?:\d[\s().+/-]{0,2}){7,}/.test(value);
  return /@/.test(value);
}

export function distrustMistypedValues(fields: readonly ProposeField[], specs: readonly FieldSpec[], printed: readonly (PrintedLabel | undefined)[], proposals: FieldProposal[]): FieldProposal[] {
  return proposals.map((p, i) => {
    if (p.status !== 'proposed' || !p.value || p.confidence === 'low' || fields[i].type !== 'text') return p;
    // A tooltip copied from the next box ("phone number - current" on the box named
    // "users1_email_current"): the value must be what the box's own name asks for too.
    const named = kindNamed(fields[i]);
    const kind = named && !fits(named, p.value) ? named : kindAsked(fields[i], specs[i], printed[i]);
    if (!kind || fits(kind, p.value)) return p;
    const note = `This box asks for ${kind === 'email' ? 'an e-mail address' : `a ${kind === 'date' ? 'date' : 'phone number'}`}, and the value is not one.`;
    return leftForReview(p, note);
  });
}

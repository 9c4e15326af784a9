// One field → what it asks for (a Spec), from its tooltip, label, name and the form's printed words.
// Precedence: a tooltip that says more than the field name; then, for a single check box, the
// caption printed beside it (names are often shifted: "BIRTH" is the box printed beside FETAL
// DEATH); for a text field, its own label unless that says nothing ("undefined", "1099 NEC[b]
// f[a]"), in which case the printed words left of / above / inside the widget stand in. Printed
// text left of a text box is often the neighbouring cell's caption, so it does not overrule a
// label that names something.
import { compact, fold, humaniseName, uninformative } from './normalise.ts';
import { readSpec, roleIn, type Spec } from './labels.ts';
import type { PrintedLabel } from './page-labels.ts';
import type { ProposeField } from './types.ts';

export interface FieldSpec extends Spec {
  /** The text the spec was read from, for notes. */
  text: string;
  /** SSN / phone boxes split 3-2-4 / 3-3-4: which piece (1-based) this box is. */
  piece?: number;
  pieces?: number[];
  /** Check box or radio button that stands for one option (its caption or export value). */
  optionText?: string;
  /** An address part whose label does not say whose address ("STATE" alone). */
  weakAddress?: boolean;
}

/** The tooltip adds something the name does not (not just the name respelled). */
function tooltipInformative(f: ProposeField): boolean {
  if (uninformative(f.tooltip)) return false;
  const t = fold(f.tooltip!).replace(/[^a-z0-9]/g, '');
  const n = humaniseName(f.name).replace(/[^a-z0-9]/g, '');
  return t !== n;
}

/**
 * A box whose printed caption is only one answer ("Divorced", "No", "Employed") beside a label the
 * label engine composed as "question: answer" ("Marital status: Divorced"): the question says what
 * the box is about, the caption which answer it stands for.
 */
function optionOfQuestion(label: string, caption: string): boolean {
  const i = label.lastIndexOf(':');
  const option = compact(label.slice(i + 1));
  const printed = compact(caption);
  // Either may be cut short ("Employed (full-time, part-time" beside the whole caption).
  return i >= 3 && option.length >= 2 && (printed.startsWith(option) || option.startsWith(printed)) && /\p{L}{3}/u.test(label.slice(0, i));
}

/**
 * The printed caption of a text box: the words left of it, else above, else inside. Words left of
 * it that ask nothing ("Personal Information", a section's side title) give way to the words above
 * that ask something ("Address").
 */
function textCaption(printed: PrintedLabel): string {
  if (printed.left && printed.above && !readSpec(printed.left).concept && readSpec(printed.above).concept && printed.above.split(/\s+/).length <= 12) return printed.above;
  return printed.left || printed.above || printed.inside;
}

/** A label asking for the person's own name or a part of it. */
function ownName(label: string): boolean {
  if (uninformative(label)) return false;
  const spec = readSpec(label);
  return spec.concept === 'name' && spec.role === 'self';
}

export function analyseField(f: ProposeField, printed?: PrintedLabel): FieldSpec {
  const isBox = f.type === 'checkbox' || f.type === 'radio';
  // A radio group's first button caption is one answer ("Male"), not the question: groups keep their name.
  const group = f.type === 'radio' || new Set((f.widgets ?? []).map((w) => w.export_value).filter(Boolean)).size > 1;
  const page = printed && !group ? (isBox ? printed.right || printed.left : textCaption(printed)) : '';
  // A long printed text is an instruction, not a caption.
  const pageText = uninformative(page) || page.split(/\s+/).length > 12 ? '' : page;
  let text: string;
  // Text fields: a real label or tooltip first (the printed text left of a box is often the
  // neighbouring cell's caption); the printed words only stand in for a label that says nothing.
  // Single check boxes: the caption printed beside the box wins over any name.
  if (tooltipInformative(f)) text = f.tooltip!;
  else if (pageText && isBox) text = pageText;
  else if (!uninformative(f.label) && !uninformative(humaniseName(f.name))) text = f.label;
  // Printed words that ask nothing ("Step 1: Enter") do not overrule a composed label that asks for
  // the person's own name ("Step 1: (a) First name and middle initial"), even when the field's own
  // name says nothing. (Other concepts of a composed label are often a neighbouring caption's.)
  else if (pageText && !(!isBox && !readSpec(pageText).concept && ownName(f.label))) text = pageText;
  else text = uninformative(f.label) ? humaniseName(f.name) : f.label;
  // A box's caption or tooltip that is only its answer ("Divorced") reads the question with it.
  const option = isBox && !group && optionOfQuestion(f.label, text) ? text : undefined;
  if (option) text = f.label;
  const spec: FieldSpec = { ...readSpec(text), text };
  // Printed words and the field's own name that ask for different things: ambiguous, left alone.
  if (pageText && text === pageText && !uninformative(humaniseName(f.name))) {
    const byName = readSpec(humaniseName(f.name));
    if (spec.concept && byName.concept && (byName.concept !== spec.concept || byName.addressPart !== spec.addressPart || byName.namePart !== spec.namePart)) {
      return { ...spec, concept: null, skip: true };
    }
  }
  // The name often carries the section the tooltip leaves out ("Parent 1 …", "Emergency Contact …").
  if (spec.role === 'self') {
    const fromName = readSpec(humaniseName(f.name));
    if (fromName.role !== 'self') spec.role = fromName.role;
    if (!spec.concept && !spec.skip && fromName.concept && (!isBox || group)) Object.assign(spec, { ...fromName, role: spec.role, text: spec.text });
  }
  // …and so does a label the label engine composed from the page ("(3) SSN: Dependent 1").
  if (spec.role === 'self' && text !== f.label) {
    const fromLabel = roleIn(f.label);
    if (fromLabel && fromLabel !== 'self' && fromLabel !== 'alias') spec.role = fromLabel;
  }
  // Still nobody else's: the caption heading the block on the page may name the party ("PAYER'S
  // name, street address…" over a box called "f[a]"), unless the label itself says it is yours.
  if (spec.role === 'self' && printed?.heading && !/\b(you|your|applicant|employee|me|my)\b/i.test(`${text} ${humaniseName(f.name)}`)) {
    const r = roleIn(printed.heading);
    if (r && r !== 'alias') spec.role = r;
  }
  // A bare "EIN" box in a block headed by another party ("Paid Preparer", "Firm's name … EIN") is that party's.
  if (spec.concept === 'ein' && spec.role === 'employer' && printed?.heading && !/\bemployer\b/i.test(`${text} ${humaniseName(f.name)}`)) {
    const r = roleIn(printed.heading);
    if (r && r !== 'alias' && r !== 'self') spec.role = r;
  }
  // "D. If you are not the overpaid person, what is your name…": the question printed over the box
  // is about whoever files for the subject, never the subject.
  if (spec.role === 'self' && spec.concept === 'name' && /\bif (you are|you're) not (the|a|an)\b[^?]*\byour name\b/i.test(`${printed?.above ?? ''} ${printed?.left ?? ''}`)) spec.role = 'representative';
  // "Phone 2", "Alternate e-mail": a second contact of the same kind, never the first one again.
  if ((spec.concept === 'phone' || spec.concept === 'email') && !(f.max_len && f.max_len < 10) && /\b(2|two|second|secondary|alternate|alt|other)\s*$/i.test(humaniseName(f.name))) return { ...spec, concept: null, skip: true };
  // "PAY_PHONE" (a bill the household pays), "VERIFIED_TELEPHONE" (someone who vouches for you):
  // a phone the label ties to a bill or to a reference person is not the subject's own number.
  if (spec.concept === 'phone' && /\b(pay|paid|bill|cost|expense|verif\w*|reference)\b/i.test(`${text} ${humaniseName(f.name)}`)) return { ...spec, concept: null, skip: true };
  // A case or docket number belongs to the case, not to the party whose block it is printed in
  // (a schedule repeats "Case number" beside "Debtor 2" on every page).
  if (!spec.concept && /\b(case|docket)\s+(number|no\b|#)/i.test(text)) spec.role = 'self';
  if (spec.slot === null) spec.slot = readSpec(humaniseName(f.name)).slot;
  // "City" / "State" alone may be anyone's (a licence's state, a port of entry): an address part
  // needs the label to say it is an address, or whose.
  if (spec.concept === 'address' && !/\b(address|street|mailing|residence|home|applicant|employee)\b/i.test(`${text} ${humaniseName(f.name)}`)) {
    spec.weakAddress = true; // index.ts keeps it only next to other fields of an address block
  }
  if (isBox) spec.optionText = f.type === 'checkbox' ? (option ?? text) : undefined;
  // Split boxes: "DOB M / D / Y", "SSN 1 / 2 / 3".
  const tail = humaniseName(f.name).split(' ').pop() ?? '';
  if (spec.concept === 'dob' || spec.concept === 'other_date') {
    if (/^(m|mm|month)$/.test(tail)) spec.datePart = 'month';
    else if (/^(d|dd|day)$/.test(tail)) spec.datePart = 'day';
    else if (/^(y|yy|yyyy|year)$/.test(tail)) spec.datePart = 'year';
  }
  if ((spec.concept === 'ssn' || spec.concept === 'phone') && f.max_len && f.max_len < (spec.concept === 'ssn' ? 9 : 10) && /^[1-3]$/.test(tail)) {
    spec.piece = Number(tail);
    spec.pieces = spec.concept === 'ssn' ? [3, 2, 4] : [3, 3, 4];
  }
  return spec;
}

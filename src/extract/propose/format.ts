// A chosen fact → the text the field expects: the date layout its label asks for, digits only in
// comb or short boxes, five-digit ZIP in a five-character box, an option of a choice, one part of
// a split name or date. Returns null when the fact cannot be written into this field, and a note
// when something was reformatted.
import type { FieldSpec } from './fields.ts';
import type { Fact } from './facts.ts';
import { compact, fold } from './normalise.ts';
import { findDates, nameCase, stateCode, type PersonName } from './recognizers.ts';
import type { ProposeField } from './types.ts';

export interface Formatted {
  value: string;
  note?: string;
}

/** "mm/dd/yyyy" (default), "dd/mm/yyyy", "dd.mm.yyyy", "yyyy-mm-dd", "mmddyyyy" applied to an ISO date. */
export function formatDate(isoDate: string, layout = 'mm/dd/yyyy'): string {
  const [y, m, d] = isoDate.split('-');
  switch (layout.toLowerCase()) {
    case 'dd/mm/yyyy':
      return `${d}/${m}/${y}`;
    case 'dd.mm.yyyy':
      return `${d}.${m}.${y}`;
    case 'yyyy-mm-dd':
      return isoDate;
    case 'mmddyyyy':
      return `${m}${d}${y}`;
    case 'mm/dd/yy':
      return `${m}/${d}/${y.slice(2)}`;
    default:
      return `${m}/${d}/${y}`;
  }
}

/** The name parts a fact gives, whatever form it came in. */
export function nameOf(f: Fact): PersonName | null {
  if (f.name) return f.name;
  return null;
}

/** One part of a fact's name, or null when the fact does not give that part. */
export function namePart(f: Fact, part: string, familyFirst = false): string | null {
  const n = nameOf(f);
  if (n) {
    switch (part) {
      case 'family':
        return nameCase(n.family);
      case 'given':
        return nameCase(n.given);
      case 'middle':
        return n.middle ? nameCase(n.middle) : null;
      case 'given_middle':
        return nameCase([n.given, n.middle].filter(Boolean).join(' '));
      case 'given_initial':
        return nameCase([n.given, n.middle?.[0]].filter(Boolean).join(' '));
      default:
        // A name written given-first (maybe with a credential: "Helen Okafor, MD") stays as written;
        // an inverted one ("OYELARAN, MARCUS D") or one from a filled form is put together from its parts.
        if (!familyFirst && f.text && f.method !== 'acroform' && !/,\s*[A-Za-z]+\s+[A-Za-z]/.test(f.text)) return nameCase(f.text);
        return familyFirst
          ? `${n.family.toUpperCase()} ${nameCase([n.given, n.middle].filter(Boolean).join(' '))}`
          : nameCase([n.given, n.middle, n.family].filter(Boolean).join(' '));
    }
  }
  // A part-only fact ("Surname: HRYTSENKO", "Given Name: OKSANA PETRIVNA").
  const text = f.text ?? '';
  const words = text.split(/\s+/).filter(Boolean);
  if (f.namePart === part && (part !== 'given' || words.length === 1)) return nameCase(text);
  if ((f.namePart === 'given' || f.namePart === 'given_middle') && words.length >= 1) {
    if (part === 'given') return nameCase(words[0]);
    if (part === 'middle') return words.length > 1 ? nameCase(words.slice(1).join(' ')) : null;
    if (part === 'given_middle') return nameCase(text);
    if (part === 'given_initial') return nameCase([words[0], words[1]?.[0]].filter(Boolean).join(' '));
  }
  return null;
}

function pickOption(options: string[], wanted: string[]): string | null {
  for (const w of wanted) {
    const hit = options.find((o) => o.trim() !== '' && fold(o) === fold(w));
    if (hit !== undefined) return hit;
  }
  return null;
}

/** The field's value for an address part. */
function addressPart(f: Fact, spec: FieldSpec, field: ProposeField, unitField: boolean, zipField: boolean): Formatted | null {
  const a = f.address;
  if (!a) return null;
  switch (spec.addressPart) {
    case 'street':
      // No separate apartment box on this form: the unit stays on the street line, as written.
      if (!unitField && a.unit) return { value: `${a.street} ${a.unitWord && a.unitWord !== '#' ? a.unitWord : 'Apt'} ${a.unit}` };
      return { value: a.street };
    case 'unit':
      if (field.type === 'checkbox') {
        const ev = (field.export_value ?? field.widgets?.find((w) => w.export_value)?.export_value ?? '').trim().toUpperCase();
        if (!a.unit || !a.unitType) return null;
        const kind = ev.startsWith('AP') ? 'APT' : ev.startsWith('S') ? 'STE' : ev.startsWith('F') ? 'FLR' : fold(spec.text).includes('suite') ? 'STE' : fold(spec.text).includes('floor') ? 'FLR' : 'APT';
        return { value: kind === a.unitType ? 'true' : 'false' };
      }
      if (!a.unit) return null;
      // A box with its own "Apt" caption takes the number; a free line 2 takes "Apt 4".
      return /\bline 2\b/.test(fold(spec.text)) || /address line 2/i.test(field.name) ? { value: `${a.unitType === 'STE' ? 'Suite' : a.unitType === 'FLR' ? 'Floor' : 'Apt'} ${a.unit}` } : { value: a.unit };
    case 'city':
      return a.city ? { value: a.city } : null;
    case 'state':
      return a.state ? { value: a.state } : null;
    case 'zip': {
      if (!a.zip) return null;
      if (a.zip4 && (!field.max_len || field.max_len >= 10)) return { value: `${a.zip}-${a.zip4}` };
      return a.zip4 ? { value: a.zip, note: `ZIP+4 ${a.zip}-${a.zip4} shortened to the 5-digit ZIP.` } : { value: a.zip };
    }
    case 'city_state_zip':
      return a.city && a.state && a.zip ? { value: `${a.city}, ${a.state} ${a.zip}` } : null;
    case 'city_state':
      return a.city && a.state ? { value: `${a.city}, ${a.state}` } : null;
    case 'line':
      // A British or Australian address as its country writes it: the flat first, the town (and
      // state), and the postcode unless the form has a box of its own for it.
      if (a.abroad && a.city) return { value: [`${a.unit && !unitField ? `${a.unitWord ?? 'Flat'} ${a.unit}, ` : ''}${a.street}`, [a.city, a.state, zipField ? '' : a.zip].filter(Boolean).join(' ')].join(', ') };
      // The unit goes on the line only when the form has no box of its own for it; with boxes of
      // its own for the ZIP (and so the city), the line is the street part only.
      if (zipField) return { value: `${a.street}${a.unit && !unitField ? `, ${a.unitType === 'STE' ? 'Suite' : 'Apt'} ${a.unit}` : ''}` };
      return a.city ? { value: `${a.street}${a.unit && !unitField ? `, ${a.unitType === 'STE' ? 'Suite' : 'Apt'} ${a.unit}` : ''}, ${a.city}, ${a.state} ${a.zip}` } : null;
  }
  return null;
}

/** A box that asks only the end of a number ("last 4 digits of SSN", "Ssn Last Four"). */
const LAST_FOUR = /\blast\s*(4|four)\b/i;

/** The fact written the way this field wants it (before option matching and length checks). */
function raw(f: Fact, spec: FieldSpec, field: ProposeField, unitField: boolean, zipField: boolean): Formatted | null {
  if (f.concept === 'keyed' || (f.concept === 'other_date' && spec.concept !== 'dob')) {
    // Matched by key words: a date field gets the date re-laid out, anything else the value as written.
    const d = f.date ?? findDates(f.text ?? f.raw)[0];
    if (field.data_type === 'date' || spec.concept === 'other_date') return d ? { value: formatDate(d.iso, spec.dateFormat) } : null;
    if (d && d.raw.length >= (f.text ?? '').length - 1) return null; // a bare date into a non-date field
    return f.text ? { value: f.text } : null;
  }
  switch (spec.concept) {
    case 'dob':
    case 'other_date': {
      if (!f.date) return null;
      const [y, m, d] = f.date.iso.split('-');
      if (spec.datePart === 'month') return { value: m };
      if (spec.datePart === 'day') return { value: d };
      if (spec.datePart === 'year') return { value: y };
      const value = formatDate(f.date.iso, spec.dateFormat);
      return { value, note: value !== f.raw ? `Written as ${spec.dateFormat ?? 'mm/dd/yyyy'} from "${f.raw}".` : undefined };
    }
    case 'ssn':
    case 'phone':
    case 'ein':
    case 'a_number': {
      const digits = f.digits ?? '';
      // "last 4 digits of Social Security Number": the tail of a full number, or a tail stated alone.
      if (spec.concept === 'ssn' && LAST_FOUR.test(spec.text)) return digits.length === 9 || digits.length === 4 ? { value: digits.slice(-4) } : null;
      // A tail stated alone ("SSN last four is 2290") answers no full-number box.
      if (spec.concept === 'ssn' && digits.length !== 9) return null;
      if (spec.piece && spec.pieces) {
        const start = spec.pieces.slice(0, spec.piece - 1).reduce((a, b) => a + b, 0);
        return { value: digits.slice(start, start + spec.pieces[spec.piece - 1]) };
      }
      const short = field.comb || (field.max_len !== undefined && field.max_len <= digits.length + 1);
      if (short || spec.concept === 'a_number') return { value: digits };
      // A number from abroad (a trunk 0, a country code other than 1) is written as its country writes it.
      if (spec.concept === 'phone' && (digits.startsWith('0') || /^\s*\+(?!1\b)/.test(f.raw ?? ''))) return { value: (f.raw ?? digits).trim() };
      if (spec.concept === 'ssn') return { value: `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` };
      if (spec.concept === 'ein') return { value: `${digits.slice(0, 2)}-${digits.slice(2)}` };
      return { value: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` };
    }
    case 'email':
    case 'citizenship':
    case 'org_name':
      return f.text ? { value: f.text } : null;
    case 'birthplace': {
      const parts = (f.text ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      if (!parts.length) return null;
      if (f.countryOnly) return spec.birthPart === 'country' ? { value: nameCase(parts[parts.length - 1]) } : null;
      if (spec.birthPart === 'city') return { value: nameCase(parts[0]) };
      if (spec.birthPart === 'country') return parts.length > 1 ? { value: nameCase(parts[parts.length - 1]) } : null;
      return { value: parts.map(nameCase).join(', ') };
    }
    case 'name': {
      const v = namePart(f, spec.namePart ?? 'full', spec.familyFirst);
      return v ? { value: v } : null;
    }
    case 'address':
      return addressPart(f, spec, field, unitField, zipField);
    case 'sex':
      return f.text ? { value: f.text } : null;
    case 'marital':
      if (!f.text) return null;
      // "Ever married?" is yes for every status but single (never married).
      if (spec.everMarried) return { value: f.text === 'single' ? 'No' : 'Yes' };
      return { value: f.text };
    case 'employment':
      if (!f.text) return null;
      // "Are you employed?" is yes for work on one's own account too.
      if (spec.askedEmployed) return { value: f.text === 'employed' || f.text === 'self-employed' ? 'Yes' : 'No' };
      return { value: f.text };
  }
  return null;
}

/** The value for the field, fitted to its type: option, check box truth, or text within max_len. */
export function formatFor(f: Fact, spec: FieldSpec, field: ProposeField, unitField = true, zipField = false): Formatted | null {
  const r = raw(f, spec, field, unitField, zipField);
  if (!r) return null;
  const exports = [...new Set((field.widgets ?? []).map((w) => w.export_value).filter((x): x is string => !!x))];
  if (field.type === 'checkbox' && exports.length <= 1) {
    if (r.value === 'true' || r.value === 'false') return r;
    // A box that stands for one answer ("Check Female", export "F"): on when the fact is that answer.
    const caption = compact(`${spec.optionText ?? ''} ${field.export_value ?? ''}`);
    const on = optionMatches(r.value, caption, field.export_value);
    return on === null ? null : { value: on ? 'true' : 'false' };
  }
  if (field.type === 'radio' || field.type === 'choice' || (field.type === 'checkbox' && exports.length > 1)) {
    const options = field.type === 'checkbox' ? exports : (field.options ?? []);
    const wanted = [r.value];
    if (spec.addressPart === 'state') {
      const code = stateCode(r.value);
      if (code) wanted.unshift(code);
    }
    if (spec.concept === 'sex') wanted.push(r.value === 'female' ? 'F' : 'M', r.value === 'female' ? 'Female' : 'Male');
    if (spec.everMarried) wanted.push(r.value === 'Yes' ? 'Y' : 'N');
    const hit = pickOption(options, wanted);
    return hit === null ? null : { value: hit, note: r.note };
  }
  if (spec.addressPart === 'state' && field.max_len !== undefined && field.max_len <= 2) {
    const code = stateCode(r.value);
    return code ? { value: code } : null;
  }
  if (spec.concept === 'sex') return { value: r.value === 'female' ? (field.max_len && field.max_len < 6 ? 'F' : 'Female') : field.max_len && field.max_len < 4 ? 'M' : 'Male' };
  if (field.max_len && [...r.value].length > field.max_len) {
    const digits = r.value.replace(/\D/g, '');
    if (/^[\d\s()./-]+$/.test(r.value) && digits.length <= field.max_len) return { value: digits, note: 'Digits only, to fit the box.' };
    return null;
  }
  return r;
}

/** Does a box's caption stand for this answer? null when the caption is about something else. */
function optionMatches(value: string, caption: string, exportValue?: string): boolean | null {
  const v = compact(value);
  const words: Record<string, RegExp> = {
    female: /\bfemale\b/,
    male: /\bmale\b/,
    married: /(?<!\b(never|not|un)\s?)\bmarried\b/,
    single: /\b(single|never married)\b/,
    divorced: /\bdivorced\b/,
    widowed: /\bwidowed\b/,
    separated: /\bseparated\b/,
    employed: /(?<!\bnot\s)\bemployed\b/,
    selfemployed: /\bself\s?employed\b/,
    unemployed: /\b(unemployed|not employed)\b/,
    retired: /\bretired\b/,
    yes: /^yes\b/,
    no: /^no\b/,
  };
  const own = words[v];
  if (!own) return null;
  if (own.test(caption)) return true;
  // "Not married" is the answer of everyone single, divorced or widowed.
  if (/\b(not married|unmarried)\b/.test(caption)) return ['single', 'divorced', 'widowed'].includes(v);
  // "Employed (full-time, part-time, seasonal, self-employed)" takes work on one's own account.
  if (v === 'selfemployed' && words.employed.test(caption)) return true;
  // A caption naming another answer of the same question: this box stays off.
  if (Object.entries(words).some(([k, re]) => k !== v && re.test(caption))) return false;
  if (exportValue && compact(exportValue) === v.charAt(0)) return true;
  return null;
}

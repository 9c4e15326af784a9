// What a label says about its field: the kind of value it expects (data type), whether it is
// required, whether a blank is in fact a signature, and whether an area must stay blank. Used for
// existing AcroForm fields (acroform.ts) and for detected ones (detect/fields.ts). Keyword rules,
// English first with the common Spanish/French/German words, checked in order: the first match
// wins, so specific kinds (ssn, ein) come before general ones (number).
import type { DataType, FieldType } from '../types.ts';

interface Rule {
  re: RegExp;
  type: DataType;
  /** Says what the value is about (a name, an address) rather than how it is written. */
  subject?: true;
}

const RULES: Rule[] = [
  { re: /\bdate (of )?(signature|signing)\b|\bdate signed\b|\bsignature date\b/i, type: 'date' },
  { re: /\b(signature|sign here|signed|firma|signatur|unterschrift)\b/i, type: 'signature' },
  { re: /\b(e-?mail|correo electr[oó]nico|courriel)\b/i, type: 'email' },
  { re: /\b(social security|ssn|ss ?#|soc\.? sec\.?)\b/i, type: 'ssn' },
  { re: /\b(employer identification|ein|fein|tax ?id(entification)?( number| no\.?)?)\b/i, type: 'ein' },
  { re: /\b(phone|telephone|tel\.?|fax|mobile|cell(phone)?|tel[eé]fono|celular|t[eé]l[eé]phone|handy)\b/i, type: 'phone' },
  { re: /\b(zip|postal code|post ?code|c[oó]digo postal|code postal|postleitzahl|plz)\b/i, type: 'zip' },
  { re: /\b(date|dob|birth ?date|d\.o\.b|mm\s*\/\s*dd|dd\s*\/\s*mm|yyyy|fecha|datum)\b/i, type: 'date' },
  { re: /\b(amount|total|income|wages|salary|payment|balance|fee|cost|price|tax|value|paid|dollars|monto|importe|montant|betrag)\b|[$€£]/i, type: 'currency' },
  { re: /^(state|province|estado|provincia)$/i, type: 'state', subject: true },
  { re: /\b(address|street|direcci[oó]n|adresse|domicilio|city|town)\b/i, type: 'address', subject: true },
  { re: /\b(name|nombre|nom|apellidos?|vorname|nachname)\b/i, type: 'name', subject: true },
  { re: /\b(number|no\.|num\.?|#|quantity|qty|count|how many|age|year|n[uú]mero|nombre de|anzahl)\b/i, type: 'number' },
];

/** "Date of birth" and "Month of birth" are dates, "Place of birth" is not. */
function isBirthDate(label: string): boolean {
  if (!/\bbirth\b/i.test(label) || /\b(place|city|country|state|town)\b/i.test(label)) return false;
  return /\b(day|month|year)\b/i.test(label) || /\bof birth$/i.test(label);
}

function textDataType(label: string, subjects: boolean): DataType {
  const core = captionCore(label);
  if (isBirthDate(core)) return 'date';
  // A label about a subject ("Street number and name") is not typed by a later, weaker word
  // ("number"): without subject types it is plain text.
  for (const r of RULES) if (r.re.test(core)) return subjects || !r.subject ? r.type : 'string';
  return 'string';
}

/** The caption proper of a composed label: the part after its context ("Part 9. …: City" → "City"). */
export function captionCore(label: string): string {
  const i = label.lastIndexOf(': ');
  return i >= 0 && i < label.length - 2 ? label.slice(i + 2) : label;
}

/**
 * Data type of an existing AcroForm text field, from its label. Only how the value is written
 * (date, phone, amount…): the forms API has always typed such fields by format alone.
 */
export function dataTypeFromLabel(label: string): DataType {
  return textDataType(label, false);
}

/** Data type of a detected field of the given type, including what a text value is about. */
export function dataTypeFor(label: string, type: FieldType): DataType {
  if (type === 'checkbox' || type === 'radio') return 'boolean';
  if (type === 'signature') return 'signature';
  if (type === 'choice') return 'choice';
  return textDataType(label, true);
}

const SIGN_WORD = /\b(sign|signature|signed|firma|signatur|unterschrift)\b/i;

/**
 * A blank whose label asks for a signature (not "print name of signer"). A caption names its
 * blank first: "Date of signature", "Date et signature", "Datum / Unterschrift" ask for a date.
 */
export function isSignatureLabel(label: string): boolean {
  if (!SIGN_WORD.test(label)) return false;
  const core = captionCore(label);
  const date = core.search(/\b(date|datum|fecha)\b/i);
  if (date >= 0 && date < core.search(SIGN_WORD)) return false;
  return !/\b(print|printed|type|typed|name of|date)\b/i.test(label) || /signature\s*$/i.test(label.trim());
}

/** A row or item marker alone ("A", "28", "1b", "(c)", "6."): it numbers a row and names nothing. */
export function isItemMarker(text: string): boolean {
  return /^\(?([0-9]{1,3}[a-z]?|[a-z])[.):]?$/i.test(text.trim());
}

/**
 * Whether a caption marks its field as required. The word says so ("(required)", "obligatoire");
 * an asterisk only counts when the page explains it (`legend`: "* required", "Fields marked with
 * an asterisk are mandatory"), since many forms use asterisks for footnotes.
 */
export function isRequiredLabel(label: string, legend = false): boolean {
  if (/\(required\)|\brequired\b|\bmandatory\b|\bobligatori[oa]\b|\bobligatoire\b|\bpflichtfeld\b|\bpflichtangabe\b/i.test(label)) return /\b(not|if)\s+required\b/i.test(label) === false;
  return legend && /\*/.test(label);
}

/** A line that explains asterisks as required fields. */
export function isRequiredLegend(text: string): boolean {
  return /(\*|asterisk|astérisque|sternchen).{0,60}\b(required|mandatory|must be (completed|filled)|obligatoires?|pflicht\w*)\b|\b(required|mandatory|obligatoires?|pflicht\w*)\b.{0,30}(\*|asterisk|astérisque|sternchen)/i.test(text);
}

/**
 * Text marking an area that must stay blank on paper: office use, barcodes, staples. "Paid
 * preparer use only" is not one (a preparer fills the form), nor "do not leave blank", nor
 * "use only black ink".
 */
export function isDoNotFill(label: string): boolean {
  if (/\b(do not write|office use|official use|barcode|bar code|do not staple)\b|(?<!\bnot )\bleave blank\b/i.test(label)) return true;
  if (/\bpreparer/i.test(label)) return false;
  // "For court use", "For USCIS use" (an agency's acronym), "… use only" closing a phrase.
  if (/\bfor (irs|agency|staff|department|court|clerk|county|state|internal|administrative) use\b|\buse only\s*($|[)\].:;,—–-])/i.test(label)) return true;
  return /\b[Ff]or [A-Z]{2,6} [Uu]se\b/.test(label);
}

/**
 * Print that every page of a form repeats and that names no field: a security marking
 * ("Protected B when completed", "Protégé B une fois rempli"), the form's number and year in a
 * running header or footer ("Form W-4 (2025)", "Schedule B (Form 1040) 2025"), a catalogue or
 * control number ("Cat. No. 10220Q", "OMB No. 1545-0074"), a page count ("Page 2 of 4"), a
 * revision date ("Rev. 03/2021"), "See separate instructions." Such a line is never a caption nor
 * a question of a field beside it.
 */
export function isPageFurniture(text: string): boolean {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!t) return false;
  return (
    /^(protected|protégé|protégée)\s+[abc]\b(\s+(when completed|une fois rempli[e]?)\.?)?$/i.test(t) ||
    /^(omb|cat(alog)?\.?)\s*(control\s+)?(no\.?|number|#)\s*[\w-]*\d[\w-]*\.?$/i.test(t) ||
    /^page\s+\d+(\s*(of|de|von|sur|\/)\s*\d+)?$/i.test(t) ||
    /^(\(?\s*rev(\.|ised)?|revised)\s*\d{1,2}[/.-]\d{2,4}\)?$/i.test(t) ||
    /^see (the )?separate instructions\.?$/i.test(t) ||
    /^(form|schedule|formulaire)\s+[\w.-]+(\s+\((form|formulaire)\s+[\w.-]+\))?\s*\(?(19|20)\d\d\)?$/i.test(t)
  );
}

/** A caption that is only one part of a name or an address ("(Street)", "City", "ZIP Code", "Middle name"). */
export const ADDRESS_PART = /^\(?\s*(number (and )?street|street( address)?|street, apt\.? #|apt\.?( no\.?| number)?|city( or town|\/town)?|town|state|zip( code)?|postcode|postal code|province|country|county|first( name)?|middle( name| initial)?|last( name)?|suffix|jr\.?\/sr\.?\/iii)\s*\)?$/i;

/**
 * A note printed by a blank that says how or whether to fill something in, not what goes in it:
 * a condition that sends the reader elsewhere ("If you had an eligible spouse, continue at line
 * 14", "…, you must also complete Step 4", "If insufficient space, please attach…"), a "Note:", a
 * prohibition ("Do not include any amounts…"), an errand ("Attach a statement…", "Write that
 * amount on the Summary…"). Forms set such notes under or beside the caption of the item they
 * qualify, nearer the blank than the caption itself.
 */
export function isGuidance(text: string): boolean {
  const t = text.trim();
  return (
    /^(note|nota|n\.\s?b\.)\s*[:.]/i.test(t) ||
    /^(do not|don['’]t|never|attach|bring|however,)\s/i.test(t) ||
    /^write (that|this|the) (amount|number|total|result)\b.*\bon\b/i.test(t) ||
    /^(if|when|unless)\b[^?]*\b(continue (at|to|with|on)|go to|skip to|you must( also)? complete|please attach|leave it blank)\b/i.test(t)
  );
}

/**
 * A sentence that tells how to fill a blank in rather than what goes in it ("See the Note
 * below…", "Subtract column (e) from…", "Enter the smaller of…", "Attach…", "If…"): printed under
 * the caption it qualifies.
 */
export function opensNote(text: string): boolean {
  return isGuidance(text) || /^(see|subtract|add|enter|include|attach|complete|if)\s/i.test(text.trim());
}

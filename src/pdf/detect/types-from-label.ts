// Stage 3b: what a label says about its field: the data type (keywords, English first, with the
// common Spanish/French/German words), whether it is required, and whether a text blank is in
// fact a signature. Pure string rules, ordered from the most specific.
import type { DataType, FieldType } from '../types.ts';

const RULES: [RegExp, DataType][] = [
  [/\b(signature|sign here|signed|firma|signatur|unterschrift)\b/i, 'signature'],
  [/\b(e-?mail|correo electr[oó]nico|courriel)\b/i, 'email'],
  [/\b(social security|ssn|ss ?#|soc\.? sec\.?)\b/i, 'ssn'],
  [/\b(employer identification|ein|fein|tax ?id(entification)? (number|no))\b/i, 'ein'],
  [/\b(phone|telephone|tel\.?|fax|mobile|cell(phone)?|tel[eé]fono|celular|t[eé]l[eé]phone|handy)\b/i, 'phone'],
  [/\b(zip|postal code|post code|c[oó]digo postal|code postal|postleitzahl|plz)\b/i, 'zip'],
  [/\b(date|dob|d\.o\.b|mm\s*\/\s*dd|dd\s*\/\s*mm|yyyy|fecha|datum)\b/i, 'date'],
  [/\b(amount|total|income|wages|salary|payment|balance|fee|cost|price|tax|value|paid|\$|€|monto|importe|montant|betrag)\b|\$/i, 'currency'],
  [/^(state|province|estado|provincia)$/i, 'state'],
  [/\b(address|street|direcci[oó]n|adresse|domicilio|city|town)\b/i, 'address'],
  [/\b(name|nombre|nom|apellidos?|vorname|nachname)\b/i, 'name'],
  [/\b(number|no\.|num\.?|#|quantity|count|how many|age|n[uú]mero|nombre de|anzahl)\b/i, 'number'],
];

export function dataTypeFor(label: string, type: FieldType): DataType {
  if (type === 'checkbox' || type === 'radio') return 'boolean';
  if (type === 'signature') return 'signature';
  if (type === 'choice') return 'choice';
  // "Date of birth" is a date, "Place of birth" is not.
  if (/\bbirth\b/i.test(label) && !/\b(place|city|country|state|town)\b/i.test(label) && !/\bdate\b/i.test(label)) {
    if (/\b(day|month|year)\b/i.test(label) || /\bof birth$/i.test(label)) return 'date';
  }
  for (const [re, dt] of RULES) if (re.test(label)) return dt;
  return 'string';
}

/** A blank whose label asks for a signature (not "print name of signer"). */
export function isSignatureLabel(label: string): boolean {
  if (!/\b(sign|signature|signed|firma|signatur|unterschrift)\b/i.test(label)) return false;
  return !/\b(print|printed|type|typed|name of|date)\b/i.test(label) || /signature\s*$/i.test(label.trim());
}

export function isRequiredLabel(label: string): boolean {
  return /\*|\(required\)|\brequired\b|\bobligatori[oa]\b|\bobligatoire\b|\bpflichtfeld\b/i.test(label);
}

/** Labels of areas that must stay blank on paper: office use, barcodes, staples. */
export function isDoNotFill(label: string): boolean {
  return /\b(do not write|office use|official use|for (irs|agency|staff|department|court) use|use only|barcode|bar code|do not staple|leave blank)\b/i.test(label);
}

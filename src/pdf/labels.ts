// What a label says about the value a field expects. Keyword rules, checked in order: the first
// that matches wins, so more specific kinds (ssn, ein) come before general ones (number).
import type { DataType } from './types.ts';

const RULES: [RegExp, DataType][] = [
  [/\b(signature|sign here|signed)\b/i, 'signature'],
  [/\b(ssn|social security( number| no\.?)?|soc\.? sec\.?)\b/i, 'ssn'],
  [/\b(ein|employer identification( number)?|fein|tax id)\b/i, 'ein'],
  [/\b(e-?mail)\b/i, 'email'],
  [/\b(phone|telephone|tel\.?|mobile|cell|fax)\b/i, 'phone'],
  [/\b(date|dob|birth ?date|d\.o\.b\.?|mm\/dd|dd\/mm|yyyy)\b/i, 'date'],
  [/\b(zip|postal code|postcode|zip code)\b/i, 'zip'],
  [/(\$|\b(amount|total|wages|salary|income|price|fee|cost|tax|payment|balance|dollars)\b)/i, 'currency'],
  [/\b(number|no\.|#|count|qty|quantity|age|year)\b/i, 'number'],
];

export function dataTypeFromLabel(label: string): DataType {
  for (const [re, type] of RULES) if (re.test(label)) return type;
  return 'string';
}

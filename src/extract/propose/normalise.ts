// Text normalisation shared by label matching, value comparison and quote checking.
// Labels on forms and keys in documents say the same thing in many ways ("D.O.B.", "Birth date",
// "Date of Birth"); expanding abbreviations into one canonical wording first lets every later rule
// match one phrase instead of a list of spellings.

/** Lower case, NFKC, curly quotes straightened, runs of whitespace made one space. */
export function fold(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** For comparing values: folded, punctuation dropped (as the case scorer and people compare). */
export function compact(s: string): string {
  return fold(s)
    .replace(/[.,;:'"()\-/#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export const digitsOf = (s: string): string => s.replace(/\D/g, '');

/** The writer is unsure ("I think", "maybe", a question mark): such a value never counts fully. */
export const HEDGE = /\b(i think|i believe|maybe|probably|not sure|might be|approx)\b|\?/i;

// Abbreviations and synonyms, rewritten to one wording before any keyword rule runs.
// Order matters: longer, more specific spellings first.
const SYNONYMS: [RegExp, string][] = [
  // French, German and Spanish forms and papers ask the same things: their words first, so the
  // English rules below read them ("Nom/Prénom" → "family name/given name": a whole name, family first).
  [/\b(date de naissance|geburtsdatum|geb\. ?datum|geboren am|fecha de nacimiento)\b/g, 'date of birth'],
  [/\b(lieu de naissance|geburtsort|lugar de nacimiento)\b/g, 'place of birth'],
  [/\b(nombre completo|nombres? y apellidos?|nom et prénoms?)\b/g, 'full name'],
  [/\b(nom de famille|nachname|familienname|apellidos?)\b/g, 'family name'],
  [/(?<![\p{L}'])nom(?![\p{L}'])/gu, 'family name'],
  [/(?<![\p{L}])(prénoms?|vornamen?)(?![\p{L}])/gu, 'given name'],
  // A Spanish "Nombre" is the whole name, as an English "Name" is.
  [/(?<![\p{L}])nombres?(?![\p{L}])/gu, 'name'],
  [/(?<![\p{L}])(adresse électronique|courriel|correo electrónico)(?![\p{L}])/gu, 'email'],
  [/(?<![\p{L}])(téléphone|natel|telefon|teléfono|handy)(?![\p{L}])/gu, 'phone'],
  [/(?<![\p{L}])(nationalité|staatsangehörigkeit|nationalität|nacionalidad)(?![\p{L}])/gu, 'nationality'],
  [/(?<![\p{L}])(sexe|geschlecht|sexo)(?![\p{L}])/gu, 'sex'],
  [/(?<![\p{L}])(état civil|situation de famille|familienstand|estado civil)(?![\p{L}])/gu, 'marital status'],
  [/\bd\.?\s?o\.?\s?b\b\.?/g, 'date of birth'],
  [/\b3d0b\b|\b3dob\b/g, 'date of birth'],
  [/\bbirth ?date\b/g, 'date of birth'],
  [/\bborn on\b/g, 'date of birth'],
  [/\bs\.?\s?s\.?\s?n\b\.?/g, 'social security number'],
  [/\bsoc\.? sec\.?( no\.?| number| #)?/g, 'social security number'],
  [/\bsocial security( no\.?| #)?(?! number| wages| tips| benefits?| tax| income| administration| office| payments?| disability| act\b| and medicare)/g, 'social security number'],
  [/\bf?ein\b/g, 'employer identification number'],
  [/\ba[- ]?(?:number|no\.?|#)(?=\W|$)/g, 'alien number'],
  [/\balien registration number\b|\balien reg(istration)? no\.?/g, 'alien number'],
  [/\bus?c+is ?#/g, 'alien number'],
  [/\be-?mail( address)?\b/g, 'email'],
  [/\b(telephone|tel\.?|phone no\.?|cell phone|mobile phone|cell|mobile)\b/g, 'phone'],
  [/\bzip ?\+ ?4\b|\bzip code\b/g, 'zip'],
  [/\blast name\b|\bsurname\b|\blast\/surname\b|\bname last\b/g, 'family name'],
  [/\bfirst \(given\) name\b|\bname first\b/g, 'given name'],
  [/\bname middle\b/g, 'middle name'],
  [/\bfirst name\b|\bforename\b/g, 'given name'],
  [/\bgiven names?\b/g, 'given name'],
  [/\bm\.?i\.?\b(?= |$)/g, 'middle name'],
  [/\bapt\.?(?=\W|$)|\bapartment\b/g, 'apt'],
  [/\bste\.?(?=\W|$)|\bsuite\b/g, 'suite'],
  [/\bflr\.?(?=\W|$)|\bfloor\b/g, 'floor'],
  [/\bno\.(?= )/g, 'number'],
  [/\btown or city\b|\bcity or town\b|\bcity\/town\b|\bcity \/ town\b/g, 'city'],
  [/\bu\.? ?s\.?(?= )/g, 'us'],
  // Entry records (an I-94) and the forms that ask about them word the same things differently.
  [/\bport of (entry|admission|arrival)\b/g, 'place of entry'],
  [/\bclass of admission\b|\badmission class\b/g, 'status at entry'],
  [/\bmost recent\b|\blatest\b/g, 'last'],
];

/** A label or key in one canonical wording: folded, abbreviations and synonyms expanded. */
export function canonical(label: string): string {
  let s = ' ' + fold(label).replace(/[_]+/g, ' ') + ' ';
  for (const [re, to] of SYNONYMS) s = s.replace(re, to);
  return s.replace(/\s+/g, ' ').trim();
}

/** "topmostSubform[0].Page1[0].S1_FamilyName[0]" → "s1 family name". */
export function humaniseName(name: string): string {
  const last = name.split('.').pop() ?? name;
  return last
    .replace(/\[\d+\]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** A label that says nothing (pdf tooling writes "undefined"; bare numbers; one letter). */
export function uninformative(label: string | undefined): boolean {
  if (!label) return true;
  const s = fold(label);
  return (
    !s ||
    /^(undefined|untitled|text\d*|field\d*|check ?box\d*|\d+|[a-z]\d*|f\d+ \d+)$/.test(s) ||
    /\bp\d+ \d+[a-z]?$/.test(s) || // a page-and-number name ("st-form-p1_1")
    /\[[a-z0-9]*\]/.test(s) || // an internal name with indices ("1099 NEC[b] f[a]")
    s.replace(/[^a-z]/g, '').length < 2
  );
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };

/** A small count as written in running text: "3" or "three" → 3; anything else NaN. */
export function countWord(s: string): number {
  return NUMBER_WORDS[s.toLowerCase()] ?? (/^\d+$/.test(s) ? Number(s) : NaN);
}

// What a field (or a document key) asks for: a concept (date of birth, family name, ZIP of an
// address…), whose it is (the applicant, a spouse, a parent, a preparer…), which address (present,
// previous, mailing) and which part of a split value (the month box of a date, the 3-digit head
// of an SSN). Fields and document keys go through the same rules, so "DOB" in a note and
// "Enter your Date of Birth" on a form meet on the concept `dob`.
import { canonical, fold, HEDGE } from './normalise.ts';

export type Concept =
  | 'name'
  | 'dob'
  | 'birthplace'
  | 'sex'
  | 'ssn'
  | 'ein'
  | 'a_number'
  | 'phone'
  | 'email'
  | 'address'
  | 'citizenship'
  | 'marital'
  | 'employment'
  | 'org_name'
  | 'other_date';

export type NamePart = 'full' | 'family' | 'given' | 'middle' | 'given_middle' | 'given_initial';
export type AddressPart = 'street' | 'unit' | 'unit_type' | 'city' | 'state' | 'zip' | 'line' | 'city_state_zip' | 'city_state';
export type Slot = 'current' | 'previous' | 'mailing' | 'permanent' | null;

/** Whose value: `self` is the person the form is about; anything else must be named in the evidence. */
export type Role =
  | 'self'
  | 'spouse'
  | 'mother'
  | 'father'
  | 'parent'
  | 'child'
  | 'sibling'
  | 'emergency'
  | 'preparer'
  | 'interpreter'
  | 'representative'
  | 'employer'
  | 'payer'
  | 'recipient'
  | 'buyer'
  | 'seller'
  | 'physician'
  | 'facility'
  | 'notary'
  | 'other'
  | 'alias';

export interface Spec {
  concept: Concept | null;
  role: Role;
  /** For names. */
  namePart?: NamePart;
  /** For addresses. */
  addressPart?: AddressPart;
  slot: Slot;
  /** Label says "only if different" (from the mailing address…): leave empty unless stated. */
  ifDifferent: boolean;
  /** For split dates / ids: which piece the box holds. */
  datePart?: 'month' | 'day' | 'year';
  birthPart?: 'city' | 'country' | 'full';
  /** Name order a key announces ("Family Name, First Name, Middle Name"). */
  familyFirst?: boolean;
  /** Explicit date layout the label asks for, e.g. "mm/dd/yyyy". */
  dateFormat?: string;
  /** Hedging in a document key/sentence ("I think", "?"). */
  hedged?: boolean;
  /** The label says plainly this is not something documents answer ("in care of", a signature). */
  skip?: boolean;
  /** A yes/no question "Have you ever been married?" answered from the marital status. */
  everMarried?: boolean;
  /** A yes/no question "Are you employed?" answered from the work status. */
  askedEmployed?: boolean;
  /** One box for a person's name and their address ("Claimant's name and address including postcode"). */
  withName?: boolean;
}

const ROLE_WORDS: [RegExp, Role][] = [
  [/\b(former|prior|previous|birth) (family |last |given |first )?names?\b|\b(other names?|names? used|also known|aka|maiden name|name (has been )?(legally )?changed|legal name change|name change|as (it is )?printed on)/, 'alias'],
  [/\binterpreter'?s?\b/, 'interpreter'],
  [/\bpreparer'?s?\b|\bperson preparing\b/, 'preparer'],
  [/\b(attorney|lawyer|counsel|accredited representative|representative)\b/, 'representative'],
  [/\bnotary\b/, 'notary'],
  [/\bemergency\b/, 'emergency'],
  // A former spouse is someone else now: "ex-wife", "former husband" (a divorce ends the role).
  [/\b(ex-? ?(wife|husband|spouse)|former (wife|husband|spouse))'?s?\b/, 'other'],
  [/\b(spouse|husband|wife)'?s?\b/, 'spouse'],
  [/\b(mother|mom|mum)'?s?\b/, 'mother'],
  [/\b(father|dad)'?s?\b/, 'father'],
  [/\bparents?\b/, 'parent'],
  [/\b(son|daughter|child|children)'?s?\b/, 'child'],
  [/\b(brother|sister|sibling)'?s?\b/, 'sibling'],
  [/\bpayer'?s?\b/, 'payer'],
  [/\brecipient'?s?\b/, 'recipient'],
  [/\bbuyer'?s?\b/, 'buyer'],
  [/\bseller'?s?\b/, 'seller'],
  [/\bemployer'?s?\b|\bcompany\b/, 'employer'],
  [/\b(physician|doctor|health care professional|treating provider|provider)\b/, 'physician'],
  [/\b(facility|hospital|clinic)\b/, 'facility'],
  // Other parties of legal and incident forms: never the person the documents are about by default.
  [/\b(defendant|respondent|witness|victim|opposing party|decedent|deceased|minor child)'?s?\b|\bother part(y|ies)(?![a-z])/, 'other'],
  // "Dependent 1: SSN": a person the filer claims, never the filer.
  [/\bdependents? \d\b/, 'other'],
  // The party a paper is delivered to or served on ("Delivery party 1", "Party served"): not the sender.
  [/\b(delivery|service|served|receiving) part(y|ies) ?\d*\b|\bpart(y|ies) (served|to be served)\b/, 'other'],
  // Someone who shares a debt (a co-signer, a guarantor of a lease): never the debtor's own data.
  [/\b(co-?debtors?|co-?signers?|co-?borrowers?|co-?makers?|guarantors?)'?s?\b/, 'other'],
  // Organisations the form may ask about (a bank, a school, an agency): never the subject's own data.
  [/\b(institution|agency|bank|school|organi[sz]ation|business|landlord)'?s?\b/, 'other'],
];

/** The role a text names, or null when it names none. */
export function roleIn(text: string): Role | null {
  const t = canonical(text);
  for (const [re, role] of ROLE_WORDS) if (re.test(t)) return role;
  return null;
}

/** Present / previous / mailing, from the words of a label, key, or the sentence around a value. */
export function slotIn(text: string): Slot {
  // "only if different from the mailing address" names another slot, not this one.
  const t = canonical(text).replace(/\b(only )?if (it is )?(different|other) (than|from) (the |your )?[a-z ]*?address\b|\bsame as (the |your )?[a-z ]*?address\b/g, ' ');
  if (/\b(previous|prior|former|old|moved out of|moved from|last address|no longer valid|do not use|superseded|out of date|outdated)\b/.test(t)) return 'previous';
  if (/\bpermanent address\b/.test(t)) return 'permanent';
  if (/\bmail(ing)?\b/.test(t) && !/\bmail and where i live\b|\bmail and home\b/.test(t)) return 'mailing';
  if (/\b(present|current|physical|residence|residential|home|house|new|now|moved (to|in)|where (i|you) live|lives? at)\b/.test(t)) return 'current';
  return null;
}

function dateFormatIn(t: string): string | undefined {
  const m = /\b(mm ?\/ ?dd ?\/ ?(?:yyyy|yy)|dd ?\/ ?mm ?\/ ?(?:yyyy|yy)|yyyy-mm-dd|mmddyyyy)\b/.exec(t);
  if (m) return m[1].replace(/\s/g, '');
  if (/2[- ]digit month,? 2[- ]digit day,? and 4[- ]digit year/.test(t)) return 'mm/dd/yyyy';
  return undefined;
}

/**
 * Reads one label text. `text` is the most specific wording (a field's own label or the key);
 * the concept is looked for in the last sentence first, because tooltips lead with their section
 * ("Information About Your Address. Present Physical Address. Enter the ZIP Code.").
 */
export function readSpec(text: string): Spec {
  const full = canonical(text);
  const sentences = full.split(/(?<=[.?!])\s+(?=[a-z0-9])/).filter(Boolean);
  let concept: Partial<Spec> | null = null;
  // …except a closing condition or pointer ("If you have a foreign address, also complete the
  // spaces below", "See instructions"), which is about other boxes — unless it points at this
  // one ("If you marked the apartment box, enter the number here").
  const aside = (x: string) => /^(if|see|also|note)\b/.test(x) && !/\b(here|this (box|space|field|line))\b/.test(x);
  for (let i = sentences.length - 1; i >= 0 && !concept; i--) if (i === 0 || !aside(sentences[i])) concept = conceptIn(sentences.slice(i).filter((x, k) => k === 0 || !aside(x)).join(' '));
  if (!concept) concept = conceptIn(full);
  // "Place of Birth. Enter Town or City, State or Province, and Country": the section says what
  // the generic words of the last sentence are about.
  const birth = conceptIn(full.replace(/\b(enter|select)\b.*$/, ''));
  if (birth?.concept === 'birthplace' && !/\bsignature\b/.test(full) && (concept?.concept === 'address' || !concept?.concept)) concept = birth;
  // "Provider federal employer identification no.": the number's own name says nothing about whose
  // it is; the other words do. A bare "EIN" is still an employer's, unless the block says otherwise.
  const role = roleIn(full.replace(/\bemployer identification number\b/g, 'ein')) ?? (/\bemployer identification number\b/.test(full) ? 'employer' : 'self');
  return {
    concept: null,
    ...concept,
    role,
    slot: slotIn(full),
    ifDifferent: /\b(only if (it is )?different|if different|if other than|if not the same)\b/.test(full),
    // German captions ("Geburtsdatum", "Datum") ask for the German way of writing a date.
    dateFormat: dateFormatIn(full) ?? (/(?<![\p{L}])(\p{L}*datum|tt\.mm\.jjjj)(?![\p{L}])/iu.test(fold(text)) ? 'dd.mm.yyyy' : undefined),
    hedged: HEDGE.test(full),
  } as Spec;
}

/** Things and places that have names too: "Name of Prison or Jail", "Document name", "Bank name". */
const NON_PERSON_NAME = /\b(prison|jail|court|document|school|college|university|bank|program|plan|vessel|product|drug|medication|insurer|insurance company|account|county|district)s?('s)? name\b|\bname of (the )?(prison|jail|court|document|school|college|university|bank|program|plan|vessel|product|drug|medication|insurer|account|county|district)s?\b/;

/** The concept a (canonical) text asks for, most specific rules first. */
export function conceptIn(t: string): Partial<Spec> | null {
  if (/\bsignature\b|\bsigned\b|\bsign here\b/.test(t)) return { concept: null, skip: true };
  if (/\bin care of\b|\bc\/o\b/.test(t)) return { concept: null, skip: true };
  if (/\b(suffix|prefix|nickname|salutation|title)\b/.test(t)) return { concept: null, skip: true };
  if (/\b(city|village)( \/ village)? of birth\b|\bbirth (city|town)\b/.test(t)) return { concept: 'birthplace', birthPart: 'city' };
  if (/\bcountry of birth\b|\bbirth country\b/.test(t)) return { concept: 'birthplace', birthPart: 'country' };
  if (/\bplace of birth\b|\bbirth ?place\b|\bborn in\b/.test(t)) return { concept: 'birthplace', birthPart: 'full' };
  if (/\bdate of birth\b/.test(t)) return { concept: 'dob' };
  if (/\bsocial security number\b/.test(t)) return { concept: 'ssn' };
  if (/\bemployer identification number\b/.test(t)) return { concept: 'ein' };
  if (/\balien number\b/.test(t)) return { concept: 'a_number' };
  if (/\bemail\b/.test(t)) return { concept: 'email' };
  if (/\bphone\b|\bfax\b|\bcell ?phone\b|\bmobile\b/.test(t)) return { concept: 'phone' };
  if (/\bcitizenship\b|\bnationality\b/.test(t)) return { concept: 'citizenship' };
  if (/\bmarital status\b/.test(t)) return { concept: 'marital' };
  if (/\b(have you )?ever (been )?married\b/.test(t)) return { concept: 'marital', everMarried: true };
  if (/\b(employment|work) status\b/.test(t)) return { concept: 'employment' };
  if (/\b(are|is) (you|he|she|this \w+(?: of the \w+(?: \w+)?)?) (currently |now )?employed\b/.test(t)) return { concept: 'employment', askedEmployed: true };
  if (/\b(sex|gender)\b/.test(t) || /\bmale or female\b|\bfemale or male\b/.test(t)) return { concept: 'sex' };
  // "Claimant(s) name(s) and address(es) including postcode", "Requester's name and address": one
  // box for whom and where, read before the address rules below take its "postcode" for the box
  // (and before "Employer's name" reads an "Employer's name and address" box as the name alone).
  if (/\bnames?(\(s\))?,? (and|&) (\w+ )?address(es|\(es\))?\b/.test(t)) return { concept: 'address', addressPart: 'line', withName: true };
  if (/\b(facility|hospital|clinic|company|employer|business|firm|organi[sz]ation)('s)? name\b|\bname of (the |your |his |her |their )?(facility|hospital|clinic|company|employer|business|firm|organi[sz]ation)\b/.test(t))
    return { concept: 'org_name' };
  // A box captioned with the word alone ("Employer", "Current employer") asks who it is.
  if (/^((current|present|income|your) )?employer$/.test(t.trim())) return { concept: 'org_name' };
  // One box for the city and the state ("City and State or Province", "City, State, ZIP, Country"):
  // a domestic address writes its city and state (and ZIP when asked); the country it leaves out.
  if (/\bcity\b.*\bstate\b/.test(t) && !/\bstreet\b/.test(t)) return { concept: 'address', addressPart: /\bzip\b/.test(t) ? 'city_state_zip' : 'city_state' };
  // Foreign-address parts and places that are not where a person lives: nothing to propose.
  if (/\bcountry\b|\bprovince\b|\bpostal code\b|\bport of entry\b|\bdestination\b/.test(t)) return { concept: null, skip: true };
  // "Floor" alone is too common a word ("concrete floor"); it names a unit only beside apt/suite/number.
  if (((/\b(apt|suite|unit)\b/.test(t) || /\bfloor\b.*\bnumber\b|\bfloor\b.*\b(apt|suite)\b|^(select |check )?floor\.?$/.test(t)) && !/\bstreet\b/.test(t)) || /\baddress line 2\b/.test(t))
    return { concept: 'address', addressPart: 'unit' };
  // "HOME ADDRESS (NO., STREET, CITY, STATE, ZIP)": the whole address on one line.
  if (/\bstreet\b.*\bcity\b.*\bzip\b/.test(t)) return { concept: 'address', addressPart: 'line' };
  if (/\bstreet\b|\baddress line 1\b|\brfd\b/.test(t)) return { concept: 'address', addressPart: 'street' };
  if (/\bcity\b.*\bstate\b.*\bzip\b/.test(t)) return { concept: 'address', addressPart: 'city_state_zip' };
  // "Postcode" (British, Australian forms) is the ZIP; a US form's "foreign postal code" stays out above.
  if (/\bzip\b|\bpost ?code\b/.test(t)) return { concept: 'address', addressPart: 'zip' };
  if (/\bcity\b|\btown\b/.test(t)) return { concept: 'address', addressPart: 'city' };
  if (/\bstate\b/.test(t) && !/\bstatement\b|\bunited states\b|\bstatus\b/.test(t)) return { concept: 'address', addressPart: 'state' };
  // "Address county": a county is no line of an address; only a document key that says "County" answers it.
  if (/\bcounty\b/.test(t) && !/\bstreet\b/.test(t)) return null;
  if (/\baddress\b/.test(t) && !/\bemail\b/.test(t)) return { concept: 'address', addressPart: 'line' };
  if (/\bfamily name\b.*\bgiven name\b/.test(t)) return { concept: 'name', namePart: 'full', familyFirst: true };
  // "NAME (FIRST, MIDDLE, LAST)" announces the order of a whole name, not a middle-name box.
  if (/\bname\b(.*\(\s*|[^a-z]*)first,? middle,? (and )?last\b/.test(t) || /\b(first|given),? middle,? (and )?(last|family) name\b/.test(t)) return { concept: 'name', namePart: 'full' };
  if (/\bname\b(.*\(\s*|[^a-z]*)last,? first,? (and )?middle\b/.test(t)) return { concept: 'name', namePart: 'full', familyFirst: true };
  // "First name and initial" (IL-1040), "first name and middle initial" (IRS returns, W-4): the
  // given name and the middle name's initial.
  if (/\bgiven name (and|&) (middle )?initials?\b/.test(t)) return { concept: 'name', namePart: 'given_initial' };
  if (/\bgiven name\b.*\bmiddle\b|\bfirst (and|&) middle\b|\bfm name\b/.test(t)) return { concept: 'name', namePart: 'given_middle' };
  if (/\bfamily name\b/.test(t)) return { concept: 'name', namePart: 'family' };
  if (/\bgiven name\b/.test(t)) return { concept: 'name', namePart: 'given' };
  if (/\bmiddle name\b|\bmiddle\b/.test(t)) return { concept: 'name', namePart: 'middle' };
  // "Name (not your trade name)": a business's name, whatever the person writing it is called.
  // …but "Name (not your trade name)" asks for the business's legal name.
  if (/\bnot (your|its|the) trade name\b/.test(t)) return { concept: 'org_name' };
  if (/\btrade name\b|\bdoing business as\b|\bdba\b/.test(t)) return { concept: null, skip: true };
  // "Name of Prison or Jail", "Document name": the name of a thing or a place, not of a person.
  if (NON_PERSON_NAME.test(t)) return { concept: null, skip: true };
  if (/\b(full )?name\b|\bprint(ed)? name\b/.test(t) && !/\b(business|organi[sz]ation|company|firm|office|facility|hospital|street|file)\b/.test(t))
    return { concept: 'name', namePart: 'full' };
  if (/\b(date|expires?|expiry|issued|valid|effective)\b/.test(t)) return { concept: 'other_date' };
  return null;
}

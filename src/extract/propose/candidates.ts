// Documents → facts. Three ways a document states a value:
//  1. a key/value pair the reader already found ("SSN: 900-41-7788", a table cell, a filled field);
//  2. a typed value in running text with its keyword just before it on the line ("his A number is
//     209-876-543", "born 04/27/1998 in Dayton, Ohio");
//  3. a label on the line above (ID cards and scans: "Date of Birth" over "14 MAR 1990").
// Every fact also gets whose it is: relationship words and third-person pronouns near the value,
// a block introduced as someone else's ("Rahul's details (NOT for my form)"), and the person the
// whole document is about (a pharmacy slip for the husband is not the applicant's).
import type { KeyValue, ReadDocument, TextLine } from '../types.ts';
import type { Fact } from './facts.ts';
import { conceptIn, readSpec, roleIn, slotIn, type Concept, type NamePart, type Role, type Slot } from './labels.ts';
import { canonical, compact, digitsOf, fold, HEDGE } from './normalise.ts';
import { attributeParents } from './parents.ts';
import { dobBesideSex } from './cards.ts';
import { itemTableFacts } from './item-tables.ts';
import { fileId } from './messages.ts';
import { statusStatements } from './statuses.ts';
import { markRetiredPhones, phoneSlotIn } from './phone-slots.ts';
import {
  findAddresses,
  findANumber,
  findDates,
  findEin,
  findEmail,
  findPhone,
  findSsn,
  looksLikeName,
  nameCase,
  saysDayMonth,
  splitName,
  stateCode,
  type Address,
} from './recognizers.ts';

/** Keys that introduce the person a document is about (its subject), not a concept of their own. */
const SUBJECT_KEY = /^(me|myself|i|applicant|patient|member|employee|tenant|named insured|insured|beneficiary|client|customer|name of applicant|student|resident|holder|taxpayer|primary taxpayer)$/;

/** Third-person words: a value in such a clause is about someone else. */
const OTHER_PERSON = /\b(his|her|hers|their|he|she|him|husband|wife|spouse|son|daughter|brother|sister|mother|father|mom|dad|aunt|uncle|cousin|landlord|agent|office|pharmacy|company|llc|inc)\b/;

interface LineCtx {
  line: TextLine;
  index: number;
  /** Role set by a heading over this line's block. */
  blockRole: Role | null;
  /** Slot set by a heading over this line ("NEW ADDRESS", "Address NOW (since April 2025):"). */
  blockSlot: Slot;
}

export function addressKey(a: Address): string {
  // Street and unit only: the same place is written with and without its ZIP (or ZIP+4).
  return compact(`${a.street} ${a.unit ?? ''}`).replace(/\b(apt|unit|suite|ste)\b/g, '').replace(/\s+/g, ' ').trim();
}

/** The date a document carries for itself: a Date:/Sent:/Issued/updated header, else none. */
function documentDate(doc: ReadDocument): string | undefined {
  for (const l of doc.lines.slice(0, 12)) {
    if (/^(date|sent|issued|printed|notice date|last updated|effective date)\b|\blast updated\b|\bissued\b/i.test(l.text)) {
      const d = findDates(l.text)[0];
      if (d) return d.iso;
    }
  }
  let best: string | undefined;
  for (const p of doc.pairs) if (/^(date|issued|notice date)$/i.test(p.key)) best = findDates(p.value)[0]?.iso ?? best;
  return best;
}

/** Lines grouped into blocks (a blank line or a page ends one) with the heading's role and slot. */
function contexts(doc: ReadDocument): LineCtx[] {
  const out: LineCtx[] = [];
  // A writer who files for a relative heads their own data "My info:": that block is not the subject's.
  const forRelative = filedFor([doc]) !== null;
  let blockRole: Role | null = null;
  let blockSlot: Slot = null;
  let prevNo = -1;
  doc.lines.forEach((line, index) => {
    const no = Number(/l(\d+)$/.exec(line.location)?.[1] ?? NaN);
    const prev = doc.lines[index - 1];
    const newBlock = !prev || prev.page !== line.page || (Number.isFinite(no) && Number.isFinite(prevNo) && no - prevNo > 1);
    prevNo = no;
    if (newBlock) {
      blockRole = null;
      blockSlot = null;
    }
    const t = fold(line.text);
    // A heading: short, ends with ":" (or is all caps), and introduces what follows.
    // "Section C - Where you live", "Part 2. Income": a numbered section starts a new block.
    const section = /^\s*(section|part)\s+([a-z]|\d+|[ivx]+)\b\s*[-–:.]/i.test(line.text);
    if (section) {
      blockRole = null;
      blockSlot = null;
    }
    const heading = section || t.length < 90 && (/:\s*$/.test(line.text) || /\):?\s*$/.test(line.text) || (line.text === line.text.toUpperCase() && /[A-Z]/.test(line.text) && !/\d/.test(line.text)));
    if (heading) {
      // Only the heading's last clause introduces what follows ("I'm applying as his mother. Mail them to our house:").
      // "ME: Denise (Harper before I married your father)": a key with its value says whose it is by its key alone.
      const keyed = /^\s*([^:()]{1,25}):\s+\S/.exec(line.text)?.[1];
      const last = keyed ?? line.text.split(/[.;!?]\s+(?=\S)/).pop() ?? line.text;
      const lt = fold(last);
      // "About Trevor (the person I need the order against):": a block about someone named, not the writer.
      const aboutName = /^\s*(?:[Aa]bout|[Rr]egarding)\s+([A-Z][a-z]+)\b/.exec(last)?.[1];
      if (/not for (my|this)|not mine|don'?t mix|do not mix/.test(lt) || (/\b(details|info)\b/.test(lt) && /'s\b/.test(lt))) blockRole = 'other';
      else if (forRelative && /\bmy (own )?(info|information|details|data)\b/.test(lt)) blockRole = 'other';
      else if (aboutName && !/^(me|myself|my|us|you|your)$/i.test(aboutName)) blockRole = 'other';
      // A document's title naming an organisation ("Community Action Agency - Intake notes") is
      // who wrote it, not whose the block under it is.
      else if (roleIn(last) && roleIn(last) !== 'alias' && !(index === 0 && roleIn(last) === 'other')) blockRole = roleIn(last);
      const s = /\b(address|home|house|live|moved|residence)\b/i.test(last) ? slotIn(last) : null;
      if (s) blockSlot = s;
      else if (/\baddress\b/i.test(line.text)) blockSlot = null;
    }
    // "(Lily's certificate is NOT needed - …": what follows in this block is about someone else.
    if (/\bnot (needed|for (my|this)|mine)\b|\bdon'?t mix\b|\bdo not mix\b/.test(t)) blockRole = 'other';
    out.push({ line, index, blockRole, blockSlot });
  });
  lawyerBlocks(out);
  return out;
}

/** A line that marks a lawyer's signature block: a bar number, "Attorney for …", a firm's form. */
export const LAWYER_MARK = /\b(ardc|sbn|bbo)\s*(no\.?|number|#)?\s*:?\s*\d|\b(bar|attorney|registration)\s*(no\.?|number|#)\s*:?\s*\d|\b(attorney|counsel|lawyer)\s*:|\b(attorneys?|counsel|solicitors?) for (the )?(plaintiff|defendant|petitioner|respondent|claimant|debtor|applicant)s?\b|\besq\.?$|\bllp\b|\blaw (firm|office|offices|group)\b/i;

/**
 * A lawyer's signature block ("Hannah Liu (ARDC No. …) / firm / street / phone | e-mail /
 * Attorney for Plaintiff"): the contact details in it are the lawyer's, not the party's. The
 * block is the short lines around a marker line, up to four before and three after, within the
 * text's own block.
 */
function lawyerBlocks(out: LineCtx[]): void {
  const sameBlock = (a: LineCtx, b: LineCtx) => a.line.page === b.line.page && Math.abs(a.index - b.index) <= 6;
  const marked = new Set<number>();
  out.forEach((c, i) => {
    if (c.line.text.length > 90 || !LAWYER_MARK.test(c.line.text)) return;
    marked.add(i);
    for (let j = i - 1; j >= Math.max(0, i - 4) && out[j].line.text.length <= 70 && sameBlock(out[j], c) && !/[.:]\s*$/.test(out[j].line.text.trim()); j--) marked.add(j);
    for (let j = i + 1; j <= Math.min(out.length - 1, i + 3) && out[j].line.text.length <= 70 && sameBlock(out[j], c); j++) marked.add(j);
  });
  for (const i of marked) out[i].blockRole = 'representative';
}

interface Ctx {
  doc: ReadDocument;
  docDate?: string;
  dayMonth: boolean;
  facts: Fact[];
}

function push(c: Ctx, f: Omit<Fact, 'doc' | 'docDate'>) {
  c.facts.push({ ...f, doc: c.doc, docDate: c.docDate });
}

/**
 * Role for a value: a role the key names; else the words of its own clause (a relationship word,
 * a third-person pronoun, or first person for the writer); else the rest of its line; else the
 * heading over its block; else the form's subject.
 */
function roleOf(before: string, block: Role | null, keyRole?: Role | null, line = ''): Role {
  if (keyRole && keyRole !== 'self' && keyRole !== 'alias') return keyRole;
  // Only the clause the value is in: text after the last sentence break.
  const clause = before.split(/[.;!?]\s|\s-\s/).pop() ?? before;
  const r = roleIn(clause);
  if (r && r !== 'alias') return r;
  const fc = fold(clause);
  // Someone else's by name: "Mike's cell is …", "Rahul's details".
  // (A document's word for its own subject, "Employee's SSN" on a W-2, "Patient's name", is no one else's.)
  if (OTHER_PERSON.test(fc) || [...clause.matchAll(/\b([A-Z][a-z]+)['’]s\b/g)].some((m) => !SUBJECT_NOUN.test(m[1]))) return 'other';
  if (FIRST_PERSON.test(fc)) return block ?? 'self';
  const lr = roleIn(line);
  if ((lr && lr !== 'alias') || OTHER_PERSON.test(fold(line))) return 'other';
  return block ?? 'self';
}

const FIRST_PERSON = /\b(i|i'm|my|me|mine)\b/;

/** Words wage statements, cards and records use for the person they are about. */
const SUBJECT_NOUN = /^(employee|applicant|patient|taxpayer|insured|member|holder|cardholder|student|subscriber|customer|client)$/i;

const ORG = /\b(office|landlord|agent|agency|center|centre|company|co|llc|inc|pharmacy|fitness|bank|clinic|hospital|services|department|employer|location|dc|headquarters|hq|store|school)\b/i;

const AGENCY = /\b(services|department|bureau|administration|agency|office|center|centre|ministry|republic|united states|state of)\b/i;


// --- Values by concept --------------------------------------------------------------------------

function addValue(c: Ctx, concept: Concept, value: string, base: { role: Role; slot: Slot; page: number; location: string; method: string; strength: number; hedged: boolean; familyFirst?: boolean; namePart?: NamePart }): void {
  const v = value.trim();
  if (!v) return;
  const common = { concept, role: base.role, slot: base.slot, page: base.page, location: base.location, method: base.method, strength: base.strength, hedged: base.hedged };
  switch (concept) {
    case 'dob':
    case 'other_date': {
      const d = findDates(v)[0];
      if (!d) return;
      const date = c.dayMonth && d.alt ? { ...d, iso: d.alt, alt: d.iso, unambiguous: true } : d;
      push(c, { ...common, key: date.iso, date, raw: d.raw });
      return;
    }
    case 'ssn': {
      const h = findSsn(v, true)[0];
      if (h) push(c, { ...common, key: h.value, digits: h.value, raw: h.raw });
      return;
    }
    case 'ein': {
      const h = findEin(v)[0] ?? (digitsOf(v).length === 9 ? { raw: v, value: digitsOf(v) } : null);
      if (h) push(c, { ...common, key: h.value, digits: h.value, raw: h.raw });
      return;
    }
    case 'a_number': {
      const h = findANumber(v, true)[0];
      if (h) push(c, { ...common, key: h.value, digits: h.value, raw: h.raw });
      return;
    }
    case 'phone': {
      const h = findPhone(v)[0];
      if (h) push(c, { ...common, key: h.value, digits: h.value, raw: h.raw });
      return;
    }
    case 'email': {
      const h = findEmail(v)[0];
      if (h) push(c, { ...common, key: h.value, text: h.value, raw: h.raw });
      return;
    }
    case 'name': {
      // "Jasmine Renee Caldwell, born …" → the name is the run of name words before any comma clause.
      // "Sam Roe. His birthday is …": the name ends where the next sentence starts (not at an
      // initial, "Bogdan I. Marinescu", nor after a title, "Mrs. Ortega").
      // "Harold J Brandvold SSN ***-**-4412": a name runs up to an identifier written after it.
      let s = v.replace(/\s+(SSN|SIN|ITIN|EIN|TIN|DOB|ID|A-?Number|A#)\b.*$/, '').replace(/(?<=[a-z]{2})(?<!\b(?:Mrs|Jr|Sr|Dr|Ms|Mr|St))\.\s+(?=\p{Lu}).*$/su, '').replace(/\s*\(.*$/, '').replace(/\s{2,}.*$/, (m) => (base.method === 'acroform' ? m : ''));
      if (base.method === 'acroform') s = s.replace(/\s+/g, ' ');
      const comma = s.split(',');
      if (comma.length > 1 && !looksLikeName(comma[1].trim().split(/\s+/).slice(0, 3).join(' '))) s = comma[0];
      else if (comma.length > 2) s = comma.slice(0, 2).join(',');
      s = s.replace(/^(aunt|uncle|mr|mrs|ms|dr|miss)\.?\s+/i, '').trim();
      if (!looksLikeName(s.replace(',', ''))) return;
      const part = base.namePart ?? 'full';
      // Credentials and suffixes stay in the written name but not in its parts.
      const core = s.replace(/,?\s+(MD|M\.D\.|RN|DO|NP|PA-C|PhD|Esq|Jr|Sr|II|III)\.?$/i, '').trim();
      const name = part === 'full' ? splitName(core, base.familyFirst) ?? undefined : undefined;
      if (part === 'full' && !name) return;
      // A tax preparer's credential after a comma ("Marcus Oyelaran, CPA") is no part of the name a
      // preparer box asks for. (A doctor's "MD" stays: "Name of Doctor" takes "Helen Okafor, MD".)
      s = s.replace(/(,\s*(CPA|EA|CFP|CPP)\.?)+$/i, '').trim();
      push(c, { ...common, key: compact(s), text: s, name, namePart: part, raw: s });
      return;
    }
    case 'birthplace': {
      const s = (base.method === 'inline' ? v : v.replace(/^.*?\bin\s+(?=[A-Z])/, '')).replace(/[.;(].*$/, '').trim();
      if (!/^[A-Za-z]/.test(s) || s.length > 60 || findDates(s).length) return;
      push(c, { ...common, key: compact(s), text: s, raw: s });
      return;
    }
    case 'citizenship': {
      const s = v.replace(/[.;(].*$/, '').trim();
      if (!/^[A-Za-z][A-Za-z ]{2,40}$/.test(s)) return;
      push(c, { ...common, key: compact(s), text: s, raw: s });
      return;
    }
    case 'sex': {
      const m = /^\s*(female|male|f|m)\b/i.exec(v);
      if (!m) return;
      const sx = m[1].toLowerCase().startsWith('f') ? 'female' : 'male';
      push(c, { ...common, key: sx, text: sx, raw: m[1] });
      return;
    }
    case 'employment': {
      const m = /^(employed|self-employed|unemployed|retired)$/.exec(v);
      if (m) push(c, { ...common, key: m[1], text: m[1], raw: v });
      return;
    }
    case 'marital': {
      const m = /\b(never married|single|married|divorced|widowed|separated)\b/i.exec(v);
      if (!m) return;
      const st = m[1].toLowerCase() === 'never married' ? 'single' : m[1].toLowerCase();
      push(c, { ...common, key: st, text: st, raw: m[0] });
      return;
    }
    case 'org_name': {
      const s = v.replace(/\s+/g, ' ').trim();
      if (!/^[A-Za-z0-9&.,' -]{3,60}$/.test(s) || findAddresses(s).length) return;
      push(c, { ...common, key: compact(s), text: s, raw: s });
      return;
    }
    case 'address': {
      const a = findAddresses(v)[0];
      if (a) push(c, { ...common, key: addressKey(a), address: a, raw: a.raw });
      return;
    }
  }
}

/** A value under a key no concept rule knows ("Original hire date", "Class of Admission"): matched to fields by words. */
function pushKeyed(c: Ctx, key: string, value: string, base: { role: Role; page: number; location: string; method: string; strength: number; hedged: boolean }): void {
  let v = value.replace(/\s+/g, ' ').trim();
  // "HXK4471 (shown to buyer at sale). Illinois residents only…": a code followed by comment is the code.
  const code = /^([A-Z0-9][A-Z0-9-]{2,15})(?:\s+\(|\.\s+[A-Z])/.exec(v);
  if (code && /\d/.test(code[1])) v = code[1];
  // "2 l/min. Débit O2 la nuit : 2 l/min. Durée : 16 heures/jour.": a second "key : value" on the
  // line ends this value; a value that runs into another key is not one value.
  const nextKey = /[.;,]\s+[^.;:,]{2,40}?\s?:\s+\S/.exec(v);
  if (nextKey) v = v.slice(0, nextKey.index).trim();
  if (!v || v.length > 80) return;
  push(c, { concept: 'keyed', role: base.role, slot: null, key: compact(v), text: v, keyText: key, raw: v, page: base.page, location: base.location, method: base.method, strength: base.strength, hedged: base.hedged });
}

// --- 1. pairs -----------------------------------------------------------------------------------

function sameValueLine(value: string, ctxByLocation: Map<string, LineCtx>): LineCtx | undefined {
  const v = value.trim();
  if (v.length < 4) return undefined;
  const same = [...ctxByLocation.values()].filter((c) => c.line.text.trim() === v);
  // Only one such line: a value printed twice in different blocks says nothing about whose.
  return same.length === 1 ? same[0] : undefined;
}

function fromPairs(c: Ctx, ctxByLocation: Map<string, LineCtx>): void {
  const acroAddress = new Map<string, { parts: Partial<Record<string, string>>; pair: KeyValue; slot: Slot; role: Role }>();
  for (const p of c.doc.pairs) {
    const key = p.key.replace(/\s+/g, ' ').trim();
    // A table cell has no line of its own; the same value printed as a line under a section
    // heading ("Section B - Debtor 2 (spouse)") says whose it is.
    const lc = ctxByLocation.get(`${p.page}|${p.location}`) ?? sameValueLine(p.value, ctxByLocation);
    const strength = p.method === 'ocr_label' ? 0.8 : p.method === 'table_header' ? 0.7 : 1;
    // Only the value's own sentence: "Sam Roe. His birthday is … (I think)" hedges the birthday, not the name.
    const hedged = HEDGE.test(p.value.split(/(?<=\p{Ll}{2})\.\s+(?=\p{Lu})/u)[0]);
    const base = { page: p.page, location: p.location, method: p.method, strength, hedged };
    const fk = canonical(key);
    if (SUBJECT_KEY.test(fk)) {
      addValue(c, 'name', p.value, { ...base, role: lc?.blockRole ?? 'self', slot: null });
      continue;
    }
    if (/^(born|birth)$/.test(fk)) {
      addValue(c, 'dob', p.value, { ...base, role: lc?.blockRole ?? 'self', slot: null });
      if (/\bin\s+[A-Z]/.test(p.value) || !findDates(p.value).length) addValue(c, 'birthplace', p.value, { ...base, role: lc?.blockRole ?? 'self', slot: null });
      continue;
    }
    const spec = readSpec(key);
    const keyRole = roleIn(key);
    if (!spec.concept) {
      // A key that only names a person's role, with a name as its value.
      if (keyRole === 'employer' || keyRole === 'facility') addValue(c, 'org_name', p.value, { ...base, role: keyRole, slot: null });
      else if (keyRole && keyRole !== 'alias' && keyRole !== 'self') addValue(c, 'name', p.value, { ...base, role: keyRole, slot: null });
      pushKeyed(c, key, p.value, { ...base, role: lc?.blockRole ?? 'self' });
      continue;
    }
    if (spec.concept === 'other_date') pushKeyed(c, key, p.value, { ...base, role: lc?.blockRole ?? 'self' });
    const role = roleOf('', lc?.blockRole ?? null, keyRole === 'alias' ? null : keyRole);
    if (keyRole === 'alias') continue;
    if (spec.concept === 'address' && spec.addressPart !== 'line') {
      // A filled form states an address in parts (street, apt, city, state, zip): put it together.
      const slot = spec.slot;
      const k = `${slot}|${role}`;
      const g = acroAddress.get(k) ?? { parts: {}, pair: p, slot, role };
      g.parts[spec.addressPart!] = p.value.trim();
      acroAddress.set(k, g);
      continue;
    }
    addValue(c, spec.concept, p.value, {
      ...base,
      role,
      slot: spec.slot ?? lc?.blockSlot ?? null,
      hedged: hedged || !!spec.hedged,
      familyFirst: spec.familyFirst,
      namePart: spec.namePart,
    });
  }
  for (const g of acroAddress.values()) {
    const street = g.parts.street;
    if (!street) continue;
    const state = g.parts.state ? stateCode(g.parts.state) : undefined;
    const a: Address = {
      raw: [street, g.parts.unit, g.parts.city, g.parts.state, g.parts.zip].filter(Boolean).join(', '),
      street: street.replace(/\s+/g, ' ').trim(),
      unit: g.parts.unit,
      unitType: g.parts.unit ? 'APT' : undefined,
      city: g.parts.city,
      state: state ?? undefined,
      zip: g.parts.zip ? digitsOf(g.parts.zip).slice(0, 5) : undefined,
      poBox: /^p\.?\s?o\.?\s+box/i.test(street),
    };
    push(c, { concept: 'address', role: g.role, slot: g.slot, key: addressKey(a), address: a, raw: a.raw, page: g.pair.page, location: g.pair.location, method: g.pair.method, strength: 0.9, hedged: false });
  }
}

// --- 2 & 3. lines -------------------------------------------------------------------------------

// Label words on a card's label line, most specific first; a later rule never takes words an
// earlier one matched ("Date of Birth" is a birth date, not a second plain date).
const LABEL_WORDS: [RegExp, Concept][] = [
  [/\bdate of birth\b/g, 'dob'],
  [/\b(place|city|country|county) of birth\b|\bbirth ?place\b/g, 'birthplace'],
  [/\bsocial security number\b/g, 'ssn'],
  [/\balien number\b/g, 'a_number'],
  [/\b(sex|gender)\b/g, 'sex'],
  [/\b(citizenship|nationality)\b/g, 'citizenship'],
  [/\b(family name|given name|middle name|full name|name)\b/g, 'name'],
  [/\b(date|expires?|exp|expiry|issued|iss|valid( from| until| to)?|effective|since)\b/g, 'other_date'],
];

/** Concepts a label line names, in the order they appear ("Date of Birth   Sex" over "14 MAR 1990 F"). */
function conceptsInOrder(label: string): Concept[] {
  const t = canonical(label);
  const taken: [number, number, Concept][] = [];
  for (const [re, concept] of LABEL_WORDS) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(t))) {
      const a = m.index;
      const b = a + m[0].length;
      if (!taken.some(([x, y]) => a < y && b > x)) taken.push([a, b, concept]);
    }
  }
  return taken.sort((x, y) => x[0] - y[0]).map((x) => x[2]);
}

function fromLines(c: Ctx, lines: LineCtx[]): void {
  for (const lc of lines) {
    const { line } = lc;
    const text = line.text;
    const prev = lines[lc.index - 1]?.line;
    const next = lines[lc.index + 1]?.line;
    const prevText = prev && prev.page === line.page ? prev.text : '';
    // A label line above: has letters, no typed values of its own.
    // (Short, and not an agency's name: "U.S. CITIZENSHIP AND IMMIGRATION SERVICES" is no citizenship label.)
    const prevIsLabel =
      !!prevText && !/\d{3}/.test(prevText) && prevText.length < 80 && prevText.split(/\s+/).length <= 10 && !findDates(prevText).length && !AGENCY.test(prevText);
    const aboveConcepts = prevIsLabel ? conceptsInOrder(prevText) : [];
    const base = (method: string, strength: number) => ({ page: line.page, location: line.location, method, strength, hedged: HEDGE.test(text) });
    const before = (i: number) => text.slice(0, i);

    // Typed values with their nearest keyword.
    const typed: { concept: Concept; index: number; raw: string; shape: Concept }[] = [];
    for (const d of findDates(text)) typed.push({ concept: 'other_date', index: d.index, raw: d.raw, shape: 'other_date' });
    for (const h of findSsn(text)) typed.push({ concept: 'ssn', index: h.index, raw: h.raw, shape: 'ssn' });
    for (const h of findANumber(text)) if (!findSsn(h.raw).length && !findPhone(h.raw).length) typed.push({ concept: 'a_number', index: h.index, raw: h.raw, shape: 'a_number' });
    for (const h of findPhone(text)) typed.push({ concept: 'phone', index: h.index, raw: h.raw, shape: 'phone' });
    // Header lines (From/To/Cc) name sender and recipient, not the form's subject.
    if (!/^(from|to|cc|bcc|reply-to|sent by)\s*:/i.test(text)) for (const h of findEmail(text)) typed.push({ concept: 'email', index: h.index, raw: h.raw, shape: 'email' });
    typed.sort((a, b) => a.index - b.index);
    let lastEnd = 0;
    const shapeCount = new Map<Concept, number>();
    for (const [i, t] of typed.entries()) {
      const ctxText = before(t.index).slice(lastEnd);
      const near = canonical(ctxText.slice(-60));
      const spec = conceptIn(near.split(/[,;]\s/).pop() ?? near);
      let concept: Concept | null = null;
      let strength = 0;
      let method = 'inline';
      if (spec?.concept && compatible(spec.concept, t.shape)) {
        concept = spec.concept;
        strength = 0.9;
      } else if (t.shape === 'other_date' && (/\bborn\b/.test(near) || (!ctxText.trim() || /^[\s\w,]*$/.test(ctxText)) && /\bborn\b[^.]*\b(on|date)\s*:?$/i.test(prevText))) {
        // "born 04/27/1998", or "was born in this hospital on" over "Thursday, May 9, 2019".
        concept = 'dob';
        strength = /\bborn\b/.test(near) ? 0.9 : 0.8;
      } else if (!ctxText.trim() || /^[\s:.,-]*$/.test(ctxText)) {
        // Value at the start of its line: the label may be on the line above.
        const k = shapeCount.get(t.shape) ?? 0;
        const cands = aboveConcepts.filter((x) => compatible(x, t.shape));
        if (cands[k]) {
          concept = cands[k];
          strength = 0.75;
          method = 'label_above';
        }
      }
      if (!concept) {
        // Shapes that are specific enough on their own, weakly.
        if (t.shape === 'ssn') concept = 'ssn';
        else if (t.shape === 'a_number' && (/^a/i.test(t.raw) || /^\d{3}-\d{3}-\d{3}$/.test(t.raw))) concept = 'a_number';
        else if (t.shape === 'email' || t.shape === 'phone') concept = t.shape;
        strength = 0.4;
        method = 'shape';
      }
      shapeCount.set(t.shape, (shapeCount.get(t.shape) ?? 0) + 1);
      lastEnd = t.index + t.raw.length;
      if (!concept) continue;
      let role = roleOf(before(t.index), lc.blockRole, method === 'label_above' ? roleIn(prevText) : null, method === 'label_above' ? '' : text);
      // Letterhead: a phone in a document's first lines belongs to whoever sent it; a phone or
      // mail address on a line naming an organisation is the organisation's.
      if ((t.shape === 'phone' || t.shape === 'email') && !FIRST_PERSON.test(fold(text)) && (lc.index < 3 || ORG.test(text))) role = role === 'self' ? 'other' : role;
      // "my old phone …", "new phone is …", "… does not work anymore": which number is which.
      const slot = concept === 'phone' ? phoneSlotIn(ctxText, text.slice(lastEnd, typed[i + 1]?.index ?? text.length)) : null;
      addValue(c, concept, t.raw, { ...base(method, strength), role, slot });
      if (concept === 'dob' && /\bborn\b/i.test(ctxText)) {
        const after = text.slice(t.index + t.raw.length);
        const m = /^\s*(?:in|at)\s+([A-Z][\w'’.-]*(?:,?\s+[A-Z][\w'’.-]*)*)/.exec(after);
        if (m) addValue(c, 'birthplace', m[1].replace(/\.$/, ''), { ...base('inline', 0.85), role, slot: null });
      }
    }
    // Values at the start of a line whose label is the line above (OCR'd cards): names, sex, country.
    // (Not when this line is itself a "Key   Value" row: then the line above is another row, not a label.)
    if (prevIsLabel && aboveConcepts.length && !/\s{3,}/.test(text) && !/:/.test(text)) {
      const first = aboveConcepts[0];
      const pspec = readSpec(prevText);
      const role = roleOf('', lc.blockRole, roleIn(prevText));
      if (first === 'name' && looksLikeName(text) && aboveConcepts.length === 1) {
        addValue(c, 'name', text, { ...base('label_above', 0.75), role, slot: null, namePart: pspec.namePart, familyFirst: pspec.familyFirst });
      }
      const sexAt = aboveConcepts.indexOf('sex');
      if (sexAt >= 0) {
        const m = /(?:^|\s)(F|M|FEMALE|MALE)(?:\s|$)/.exec(text);
        if (m) addValue(c, 'sex', m[1], { ...base('label_above', 0.7), role, slot: null });
      }
      if (aboveConcepts.length === 1 && (first === 'citizenship' || first === 'birthplace') && prevText.split(/\s+/).length <= 5 && /^[A-Za-z][A-Za-z ,]{2,40}$/.test(text) && !AGENCY.test(text)) {
        const n = c.facts.length;
        addValue(c, first, text, { ...base('label_above', 0.7), role, slot: null });
        if (first === 'birthplace' && /country of birth/i.test(prevText)) for (const f of c.facts.slice(n)) f.countryOnly = true;
      }
    }
    // "Key   Value" rows (tables printed as text, I-94 style) and "Key Value" with a known key.
    const cols = text.split(/\s{3,}|\t+/).map((x) => x.trim()).filter(Boolean);
    if (cols.length === 2 && !/:/.test(cols[0])) {
      const spec = readSpec(cols[0]);
      const keyRole = roleIn(cols[0]);
      if (spec.concept && ['name', 'citizenship', 'birthplace', 'sex', 'dob'].includes(spec.concept)) {
        addValue(c, spec.concept, cols[1], { ...base('table_row', 0.85), role: roleOf('', lc.blockRole, keyRole), slot: null, namePart: spec.namePart, familyFirst: spec.familyFirst });
      } else if (!spec.concept && keyRole && keyRole !== 'alias' && keyRole !== 'self' && cols[0].split(/\s+/).length <= 3) {
        addValue(c, 'name', cols[1], { ...base('table_row', 0.85), role: keyRole, slot: null });
      }
      if ((!spec.concept || spec.concept === 'other_date') && cols[0].split(/\s+/).length <= 6) pushKeyed(c, cols[0], cols[1], { ...base('table_row', 0.85), role: lc.blockRole ?? 'self' });
    }
    // "My SSN last four is 2290", "last 4 digits of his Social Security number: 6631": a tail stated alone.
    const tail =
      /\b(?:ssn|social security (?:number|no\.?|#))\b[^.\d]{0,30}?\blast\s*(?:4|four)(?:\s+digits)?\b[^\d.]{0,25}?(?<!\d)(\d{4})(?!\d)/i.exec(text) ??
      /\blast\s*(?:4|four)(?:\s+digits)?\s+of\s+[^.\d]{0,25}?\b(?:ssn|social security (?:number|no\.?))\b[^\d.]{0,25}?(?<!\d)(\d{4})(?!\d)/i.exec(text);
    if (tail) {
      const role = roleOf(before(tail.index + tail[0].indexOf('last')), lc.blockRole, null, '');
      push(c, { concept: 'ssn', role, slot: null, key: tail[1], digits: tail[1], raw: tail[1], ...base('inline', 0.85) });
    }
    // "Full name Oksana Petrivna Hrytsenko" in a sentence.
    const fn = /\b[Ff]ull [Nn]ame:?\s+(?:is\s+)?(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,3})/u.exec(text);
    if (fn) addValue(c, 'name', fn[1], { ...base('inline', 0.9), role: roleOf(before(fn.index), lc.blockRole), slot: null });
    // A sex or marital word standing alone in the writer's own notes ("Female. Married (husband: …)").
    const sx = /(?:^|\.\s+)(female|male)\b\.?/i.exec(text.trim());
    if (sx && c.doc.kind === 'text') addValue(c, 'sex', sx[1], { ...base('inline', 0.8), role: lc.blockRole ?? 'self', slot: null });
    // "I'm divorced (since 2021).", "You're retired, no job.": the writer's or the reader's own
    // standing; whose the reader is, attributeDocuments decides from who wrote to whom.
    if (c.doc.kind === 'text')
      for (const s of statusStatements(text))
        addValue(c, s.kind, s.value, { ...base(s.person === 'second' ? 'inline_you' : 'inline', 0.8), role: lc.blockRole ?? 'self', slot: null });
    const ms = /^(?:[^.]*?\.\s*)?(never married|married|single|divorced|widowed)\b/i.exec(text.trim());
    if (ms && c.doc.kind === 'text' && text.trim().length < 80) addValue(c, 'marital', ms[1], { ...base('inline', 0.8), role: lc.blockRole ?? 'self', slot: null });
    // Addresses, with the slot from the words before them (or the heading over their block).
    for (const a of findAddresses(text, next && next.page === line.page ? next.text : undefined)) {
      const at = text.indexOf(a.raw.split(' / ')[0]);
      const ctxText = at > 0 ? before(at) : '';
      const clause = ctxText.split(/[.;!?]\s|\s-\s/).pop() ?? '';
      const afterText = text.slice(at + a.raw.split(' / ')[0].length);
      const afterClause = afterText.split(/[.;!?]\s|\s-\s|\s{3,}/)[0] ?? '';
      const headingSlot = prevIsLabel && /\b(address|home|live|moved)\b|:\s*$/i.test(prevText) ? slotIn(prevText) : null;
      // Mail is wrapped at ~72 characters: an address opening a line may finish a sentence begun
      // on the line above ("…she moved again last month. Her address is now" / "2290 W Ironwood Dr…").
      const wrapped = c.doc.kind === 'text' && !ctxText.trim() && prevText && !/[.!?:]\s*$/.test(prevText) ? (prevText.split(/[.;!?]\s|\s-\s/).pop() ?? '') : '';
      const wrappedSlot = /\b(address|live|lives|moved)\b/i.test(wrapped) ? slotIn(wrapped) : null;
      const slot = slotIn(clause) ?? movedTo(clause, afterText) ?? (clause.trim() ? null : (lc.blockSlot ?? headingSlot ?? wrappedSlot)) ?? slotIn(afterClause);
      let role = roleOf(ctxText, lc.blockRole, null, text.replace(a.raw, ''));
      if (wrappedSlot && slot === wrappedSlot && role === 'self') role = roleOf(wrapped, lc.blockRole);
      // An address alone on its line finishes the sentence above it ("…to Defendant by U.S. mail
      // to his address of record:" / "1187 W Argyle St…"): that sentence says whose it is too.
      if (!ctxText.trim() && slot !== null && /:\s*$/.test(prevText) && role === 'self') {
        const r = roleOf(prevText.split(/[.;!?]\s/).pop() ?? prevText, lc.blockRole);
        if (r !== 'self') role = r;
      }
      // Letterhead: an address in a document's first lines, under an organisation's name.
      if (lc.index < 3 && !slot && (!ctxText.trim() || !FIRST_PERSON.test(fold(ctxText)))) role = 'other';
      if (ORG.test(ctxText + ' ' + (ctxText.trim() ? '' : prevText))) role = role === 'self' ? 'other' : role;
      const explicit = slot !== null;
      push(c, {
        concept: 'address',
        role,
        slot,
        key: addressKey(a),
        address: a,
        raw: a.raw,
        page: line.page,
        location: line.location,
        method: explicit ? 'inline' : 'shape',
        strength: explicit ? 0.9 : 0.4,
        hedged: HEDGE.test(text),
      });
    }
  }
}

/**
 * A move stated around an address makes it the present one: "We moved on December 4: 1408 W Moss
 * Ave…", "We moved last week: …", "41 Hawksworth Grove, Leeds <- moved here in August". (Where
 * someone moved from or out of is the previous address, which slotIn reads first.)
 */
function movedTo(clause: string, after: string): Slot {
  if (/\b(we|i|he|she|they)( have| had|'ve)?( just| recently)? moved\b(?! (out|away|from))[^:]*:\s*$/.test(fold(clause))) return 'current';
  const note = fold(after.replace(/^[\s<=>~(–—-]+/, '')).split(/[.;!?)]\s?|,\s/)[0];
  return /^((we|i) )?(just )?moved (here|in)\b/.test(note) ? 'current' : null;
}

function compatible(concept: Concept, shape: Concept): boolean {
  if (shape === 'other_date') return concept === 'dob' || concept === 'other_date';
  if (shape === 'a_number') return concept === 'a_number' || concept === 'ssn' || concept === 'ein';
  if (shape === 'ssn') return concept === 'ssn' || concept === 'a_number';
  return concept === shape;
}

// --- subjects -----------------------------------------------------------------------------------

/** The given name a name fact states, lower case. */
function givenOf(f: Fact): string | null {
  if (f.name) return compact(f.name.given);
  if ((f.namePart === 'given' || f.namePart === 'given_middle') && f.text) return compact(f.text.split(/\s+/)[0]);
  return null;
}

/** The given name in a From or To line ("Adebola Oyelaran <…>"), or '' (a mailbox, not a name). */
function givenInHeader(value: string): string {
  const name = value.replace(/<.*$/, '').replace(/["']/g, '').trim();
  if (!name || /@/.test(name) || !looksLikeName(name)) return '';
  return compact(name.split(/\s+/)[0]);
}

/**
 * The given name of a letter's writer ("From: Adebola Oyelaran <…>"), or '' (no From, or a
 * mailbox). In a thread both sides of an exchange write: its writer is whoever wrote most of its
 * messages, and on a tie the writer of the newest one, on top (who sent the thread on).
 */
function authorOf(d: ReadDocument): string {
  const count = new Map<string, number>();
  for (const p of d.pairs) if (/^from$/i.test(p.key)) count.set(givenInHeader(p.value), (count.get(givenInHeader(p.value)) ?? 0) + 1);
  const top = [...count.entries()].reduce<[string, number] | null>((best, e) => (!best || e[1] > best[1] ? e : best), null);
  return top?.[0] ?? '';
}

/** A party to a case signing as such ("Lorena B. Castellanos, Petitioner (self-represented)"). */
const PARTY_TITLE = /\b(petitioner|plaintiff|respondent|defendant|applicant|debtor|claimant|movant|self[- ]represented|pro se)\b/i;

/**
 * The writer puts a job or an organisation after their name, in the sender line or the sign-off
 * ("Priya Raghunathan, EA", "Keisha Moore, Community Navigator, Southside Food Partners",
 * "Renata Szymanski, Paralegal"): they write as someone helping the subject, not as the subject.
 */
function signsAsProfessional(d: ReadDocument, given: string): boolean {
  const titled = (text: string) => {
    const m = /^\s*([^,<]+),\s*([^<]+)/.exec(text.replace(/^\s*from:\s*/i, ''));
    return !!m && compact(m[1].split(/\s+/)[0]) === given && /\p{L}{2}/u.test(m[2]) && !/@/.test(m[2]) && !PARTY_TITLE.test(m[2]);
  };
  const from = d.pairs.find((p) => /^from$/i.test(p.key));
  const own = ownWords(d).filter((l) => l.text.trim());
  return (!!from && titled(from.value)) || own.slice(-6).some((l) => titled(l.text));
}

/** Given names the documents tie to a relationship ("My husband Marcus", "(husband: Rahul …)"). */
function relatedNames(docs: ReadDocument[]): Set<string> {
  const out = new Set<string>();
  const re = /\b(?:husband|wife|spouse|son|daughter|brother|sister|mother|father|mom|dad|aunt|uncle|partner)(?:'s)?\s*[:,]?\s+([A-Z][a-z]+)/g;
  for (const d of docs)
    for (const l of d.lines) {
      let m: RegExpExecArray | null;
      re.lastIndex = 0;
      while ((m = re.exec(l.text))) out.add(m[1].toLowerCase());
    }
  return out;
}

/**
 * Re-labels facts by the person their document is about. The form's subject is the given name
 * most documents state for `self` (never one a document ties to a relationship); a document
 * whose named subject (Patient:, Member:, a card's name) is someone else keeps its facts away
 * from `self`; in a document written by someone else, the writer's first-person facts are theirs.
 */
/**
 * The relative a writer prepares the form for ("Subject: AR-11 for my husband Mateo", "please file
 * it for my wife Ana"), by given name, when the documents name exactly one. Not a request for a
 * record about someone ("a birth certificate for my son"): there the writer is the applicant.
 */
const FOR_RECIPIENT = /\b(your|you're)\b[^.]*\b(form|claim|application|return|petition|request|filing|paperwork)s?\b|\bfor you\b/i;
const PREPARING = /\b(typing|type up|filling|fill in|fill out|preparing|prepare|doing|completing|complete|drafting|draft)\b/i;

/**
 * The lines the mail's own writer wrote: a reply quotes the message it answers ("On …, Devon
 * wrote:", "> …", "-----Original Message-----"), whose "your" and "you" speak to someone else.
 */
function ownWords(d: ReadDocument) {
  const quoteStart = d.lines.findIndex((l) => /^\s*(-{3,}\s*original message|on .{0,80} wrote:?\s*$)/i.test(l.text));
  return (quoteStart < 0 ? d.lines : d.lines.slice(0, quoteStart)).filter((l) => !/^\s*>/.test(l.text));
}

function filedFor(docs: ReadDocument[]): string | null {
  const re = /\bfor (?:my|our) (?:husband|wife|spouse|partner|son|daughter|mother|father|mom|dad)\s+([A-Z][a-z]+)\b/;
  const found = new Set<string>();
  for (const d of docs)
    for (const l of d.lines) {
      const m = re.exec(l.text);
      if (!m || /\b(certificate|record|copy|copies|transcript)\b/i.test(l.text)) continue;
      if (/^subject:/i.test(l.text) || /\b(form|application|prepare|file|filing|fill|apply|applying|renew|renewal)\b/i.test(l.text)) found.add(m[1].toLowerCase());
    }
  // A helper or preparer writing to the person the form is for ("I'm typing up your claim form
  // for you", "I am preparing your return", a paralegal's "your Chapter 7 petition"): the one the
  // letter is addressed to.
  for (const d of docs) {
    const to = new Set(d.pairs.filter((p) => /^to$/i.test(p.key)).map((p) => givenInHeader(p.value)).filter(Boolean));
    if (to.size !== 1 || to.has(authorOf(d))) continue;
    // A writer who signs with a job (a paralegal, a navigator) writes about "your petition" for the
    // person it is addressed to, whatever the verb.
    const helper = signsAsProfessional(d, authorOf(d));
    if (ownWords(d).some((l) => FOR_RECIPIENT.test(l.text) && (helper || PREPARING.test(l.text)))) found.add([...to][0]);
  }
  return found.size === 1 ? [...found][0] : null;
}

/**
 * Given names of people the documents state as a relative by a named fact ("Section B - Debtor 2
 * (spouse)" over "Lucia Beatriz Mensah", "My wife: Gabriela …"), with that role, when each name
 * has one role only.
 */
function relativeRoles(facts: Fact[]): Map<string, Role> {
  const roles = new Map<string, Set<Role>>();
  for (const f of facts) {
    if (f.concept !== 'name' || f.strength < 0.75 || !['spouse', 'child', 'mother', 'father'].includes(f.role)) continue;
    const g = givenOf(f);
    if (g) roles.set(g, (roles.get(g) ?? new Set()).add(f.role));
  }
  return new Map([...roles].filter(([, r]) => r.size === 1).map(([g, r]) => [g, [...r][0]]));
}

function attributeDocuments(facts: Fact[], docs: ReadDocument[]): string | null {
  const related = relatedNames(docs);
  const relatives = relativeRoles(facts);
  for (const g of relatives.keys()) related.add(g);
  // A writer filing for a relative: that relative is the subject, and the writer is the one whose
  // first-person facts are someone else's.
  const subject = filedFor(docs);
  if (subject) related.delete(subject);
  const votes = new Map<string, Set<string>>();
  for (const f of facts) {
    if (f.concept !== 'name' || f.role !== 'self' || f.strength < 0.75) continue;
    const g = givenOf(f);
    if (!g || related.has(g)) continue;
    votes.set(g, (votes.get(g) ?? new Set()).add(fileId(f.doc.document_id)));
  }
  // Writers of first-person documents vote too ("From: Adebola Oyelaran" over "my details").
  for (const d of docs) {
    const g = authorOf(d);
    if (g && !related.has(g) && !signsAsProfessional(d, g) && d.lines.some((l) => FIRST_PERSON.test(fold(l.text)) && /\b(my|i)\b/i.test(l.text) && !/^(from|to|subject|date):/i.test(l.text))) {
      votes.set(g, (votes.get(g) ?? new Set()).add(fileId(d.document_id)));
    }
  }
  const top = [...votes.entries()].sort((a, b) => b[1].size - a[1].size)[0];
  if (!top && !subject) return null;
  const selfGiven = subject ?? top[0];
  const byDoc = new Map<string, Fact[]>();
  for (const f of facts) byDoc.set(f.doc.document_id, [...(byDoc.get(f.doc.document_id) ?? []), f]);
  for (const [id, fs] of byDoc) {
    const doc = docs.find((d) => d.document_id === id)!;
    const names = fs.filter((f) => f.concept === 'name' && f.role === 'self' && f.strength >= 0.75 && givenOf(f));
    const author = authorOf(doc);
    const toSubject = doc.pairs.some((p) => /^to$/i.test(p.key) && givenInHeader(p.value) === selfGiven);
    const aboutSelf = names.some((f) => givenOf(f) === selfGiven || compact(f.name?.middle ?? '') === selfGiven);
    // A document about one known relative (her pay stub, her card) speaks for that relative.
    const about = new Set(names.map((f) => relatives.get(givenOf(f)!) ?? 'other'));
    const relative = about.size === 1 && [...about][0] !== 'other' ? [...about][0] : 'other';
    for (const f of fs) {
      if (f.role !== 'self') continue;
      // A statement made to the reader ("you are divorced") is the subject's in a letter to them.
      if (f.method === 'inline_you') {
        if (!toSubject) f.role = 'other';
        continue;
      }
      if (names.length && !aboutSelf) f.role = relative;
      else if (f.concept === 'name' && givenOf(f) && related.has(givenOf(f)!)) f.role = 'other';
      else if (author && author !== selfGiven) {
        // Someone else's letter: what they say of themselves is theirs; the rest is second-hand.
        // The sentence may have started on the line before (mail is wrapped at ~72 characters).
        const at = doc.lines.findIndex((l) => l.page === f.page && l.location === f.location);
        const prev = at > 0 && doc.lines[at - 1].page === f.page ? doc.lines[at - 1].text : '';
        const line = `${/[,;]\s*$/.test(prev) ? prev : ''} ${doc.lines[at]?.text ?? ''}`;
        // (Filing for a relative, "we moved" and "our house" are the subject's too.)
        if (subject ? /\b(i|my|me|mine)\b/i.test(line) : /\b(i|my|me|our|we|us)\b/i.test(line)) f.role = 'other';
        // A letter to the subject tells them their own details ("You: Ms …", "your mobile is …").
        else if (toSubject && /\b(you|your)\b/i.test(line)) continue;
        else f.strength *= 0.6;
      }
    }
  }
  return selfGiven;
}

/**
 * The subject's own mail header names them. The subject who writes about themselves ("From:
 * Marisol Quintero" over "I'm divorced…") states their name in the sender line; a helper writing
 * to the subject ("I'm typing up your claim form for you") in the sole recipient line. Either is a
 * self name when no document states one, written in full when the documents give that given and
 * family name one middle name ("Graciela Inés Moreno"); the header's mailbox is the subject's
 * e-mail when no document states one for them.
 */
function headerName(facts: Fact[], docs: ReadDocument[], selfGiven: string | null): void {
  lawyerSenders(facts, docs);
  if (!selfGiven) return;
  const header = (d: ReadDocument) => {
    if (authorOf(d) === selfGiven && !signsAsLawyer(d)) return d.pairs.find((p) => /^from$/i.test(p.key) && givenInHeader(p.value) === selfGiven);
    const to = d.pairs.filter((p) => /^to$/i.test(p.key));
    return to.length >= 1 && to.every((p) => givenInHeader(p.value) === selfGiven && !/[,;]/.test(p.value.replace(/<[^>]*>/g, ''))) && authorOf(d) ? to[0] : undefined;
  };
  const needName = !facts.some((f) => f.concept === 'name' && f.role === 'self' && f.strength >= 0.75);
  const needMail = !facts.some((f) => f.concept === 'email' && f.role === 'self' && f.strength >= 0.75);
  for (const d of docs) {
    const from = header(d);
    if (!from) continue;
    const written = from.value.replace(/<.*$/, '').replace(/["']/g, '').trim();
    const name = splitName(written);
    if (!name || written.split(/\s+/).length < 2) continue;
    if (needMail) {
      const mail = findEmail(from.value)[0];
      if (mail) facts.push({ concept: 'email', role: 'self', slot: null, key: mail.value, text: mail.value, raw: mail.raw, doc: d, page: from.page, location: from.location, method: 'sender', strength: 0.8, hedged: false });
    }
    if (!needName) return;
    const middles = new Set(facts.filter((f) => f.concept === 'name' && f.name?.middle && compact(f.name.given) === compact(name.given) && compact(f.name.family) === compact(name.family)).map((f) => f.name!.middle!));
    // …or a line that writes it out ("Subject: In re Graciela Inés Moreno").
    const spelled = new RegExp(`(?<![\\p{L}])${escapeRe(name.given)}\\s+(\\p{Lu}[\\p{L}'’-]+)\\s+${escapeRe(name.family)}(?![\\p{L}])`, 'u');
    if (!middles.size) for (const x of docs) for (const l of x.lines) { const m = spelled.exec(l.text); if (m) middles.add(m[1]); }
    const full = !name.middle && middles.size === 1 ? { ...name, middle: [...middles][0] } : name;
    const text = [full.given, full.middle, full.family].filter(Boolean).join(' ');
    facts.push({ concept: 'name', role: 'self', slot: null, key: compact(text), text, name: full, namePart: 'full', raw: written, doc: d, page: from.page, location: from.location, method: 'sender', strength: 0.8, hedged: false });
    return;
  }
}

/** The writer's sign-off (the last lines of a letter or e-mail) carries a bar number, a firm, "Attorney for …". */
function signsAsLawyer(d: ReadDocument): boolean {
  return d.lines.slice(-8).some((l) => l.text.length <= 90 && LAWYER_MARK.test(l.text));
}

/** A lawyer who writes about a client's case is the client's representative, never the form's subject. */
function lawyerSenders(facts: Fact[], docs: ReadDocument[]): void {
  const senders = new Set<ReadDocument>();
  for (const d of docs) {
    const from = d.pairs.find((p) => /^from$/i.test(p.key));
    if (!from || !signsAsLawyer(d)) continue;
    const written = from.value.replace(/<.*$/, '').replace(/["']/g, '').trim();
    const name = splitName(written);
    if (!name || written.split(/\s+/).length < 2 || /@/.test(written)) continue;
    const text = [name.given, name.middle, name.family].filter(Boolean).join(' ');
    facts.push({ concept: 'name', role: 'representative', slot: null, key: compact(text), text, name, namePart: 'full', raw: written, doc: d, page: from.page, location: from.location, method: 'sender', strength: 0.8, hedged: false });
    const mail = findEmail(from.value)[0];
    if (mail) facts.push({ concept: 'email', role: 'representative', slot: null, key: mail.value, text: mail.value, raw: mail.raw, doc: d, page: from.page, location: from.location, method: 'sender', strength: 0.8, hedged: false });
    senders.add(d);
  }
  if (!senders.size) return;
  // The lawyer who writes is the subject's own; another lawyer's block elsewhere (opposing
  // counsel on a complaint or a summons) is someone else's, unless it repeats the writer's details.
  const own = new Set(facts.filter((f) => senders.has(f.doc) && f.role === 'representative').map((f) => `${f.concept}|${f.key}`));
  for (const f of facts) if (f.role === 'representative' && !senders.has(f.doc) && !own.has(`${f.concept}|${f.key}`)) f.role = 'other';
}

/** A card gives "Surname" and "Given Name" on separate lines: together they are one full name. */
function joinNameParts(c: Ctx): void {
  for (const role of new Set(c.facts.map((f) => f.role))) {
    const fam = c.facts.filter((f) => f.concept === 'name' && f.role === role && f.namePart === 'family');
    const giv = c.facts.filter((f) => f.concept === 'name' && f.role === role && (f.namePart === 'given' || f.namePart === 'given_middle'));
    if (fam.length !== 1 || giv.length !== 1 || c.facts.some((f) => f.concept === 'name' && f.role === role && f.namePart === 'full' && f.doc === c.doc)) continue;
    const words = (giv[0].text ?? '').split(/\s+/).filter(Boolean);
    const family = fam[0].text ?? '';
    if (!words.length || !family) continue;
    const name = { family, given: words[0], middle: words.slice(1).join(' ') || undefined };
    const text = `${words.join(' ')} ${family}`;
    push(c, { ...giv[0], namePart: 'full', name, text, key: compact(text), raw: `${family} / ${words.join(' ')}`, strength: Math.min(fam[0].strength, giv[0].strength) });
  }
}

const CARE = /\b(care|clinic|hospital|medical|health|urgent|physicians?|surgery|emergency)\b/i;

/**
 * A letterhead: an organisation's name on the first line (capitals, no digits) and its address on
 * the next. A care provider's letterhead is the treating facility; any other stays someone else's.
 */
/** Words of a pay stub or an employment letter: the paper is the employer's. */
const EMPLOYMENT_PAPER = /\b(earnings statement|pay (stub|statement|advice)|payroll advice|payslip|verification of employment|employment verification)\b|^\s*employee( name)?\s*:/i;

function fromLetterhead(c: Ctx): void {
  const [first, second] = c.doc.lines;
  if (!first || !second || first.page !== second.page) return;
  const name = first.text.trim();
  // A pay stub or an employment letter is printed on the employer's paper: its letterhead is the
  // employer, in capitals or not ("Great Lakes Cold Storage Inc").
  const employment = c.doc.lines.slice(0, 12).some((l) => EMPLOYMENT_PAPER.test(l.text));
  const heading = employment ? /^\p{Lu}[\p{L}&.,' -]{2,60}$/u.test(name) && name.split(/\s+/).every((w) => /^[\p{Lu}&]/u.test(w) || /^(of|and|the|de|du|des)$/i.test(w)) : /^[A-Z][A-Z&.,' -]{2,60}$/.test(name);
  if (!heading || name.split(/\s+/).length > 6 || / - /.test(name)) return;
  const a = findAddresses(second.text)[0];
  if (!a || !a.city) return;
  const role: Role = CARE.test(name) ? 'facility' : employment ? 'employer' : 'other';
  const base = { page: first.page, method: 'letterhead', strength: 0.8, hedged: false };
  push(c, { ...base, concept: 'org_name', role, slot: null, key: compact(name), text: nameCase(name), raw: name, location: first.location });
  push(c, { ...base, concept: 'address', role, slot: 'current', key: addressKey(a), address: a, raw: a.raw, location: second.location });
}

/**
 * Words that make a name over an address an organisation's ("BUCKEYE REGIONAL HEALTH SYSTEM",
 * "Evergreen Valley Credit Union"), beside those ORG and AGENCY already name.
 */
const ORG_NAME = /\b(system|systems|health|union|credit|group|trust|foundation|university|college|church|association|partners|solutions|corp|corporation|ltd|lp|llp|pllc|regional|county|city|district|court|institute|insurance|financial|securities|brokerage|investments?|realty|properties|management|society|club|fund|holdings|enterprises?|industries|international|hospitality|logistics)\b/i;

/** A capacity a tax notice writes after an owner's name ("RENATA M DELACROIX SOLE MBR"). */
const CAPACITY = /\s+(?:sole\s+)?(?:mbr|member|owner|prop|proprietor|ttee|trustee|pres|president|ceo|mgr|manager|partner|gp|exec|executor|admr?|guardian|esq)\.?\s*$/i;

/**
 * The addressee of a posted letter: near its top, under the sender's letterhead, a person's name
 * on its own line ("GABRIELA IOANA MARINESCU", "To: DIALLO, MAMADOU LAMINE") with their street
 * address on the next line — the block a window envelope shows. What the letter says to "you" is
 * about them, so the name is the letter's named subject.
 */
function fromAddressee(c: Ctx): void {
  const top = c.doc.lines.slice(0, 15);
  for (let i = 1; i < top.length - 1; i++) {
    const line = top[i];
    const next = top[i + 1];
    if (next.page !== line.page) continue;
    // A tax notice addresses an owner with their capacity after the name ("RENATA M DELACROIX SOLE MBR").
    const name = line.text.replace(/^\s*to\s*:\s*/i, '').replace(CAPACITY, '').trim();
    if (!looksLikeName(name) || name.split(/\s+/).length < 2 || ORG.test(name) || AGENCY.test(name) || ORG_NAME.test(name)) continue;
    // "Ms E. MacAskill": an envelope's initial for the given name abbreviates the name; it fills no name box.
    if (/^(?:(?:mr|mrs|ms|miss|mx|dr)\.?\s+)?\p{L}\.?\s/iu.test(name)) continue;
    // A card prints the family name on a line of its own over the given names: no addressee there.
    if (/^\s*\p{Lu}[\p{L}'-]+\s*$/u.test(top[i - 1].text)) continue;
    const after = top[i + 2]?.page === line.page ? top[i + 2].text : undefined;
    const a = findAddresses(next.text, after)[0];
    if (!a || next.text.indexOf(a.raw.split(' / ')[0]) > 2) continue;
    addValue(c, 'name', name, { page: line.page, location: line.location, method: 'addressee', strength: 0.8, hedged: false, role: 'self', slot: null, familyFirst: /,/.test(name) || undefined });
    return;
  }
}

/**
 * A name written with a middle initial ("DOLORES M AGUILAR" on a statement) is the same person as
 * the one a document prints in full ("DOLORES MARIBEL AGUILAR" on a notice): when the documents
 * spell out that initial one way only, the name takes the full middle name, with a fact at the
 * line that spells it.
 */
function expandInitials(facts: Fact[], docs: ReadDocument[]): void {
  const extra: Fact[] = [];
  for (const f of facts) {
    const n = f.name;
    if (f.concept !== 'name' || !n || !n.middle || !/^\p{L}\.?$/u.test(n.middle)) continue;
    const re = new RegExp(`(?<![\\p{L}])${escapeRe(n.given)}\\s+(${escapeRe(n.middle.replace('.', ''))}\\p{L}{2,})\\s+${escapeRe(n.family)}(?![\\p{L}])`, 'iu');
    const found = new Map<string, { doc: ReadDocument; page: number; location: string; raw: string }>();
    for (const d of docs)
      for (const l of d.lines) {
        const m = re.exec(l.text);
        if (m) found.set(m[1].toLowerCase(), found.get(m[1].toLowerCase()) ?? { doc: d, page: l.page, location: l.location, raw: m[0] });
      }
    if (found.size !== 1) continue;
    const [[, at]] = [...found];
    const spelled = at.raw.split(/\s+/)[1];
    const middle = /^\p{Lu}+$/u.test(spelled) ? nameCase(spelled) : spelled;
    const given = /^\p{Lu}+$/u.test(n.given) ? nameCase(n.given) : n.given;
    const family = /^\p{Lu}+$/u.test(n.family) ? nameCase(n.family) : n.family;
    const text = `${given} ${middle} ${family}`;
    Object.assign(f, { name: { ...n, given, middle, family }, text, key: compact(text) });
    extra.push({ ...f, raw: at.raw, doc: at.doc, page: at.page, location: at.location, method: 'full_middle_name', strength: Math.min(f.strength, 0.75), docDate: undefined });
  }
  facts.push(...extra);
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every fact every document states. */
export function extractFacts(docs: ReadDocument[]): Fact[] {
  const all: Fact[] = [];
  for (const doc of docs) {
    const text = doc.lines.map((l) => l.text).join('\n');
    const c: Ctx = { doc, docDate: documentDate(doc), dayMonth: saysDayMonth(text) && !/\bmm ?\/ ?dd\b/i.test(text), facts: [] };
    const lines = contexts(doc);
    const byLoc = new Map(lines.map((l) => [`${l.line.page}|${l.line.location}`, l]));
    fromPairs(c, byLoc);
    fromLines(c, lines);
    fromLetterhead(c);
    fromAddressee(c);
    joinNameParts(c);
    all.push(...dedupe(c.facts), ...itemTableFacts(doc));
  }
  dobBesideSex(all, docs);
  attributeParents(all, docs);
  const selfGiven = attributeDocuments(all, docs);
  expandInitials(all, docs);
  headerName(all, docs, selfGiven);
  markRetiredPhones(all, docs);
  return all;
}

/** One fact per (concept, key, location, role, slot): pairs and line scans often see the same value. */
function dedupe(facts: Fact[]): Fact[] {
  const best = new Map<string, Fact>();
  for (const f of facts) {
    const k = `${f.concept}|${f.key}|${f.location}|${f.role}|${f.slot}|${f.namePart ?? ''}`;
    const had = best.get(k);
    if (!had || f.strength > had.strength) best.set(k, f);
  }
  // A weaker reading of the same value at the same place with no slot loses to one with a slot.
  const out = [...best.values()];
  return out.filter((f) => !(f.concept === 'address' && f.slot === null && out.some((g) => g !== f && g.concept === 'address' && g.key === f.key && g.location === f.location && g.slot !== null)));
}

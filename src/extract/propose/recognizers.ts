// Typed recognizers: find and parse the values a form asks for inside free document text.
// Each returns what it saw (`raw`, for the quote) and a normalised reading (for comparison).

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
const MONTH_RE = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

export interface DateHit {
  raw: string;
  index: number;
  /** ISO yyyy-mm-dd readings: one, or two for an all-numeric date whose day and month could swap. */
  iso: string;
  /** The day/month reading when `raw` is numeric with both parts ≤ 12 and different. */
  alt?: string;
  /** Month written as a word or year first: cannot be misread. */
  unambiguous: boolean;
  /** Two-digit year: the century is a guess. */
  shortYear: boolean;
}

function iso(y: number, m: number, d: number): string | null {
  if (!(m >= 1 && m <= 12 && d >= 1 && d <= 31 && y >= 1800 && y <= 2200)) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
function year(v: string): number {
  const n = Number(v);
  return v.length <= 2 ? (n < 50 ? 2000 + n : 1900 + n) : n;
}
const mon = (w: string) => MONTHS[w.toLowerCase().replace(/\.$/, '').slice(0, 4)] ?? MONTHS[w.toLowerCase().slice(0, 3)];
/** An English month name or its short form as a pattern, and its number ("Dec" → 12): for rules that read dates without a year. */
export { MONTH_RE, mon as monthNumber };

// Month names of the other languages documents come in (French, Spanish, German, Portuguese,
// Italian), folded (no accents), with the usual short forms. Only read day first ("14 de
// diciembre de 2025", "20 novembre 2025", "3. Oktober 2025"), the way these languages write dates.
const FOREIGN_MONTHS: Record<string, number> = {
  janvier: 1, janv: 1, fevrier: 2, fevr: 2, mars: 3, avril: 4, avr: 4, mai: 5, juin: 6, juillet: 7, juil: 7, aout: 8,
  septembre: 9, octobre: 10, novembre: 11, decembre: 12,
  enero: 1, febrero: 2, marzo: 3, abril: 4, mayo: 5, junio: 6, julio: 7, agosto: 8, septiembre: 9, setiembre: 9,
  octubre: 10, noviembre: 11, diciembre: 12,
  januar: 1, janner: 1, februar: 2, marz: 3, maerz: 3, juni: 6, juli: 7, oktober: 10, dezember: 12,
  janeiro: 1, fevereiro: 2, marco: 3, maio: 5, junho: 6, julho: 7, setembro: 9, outubro: 10, dezembro: 12,
  gennaio: 1, febbraio: 2, aprile: 4, maggio: 5, giugno: 6, luglio: 7, settembre: 9, ottobre: 10, dicembre: 12,
  // short forms of tickets, stamps and statements ("DOM 14 DIC 2025", "3 okt. 2025", "5 set 2024")
  ene: 1, gen: 1, fev: 2, abr: 4, mag: 5, giu: 6, lug: 7, ago: 8, set: 9, okt: 10, out: 10, ott: 10, dic: 12, dez: 12,
};
const foldWord = (w: string) => w.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/\.$/, '');
const foreignMon = (w: string): number | undefined => FOREIGN_MONTHS[foldWord(w)];
/** An English month word, whole ("Aug", "August"). */
const ENGLISH_MONTH = new RegExp(`^${MONTH_RE}$`, 'i');
/** A month word in any of the languages read: English ("Aug", "August") or another's ("août", "dic."). */
const anyMon = (w: string): number | undefined => foreignMon(w) ?? (ENGLISH_MONTH.test(w) ? mon(w) : undefined);

/**
 * The first day of a range written with the month and year once, after the last day ("del 14 al
 * 17 de diciembre de 2025", "du 14 au 17 décembre", "vom 14. bis 17. Dezember", "14–17 December",
 * "del 28 de noviembre al 3 de diciembre de 2025"): `before` is the text before the last day.
 * Groups: the first day as written, its day, its month word when it has one.
 */
const RANGE_START =
  /(?<![\d/.,-])((\d{1,2})(?:st|nd|rd|th|er|º|°|\.)?(?:\s+(?:de\s+)?(\p{L}{3,10})\.?)?)(?:\s*[-–]\s*|\s+(?:al|au|a|à|bis|to|through|till|until)\s+(?:\p{L}+,?\s+)?)$/iu;
function rangeStart(before: string, end: { y: number; m: number; d: number }): { index: number; raw: string; iso: string } | null {
  const tail = before.slice(-40);
  const r = RANGE_START.exec(tail);
  if (!r) return null;
  const day = +r[2];
  const m = r[3] ? anyMon(r[3]) : end.m;
  if (!m) return null;
  // "del 28 de diciembre al 3 de enero de 2026": the first day is in the year before.
  const v = iso(m > end.m ? end.y - 1 : end.y, m, day);
  if (!v || (m === end.m && day >= end.d)) return null;
  return { index: before.length - tail.length + r.index, raw: r[1], iso: v };
}

/** Every date in a text. Slash dates read month/day (US) first; `alt` keeps the day/month reading. */
export function findDates(text: string): DateHit[] {
  const out: DateHit[] = [];
  const taken: [number, number][] = [];
  const add = (h: DateHit | null, len: number) => {
    if (!h) return;
    if (taken.some(([a, b]) => h.index < b && h.index + len > a)) return;
    taken.push([h.index, h.index + len]);
    out.push(h);
  };
  let m: RegExpExecArray | null;
  // 14 March 1990, 14 MAR 1990, 9 November 1991
  const dmy = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?[ -](${MONTH_RE})[ ,-]+(\\d{4})\\b`, 'gi');
  while ((m = dmy.exec(text))) {
    const v = iso(+m[3], mon(m[2]), +m[1]);
    add(v ? { raw: m[0], index: m.index, iso: v, unambiguous: true, shortYear: false } : null, m[0].length);
  }
  // March 14, 1990
  const mdy = new RegExp(`\\b(${MONTH_RE}) (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})\\b`, 'gi');
  while ((m = mdy.exec(text))) {
    const v = iso(+m[3], mon(m[1]), +m[2]);
    add(v ? { raw: m[0], index: m.index, iso: v, unambiguous: true, shortYear: false } : null, m[0].length);
  }
  // 1991 November 09
  const ymd = new RegExp(`\\b(\\d{4}) (${MONTH_RE}) (\\d{1,2})\\b`, 'gi');
  while ((m = ymd.exec(text))) {
    const v = iso(+m[1], mon(m[2]), +m[3]);
    add(v ? { raw: m[0], index: m.index, iso: v, unambiguous: true, shortYear: false } : null, m[0].length);
  }
  // the 8th day of August, 2015 (court and notarial certificates)
  const dayOf = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+day\\s+of\\s+(${MONTH_RE}),?\\s+(?:A\\.?\\s?D\\.?,?\\s+)?(\\d{4})\\b`, 'gi');
  while ((m = dayOf.exec(text))) {
    const v = iso(+m[3], mon(m[2]), +m[1]);
    add(v ? { raw: m[0], index: m.index, iso: v, unambiguous: true, shortYear: false } : null, m[0].length);
  }
  // 14 de diciembre de 2025, 20 novembre 2025, le 1er mars 2024, 3. Oktober 2025
  const foreign = /(?<![\d.])(\d{1,2})(?:er|º|°|\.)?\s+(?:de\s+)?(\p{L}{3,10})\.?(?:\s+del?\s+|[ ,]+)(\d{4})\b/giu;
  while ((m = foreign.exec(text))) {
    const month = foreignMon(m[2]);
    const v = month ? iso(+m[3], month, +m[1]) : null;
    add(v ? { raw: m[0], index: m.index, iso: v, unambiguous: true, shortYear: false } : null, m[0].length);
  }
  // A range's first day, written before its last ("del 14 al 17 de diciembre de 2025").
  for (const h of out.filter((h) => /^\d{1,2}\D/.test(h.raw))) {
    const [y, mo, d] = h.iso.split('-').map(Number);
    const s = rangeStart(text.slice(0, h.index), { y, m: mo, d });
    if (s) add({ ...s, unambiguous: true, shortYear: false }, s.raw.length);
  }
  // 1990-03-14
  const isoRe = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g;
  while ((m = isoRe.exec(text))) {
    const v = iso(+m[1], +m[2], +m[3]);
    add(v ? { raw: m[0], index: m.index, iso: v, unambiguous: true, shortYear: false } : null, m[0].length);
  }
  // 03/14/1990, 3/14/90, 14.03.1990
  const num = /(?<![\d/.])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?![\d/])/g;
  while ((m = num.exec(text))) {
    const a = +m[1];
    const b = +m[2];
    const y = year(m[3]);
    const us = iso(y, a, b);
    const eu = iso(y, b, a);
    // Dates written with dots ("09.02.1946") are day-first wherever they are written that way
    // (Germany, Switzerland, Austria, Poland…); month-first dates use slashes.
    if (/^\d{1,2}\.\d{1,2}\.\d{4}$/.test(m[0]) && eu) {
      add({ raw: m[0], index: m.index, iso: eu, unambiguous: true, shortYear: false }, m[0].length);
      continue;
    }
    const main = us ?? eu;
    if (!main) continue;
    const alt = us && eu && us !== eu ? eu : undefined;
    add({ raw: m[0], index: m.index, iso: main, alt, unambiguous: !alt, shortYear: m[3].length === 2 }, m[0].length);
  }
  return out.sort((x, y) => x.index - y.index);
}

/** The one date a short value states, or null. */
export function parseDate(text: string): DateHit | null {
  const hits = findDates(text);
  return hits.length >= 1 ? hits[0] : null;
}

/** Does the text name a day/month order (a foreign document's own note, a DD/MM label)? */
export function saysDayMonth(text: string): boolean {
  return /\bdd ?[/.-] ?mm\b|day ?\/ ?month|day-month-year|day, month, year/i.test(text);
}

export interface Hit {
  raw: string;
  index: number;
  value: string;
}

function scan(re: RegExp, text: string, value: (m: RegExpExecArray) => string | null): Hit[] {
  const out: Hit[] = [];
  let m: RegExpExecArray | null;
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
  while ((m = g.exec(text))) {
    const v = value(m);
    if (v) out.push({ raw: m[0], index: m.index, value: v });
  }
  return out;
}

/** 900-41-7788 / 900 41 7788 (and the bare 9 digits when the caller knows the key says SSN). */
export const findSsn = (t: string, bare = false) =>
  scan(bare ? /(?<![\d-])(\d{3})[- ]?(\d{2})[- ]?(\d{4})(?![\d-])/ : /(?<![\d-])(\d{3})[- ](\d{2})[- ](\d{4})(?![\d-])/, t, (m) => m[1] + m[2] + m[3]);

/** 00-2719904 */
export const findEin = (t: string) => scan(/(?<![\d-])(\d{2})-(\d{7})(?![\d-])/, t, (m) => m[1] + m[2]);

/** A-numbers: A212345678, A212 345 678, 212-345-678, A-212-345-678 (8 or 9 digits). */
export const findANumber = (t: string, bare = false) =>
  scan(
    bare ? /(?<![\w-])A?[- ]?(\d{3})[- ]?(\d{3})[- ]?(\d{2,3})(?![\d-])/i : /(?<![\w-])A[- ]?(\d{3})[- ]?(\d{3})[- ]?(\d{2,3})(?![\d-])|(?<![\w-])(\d{3})-(\d{3})-(\d{3})(?![\d-])/i,
    t,
    (m) => {
      const d = m[1] !== undefined ? m[1] + m[2] + m[3] : m[4] + m[5] + m[6];
      return d.padStart(9, '0');
    },
  );

/**
 * Phone numbers: US ones, 10 digits ((608) 555-0193, 201-555-0163, 775.555.0144), as digits; and
 * numbers written the way most other countries write them, in groups — with a country code
 * ("+84 90 555 0142": 8 to 15 digits, the "+" dropped) or a leading trunk 0 ("07700 900317",
 * "079 555 01 42": 10 or 11 digits). Only grouped numbers: a solid run of digits is more often an
 * ID than a phone, and a date or a sort code has too few digits.
 */
export const findPhone = (t: string): Hit[] => {
  const us = scan(/(?<![\d-])(?:\+?1[ .-]?)?\(?(\d{3})\)?[ .-]?(\d{3})[ .-](\d{4})(?![\d-])/, t, (m) => m[1] + m[2] + m[3]);
  const abroad = scan(/(?<![\d+-])(?:\+(?!1\b)\d{1,3}|0\d{1,4})(?:[ .-]\d{2,6}){1,4}(?![\d-])/, t, (m) => {
    const digits = m[0].replace(/\D/g, '');
    const ok = m[0].startsWith('+') ? digits.length >= 8 && digits.length <= 15 : digits.length === 10 || digits.length === 11;
    return ok ? digits : null;
  });
  return [...us, ...abroad.filter((a) => !us.some((u) => a.index < u.index + u.raw.length && u.index < a.index + a.raw.length))].sort((a, b) => a.index - b.index);
};

export const findEmail = (t: string) => scan(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/, t, (m) => m[0].toLowerCase());

export const findAmount = (t: string) =>
  scan(/(?<![\w.])\$ ?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?(?![\d])/, t, (m) => `${m[1].replace(/,/g, '')}.${m[2] ?? '00'}`);

// --- Addresses -------------------------------------------------------------------------------

export const STATES: Record<string, string> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT', delaware: 'DE',
  'district of columbia': 'DC', florida: 'FL', georgia: 'GA', hawaii: 'HI', idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA',
  kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME', maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN',
  mississippi: 'MS', missouri: 'MO', montana: 'MT', nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH', 'new jersey': 'NJ',
  'new mexico': 'NM', 'new york': 'NY', 'north carolina': 'NC', 'north dakota': 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR',
  pennsylvania: 'PA', 'rhode island': 'RI', 'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT',
  vermont: 'VT', virginia: 'VA', washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY', 'puerto rico': 'PR',
};
const STATE_CODES = new Set(Object.values(STATES));

export interface Address {
  raw: string;
  /** "1420 Lakeview Ave" or "PO Box 5521" */
  street: string;
  unitType?: 'APT' | 'STE' | 'FLR';
  /** The unit word as written ("Apt", "Unit", "#"). */
  unitWord?: string;
  unit?: string;
  city?: string;
  state?: string;
  zip?: string;
  zip4?: string;
  poBox: boolean;
  /** A British or Australian address (a postcode, no US state): written as the country writes it. */
  abroad?: boolean;
}

const SUFFIX =
  '(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Ct|Court|Pl|Place|Row|Pkwy|Parkway|Hwy|Highway|Ter|Terrace|Cir|Circle|Sq|Square|Trl|Trail|Loop|Grove|Close|Crescent|Gardens|Mews|Walk|Rise|Wharf|Parade)';
const STREET = `((?:\\d{1,3}-\\d{1,4}|\\d{1,6})[A-Z]?\\s+(?:[NSEW]\\.?\\s+)?(?:[A-Za-z0-9'.]+\\s+){0,4}?${SUFFIX}\\.?(?!\\s+${SUFFIX}\\b)(?:\\s+(?:[NSEW]{1,2}|North|South|East|West)\\b)?|P\\.?\\s?O\\.?\\s+Box\\s+\\d+)`;
const UNIT = `(?:,?\\s*(Apt|Apartment|Unit|Suite|Ste|#|Fl|Floor)\\.?\\s*#?\\s*([A-Za-z0-9-]{1,6}))?`;
const CITY_ST_ZIP = `(?:,?\\s+([A-Za-z][A-Za-z .']{1,30}?),?\\s+([A-Z]{2})\\.?,?\\s+(\\d{5})(?:-(\\d{4}))?)`;
// British and Australian endings: "…, Cardiff, CF11 9NT" (a town and a postcode), "…, Alfredton VIC 3350".
const UK_POSTCODE = '[A-Z]{1,2}\\d[A-Z\\d]?\\s?\\d[A-Z]{2}';
const AU_STATE = '(?:VIC|NSW|QLD|TAS|ACT|NT|SA|WA)';
const TOWN_POSTCODE = `(?:,?\\s+([A-Za-z][A-Za-z .'-]{1,30}?),?\\s+(${UK_POSTCODE}|${AU_STATE}\\s+\\d{4}))`;
// A flat or unit written before the street ("Flat 2, 19 Conway Road").
const UNIT_FIRST = `(?:(Flat|Unit|Apartment)\\s+([A-Za-z0-9]{1,5}),?\\s+)?`;
const ADDRESS_RE = new RegExp(`\\b${UNIT_FIRST}${STREET}${UNIT}(?:${CITY_ST_ZIP}|${TOWN_POSTCODE})?(?![\\w])`, 'gi');
const CSZ_LINE = new RegExp(`^\\s*([A-Za-z][A-Za-z .']{1,30}?),?\\s+([A-Za-z]{2})\\.?,?\\s+(\\d{5})(?:-(\\d{4}))?\\s*$`);

function unitType(w: string | undefined): Address['unitType'] {
  if (!w) return undefined;
  const s = w.toLowerCase();
  if (s.startsWith('ap') || s === 'unit' || s === '#' || s === 'flat') return 'APT';
  if (s.startsWith('s')) return 'STE';
  return 'FLR';
}

const titleCase = (s: string) => (s === s.toUpperCase() ? s.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase()) : s);

/** Street addresses in one line; `next` (the following line) may hold "CITY ST ZIP". */
export function findAddresses(text: string, next?: string): Address[] {
  const out: Address[] = [];
  let m: RegExpExecArray | null;
  ADDRESS_RE.lastIndex = 0;
  while ((m = ADDRESS_RE.exec(text))) {
    const [, firstWord, firstUnit, streetText, unitWordText, unitText, cityText, stateText, zip, zip4, town, postcode] = m;
    const street = streetText.replace(/\s+/g, ' ').trim();
    const poBox = /^p\.?\s?o\.?\s+box/i.test(street);
    const a: Address = {
      raw: m[0].replace(/^[\s,]+/, ''),
      street: poBox ? street.replace(/^p\.?\s?o\.?\s+box/i, 'PO Box') : titleCase(street),
      poBox,
    };
    const word = unitText ? unitWordText : firstUnit ? firstWord : undefined;
    if (word) {
      a.unitType = unitType(word);
      a.unitWord = word === word.toUpperCase() && word.length > 1 ? word.charAt(0) + word.slice(1).toLowerCase() : word;
      a.unit = unitText ?? firstUnit;
    }
    if (cityText && STATE_CODES.has(stateText.toUpperCase())) {
      a.city = titleCase(cityText.trim());
      a.state = stateText.toUpperCase();
      a.zip = zip;
      a.zip4 = zip4;
    } else if (cityText) {
      continue; // "…, Xx 12345" where Xx is no state: not an address we can trust
    }
    // A postcode is written in capitals; the same letters in lower case are words, not a postcode.
    if (town && postcode === postcode.toUpperCase()) {
      const au = new RegExp(`^${AU_STATE}\\s+(\\d{4})$`).exec(postcode);
      a.city = titleCase(town.trim());
      if (au) [a.state, a.zip] = [postcode.slice(0, postcode.search(/\s/)), au[1]];
      else a.zip = postcode.replace(/^(\S+?)\s?(\d[A-Z]{2})$/, '$1 $2');
      a.abroad = true;
    }
    if (!a.city && next) {
      const c = CSZ_LINE.exec(next);
      if (c && STATE_CODES.has(c[2].toUpperCase()) && m.index + m[0].length >= text.trimEnd().length - 1) {
        a.city = titleCase(c[1].trim());
        a.state = c[2].toUpperCase();
        a.zip = c[3];
        a.zip4 = c[4];
        a.raw = `${a.raw} / ${next.trim()}`;
      }
    }
    out.push(a);
  }
  return out;
}

/** A US state as its two-letter code: "WI", "Wisconsin", "Ohio" → "OH". */
export function stateCode(s: string): string | null {
  const t = s.trim();
  if (/^[A-Za-z]{2}$/.test(t) && STATE_CODES.has(t.toUpperCase())) return t.toUpperCase();
  return STATES[t.toLowerCase()] ?? null;
}

// --- Names -----------------------------------------------------------------------------------

export interface PersonName {
  given: string;
  middle?: string;
  family: string;
}

const NAME_WORD = /^[A-Za-z\u00C0-\u024F][A-Za-z\u00C0-\u024F'’.-]*$/;
const NOT_NAME = new Set(['the', 'and', 'of', 'for', 'to', 'my', 'is', 'in', 'at', 'usa', 'none', 'yes', 'no', 'date', 'street', 'ave', 'apt', 'llc', 'inc', 'center', 'office', 'department',
  // A form's own words read as a value ("Employer identification number", "Print your"): no one's name.
  'your', 'here', 'print', 'number', 'identification', 'signature', 'title', 'address', 'form', 'page']);

export function looksLikeName(s: string): boolean {
  const words = s.trim().split(/\s+/);
  if (words.length < 1 || words.length > 5) return false;
  // A name starts with a capital ("title here" is a caption's tail).
  if (!/^\p{Lu}/u.test(words[0])) return false;
  return words.every((w) => NAME_WORD.test(w.replace(/,$/, '')) && !NOT_NAME.has(w.toLowerCase().replace(/[,.]$/, '')));
}

/**
 * Splits a person's name. "Family, Given Middle" and an all-caps first word followed by mixed case
 * ("KRISHNAMURTHY Anjali Devi", the way USCIS prints it) are family-first; otherwise given-first.
 * `familyFirst` forces the order (a key such as "Family Name, First Name, Middle Name").
 */
/** A generational suffix closing a name ("Jr.", "Sr", "III"): no part of the family name. */
const NAME_SUFFIX = /,?\s+(jr|sr|ii|iii|iv)\.?$/i;

export function splitName(s: string, familyFirst = false): PersonName | null {
  const t = s.replace(/\s+/g, ' ').trim().replace(NAME_SUFFIX, '');
  if (!t) return null;
  if (t.includes(',')) {
    const [fam, rest] = t.split(',', 2).map((x) => x.trim());
    const parts = (rest ?? '').split(' ').filter(Boolean);
    if (!fam || !parts.length) return null;
    return { family: fam, given: parts[0], middle: parts.slice(1).join(' ') || undefined };
  }
  const parts = t.split(' ');
  if (parts.length < 2) return null;
  const capsFirst = parts[0].length > 1 && parts[0] === parts[0].toUpperCase() && parts.slice(1).some((p) => p !== p.toUpperCase());
  if (familyFirst || capsFirst) return { family: parts[0], given: parts[1], middle: parts.slice(2).join(' ') || undefined };
  return { given: parts[0], family: parts[parts.length - 1], middle: parts.slice(1, -1).join(' ') || undefined };
}

/** "OKSANA" → "Oksana"; mixed case stays as written. */
export function nameCase(s: string): string {
  if (s !== s.toUpperCase()) return s;
  return s.toLowerCase().replace(/(^|[\s'’-])([a-z\u00E0-\u024F])/g, (_, p: string, c: string) => p + c.toUpperCase());
}

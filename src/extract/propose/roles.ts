// Parties of a transaction and of a record request, for fields the concept rules cannot answer
// alone. Two structures recur on unseen forms:
//  - A sale between two people, told by a message thread ("[date] Name: text"): who speaks each
//    message, which speaker sells (asks a price, posted the listing) and which buys (asks whether
//    it is available, makes offers), the price both of them last stated, and how it was paid. ID
//    cards in a scan (several cards in one image stay apart) give each party's full legal name,
//    licence number, issuing state and address, tied to a speaker by the name.
//  - A request for a record about someone else: the writer states how they are related to the
//    record's subject ("I'm applying as his mother"), so the applicant's name is that relative's
//    name, "relationship" is that word, the record's subject is the person a certificate names,
//    "maiden name" is the name before marriage and the count of copies is stated as "2 copies".
// Every answer here is medium at most: it rests on an inference, never on a key naming the value.
import type { ReadDocument, TextLine } from '../types.ts';
import type { Fact } from './facts.ts';
import type { FieldSpec } from './fields.ts';
import { compact, fold, humaniseName } from './normalise.ts';
import { readSpec, roleIn } from './labels.ts';
import type { PrintedLabel } from './page-labels.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import { quoteCheck } from './quote.ts';
import { findAddresses, nameCase, stateCode, type Address } from './recognizers.ts';
import type { FieldProposal, ProposeField } from './types.ts';

interface Source {
  doc: ReadDocument;
  line: TextLine;
  quote: string;
}

interface Answer {
  value: string;
  sources: Source[];
  note: string;
}

// --- message threads ----------------------------------------------------------------------------

interface Message {
  speaker: string;
  text: string;
  source: Source;
}

const MESSAGE = /^\s*(?:\[[^\]]{3,40}\]\s*|\d{1,2}[/:.]\d{2}[^A-Za-z]{0,20}\s+)?([A-Z][A-Za-z'’.-]{1,20}(?: [A-Z][A-Za-z'’.-]{1,20})?):\s+(.+)$/;

/** Messages of a thread: a text document where most lines are "Speaker: text" with two or more speakers. */
export function threadMessages(doc: ReadDocument): Message[] {
  if (doc.kind !== 'text') return [];
  const out: Message[] = [];
  for (const line of doc.lines) {
    const m = MESSAGE.exec(line.text);
    // A speaker is a person's name, not a key ("Name:", "Phone:", "Address:").
    if (m && !/^(from|to|cc|subject|date|sent|re|note|notes)$/i.test(m[1]) && !readSpec(m[1]).concept && !roleIn(m[1])) out.push({ speaker: m[1], text: m[2], source: { doc, line, quote: m[2] } });
  }
  const speakers = new Set(out.map((m) => m.speaker));
  return out.length >= 3 && speakers.size === 2 ? out : [];
}

const SELLER_SAYS = /\b(asking|i'?m selling|selling (it|them|for)|it'?s yours|it is yours|i'?ll (print|write|bring)|i will (print|write|bring) (a|the) (bill of sale|title|receipt)|serial (number )?is|still have it)\b/i;
const BUYER_SAYS = /\b(still available|would you take|will you take|i'?ll take it|interested in|i'?ll bring (the )?(cash|money|payment)|can i (buy|see))\b/i;

// --- ID cards -----------------------------------------------------------------------------------

export interface IdCard {
  name?: string;
  given?: string;
  family?: string;
  /** The short name printed on the card ("Greg A Fenwick"). */
  shortName?: string;
  number?: string;
  state?: string;
  address?: Address;
  sources: Source[];
}

const CARD_HEAD = /\b(driver'?s?|drivers) licen[cs]e\b|\bidentification card\b|\bid card\b/i;

/** ID cards in an OCR'd image, each card's lines kept together (one scan may hold two cards). */
export function idCards(doc: ReadDocument): IdCard[] {
  if (doc.kind !== 'image' && doc.kind !== 'scanned_pdf') return [];
  const lines = doc.lines;
  const starts: number[] = [];
  lines.forEach((l, i) => {
    if (!CARD_HEAD.test(l.text)) return;
    // The issuing state, or the short name, may be printed just over the card's title.
    let s = i;
    while (s > 0 && i - s < 2 && (starts.length === 0 || s - 1 > starts[starts.length - 1]) && !/\d/.test(lines[s - 1].text) && lines[s - 1].text.split(/\s+/).length <= 4) s--;
    starts.push(s);
  });
  const cards: IdCard[] = [];
  starts.forEach((s, k) => {
    const part = lines.slice(s, starts[k + 1] ?? lines.length);
    const card: IdCard = { sources: [] };
    for (let i = 0; i < part.length; i++) {
      const t = part[i].text.trim();
      const head = CARD_HEAD.exec(t);
      const st = stateCode(t.replace(CARD_HEAD, '').trim());
      if (!card.state && st && t.replace(CARD_HEAD, '').trim().length > 2) card.state = st;
      if (head) continue;
      if (!card.number && /^[A-Z]{0,2}\d[\d-]{5,16}\d$/.test(t) && t.replace(/\D/g, '').length >= 7 && !/^\d{1,2}[/-]\d{1,2}[/-]\d{2,4}$/.test(t)) {
        card.number = t;
        card.sources.push({ doc, line: part[i], quote: t });
        continue;
      }
      // US licences print the family name on one line and the given names on the next, in capitals.
      const next = part[i + 1]?.text.trim() ?? '';
      if (!card.family && /^[A-Z][A-Z'-]{1,24}$/.test(t) && /^[A-Z][A-Z'-]+( [A-Z][A-Z'-]+){0,2}$/.test(next) && !stateCode(t) && !stateCode(next) && !CARD_HEAD.test(next)) {
        card.family = nameCase(t);
        card.given = nameCase(next);
        card.name = `${card.given} ${card.family}`;
        card.sources.push({ doc, line: part[i], quote: t }, { doc, line: part[i + 1], quote: next });
        i++;
        continue;
      }
      if (!card.shortName && /^[A-Z][a-z]+( [A-Z]\.?)? [A-Z][a-z'-]+$/.test(t)) card.shortName = t;
      if (!card.address) {
        const a = findAddresses(t, part[i + 1]?.text)[0];
        if (a && a.city && a.zip) card.address = a;
      }
    }
    if (card.name || card.number) cards.push(card);
  });
  return cards;
}

/** The card of the person a speaker's first name or a listing handle ("gfenwick") names. */
function cardFor(who: string, cards: IdCard[]): IdCard | undefined {
  const w = compact(who).replace(/\s+/g, '');
  if (w.length < 3) return undefined;
  const hits = cards.filter((c) => {
    const given = compact(c.given?.split(' ')[0] ?? c.shortName?.split(' ')[0] ?? '');
    const family = compact(c.family ?? c.shortName?.split(' ').pop() ?? '');
    if (!given && !family) return false;
    if (given && (given === w || (w.length >= 3 && given.startsWith(w)) || compact(c.shortName?.split(' ')[0] ?? '') === w)) return true;
    // A handle: the family name with the given name or its initial ("gfenwick", "greg.fenwick").
    return !!family && family.length >= 3 && w.includes(family) && !!given && w.startsWith(given[0]);
  });
  return hits.length === 1 ? hits[0] : undefined;
}

// --- the parties of a sale ----------------------------------------------------------------------

interface Party {
  speaker: string;
  card?: IdCard;
  address?: { address: Address; source: Source };
}

export interface Sale {
  seller: Party;
  buyer: Party;
  price?: { value: string; sources: Source[] };
  /** The item sold, as the seller describes it and another document repeats it. */
  item?: { make?: string; caliber?: string; sources: Source[] };
  paidCash?: Source;
  paidAtSale?: Source;
}

const AMOUNT = /(?<![\w/.-])\$?(\d{2,3}(?:,\d{3})*|\d{2,7})(?:\.(\d{2}))?(?![\w/%-]|\.\d)/g;
const PRICE_TALK = /\b(cash|price|asking|take|offer|pay|paid|deal|obo|firm|for|it'?s yours|it is yours|works|how about|meet in the middle)\b/i;

/** Amounts a message states as a price (not times, dates, counts of things). */
function amountsIn(text: string): string[] {
  if (!/\$/.test(text) && !PRICE_TALK.test(text)) return [];
  const out: string[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const after = text.slice(m.index! + m[0].length, m.index! + m[0].length + 12);
    if (/^\s*(am|pm|round|rounds|mags?|magazines?|miles|mi|in|lb|oz|gauge|ga|mm)\b|^(st|nd|rd|th)\b|^:/i.test(after)) continue;
    if (!m[0].startsWith('$') && !PRICE_TALK.test(text)) continue;
    out.push(m[1].replace(/,/g, '') + (m[2] ? `.${m[2]}` : ''));
  }
  return out;
}

export function findSale(docs: ReadDocument[]): Sale | null {
  const cards = docs.flatMap(idCards);
  for (const doc of docs) {
    const msgs = threadMessages(doc);
    if (!msgs.length) continue;
    const [a, b] = [...new Set(msgs.map((m) => m.speaker))];
    const score = (who: string, re: RegExp) => msgs.filter((m) => m.speaker === who && re.test(m.text)).length;
    let sellA = score(a, SELLER_SAYS) - score(a, BUYER_SAYS);
    let sellB = score(b, SELLER_SAYS) - score(b, BUYER_SAYS);
    // A listing's poster is the seller: its handle names one of the two speakers' cards.
    for (const d of docs) {
      for (const p of d.pairs) {
        if (!/^(posted by|seller|listed by|sold by)$/i.test(p.key.trim())) continue;
        const handle = p.value.trim().split(/[\s(,]/)[0];
        const card = cardFor(handle, cards);
        if (!card) continue;
        if (cardFor(a, cards) === card) sellA += 2;
        if (cardFor(b, cards) === card) sellB += 2;
      }
    }
    if (sellA === sellB || (sellA > 0 && sellB > 0)) continue;
    const [s, bu] = sellA > sellB ? [a, b] : [b, a];
    const party = (who: string): Party => {
      const p: Party = { speaker: who, card: cardFor(who, cards) };
      // The address a speaker gives as their own ("My address is …", "Mine's …").
      for (const m of msgs) {
        if (m.speaker !== who || !/\b(my|mine'?s?|i live)\b/i.test(m.text)) continue;
        const found = findAddresses(m.text)[0];
        if (found && found.city && found.zip) p.address = { address: found, source: m.source };
      }
      return p;
    };
    const sale: Sale = { seller: party(s), buyer: party(bu) };
    // The price: the last amount both speakers stated (an offer met, "Deal. $375").
    const said = new Map<string, { who: Set<string>; last: number; sources: Source[] }>();
    msgs.forEach((m, i) => {
      for (const v of amountsIn(m.text)) {
        const k = String(Number(v));
        const e = said.get(k) ?? { who: new Set<string>(), last: -1, sources: [] };
        e.who.add(m.speaker);
        e.last = i;
        e.sources.push({ ...m.source, quote: v });
        said.set(k, e);
      }
    });
    const agreed = [...said.entries()].filter(([, e]) => e.who.size === 2).sort((x, y) => y[1].last - x[1].last)[0];
    if (agreed) sale.price = { value: Number(agreed[0]).toFixed(2), sources: agreed[1].sources };
    sale.item = saleItem(msgs.filter((m) => m.speaker === s), docs.filter((d) => d !== doc), msgs);
    for (const m of msgs) {
      const t = fold(m.text);
      if (/\bpaid\b/.test(t) && /\bcash\b/.test(t) && !/\b(not|never|didn'?t|haven'?t)\b/.test(t)) sale.paidCash = m.source;
      if (/\bpaid in full\b/.test(t) && /\b(today|now|at (the )?sale|on the spot)\b/.test(t)) sale.paidAtSale = m.source;
    }
    return sale;
  }
  return null;
}

const NOT_MAKE = new Set(['yes', 'selling', 'the', 'my', 'it', 'its', 'this', 'for', 'sale', 'new', 'used', 'like', 'i', 'a', 'an', 'still', 'have', 'got', 'sold', 'ok', 'sure']);
const CALIBER = /(?<![\w.])(\d{1,2}(?:\.\d{1,2})?\s?mm(?: luger| parabellum| makarov)?|\.\d{2,3}(?:\s?(?:lr|acp|s&w|special|spl|magnum|mag|win|wmr|auto|rem))?|\d{1,2}\s?(?:ga|gauge))(?![\w])/i;

/**
 * "Smith & Wesson M&P9 Shield, 9mm": the make is the capitalised words before the first model
 * token (a word with a digit), the caliber a caliber-shaped part of the same description. Only
 * a description the seller gives and another document (or another message) repeats is used: a
 * listing page names other sellers' items too.
 */
function saleItem(sellerMsgs: Message[], others: ReadDocument[], all: Message[]): Sale['item'] {
  const DESC = /((?:[A-Z][A-Za-z'-]*|&)(?:\s+(?:[A-Z][A-Za-z'-]*|&)){0,3})\s+([A-Z][\w&/-]*\d[\w&/-]*)/;
  for (const m of sellerMsgs) {
    for (const sentence of m.text.split(/[.!?](?:\s+|$)/)) {
      const d = DESC.exec(sentence);
      if (!d) continue;
      const ws = d[1].split(/\s+/);
      let k = ws.length;
      while (k > 0 && !NOT_MAKE.has(ws[k - 1].toLowerCase())) k--;
      const make = ws.slice(k).join(' ').replace(/^&\s*|\s*&$/g, '');
      if (!make || !/[a-z]/i.test(make)) continue;
      const phrase = fold(`${make} ${d[2]}`);
      const again = [
        ...others.flatMap((doc) => doc.lines.map((line) => ({ doc, line, quote: line.text }))),
        ...all.filter((x) => x !== m).map((x) => x.source),
      ].filter((src) => fold(src.line.text).includes(phrase));
      if (!again.length) continue;
      const rest = sentence.slice(d.index + d[0].length);
      const cal = CALIBER.exec(rest)?.[1];
      const calSeen = cal && again.some((src) => fold(src.line.text).includes(fold(cal)));
      return { make, caliber: calSeen ? cal : undefined, sources: [{ ...m.source, quote: sentence.trim() }, ...again.slice(0, 2)] };
    }
  }
  return undefined;
}

// --- a record requested by a relative -----------------------------------------------------------

const RELATION = /\b(?:i'?m|i am)\s+(?:(?:applying|ordering|requesting|filing|signing|asking)\s+)?(?:as\s+)?(?:his|her|their|the (?:child'?s|registrant'?s))\s+(mother|father|parent|legal guardian|guardian|grandmother|grandfather|spouse|husband|wife|son|daughter|brother|sister)\b/i;

interface Request {
  relation?: { word: string; source: Source };
  subject?: { name: string; source: Source };
  copies?: { count: string; source: Source };
  recordWords: string;
}

const COUNT_WORDS: Record<string, string> = { one: '1', two: '2', three: '3', four: '4', five: '5', six: '6' };

export function findRequest(docs: ReadDocument[]): Request {
  const r: Request = { recordWords: '' };
  const counts = new Map<string, Source>();
  for (const doc of docs) {
    const text = doc.lines.map((l) => l.text).join('\n');
    r.recordWords += ' ' + fold(text).replace(/\s+/g, ' ');
    doc.lines.forEach((line, i) => {
      const rel = RELATION.exec(line.text);
      if (rel && (!r.relation || r.relation.word === rel[1].toLowerCase())) r.relation = { word: rel[1].toLowerCase(), source: { doc, line, quote: rel[0] } };
      else if (rel && r.relation) r.relation = { word: '', source: r.relation.source }; // two different relations: none
      for (const m of line.text.matchAll(/\b(\d{1,2}|one|two|three|four|five|six)\s+(?:certified\s+|official\s+)?cop(?:y|ies)\b/gi)) {
        if (/\b(not|no longer|don'?t)\b/i.test(line.text.slice(0, m.index))) continue;
        const n = COUNT_WORDS[m[1].toLowerCase()] ?? String(Number(m[1]));
        counts.set(n, { doc, line, quote: m[0] });
      }
      // A certificate names its subject on a line of its own after "certifies that".
      const prev = doc.lines[i - 1];
      if (prev && prev.page === line.page && /\bcertif(y|ies) that\s*:?$/i.test(prev.text.trim()) && /^[A-Z][a-z'-]+( [A-Z][a-z'.-]+){1,3}$/.test(line.text.trim())) {
        if (!r.subject) r.subject = { name: line.text.trim(), source: { doc, line, quote: line.text.trim() } };
      }
    });
  }
  if (counts.size === 1) {
    const [count, source] = [...counts.entries()][0];
    r.copies = { count, source };
  }
  if (r.relation && !r.relation.word) r.relation = undefined;
  return r;
}

/** The relative's name from a document row keyed by the relation ("Mother   Sarah … (maiden name K…)"). */
function relativeName(word: string, facts: Fact[]): { name: string; maiden?: string; source: Source } | null {
  const role = word === 'mother' || word === 'father' ? word : null;
  if (!role) return null;
  const hits = facts.filter((f) => f.concept === 'name' && f.role === role && f.namePart === 'full' && f.name);
  const names = new Set(hits.map((f) => compact(f.text ?? '')));
  if (names.size !== 1) return null;
  const f = hits[0];
  const line = f.doc.lines.find((l) => l.page === f.page && l.location === f.location);
  if (!line) return null;
  const maiden = /\((?:maiden name|n[ée]e|born)\s+([A-Z][A-Za-z'-]+)\)/.exec(line.text)?.[1];
  return { name: f.text!, maiden, source: { doc: f.doc, line, quote: f.raw } };
}

// --- fields -------------------------------------------------------------------------------------

function words(f: ProposeField, spec: FieldSpec, printed?: PrintedLabel): string {
  return fold(`${f.label} ${f.tooltip ?? ''} ${humaniseName(f.name)} ${spec.text} ${printed?.left ?? ''}`).replace(/[’]/g, "'");
}

function proposal(field: ProposeField, a: Answer, documents: ReadDocument[]): FieldProposal {
  const evidence = a.sources.slice(0, 4).map((s) => {
    const ev = evidenceAt(s.doc, s.line.page, s.line.location, s.quote, 'inline');
    if (quoteCheck(a.value, field, ev, documents)) ev.method = 'quote_check';
    return ev;
  });
  return inferredProposal(field, a.value, evidence, a.note);
}

function addressValue(a: Address, spec: FieldSpec): string | null {
  switch (spec.addressPart) {
    case 'line':
      return a.city && a.state && a.zip ? `${a.street}${a.unit ? ` ${a.unit}` : ''}, ${a.city}, ${a.state} ${a.zip}` : null;
    case 'street':
      return a.street;
    case 'city':
      return a.city ?? null;
    case 'state':
      return a.state ?? null;
    case 'zip':
      return a.zip ?? null;
    case 'city_state_zip':
      return a.city && a.state && a.zip ? `${a.city}, ${a.state} ${a.zip}` : null;
    case 'city_state':
      return a.city && a.state ? `${a.city}, ${a.state}` : null;
  }
  return null;
}

/**
 * Answers for fields about the parties of a sale or a record request, by field index. Only
 * fields the ordinary rules left empty are asked; `specs` already carry roles and death sections.
 */
export function roleAnswers(fields: ProposeField[], specs: FieldSpec[], printed: PrintedLabel[], documents: ReadDocument[], facts: Fact[], open: (i: number) => boolean): Map<number, FieldProposal> {
  const out = new Map<number, FieldProposal>();
  const sale = findSale(documents);
  const req = findRequest(documents);
  const put = (i: number, a: Answer | null) => {
    if (a && a.value && open(i)) out.set(i, proposal(fields[i], a, documents));
  };
  const isBox = (f: ProposeField) => f.type === 'checkbox';
  const asksCaliber = fields.some((f) => /^(caliber|calibre|gauge|caliber ?\/ ?gauge):?$/.test(fold(f.label).trim()));

  // Record-type boxes ("BIRTH", "DEATH", "MARRIAGE"): the one whose caption the documents request
  // as "<caption> certificate/record"; the alternatives stay off.
  let ticked: number | null = null;
  {
    // A sentence that asks for "<caption> certificate" (or record): ordering, requesting, copies.
    const sentences = req.recordWords.split(/[.!?;]\s+|\s-\s/).filter((x) => /\b(order|ordering|request|requesting|copies|copy of|apply for|applying for)\b/.test(x));
    const boxes = fields.map((f, i) => ({ f, i })).filter(({ f, i }) => isBox(f) && specs[i].role !== 'other' && specs[i].optionText && specs[i].optionText!.split(/\s+/).length <= 3);
    const asked = (i: number) => {
      const cap = fold(specs[i].optionText!).replace(/[^a-z ]/g, ' ').replace(/\s+/g, ' ').trim();
      if (cap.length < 4) return null;
      const re = new RegExp(`\\b${cap} (certificate|record)s?\\b`);
      return sentences.find((x) => re.test(x)) ?? null;
    };
    const hits = boxes.filter(({ i }) => asked(i) !== null);
    if (hits.length === 1) {
      ticked = hits[0].i;
      const cap = fold(specs[ticked].optionText!);
      const src = documents.flatMap((d) => d.lines.map((line) => ({ doc: d, line, quote: line.text }))).find((x) => fold(x.line.text).includes(`${cap} certificate`) || fold(x.line.text).includes(`${cap} record`));
      if (src) put(ticked, { value: 'true', sources: [src], note: `The documents ask for a ${cap} certificate.` });
    }
  }

  /** One block per record type: of several like fields, the one in the requested record's block (nearest its box). */
  function nearestBlock(candidates: number[]): number | null {
    if (candidates.length === 1) return candidates[0];
    if (ticked === null) return null;
    const t = fields[ticked];
    const same = candidates.filter((i) => fields[i].page === t.page).sort((x, y) => Math.abs(fields[x].rect.y - t.rect.y) - Math.abs(fields[y].rect.y - t.rect.y));
    return same[0] ?? null;
  }
  const copyFields = fields.map((_, i) => i).filter((i) => !isBox(fields[i]) && specs[i].role !== 'other' && /\b(number of copies|no\.? of copies|how many copies|copies requested)\b/.test(words(fields[i], specs[i], printed[i])));
  if (req.copies && copyFields.length) {
    // Several record sections each with their own count: the count goes to the requested record's row.
    const near = nearestBlock(copyFields);
    if (near !== null) put(near, { value: req.copies.count, sources: [req.copies.source], note: 'The number of copies the writer asks for.' });
  }
  const subjectFields = fields.map((_, i) => i).filter((i) => fields[i].type === 'text' && specs[i].role !== 'other' && /\bname on (the )?(certificate|record)\b|\bregistrant'?s? name\b|\bname of (the )?registrant\b/.test(words(fields[i], specs[i], printed[i])));
  const subjectAt = req.subject ? nearestBlock(subjectFields) : null;
  if (req.subject && subjectAt !== null) put(subjectAt, { value: req.subject.name, sources: [req.subject.source], note: 'The person the certificate names.' });

  const relative = req.relation ? relativeName(req.relation.word, facts) : null;
  fields.forEach((f, i) => {
    const spec = specs[i];
    if (spec.role === 'other') return;
    const w = words(f, spec, printed[i]);
    // "State" right after a licence number is the state that issued it (index.ts leaves such a
    // lone "State" alone as an address part).
    const party0 = sale && (spec.role === 'seller' ? sale.seller : spec.role === 'buyer' ? sale.buyer : null);
    if (party0 && spec.weakAddress && /^([a-z]+'?s? )?state$/.test(fold(f.label).replace(/’/g, "'").trim()) && i > 0 && /\blicen[cs]e|\bid\b/.test(fold(fields[i - 1].label)) && specs[i - 1].role === spec.role) {
      if (party0.card?.state) put(i, { value: party0.card.state, sources: party0.card.sources, note: 'The state that issued the ID card.' });
      return;
    }
    if (spec.skip) return;
    if (isBox(f)) {
      if (!sale) return;
      // Payment boxes answered by statements: "paid in full today, cash".
      if (sale.paidCash && /\bcash\b/.test(w) && !/\b(trade|gift|check|cheque|financ)/.test(w)) put(i, { value: 'true', sources: [sale.paidCash], note: 'Paid in cash.' });
      else if (sale.paidAtSale && /\bdate of (this|the) (bill of sale|sale|agreement)\b|\bat the time of (sale|signing)\b/.test(w)) put(i, { value: 'true', sources: [sale.paidAtSale], note: 'Paid in full on the day of the sale.' });
      return;
    }
    if (f.type !== 'text') return;
    // A record request.
    if (subjectFields.includes(i)) return;
    if (req.relation && /\b(legal relationship|your relationship|relationship to (the )?(person|registrant|subject|child|individual))\b/.test(w)) {
      const word = req.relation.word;
      put(i, { value: word[0].toUpperCase() + word.slice(1), sources: [req.relation.source], note: 'The relationship the writer states.' });
      return;
    }
    const declarant = /^i$/.test(fold(f.label).trim()) && /^\s*,?\s*(subject\b|do\b|hereby|certify|declare|affirm|swear)/i.test(printed[i]?.right ?? '');
    if (relative && (declarant || /\bapplicant'?s? (full )?name\b|\bname of (the )?applicant\b/.test(w))) {
      put(i, { value: relative.name, sources: [relative.source, req.relation!.source], note: `The applicant is the record subject's ${req.relation!.word}.` });
      return;
    }
    if (/\bmaiden name\b/.test(w) && /\bmother\b/.test(w) && !/\bsurname|last name|family name\b/.test(w)) {
      const mother = relativeName('mother', facts);
      if (mother?.maiden) {
        const given = mother.name.split(/\s+/).slice(0, -1).join(' ');
        if (given) put(i, { value: `${given} ${mother.maiden}`, sources: [mother.source], note: 'The mother’s name before marriage.' });
      }
      return;
    }
    if (!sale) return;
    const PRICE = /\b(amount of|price|sum of|consideration)\b\s*(\(?\$\)?)?\s*:?\s*$|\$\s*$/;
    // The label itself, or for a label that says nothing ("to"), the words printed left of the box.
    const asksPrice = PRICE.test(fold(f.label)) || (fold(f.label).split(/\s+/).length <= 2 && PRICE.test(fold(printed[i]?.left ?? '')));
    if (sale.price && !spec.concept && asksPrice) {
      put(i, { value: sale.price.value, sources: sale.price.sources, note: 'The last price both parties stated.' });
      return;
    }
    const item = sale.item;
    // Firearm models carry a number (P365, M&P9, 10/22) after a make of one to three words; a
    // vehicle's or bike's model often does not ("Trek Domane AL2"), so a make is only read on a
    // form that also asks for the caliber.
    if (item?.make && asksCaliber && /^(firearm |item )?make:?$/.test(fold(f.label).trim())) {
      put(i, { value: item.make, sources: item.sources, note: 'The make of the item the seller describes.' });
      return;
    }
    if (item?.caliber && /^(caliber|calibre|gauge|caliber ?\/ ?gauge):?$/.test(fold(f.label).trim())) {
      put(i, { value: item.caliber, sources: item.sources, note: 'The caliber of the item the seller describes.' });
      return;
    }
    const party = spec.role === 'seller' ? sale.seller : spec.role === 'buyer' ? sale.buyer : null;
    if (party) {
      const card = party.card;
      if (spec.concept === 'name' && spec.namePart === 'full' && card?.name) put(i, { value: card.name, sources: card.sources, note: `The ${spec.role}'s name from their ID card.` });
      else if (/\b(driver'?s? licen[cs]e|licen[cs]e|id|identification) (number|no|#)\b/.test(w) && card?.number) put(i, { value: card.number, sources: card.sources, note: `The ${spec.role}'s ID card number.` });
      else if (spec.concept === 'address' && !spec.weakAddress) {
        const own = party.address;
        const a = own?.address ?? card?.address;
        const v = a ? addressValue(a, spec) : null;
        if (v) put(i, { value: v, sources: own ? [own.source] : card!.sources, note: `The ${spec.role}'s address.` });
      }
      return;
    }
    // The price both parties agreed on, into an amount field of the purchase.
  });
  return out;
}

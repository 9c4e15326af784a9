// Forms about two parties (payer and recipient, employer and employee, landlord and tenant): each
// party's block of fields is answered by the documents that speak for that party, never by the
// subject-of-the-documents rules the single-person proposer uses.
//
// Who is who:
//  - a block of lines under a heading naming the party ("Payer block:", "Employer:") is that party's
//    name, address and phone, and a TIN stated right with it is theirs;
//  - a filled copy of the SAME form (its AcroForm field names are the form's own) tells who its
//    parties were; a party of that copy whom the other documents do not replace carries over;
//  - the entity the documents are about (a value of a ledger's name column that the letters and
//    notes mention most) is the form's other party: it replaces the copy's party that sits in the
//    same ledger column, or takes the one party role no heading block has claimed.
// Its values come from its ledger rows (TIN, address columns, a total whose column header says
// what the field asks), from its own documents (a statement that names it and gives its address),
// and from a sentence that names it with the field's words and an amount. Instructions about a box
// ("for the account number box use X", "leave that box empty") are obeyed. Every value here is at
// most medium: these are inferences across documents, for a person to confirm.
import type { ReadDocument } from '../types.ts';
import type { FieldSpec } from './fields.ts';
import type { PrintedLabel } from './page-labels.ts';
import { roleIn, slotIn, type Role } from './labels.ts';
import { contentWords, keyMatch } from './match-keys.ts';
import { canonical, compact, fold, humaniseName, uninformative } from './normalise.ts';
import { findAddresses, findDates, findEin, findPhone, findSsn, looksLikeName, type Address } from './recognizers.ts';
import { evidenceAt, inferredProposal, missingProposal } from './proposals.ts';
import type { Evidence, FieldProposal, ProposeField } from './types.ts';

type Kind = 'block' | 'tin' | 'name' | 'street' | 'csz' | 'city' | 'state' | 'zip' | 'amount' | 'other';

interface PartyField {
  role: Role;
  kind: Kind;
  text: string;
}

interface Found {
  value: string;
  evidence: Evidence[];
}

/** Roles that are parties of a two-sided form (not relatives, preparers or officials). */
const PARTY_ROLES = new Set<Role>(['payer', 'recipient', 'employer', 'buyer', 'seller']);

/** The text a field is read from: its own tooltip or label when they say something, else the printed caption above it. */
function fieldText(f: ProposeField, spec: FieldSpec, printed?: PrintedLabel): string {
  if (!uninformative(f.tooltip)) return f.tooltip!;
  if (!uninformative(f.label) && !uninformative(humaniseName(f.name))) return f.label;
  return printed?.above || printed?.inside || spec.text || '';
}

export function classify(f: ProposeField, spec: FieldSpec, printed?: PrintedLabel): PartyField {
  const text = fieldText(f, spec, printed);
  const t = fold(text);
  const own = roleIn(text);
  const role: Role = own && own !== 'alias' ? own : spec.role;
  let kind: Kind = 'other';
  if (f.type !== 'text') kind = 'other';
  else if (/\bname\b/.test(t) && /\b(street|address)\b/.test(t) && /\b(city|zip)\b/.test(t)) kind = 'block';
  else if (/\b(tin|taxpayer identification|employer identification|ein|ssn|social security)\b/.test(t) && !/\bstate\b/.test(t)) kind = 'tin';
  else if ((spec.concept === 'name' && spec.namePart === 'full') || spec.concept === 'org_name') kind = 'name';
  else if (/\bcity\b|\btown\b/.test(t) && /\bzip\b/.test(t)) kind = 'csz';
  else if (spec.concept === 'address' && spec.addressPart === 'street') kind = 'street';
  // ("State/Payer's state no." is an account number, not where the payer is.)
  else if (spec.concept === 'address' && (spec.addressPart === 'city' || spec.addressPart === 'state' || spec.addressPart === 'zip') && !/\b(no|number|id|tax|withheld|income)\b/.test(t)) kind = spec.addressPart;
  else if (/\$\s*$/.test(printed?.left ?? '') || /\b(compensation|wages|amount|income|rent|paid)\b/.test(t)) kind = 'amount';
  return { role, kind, text };
}

// --- documents --------------------------------------------------------------------------------

const isTable = (d: ReadDocument) => d.kind === 'csv' || d.kind === 'xlsx';

/** A document holding a filled copy of this very form: most of its AcroForm values sit in fields of the form's names. */
function filledCopy(fields: ProposeField[], docs: ReadDocument[]): { doc: ReadDocument; values: Map<string, string> } | null {
  const names = new Set(fields.map((f) => f.name));
  for (const doc of docs) {
    const values = new Map<string, string>();
    for (const p of doc.pairs) {
      const name = p.method === 'acroform' ? /^field (.*)$/.exec(p.location)?.[1] : undefined;
      if (name && names.has(name) && p.value.trim()) values.set(name, p.value);
    }
    if (values.size >= 3 && values.size >= 0.5 * doc.pairs.filter((p) => p.method === 'acroform').length) return { doc, values };
  }
  return null;
}

interface HeadingBlock {
  role: Role;
  doc: ReadDocument;
  lines: { text: string; page: number; location: string }[];
  tin?: Found;
}

const lineNo = (location: string) => Number(/l(\d+)$/.exec(location)?.[1] ?? NaN);

/** "Payer block, exactly like this:" followed by the party's lines (name, address, phone), up to a blank line. */
function headingBlocks(docs: ReadDocument[], roles: Set<Role>): HeadingBlock[] {
  const out: HeadingBlock[] = [];
  for (const doc of docs) {
    if (isTable(doc)) continue;
    doc.lines.forEach((line, i) => {
      const t = line.text.trim();
      if (!/:\s*$/.test(t) || t.length > 60) return;
      const role = roleIn(t);
      if (!role || !roles.has(role)) return;
      const block: HeadingBlock = { role, doc, lines: [] };
      let prev = lineNo(line.location);
      let cityDone = false;
      let hasPhone = false;
      for (const next of doc.lines.slice(i + 1)) {
        const no = lineNo(next.location);
        if (next.page !== line.page || !(no === prev + 1)) break;
        prev = no;
        const kv = /^([^:]{2,30}):\s*(.+)$/.exec(next.text.trim());
        if (kv) {
          // A number stated with the block ("Our EIN: 00-…") is the party's TIN.
          const keyRole = roleIn(kv[1].replace(/\b(f?ein|employer identification number)\b/gi, ' ')); // "EIN" names no employer
          if (/\b(ein|tin|taxpayer|identification|ssn|social security)\b/i.test(kv[1]) && (!keyRole || keyRole === role)) {
            const hit = findEin(kv[2])[0] ?? findSsn(kv[2], true)[0];
            if (hit) block.tin = { value: hit.raw, evidence: [evidenceAt(doc, next.page, next.location, hit.raw, 'party_block')] };
          }
          continue;
        }
        if (block.tin) break;
        // The block ends with its city/state/ZIP line, or with the phone line right after it.
        const isPhone = findPhone(next.text).length > 0 && next.text.replace(/[\d\s()+.-]/g, '').length < 12;
        if (cityDone && (!isPhone || hasPhone)) break;
        hasPhone ||= isPhone;
        block.lines.push({ text: next.text.trim(), page: next.page, location: next.location });
        cityDone ||= !!addressOf(block.lines.slice(1).map((l) => l.text).join('\n'))?.city;
      }
      if (block.lines.length >= 2 && findAddresses(block.lines.map((l) => l.text).join('\n')).some((a) => a.city)) out.push(block);
    });
  }
  return out;
}

interface Row {
  doc: ReadDocument;
  /** The document and sheet the row is in. */
  table: string;
  page: number;
  cells: { key: string; value: string; location: string }[];
}

/** Table rows (CSV, spreadsheet sheets) as header → value cells. */
function tableRows(docs: ReadDocument[]): Row[] {
  const rows = new Map<string, Row>();
  for (const doc of docs) {
    if (!isTable(doc)) continue;
    for (const p of doc.pairs) {
      if (p.method !== 'table_header') continue;
      const m = /^cell (?:(.*)!)?[A-Z]+(\d+)$/.exec(p.location);
      if (!m) continue;
      const k = `${doc.document_id}|${m[1] ?? ''}|${m[2]}`;
      const row = rows.get(k) ?? { doc, table: `${doc.document_id}|${m[1] ?? ''}`, page: p.page, cells: [] };
      row.cells.push({ key: p.key, value: p.value.trim(), location: p.location });
      rows.set(k, row);
    }
  }
  return [...rows.values()];
}

const ORG_WORD = /\b(llc|inc|corp|co|company|ltd|lp|llp|pc|pllc|studio|theatre|theater|services|group|foundation|association)\b/;

/** A column that names who a row is about (Vendor, Payee, Name…), not an id or a type. */
const ENTITY_COLUMN = /\b(vendor|payee|payer|recipient|contractor|employee|employer|tenant|landlord|customer|client|member)\b|^(full |legal )?name$/;
const NOT_ENTITY_COLUMN = /\b(id|number|no|type|code|account|category)\b/;

const entityCell = (row: Row) =>
  row.cells.find((c) => ENTITY_COLUMN.test(fold(c.key)) && !NOT_ENTITY_COLUMN.test(fold(c.key)) && !/\d{3}/.test(c.value) && (looksLikeName(c.value) || ORG_WORD.test(compact(c.value))));

const words = (s: string) => compact(s).split(' ').filter(Boolean);

/** How strongly a line mentions an entity: 1 for its full name (or a person's given and family name), 0.5 for a person's given name alone. */
function mentions(line: string, name: string, uniqueGiven: boolean): number {
  const l = ` ${compact(line)} `;
  const n = compact(name);
  if (l.includes(` ${n} `)) return 1;
  const w = words(name);
  // An organisation by the first two words of a longer name ("Bright Sparks" for "Bright Sparks Lighting LLC").
  if (ORG_WORD.test(n)) return w.length >= 3 && w[0].length > 3 && w[1].length > 3 && l.includes(` ${w[0]} ${w[1]} `) ? 0.5 : 0;
  if (w.length < 2 || w.length > 4) return 0;
  const has = (x: string) => l.includes(` ${x} `) || l.includes(` ${x}s `);
  if (has(w[0]) && has(w[w.length - 1])) return 1;
  if (uniqueGiven && has(w[0])) return 0.5;
  return 0;
}

// --- the proposer -------------------------------------------------------------------------------

interface Party {
  name?: Found;
  block?: Found;
  tin?: Found;
  street?: Found;
  csz?: Found;
  city?: Found;
  state?: Found;
  zip?: Found;
  phone?: Found;
  /** Addresses known to be this party's (to keep them away from the other party). */
  addressKeys: Set<string>;
}

const addrKey = (a: Address) => compact(a.street).replace(/\s+/g, ' ');

/** The street as written (with its unit), without the city/state/ZIP that may follow on the same line. */
const streetOf = (a: Address) => a.raw.split(' / ')[0].split(/,?\s*(?:\n|,\s*(?=[A-Za-z .]+,?\s+[A-Z]{2}\s+\d{5}))/)[0].trim();

/** A party's address parts from one found address. */
function setAddress(p: Party, a: Address, street: string, evidence: Evidence[]): void {
  if (!a.city || !a.state || !a.zip) return;
  const zip = a.zip4 ? `${a.zip}-${a.zip4}` : a.zip;
  p.street = { value: street, evidence };
  p.csz = { value: `${a.city}, ${a.state} ${zip}`, evidence };
  p.city = { value: a.city, evidence };
  p.state = { value: a.state, evidence };
  p.zip = { value: zip, evidence };
}

function addressOf(text: string): Address | undefined {
  return findAddresses(text.replace(/\n/g, ', ')).find((a) => a.city && a.state && a.zip) ?? findAddresses(text).find((a) => a.city);
}

/**
 * Proposals for the party fields of a two-party form, merged over the single-person proposals:
 * a value found here fills a field left missing or in conflict; one that disagrees with a proposed
 * value turns it into a conflict; an instruction to leave a box empty empties it.
 */
export function proposeParties(fields: ProposeField[], specs: FieldSpec[], printed: (PrintedLabel | undefined)[], docs: ReadDocument[], proposals: FieldProposal[]): FieldProposal[] {
  const pf = fields.map((f, i) => classify(f, specs[i], printed[i]));
  const roles = new Set(pf.filter((p) => p.kind !== 'other' && p.kind !== 'amount' && PARTY_ROLES.has(p.role)).map((p) => p.role));
  const out = [...proposals];
  const results = new Map<number, { found: Found; note: string }>();
  const set = (i: number, found: Found | undefined, note: string) => {
    if (found && !results.has(i)) results.set(i, { found, note });
  };

  if (roles.size) {
    const copy = filledCopy(fields, docs);
    const others = docs.filter((d) => d !== copy?.doc);
    const parties = new Map<Role, Party>([...roles].map((r) => [r, { addressKeys: new Set<string>() }]));

    // 1. Heading blocks: the party's own lines.
    const blocks = headingBlocks(others, roles);
    const blockRoles = new Set(blocks.map((b) => b.role));
    for (const b of blocks) {
      if (blocks.filter((x) => x.role === b.role).length > 1) continue; // two blocks for one party: unsure
      const p = parties.get(b.role)!;
      const evs = b.lines.map((l) => evidenceAt(b.doc, l.page, l.location, l.text, 'party_block'));
      p.block = { value: b.lines.map((l) => l.text).join('\n'), evidence: evs };
      p.name = { value: b.lines[0].text.replace(/[,;]\s*$/, ''), evidence: [evs[0]] };
      p.tin = b.tin;
      const a = addressOf(b.lines.slice(1).map((l) => l.text).join('\n'));
      if (a) {
        p.addressKeys.add(addrKey(a));
        const at = b.lines.findIndex((l, k) => k > 0 && findAddresses(l.text, b.lines[k + 1]?.text).some((x) => x.city && addrKey(x) === addrKey(a)));
        if (at > 0) setAddress(p, a, streetOf(findAddresses(b.lines[at].text, b.lines[at + 1]?.text).find((x) => x.city)!), evs.slice(at, at + 2));
      }
      const phoneLine = b.lines.find((l, k) => k > 0 && findPhone(l.text).length && l.text.replace(/[\d\s()+.-]/g, '').length < 12);
      if (phoneLine) p.phone = { value: phoneLine.text, evidence: [evidenceAt(b.doc, phoneLine.page, phoneLine.location, phoneLine.text, 'party_block')] };
    }

    // 2. The copy's parties: who each was.
    const copyName = new Map<Role, string>();
    if (copy) {
      for (const r of roles) {
        const nameAt = pf.findIndex((p, i) => p.role === r && p.kind === 'name' && copy.values.has(fields[i].name));
        const blockAt = pf.findIndex((p, i) => p.role === r && p.kind === 'block' && copy.values.has(fields[i].name));
        const n = nameAt >= 0 ? copy.values.get(fields[nameAt].name)! : blockAt >= 0 ? copy.values.get(fields[blockAt].name)!.split('\n')[0].trim() : '';
        if (n) copyName.set(r, n);
      }
    }

    // 3. The entity the documents are about: the ledger name the letters and notes mention most.
    const rows = tableRows(others);
    const spellings = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const c = entityCell(row);
      if (!c) continue;
      const k = compact(c.value);
      const m = spellings.get(k) ?? new Map<string, number>();
      m.set(c.value, (m.get(c.value) ?? 0) + 1);
      spellings.set(k, m);
    }
    const known = new Set([...parties.values()].flatMap((p) => (p.name ? [compact(p.name.value)] : [])));
    const cands = [...spellings.entries()].filter(([k]) => !known.has(k)).map(([k, m]) => ({ key: k, name: [...m.entries()].sort((a, b) => b[1] - a[1])[0][0], score: 0 }));
    const givens = cands.map((c) => words(c.name)[0]);
    const prose = others.filter((d) => !isTable(d));
    for (const c of cands) {
      const uniqueGiven = givens.filter((g) => g === words(c.name)[0]).length === 1;
      for (const d of prose) for (const l of d.lines) c.score += mentions(l.text, c.name, uniqueGiven);
    }
    cands.sort((a, b) => b.score - a.score);
    // Named more than once (a single mention may be "use X's form as the template"), and clearly more than anyone else.
    const subject = cands[0] && cands[0].score >= 1.5 && cands[0].score >= (cands[1]?.score ?? 0) + 1 ? cands[0] : undefined;

    // Its role: the copy's party that sat in the same ledger column, else the one role no heading block claimed.
    let subjectRole: Role | undefined;
    if (subject) {
      const inColumn = [...copyName.entries()].filter(([, n]) => spellings.has(compact(n))).map(([r]) => r);
      const same = [...copyName.entries()].filter(([, n]) => compact(n) === subject.key).map(([r]) => r);
      const open = [...roles].filter((r) => !blockRoles.has(r));
      if (same.length === 1) subjectRole = same[0];
      else if (inColumn.length === 1) subjectRole = inColumn[0];
      else if (open.length === 1 && !copy) subjectRole = open[0];
    }

    // 4. Carry the copy's parties over, unless the documents put someone else in their place
    // (applied last: what the other documents say of the party is newer than the copy).
    const carried = new Map<number, Found>();
    if (copy && subjectRole) {
      for (const [r, n] of copyName) {
        const replaced = r === subjectRole && compact(n) !== subject!.key;
        const otherBlock = blocks.some((b) => b.role === r && compact(b.lines[0].text) !== compact(n));
        // The copy's party must be named in some other document, so the copy is known to be about them.
        const confirmed = others.some((d) => d.lines.some((l) => compact(l.text).includes(compact(n))));
        if (replaced || otherBlock || !confirmed) continue;
        const p = parties.get(r)!;
        pf.forEach((q, i) => {
          if (q.role !== r || !['block', 'tin', 'name', 'street', 'csz'].includes(q.kind)) return;
          const v = copy.values.get(fields[i].name);
          if (!v) return;
          carried.set(i, { value: v, evidence: [evidenceAt(copy.doc, 1, `field ${fields[i].name}`, v, 'filled_copy')] });
          if (q.kind === 'block') {
            const a = addressOf(v.split('\n').slice(1).join('\n'));
            if (a) p.addressKeys.add(addrKey(a));
          }
        });
      }
    }

    // 5. The subject's own values.
    if (subject && subjectRole) {
      const p = parties.get(subjectRole)!;
      const otherKeys = new Set([...parties.entries()].filter(([r]) => r !== subjectRole).flatMap(([, q]) => [...q.addressKeys]));
      const subjectRows = rows.filter((row) => compact(entityCell(row)?.value ?? '') === subject.key);
      const firstCell = subjectRows.flatMap((row) => row.cells.filter((c) => compact(c.value) === subject.key).map((c) => ({ row, c })))[0];
      p.name = { value: subject.name, evidence: firstCell ? [evidenceAt(firstCell.row.doc, firstCell.row.page, firstCell.c.location, firstCell.c.value, 'table_row')] : [] };
      // A ledger's short writing ("Luis Carvajal") yields to a "Name…:" line that writes the same
      // person more fully ("1 Name of entity/individual: Luis A. Carvajal" on their W-9).
      const toks = subject.name.trim().split(/\s+/).map(compact);
      const fuller = others
        .flatMap((d) => d.lines.map((l) => ({ d, l, m: /^[^:]*\bname\b[^:]*:\s*(.+?)\s*$/i.exec(l.text) })))
        .find(({ m }) => {
          if (!m || /\b(business|dba|requester|company|disregarded)\b/i.test(m[0].split(':')[0])) return false;
          const v = m[1].split(/\s+/);
          return v.length > toks.length && v.length <= 5 && compact(v[0]) === toks[0] && compact(v[v.length - 1]) === toks[toks.length - 1];
        });
      if (fuller) p.name = { value: fuller.m![1], evidence: [evidenceAt(fuller.d, fuller.l.page, fuller.l.location, fuller.l.text, 'label_colon')] };
      // Ledger rows that state the subject's TIN or address parts.
      const rowValue = (re: RegExp, not?: RegExp): Found | undefined => {
        const hits = subjectRows.flatMap((row) => row.cells.filter((c) => re.test(fold(c.key)) && !(not && not.test(fold(c.key))) && c.value).map((c) => ({ row, c })));
        const vals = new Set(hits.map((h) => compact(h.c.value)));
        if (vals.size !== 1) return undefined;
        return { value: hits[0].c.value, evidence: [evidenceAt(hits[0].row.doc, hits[0].row.page, hits[0].c.location, hits[0].c.value, 'table_row')] };
      };
      const tin = rowValue(/\b(tin|ein|ssn|taxpayer id|tax id)\b/);
      if (tin && (findEin(tin.value).length || findSsn(tin.value, true).length)) p.tin = tin;
      const street = rowValue(/\b(address( line 1)?|street)\b/, /\b(line 2|email|city|mail)\b/);
      const city = rowValue(/\bcity\b/);
      const state = rowValue(/\bstate\b/);
      const zip = rowValue(/\bzip\b|\bpostal\b/);
      const phone = rowValue(/\b(phone|telephone)\b/);
      if (phone && findPhone(phone.value).length) p.phone = phone;
      // The subject's addresses in prose documents that name it, less other parties' and superseded ones.
      const previousCities = new Set<string>();
      // (Clause by clause: "Her old address in Portland is out of date; use the Cape Elizabeth address.")
      for (const d of prose)
        for (const clause of d.lines.map((l) => l.text).join(' ').split(/[.;!?]\s+|,\s+(?=the\b)|\s+-\s+/)) {
          if (slotIn(clause) !== 'previous') continue;
          for (const m of clause.matchAll(/\b([A-Z][a-z]+(?: [A-Z][a-z]+)?)\b/g)) previousCities.add(compact(m[1]));
        }
      const found: { a: Address; e: Evidence }[] = [];
      for (const d of prose) {
        if (!d.lines.some((l) => mentions(l.text, subject.name, false) >= 1)) continue;
        d.lines.forEach((l, i) => {
          const next = d.lines[i + 1];
          const after = d.lines[i + 2];
          // A filled-in paper form puts its caption between the street and the city line ("City, state, and ZIP code").
          const caption = next && !/\d/.test(next.text) && after && after.page === l.page;
          const withCity = (a: Address) => (a.city || !caption ? a : (findAddresses(l.text, after.text).find((b) => b.city) ?? a));
          for (const a of findAddresses(l.text, next && next.page === l.page ? next.text : undefined).map(withCity)) {
            if (!a.city || !a.state || !a.zip || otherKeys.has(addrKey(a)) || previousCities.has(compact(a.city))) continue;
            if (slotIn(l.text) === 'previous') continue;
            found.push({ a, e: evidenceAt(d, l.page, l.location, a.raw, 'party_document') });
          }
        });
      }
      if (street && city && state && zip) {
        const a = addressOf(`${street.value}, ${city.value}, ${state.value} ${zip.value}`);
        // Another document that gives the subject a different (not superseded) address: unsure.
        if (a && found.every((x) => addrKey(x.a) === addrKey(a))) {
          setAddress(p, a, street.value, [...street.evidence, ...city.evidence, ...state.evidence, ...zip.evidence]);
          Object.assign(p, { street, city, state, zip, csz: { value: `${city.value}, ${state.value} ${zip.value}`, evidence: [...city.evidence, ...state.evidence, ...zip.evidence] } });
        }
      } else if (found.length && new Set(found.map((x) => addrKey(x.a))).size === 1) {
        const a = found[0].a;
        const rawStreet = a.raw.split(' / ')[0].split(/,\s*(?=[A-Za-z .]+,?\s+[A-Z]{2}\s+\d{5})/)[0].trim();
        const scan = found.every((x) => ['image', 'scanned_pdf'].includes(prose.find((d) => d.document_id === x.e.document_id)?.kind ?? ''));
        setAddress(p, scan ? { ...a, city: ocrCase(a.city!) } : a, scan ? ocrCase(rawStreet) : rawStreet, found.map((x) => x.e));
      }

      // Amounts: a ledger total whose header says what the field asks, or a sentence naming the subject with the field's words and an amount.
      pf.forEach((q, i) => {
        if (q.kind !== 'amount' || PARTY_ROLES.has(q.role) && q.role !== subjectRole) return;
        // The form's own numbering ("Box 1", "line 7") and a printed year say nothing about the amount.
        const label = q.text.replace(/\b(19|20)\d\d\b/g, ' ').replace(/\b(box|line|item)\s*\d+[a-z]?\b/gi, ' ');
        const vals = new Map<string, Found>();
        for (const row of subjectRows)
          for (const c of row.cells) {
            if (keyMatch(label, c.key) <= 0) continue;
            const n = amountOf(c.value);
            if (n !== null) vals.set(n, vals.get(n) ?? { value: n, evidence: [evidenceAt(row.doc, row.page, c.location, c.value, 'table_row')] });
          }
        for (const d of prose)
          for (const l of d.lines) {
            // One amount on the line: "last year $X, this year $Y" is not one answer.
            if (mentions(l.text, subject.name, true) < 0.5 || (l.text.match(/\$\s*\d/g) ?? []).length !== 1) continue;
            const n = amountAfterWords(l.text, label);
            if (n !== null) vals.set(n, vals.get(n) ?? { value: n, evidence: [evidenceAt(d, l.page, l.location, l.text.trim(), 'inline')] });
          }
        // A stated total wins; the rows' sum backs it up, or stands in when no total is stated.
        const sum = vals.size <= 1 ? ledgerSum(rows, subjectRows, q.text, prose, label) : undefined;
        if (vals.size === 1) {
          const stated = [...vals.values()][0];
          const agrees = sum?.value === stated.value;
          set(i, agrees ? { ...stated, evidence: [...stated.evidence, ...sum!.evidence] } : stated, `The amount stated for ${subject.name}${agrees ? ', and the sum of its ledger rows' : ''}.`);
        } else if (sum) set(i, sum, `The sum of ${sum.evidence.length} ledger rows for ${subject.name}: those of the form's year marked for this form.`);
      });
    }

    // 6. Party values into their fields. A block no document gives whole is put together from the
    // party's name, street and city line (and phone, when the block asks for one).
    for (const [, p] of parties) {
      if (p.block || !p.name || !p.street || !p.csz) continue;
      const parts = [p.name, p.street, p.csz];
      p.block = { value: parts.map((x) => x.value).join('\n'), evidence: parts.flatMap((x) => x.evidence) };
    }
    pf.forEach((q, i) => {
      const p = parties.get(q.role);
      if (!p) return;
      let v = q.kind === 'block' ? p.block : q.kind === 'tin' ? p.tin : q.kind === 'name' ? p.name : q.kind === 'street' ? p.street : q.kind === 'csz' ? p.csz : q.kind === 'city' ? p.city : q.kind === 'state' ? p.state : q.kind === 'zip' ? p.zip : undefined;
      if (q.kind === 'block' && v && /\b(phone|telephone)\b/i.test(canonical(q.text)) && !findPhone(v.value).length) {
        // The block asks for a phone the assembled lines lack: add the party's, or leave the block.
        v = p.phone ? { value: `${v.value}\n${p.phone.value}`, evidence: [...v.evidence, ...p.phone.evidence] } : undefined;
      }
      set(i, v, `The ${q.role}'s ${q.kind === 'csz' ? 'city, state and ZIP' : q.kind}, from the documents that speak for the ${q.role}.`);
    });
    for (const [i, v] of carried) set(i, v, `Carried over from the filled copy of this form (${copy!.doc.document_name}): the documents do not name another ${pf[i].role}.`);
  }

  // 7. Instructions about a box in a letter: "for the account number box use X", "leave that box empty".
  const forcedEmpty = new Set<number>();
  pf.forEach((q, i) => {
    if (fields[i].type !== 'text') return;
    const lw = contentWords(q.text).filter((w) => !/^(see|instruction)$/.test(w));
    if (lw.length < 2 || lw.length > 4) return;
    for (const d of docs) {
      if (isTable(d)) continue;
      const text = d.lines.map((l) => l.text).join(' ');
      for (const sentence of text.split(/(?<=[.!?])\s+/)) {
        const sw = new Set(contentWords(sentence));
        if (!lw.every((w) => sw.has(w))) continue;
        if (/\bleave\b[^.;]{0,40}?\b(empty|blank)\b/i.test(sentence) && !/\b(don'?t|do not|never|not)\s+leave\b/i.test(sentence)) forcedEmpty.add(i);
        const use = /\b(box|field|line)\b[^.;]*?\buse\s+([A-Z0-9][A-Z0-9-]{1,20})(?![\w-])/.exec(sentence);
        if (use && /\d/.test(use[2])) {
          const l = d.lines.find((x) => x.text.includes(use[2]))!;
          set(i, { value: use[2], evidence: [evidenceAt(d, l.page, l.location, use[2], 'instruction')] }, 'As the letter says to fill this box.');
        }
      }
    }
  });

  for (const [i, r] of results) {
    if (forcedEmpty.has(i)) continue;
    const had = out[i];
    if (had.status === 'proposed' && had.value !== null && pf[i].kind !== 'block') {
      if (compact(had.value) === compact(r.found.value)) continue;
      out[i] = { ...had, status: 'conflict', value: null, confidence: 'low', note: `The documents disagree: "${had.value}" vs "${r.found.value}".`, alternatives: [{ value: had.value, confidence: 'low', evidence: had.evidence }, { value: r.found.value, confidence: 'low', evidence: r.found.evidence }] };
      continue;
    }
    out[i] = inferredProposal(fields[i], r.found.value, r.found.evidence, r.note);
  }
  // A name-and-address block never takes a single value (a phone, a name) the person rules found for it.
  pf.forEach((q, i) => {
    if (q.kind === 'block' && !results.has(i) && out[i].status !== 'missing') out[i] = missingProposal(fields[i], 'A name-and-address block: no document gives the whole block.');
  });
  for (const i of forcedEmpty) out[i] = missingProposal(fields[i], 'A document says to leave this box empty.');
  return out;
}

/** "12740", "$18,450.00" → "12740.00"; null for anything else. */
function amountOf(s: string): string | null {
  const m = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d{2})?\s*$/.exec(s);
  if (!m) return null;
  return `${m[1].replace(/,/g, '')}${m[2] ?? '.00'}`;
}

/** The amount right after the label's words in a sentence ("nonemployee comp = $18,450.00"); a word may be shortened. */
function amountAfterWords(line: string, label: string): string | null {
  const lw = contentWords(label);
  if (lw.length < 1 || lw.length > 4) return null;
  const toks = [...fold(line).matchAll(/[a-z0-9$][a-z0-9$,.]*/g)];
  for (let s = 0; s + lw.length <= toks.length; s++) {
    const ok = lw.every((w, k) => {
      const t = toks[s + k][0].replace(/[.,]+$/, '');
      return t === w || (t.length >= 4 && w.startsWith(t)) || t.startsWith(w);
    });
    if (!ok) continue;
    const rest = fold(line).slice(toks[s + lw.length - 1].index! + toks[s + lw.length - 1][0].length);
    const m = /^\s*(?:=|:|is|was|of|totals?|totaling|came to)?\s*(\$\s*[\d,]+(?:\.\d{2})?|[\d,]+\.\d{2})(?![\d])/.exec(rest);
    if (m) return amountOf(m[1].replace(/\.$/, ''));
  }
  return null;
}

/** OCR often reads a capital as lower case at a word's start ("12 ocean View Rd"): words of a title-cased place get their capital back. */
function ocrCase(s: string): string {
  if (!/\b[A-Z][a-z]/.test(s)) return s;
  return s.replace(/\b([a-z])([a-z]{2,})\b/g, (_, c: string, r: string) => c.toUpperCase() + r);
}

const FLAG_OFF = /^(|n|no|false|0|-|none|n\/a)$/;

/**
 * The subject's ledger rows added up, only where the rows can be restricted without guessing: one
 * table with one date column, one amount column and a column marking which rows count (a
 * "1099?" / "Box" / "Reportable" column, with both marked and unmarked rows in the table); only the
 * rows dated in the form's year (the one year printed with the field, or else stated with the
 * field's words in the letters) and marked, all with the same mark. Anything else: no sum.
 */
function ledgerSum(rows: Row[], subjectRows: Row[], fieldText: string, prose: ReadDocument[], label: string): Found | undefined {
  let years = [...new Set(fieldText.match(/\b20\d\d\b/g) ?? [])];
  if (!years.length) {
    const lw = contentWords(label);
    const said = prose.flatMap((d) => d.lines.filter((l) => lw.length && lw.every((w) => contentWords(l.text).some((x) => x === w || (x.length >= 4 && w.startsWith(x))))).flatMap((l) => l.text.match(/\b20\d\d\b/g) ?? []));
    years = [...new Set(said)];
  }
  if (years.length !== 1) return undefined;
  const year = years[0];
  const tables = [...new Set(subjectRows.map((r) => r.table))];
  const out: Found[] = [];
  for (const table of tables) {
    const all = rows.filter((r) => r.table === table);
    const keys = [...new Set(all.flatMap((r) => r.cells.map((c) => c.key)))];
    const dateKeys = keys.filter((k) => /\bdate\b/i.test(k));
    const amountKeys = keys.filter((k) => /\b(amount|paid|payment|total)\b/i.test(k) && !/\bdate\b/i.test(k));
    const flagKeys = keys.filter((k) => /\?\s*$|\b(box|reportable|report|include|1099|taxable)\b/i.test(k) && !/\b(amount|date)\b/i.test(k));
    if (dateKeys.length !== 1 || amountKeys.length !== 1 || flagKeys.length !== 1) continue;
    const cell = (r: Row, k: string) => r.cells.find((c) => c.key === k)?.value.trim() ?? '';
    const flags = all.map((r) => fold(cell(r, flagKeys[0])));
    if (!flags.some((f) => FLAG_OFF.test(f)) || !flags.some((f) => !FLAG_OFF.test(f))) continue;
    let cents = 0;
    const evs: Evidence[] = [];
    const marks = new Set<string>();
    for (const r of subjectRows.filter((x) => x.table === table)) {
      const d = findDates(cell(r, dateKeys[0]))[0];
      if (!d) return undefined;
      const flag = fold(cell(r, flagKeys[0]));
      if (!d.iso.startsWith(year) || FLAG_OFF.test(flag)) continue;
      const n = amountOf(cell(r, amountKeys[0]));
      if (n === null) return undefined;
      marks.add(compact(flag));
      cents += Math.round(Number(n) * 100);
      const c = r.cells.find((x) => x.key === amountKeys[0])!;
      evs.push(evidenceAt(r.doc, r.page, c.location, c.value, 'table_sum'));
    }
    if (!evs.length || marks.size !== 1) continue;
    out.push({ value: (cents / 100).toFixed(2), evidence: evs });
  }
  return out.length === 1 ? out[0] : undefined;
}

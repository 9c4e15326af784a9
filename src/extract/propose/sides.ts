// The two sides of a case (petitioner / plaintiff against respondent / defendant). A court form
// asks for each side by that word ("Petitioner's first name", "DEFENDANT'S CELLPHONE NO."), while
// the documents name who stands on each side: a caption ("JOHN DOE, Defendant."), a
// sentence ("Respondent Jane Q. Roe resides at …"), or a writer who says whom the form is
// about ("what I know about Sam for the defendant information form"). A side is one person; when
// that person is the one the documents are about, the side's fields take the subject's values;
// when it is someone else, only the side's name is proposed (medium), and nothing of the subject's.
import type { ReadDocument } from '../types.ts';
import { chooseValue, type FormContext } from './choose.ts';
import type { Fact } from './facts.ts';
import type { FieldSpec } from './fields.ts';
import { compact, humaniseName } from './normalise.ts';
import { missingProposal } from './proposals.ts';
import { looksLikeName, nameCase, splitName, type PersonName } from './recognizers.ts';
import type { FieldProposal, ProposeField } from './types.ts';
import { fileId } from './messages.ts';

type Side = 'claimant' | 'answering';
const SIDE_WORDS: [Side, string][] = [
  ['claimant', 'petitioner|plaintiff|complainant|claimant'],
  ['answering', 'respondent|defendant'],
];

/** The one side a field's words name, or null (none, or both). */
export function fieldSide(text: string): Side | null {
  const t = text.toLowerCase();
  const found = SIDE_WORDS.filter(([, w]) => new RegExp(`\\b(${w})('?s)?\\b`).test(t)).map(([s]) => s);
  return found.length === 1 ? found[0] : null;
}

const NAME = "\\p{Lu}[\\p{L}'’-]*\\.?(?:\\s+\\p{Lu}[\\p{L}'’-]*\\.?){1,3}";

interface Mention {
  side: Side;
  text: string;
  doc: ReadDocument;
  page: number;
  location: string;
}

/**
 * An incident report's people: "VICTIM FARRADAY, COLLEEN MARIE F DOB …" and "SUSPECT" over
 * "DOHERTY, KYLE DOB …". Where a case is brought over an incident (a protective order, a
 * complaint), the victim is the side that asks and the suspect the side that answers.
 */
const REPORT_ROLES: [Side, string][] = [
  ['claimant', 'victim'],
  ['answering', 'suspect|offender|arrestee'],
];
const REPORT_NAME = /^\s*(\p{Lu}[\p{Lu}'’-]+),\s+(\p{Lu}[\p{Lu}'’-]+(?:\s+\p{Lu}[\p{Lu}'’-]+)?)(?=\s+(?:[MF]\b|DOB\b|AKA\b|\()|\s*$)/u;

function reportMention(words: string, doc: ReadDocument, i: number): string | null {
  const line = doc.lines[i];
  const head = new RegExp(`^\\s*(?:${words})\\b\\s*:?\\s*`, 'i').exec(line.text);
  if (!head || head[0].trim().toUpperCase() !== head[0].trim()) return null;
  const rest = line.text.slice(head[0].length);
  const next = doc.lines[i + 1];
  const m = REPORT_NAME.exec(rest) ?? (!rest.trim() && next?.page === line.page ? REPORT_NAME.exec(next.text) : null);
  if (!m) return null;
  return nameCase(`${m[2]} ${m[1]}`);
}

/**
 * A report prints names in capitals without accents ("FERREIRA, ANA LUCIA"): the same name written
 * in mixed case elsewhere ("Ana Lúcia Ferreira") is how the person spells it.
 */
function spelledAsWritten(name: string, docs: ReadDocument[]): string {
  const bare = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const want = bare(name);
  for (const doc of docs)
    for (const line of doc.lines) {
      const text = line.text.normalize('NFC').replace(/\s+/g, ' ');
      const b = bare(text);
      const at = b.indexOf(want);
      // Accents removed one for one keep positions; a letter either side means another word.
      if (at < 0 || b.length !== text.length || /\p{L}/u.test(b[at - 1] ?? '') || /\p{L}/u.test(b[at + want.length] ?? '')) continue;
      const found = text.slice(at, at + want.length);
      if (found !== found.toUpperCase()) return found;
    }
  return name;
}

/** Who the documents put on each side. */
function mentions(docs: ReadDocument[]): Mention[] {
  const out: Mention[] = [];
  for (const doc of docs)
    doc.lines.forEach((line, i) => {
      for (const [side, words] of REPORT_ROLES) {
        const name = reportMention(words, doc, i);
        if (name) out.push({ side, text: spelledAsWritten(name, docs), doc, page: line.page, location: line.location });
      }
      for (const [side, words] of SIDE_WORDS) {
        const add = (text: string) => {
          const t = text.replace(/[.,]$/, '').trim();
          if (looksLikeName(t.replace(/\./g, '')) && t.split(/\s+/).length >= 2) out.push({ side, text: t, doc, page: line.page, location: line.location });
        };
        // "JOHN DOE, Defendant." / "Mary Major, Plaintiff (self-represented)"
        for (const m of line.text.matchAll(new RegExp(`(?:^|[.;]\\s+)(${NAME}),\\s+(?:${words})\\b`, 'giu'))) add(m[1]);
        // "Respondent Jane Q. Roe resides at …", "Plaintiff: Mary Major"
        // (The side word in any case, the name capitalised: no /i, which would let \\p{Lu} match any letter.)
        const anyCase = words.split('|').map((w) => `[${w[0].toUpperCase()}${w[0]}]${w.slice(1)}`).join('|');
        for (const m of line.text.matchAll(new RegExp(`\\b(?:${anyCase}):?\\s+(${NAME})`, 'gu'))) if (!/^(is|was|has|and)\b/i.test(m[1])) add(m[1]);
        // A caption: the name on one line, the side alone on the next ("JOHN QUINCY ROE," / "Petitioner,").
        const prev = doc.lines[i - 1];
        if (prev && prev.page === line.page && new RegExp(`^\\s*(?:${words})\\s*[,.]?\\s*\\)?\\s*$`, 'i').test(line.text)) {
          const m = new RegExp(`^\\s*(${NAME}),?\\s*\\)?\\s*$`, 'u').exec(prev.text);
          if (m) add(m[1]);
        }
      }
    });
  return out;
}

/** "about Sam for the defendant information form": a given name the writer ties to a side. */
function aboutGiven(docs: ReadDocument[]): Map<Side, Set<string>> {
  const out = new Map<Side, Set<string>>();
  for (const doc of docs)
    for (const line of doc.lines)
      for (const [side, words] of SIDE_WORDS) {
        const m = new RegExp(`\\babout\\s+(\\p{Lu}\\p{Ll}+)\\b[^.]{0,30}\\bfor the (?:${words})\\b`, 'u').exec(line.text);
        if (m) out.set(side, (out.get(side) ?? new Set()).add(m[1].toLowerCase()));
      }
  return out;
}

const personKey = (n: PersonName) => `${n.given.toLowerCase()}|${n.family.toLowerCase()}`;

/** The given name of a first-person message's writer ("From: Jane Roe"), or null. */
function authorGiven(d: ReadDocument): string | null {
  const from = d.pairs.find((p) => /^from$/i.test(p.key))?.value.replace(/<.*$/, '').replace(/["']/g, '').trim() ?? '';
  if (!from || /@/.test(from) || !looksLikeName(from)) return null;
  return d.lines.some((l) => /\b(I|[Mm]y|I'm)\b/.test(l.text) && !/^(from|to|subject|date):/i.test(l.text)) ? from.split(/\s+/)[0].toLowerCase() : null;
}

/** The given name most documents state for the subject (self), or null. */
function subjectGiven(facts: Fact[], docs: ReadDocument[]): string | null {
  const votes = new Map<string, Set<string>>();
  // Messages of one saved thread are one source.
  const vote = (g: string, doc: string) => votes.set(g, (votes.get(g) ?? new Set()).add(fileId(doc)));
  for (const f of facts) {
    if (f.concept !== 'name' || f.role !== 'self' || f.strength < 0.75 || !f.name) continue;
    vote(f.name.given.toLowerCase(), f.doc.document_id);
  }
  // The writer of a first-person message ("From: Jane Roe" over "My address now: …").
  for (const d of docs) {
    const g = authorGiven(d);
    if (g) vote(g, d.document_id);
  }
  const ranked = [...votes].sort((a, b) => b[1].size - a[1].size);
  if (!ranked.length || (ranked[1] && ranked[1][1].size === ranked[0][1].size)) return null;
  return ranked[0][0];
}

/** Name facts of the one person a side names, or null when the documents name none or several. */
function sidePerson(side: Side, ms: Mention[], about: Map<Side, Set<string>>, facts: Fact[]): Fact[] | null {
  const named: Fact[] = ms
    .filter((m) => m.side === side)
    .map((m) => {
      const name = splitName(m.text)!;
      return { concept: 'name', role: 'self', slot: null, key: compact(m.text), text: m.text, name, namePart: 'full', raw: m.text, doc: m.doc, page: m.page, location: m.location, method: 'case_side', strength: 0.9, hedged: false } as Fact;
    })
    .filter((f) => f.name);
  const givens = about.get(side);
  if (!named.length && givens?.size === 1) {
    // Only a given name: the full name is one the documents state for that given name.
    const g = [...givens][0];
    named.push(...facts.filter((f) => f.concept === 'name' && f.namePart === 'full' && f.name?.given.toLowerCase() === g && f.strength >= 0.5).map((f) => ({ ...f, role: 'self' as const, method: 'case_side' })));
  }
  if (!named.length) return null;
  // One person: every mention has the same given and family name (middle names may be left out).
  if (new Set(named.map((f) => personKey(f.name!))).size !== 1) return null;
  return named;
}

/** What a person's own fields ask and a document states beside their name. */
const PERSONAL = ['dob', 'phone', 'email', 'address'];

/**
 * Facts about a named person who is not the subject: on a line that names them ("ROE, SAM
 * DOB 07/16/1991"), on the line right after it (a report's "Address: …" under the suspect), in a
 * document that states their given and family name and no one else's (their licence), and the
 * third-person facts of a message written about them ("His cell: …"). Never a first-person line:
 * that is the writer's own.
 */
function personFacts(n: PersonName, facts: Fact[], docs: ReadDocument[], aboutGivens: Set<string> | undefined): Fact[] {
  const word = (w: string) => new RegExp(`(?<![\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'iu');
  const [g, f] = [word(n.given), word(n.family)];
  const names = (t: string) => g.test(t) && f.test(t);
  // Another person named the way records print names ("FERREIRA, ANA LUCIA"), or a party word.
  const someoneElse = (t: string) => [...t.matchAll(/\b(\p{Lu}{2,}), (\p{Lu}{2,})\b/gu)].some((m) => !names(`${m[1]} ${m[2]}`)) || /\b(victim|plaintiff|petitioner|witness)\b/i.test(t);
  const firstPerson = (t: string) => /\b(I|I'm|my|me|mine)\b/.test(t);
  const out: Fact[] = [];
  for (const doc of docs) {
    const all = doc.lines.map((l) => l.text).join('\n');
    const ownDoc = names(all) && !facts.some((x) => x.doc === doc && x.concept === 'name' && x.name && x.role === 'self' && !names(x.raw));
    const aboutDoc = !!aboutGivens?.has(n.given.toLowerCase()) && doc.lines.some((l) => new RegExp(`\\babout\\s+${n.given}\\b`, 'i').test(l.text));
    for (const x of facts) {
      if (x.doc !== doc || !PERSONAL.includes(x.concept) || (x.role !== 'self' && x.role !== 'other')) continue;
      const at = doc.lines.findIndex((l) => l.page === x.page && l.location === x.location);
      if (at < 0 || firstPerson(doc.lines[at].text)) continue;
      const prev = at > 0 && doc.lines[at - 1].page === x.page ? doc.lines[at - 1].text : '';
      const line = doc.lines[at].text;
      const near = names(line) || (names(prev) && !someoneElse(line));
      // In a document about them, a line that names someone else ("FERREIRA, ANA DOB …") is not theirs.
      const mine = !someoneElse(line) && !(someoneElse(prev) && !names(line));
      if (near || (ownDoc && mine) || (aboutDoc && x.role === 'other' && mine)) out.push({ ...x, role: 'self' });
    }
  }
  return out;
}

/**
 * Proposals for the fields of a case side, replacing `chosen` where the side settles them.
 * Fields that name no side, or a side the documents do not name, keep their proposal.
 */
export function sideAnswers(fields: ProposeField[], specs: FieldSpec[], facts: Fact[], documents: ReadDocument[], form: FormContext, chosen: FieldProposal[]): FieldProposal[] {
  const sides = fields.map((f, i) => (specs[i].concept && f.type === 'text' ? fieldSide(`${specs[i].text} ${humaniseName(f.name)}`) : null));
  if (!sides.some(Boolean)) return chosen;
  const ms = mentions(documents);
  const about = aboutGiven(documents);
  const subject = subjectGiven(facts, documents);
  const people = new Map<Side, Fact[] | null>((['claimant', 'answering'] as Side[]).map((s) => [s, sidePerson(s, ms, about, facts)]));
  // Both sides the same person: the documents are not telling them apart.
  const [a, b] = [people.get('claimant'), people.get('answering')];
  if (a && b && personKey(a[0].name!) === personKey(b[0].name!)) return chosen;
  return chosen.map((p, i) => {
    const side = sides[i];
    const person = side ? people.get(side) : null;
    const spec = specs[i];
    // A side's attorney, preparer or spouse is not the side itself ("… Name or Company" still is).
    if (!side || !person || !['self', 'other', 'employer'].includes(spec.role)) return p;
    const isSubject = subject !== null && person[0].name!.given.toLowerCase() === subject;
    if (isSubject) {
      // What the subject writes of themselves outweighs what the other side's papers say of them
      // (a petition drafted by the other side's lawyer carries its typos and its lawyer's numbers).
      const own = facts.filter((f) => authorGiven(f.doc) === subject);
      const mine = own.length && spec.role !== 'self' ? chooseValue(fields[i], { ...spec, role: 'self' }, own, form, documents) : null;
      if (mine?.status === 'proposed') return medium(mine);
      const q = spec.role === 'self' ? p : chooseValue(fields[i], { ...spec, role: 'self' }, facts, form, documents);
      // The subject's name may be stated only where the documents put them on their side.
      return q.status === 'missing' && spec.concept === 'name' ? medium(chooseValue(fields[i], { ...spec, role: 'self' }, person, form, documents)) : q;
    }
    // Someone else's side: their name, and what the documents state beside it, never the subject's values.
    if (spec.concept !== 'name') {
      const theirs = personFacts(person[0].name!, facts, documents, about.get(side));
      // A workplace's phone or address is not the home one the documents state for the person.
      // …nor is a number the documents do not call a home number a home telephone.
      const work = /\b(work|employer|business|office|shop)\b/i.test(spec.text) || (spec.concept === 'phone' && /\b(home|house|landline)\b/i.test(spec.text));
      if (PERSONAL.includes(spec.concept!) && !work && theirs.length) {
        const unitBlocks = new Set([...form.unitBlocks, ...[...form.unitBlocks].filter((k) => k.startsWith(`${spec.role}|`)).map((k) => k.replace(/^[^|]*/, 'self'))]);
        const q = chooseValue(fields[i], { ...spec, role: 'self' }, theirs, { ...form, unitBlocks }, documents);
        if (q.status === 'proposed') return medium(q);
      }
      return spec.role === 'self' ? missingProposal(fields[i], 'This field is about the other side of the case.') : p;
    }
    return medium(chooseValue(fields[i], { ...spec, role: 'self' }, person, form, documents));
  });
}

/** A side's name is an inference from where the documents put a person: medium at most. */
function medium(p: FieldProposal): FieldProposal {
  return p.confidence === 'high' ? { ...p, confidence: 'medium' } : p;
}

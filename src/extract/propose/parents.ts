// Parents: who wrote a letter about them, their names at birth, and which is "Parent 1".
// - A letter signed with a relationship ("Love you, Mom") is that relative's: what its writer
//   says of themselves (a "ME:" block, "I …") is the mother's or father's, not the form subject's.
// - A name recorded "prior to first marriage", "at birth", as a maiden name, or "X before I married"
//   is the parent's name at birth; a parent's last-name field takes it over a married name
//   (forms ask for parents' names at birth, as birth certificates record them), unless the label
//   says "current".
// - "Parent 1" / "Parent 2" blocks follow the order in which the documents list the parents
//   (a birth certificate lists the mother first), when every document that names both agrees.
import type { ReadDocument } from '../types.ts';
import type { Fact } from './facts.ts';
import type { FieldSpec } from './fields.ts';
import { canonical, compact, fold, humaniseName } from './normalise.ts';
import type { Role } from './labels.ts';
import type { ProposeField } from './types.ts';

const SIGN_OFF = /^\s*(?:(?:love|hugs|xo+|cheers|thanks)[,!]?\s+)?(?:(?:love|with love)\s*,?\s*)?(?:your\s+)?(mom|mum|mother|mama|ma|dad|father|papa|pa)\s*[.!]?\s*$/i;
const BIRTH_NAME_LABEL = /\b(prior to (her |his |first )*marriage|maiden|at birth|birth name|n[ée]e)\b/i;

function writerRole(doc: ReadDocument): Role | null {
  const tail = doc.lines.filter((l) => l.text.trim()).slice(-3);
  for (const l of tail.reverse()) {
    const m = SIGN_OFF.exec(l.text);
    if (m) return /^(mom|mum|mother|mama|ma)$/i.test(m[1]) ? 'mother' : 'father';
  }
  return null;
}

const lineNo = (loc: string) => Number(/\bl(\d+)$/.exec(loc)?.[1] ?? NaN);

/**
 * Re-labels the writer's own facts in letters signed by a parent, and adds the family names at
 * birth the documents state in words. Runs before facts are tied to the form's subject.
 */
export function attributeParents(facts: Fact[], docs: ReadDocument[]): void {
  for (const doc of docs) {
    const role = writerRole(doc);
    // The writer's own block: a "ME:" line and the lines that continue it.
    const mine = new Set<string>();
    if (role) {
      let open = false;
      let prev = NaN;
      for (const l of doc.lines) {
        const no = lineNo(l.location);
        if (/^\s*(me|myself)\s*:/i.test(l.text)) open = true;
        else if (!l.text.trim() || !(no - prev === 1)) open = false;
        prev = no;
        if (open || /\b(I|my|me)\b/.test(l.text.replace(/^\s*(me|myself)\s*:/i, ''))) mine.add(l.location);
      }
      for (const f of facts) {
        if (f.doc !== doc || !mine.has(f.location)) continue;
        if (f.role === 'self' || (doc.lines.find((l) => l.location === f.location) && /^\s*(me|myself)\s*:/i.test(doc.lines.find((l) => l.location === f.location)!.text))) f.role = role;
      }
      // "Denise Caldwell (Harper before I married your father)": the writer's family name at birth.
      for (const l of doc.lines) {
        const m = /\b([A-Z][A-Za-z'’-]+)\s+before\s+I\s+(?:got\s+)?married\b/.exec(l.text);
        if (m) facts.push(birthName(m[1], role, doc, l.page, l.location));
      }
    }
    for (const l of doc.lines) {
      // "Mom's last name at birth was HARPER", "mother's maiden name: Harper".
      const m = /\b(mom|mum|mother|dad|father)['’]?s\s+(?:(?:last|family|sur)\s*name\s+at\s+birth|maiden\s+name|birth\s+(?:last\s+|family\s+)?name)\s*(?:was|is|:|=|-)?\s*([A-Z][A-Za-z'’-]+)\b/i.exec(l.text);
      if (m) facts.push(birthName(m[2], /^(mom|mum|mother)$/i.test(m[1]) ? 'mother' : 'father', doc, l.page, l.location));
    }
    // A name under a label that records it at birth ("MOTHER - NAME PRIOR TO FIRST MARRIAGE").
    for (const f of facts) {
      if (f.doc !== doc || f.concept !== 'name' || (f.role !== 'mother' && f.role !== 'father')) continue;
      const at = doc.lines.findIndex((l) => l.location === f.location && l.page === f.page);
      const label = f.keyText ?? (at > 0 ? doc.lines[at - 1].text : '');
      const pair = doc.pairs.find((p) => p.location === f.location && p.page === f.page);
      if (BIRTH_NAME_LABEL.test(`${label} ${pair?.key ?? ''}`) && (f.method !== 'label_above' || at > 0)) f.atBirth = true;
    }
  }
}

function birthName(name: string, role: Role, doc: ReadDocument, page: number, location: string): Fact {
  const text = name.charAt(0) + name.slice(1).toLowerCase();
  return { concept: 'name', role, slot: null, key: compact(text), text, namePart: 'family', atBirth: true, raw: name, doc, page, location, method: 'inline', strength: 0.85, hedged: false };
}

/** Parent 1 / Parent 2 fields → mother / father, by the order the documents list them. */
export function numberParents(fields: ProposeField[], specs: FieldSpec[], facts: Fact[]): void {
  const orders = new Set<string>();
  for (const doc of new Set(facts.map((f) => f.doc))) {
    const first = (role: Role) => {
      const idx = facts.filter((f) => f.doc === doc && f.role === role && f.concept === 'name').map((f) => doc.lines.findIndex((l) => l.location === f.location && l.page === f.page)).filter((i) => i >= 0);
      return idx.length ? Math.min(...idx) : -1;
    };
    const m = first('mother');
    const fa = first('father');
    if (m >= 0 && fa >= 0 && m !== fa) orders.add(m < fa ? 'mother' : 'father');
  }
  if (orders.size !== 1) return;
  const one: Role = [...orders][0] as Role;
  const two: Role = one === 'mother' ? 'father' : 'mother';
  specs.forEach((s, i) => {
    if (s.role !== 'parent') return;
    const n = /\bparent\s*([12])\b/.exec(`${fold(fields[i].label)} ${humaniseName(fields[i].name)} ${fold(s.text)}`)?.[1];
    if (n) s.role = n === '1' ? one : two;
  });
}

/** The facts a field may use: a parent's last name at birth, when stated, over their married name. */
export function factsForField(spec: FieldSpec, facts: Fact[]): Fact[] {
  if (spec.concept !== 'name' || spec.namePart !== 'family' || (spec.role !== 'mother' && spec.role !== 'father')) return facts;
  if (/\bcurrent\b/.test(canonical(spec.text))) return facts;
  if (!facts.some((f) => f.concept === 'name' && f.role === spec.role && f.atBirth)) return facts;
  return facts.filter((f) => !(f.concept === 'name' && f.role === spec.role && !f.atBirth));
}

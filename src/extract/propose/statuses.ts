// A person's standing stated in running text: marital status ("I'm divorced", "my husband and I
// divorced years ago", a caseworker's "You are employed (part-time), divorced, and …") and work
// status ("You're retired, no job", "I am unemployed"). Forms ask both as boxes ("Marital status:
// Divorced", "Employment status: Retired", "Are you employed? No"); notes and mail say them in
// passing. Only the writer's own statement ("I …") or one made to the reader ("you …") counts;
// candidates.ts decides whose that is from who wrote to whom.

export type MaritalStatus = 'single' | 'married' | 'divorced' | 'widowed' | 'separated';
export type WorkStatus = 'employed' | 'self-employed' | 'unemployed' | 'retired';

export interface StatusStatement {
  kind: 'marital' | 'employment';
  value: MaritalStatus | WorkStatus;
  /** Who is spoken of: the writer ("I") or the reader ("you"). */
  person: 'first' | 'second';
  /** The words that say it (the evidence quote). */
  raw: string;
}

const MARITAL: [RegExp, MaritalStatus][] = [
  [/^never[- ]married$/, 'single'],
  [/^single$/, 'single'],
  [/^married$/, 'married'],
  [/^divorced$/, 'divorced'],
  [/^widow(ed|er)?$/, 'widowed'],
  [/^separated$/, 'separated'],
];
const WORK: [RegExp, WorkStatus][] = [
  [/^self[- ]employed$/, 'self-employed'],
  [/^employed$/, 'employed'],
  [/^(unemployed|out of work|not working|jobless)$/, 'unemployed'],
  [/^retired$/, 'retired'],
];
const STATUS_WORD = /\b(never[- ]married|single|married|divorced|widow(?:ed|er)?|separated|self[- ]employed|employed|unemployed|out of work|not working|jobless|retired)\b/gi;

/** "I'm", "I am now", "you are currently", "You've been": the start of a statement of standing. */
const SUBJECT = /\b(?:(I)(?:'m|’m| am|'ve been|’ve been| have been)|(you)(?:'re|’re| are|'ve been|’ve been| have been))\s+/gi;

/**
 * The statuses a line states of its writer or its reader. The statement runs from "I'm" / "you
 * are" to the end of its sentence and may list several ("employed (part-time), divorced, and …").
 * A negated word ("not remarried", "not married") states nothing; a later "you …"/"I …" clause
 * starts a statement of its own.
 */
export function statusStatements(text: string): StatusStatement[] {
  const out: StatusStatement[] = [];
  for (const m of text.matchAll(SUBJECT)) {
    const person = m[1] ? 'first' : 'second';
    const rest = text.slice(m.index! + m[0].length);
    // The sentence, cut where a new subject or a reported clause begins ("…, and you used the name").
    const clause = rest.split(/[.;!?](?:\s|$)|\b(?:and|but|so)\s+(?:you|i|he|she|they|we)\b|\b(?:when|until|since|before|after|if|because)\b/i)[0];
    for (const w of clause.matchAll(STATUS_WORD)) {
      const before = clause.slice(0, w.index);
      // "not married", "not remarried", "no longer married": the opposite is not said either.
      if (/\b(not|no longer|never been|n't)\s+(\w+\s+)?$/i.test(before) && !/^never/i.test(w[1])) continue;
      // "married to Tom since 2019" is the status; "married in 2010" (then divorced) may be history:
      // a status word must be among the first few words or in a list of statuses.
      if (before.split(/\s+/).filter(Boolean).length > 6) continue;
      const word = w[1].toLowerCase();
      const marital = MARITAL.find(([re]) => re.test(word));
      const work = WORK.find(([re]) => re.test(word));
      if (marital) out.push({ kind: 'marital', value: marital[1], person, raw: `${m[0]}${clause}`.trim() });
      else if (work) out.push({ kind: 'employment', value: work[1], person, raw: `${m[0]}${clause}`.trim() });
    }
  }
  // "my husband and I divorced years ago", "we got divorced in 2021": the writer's divorce.
  const split = /\b(?:my (?:husband|wife|ex|spouse|partner)(?:\s+\p{Lu}\p{Ll}+)? and I|we)\s+(?:got\s+|were\s+)?divorced\b/iu.exec(text);
  if (split && !/\bremarried\b/i.test(text.slice(split.index))) out.push({ kind: 'marital', value: 'divorced', person: 'first', raw: split[0] });
  return dedupe(out);
}

function dedupe(statements: StatusStatement[]): StatusStatement[] {
  const seen = new Set<string>();
  return statements.filter((s) => {
    const k = `${s.kind}|${s.value}|${s.person}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

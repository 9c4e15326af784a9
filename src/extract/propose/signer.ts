// Who completes and signs the form: the party themself or their lawyer. Court forms end with a
// choice of signer — "Completing this form myself" | "Lawyer completing the form", or a statement
// of truth signed by "Claimant" | "Litigation friend" | "Claimant's legal representative". The
// documents say which in so many words: a party writes "no solicitor, I'll sign it myself" or
// signs "Plaintiff (self-represented)"; a lawyer writes "I'll sign it as her lawyer" or speaks of
// "my client". Only a page that offers both a self option and a lawyer option is such a choice,
// and only statements that all point one way answer it (medium: a person confirms).
import type { AnswerContext } from './answers.ts';
import { fold } from './normalise.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import { sentencesOf, type Sentence } from './statements.ts';
import type { FieldProposal } from './types.ts';

type Signer = 'self' | 'lawyer' | 'other';

const LAWYER = /\b(lawyer|attorney|legal representative|solicitor|counsel)\b/;
const FRIEND = /\b(litigation|next) friend\b|\bguardian\b/;
const MYSELF = /\bmyself\b|\bself[- ]represented\b|\bpro se\b/;
/** A caption that is only the form's own party ("Claimant"): that party signs for themself. */
const PARTY = /^(claimant|plaintiff|petitioner|applicant|defendant|respondent)$/;

/** Which signer a check box stands for, from its own caption; null for any other box. */
export function signerOption(caption: string): Signer | null {
  const t = fold(caption).replace(/\(.*?\)/g, ' ').replace(/\s+/g, ' ').trim();
  if (FRIEND.test(t)) return 'other';
  if (LAWYER.test(t)) return 'lawyer';
  if (MYSELF.test(t) || PARTY.test(t.replace(/[^a-z ]/g, '').trim())) return 'self';
  return null;
}

/** What the documents say of who signs: a party without a lawyer, or a lawyer for a client. */
const SAYS_SELF = /\bself[- ]represented\b|\bpro se\b|\brepresenting (myself|herself|himself|themselves)\b|\bno (solicitor|lawyer|attorney)\b|\bwithout (a |an )?(solicitor|lawyer|attorney)\b|\b(don'?t|do not) have (a |an )?(solicitor|lawyer|attorney)\b|\b(sign|signing|complete|completing|fill(ing)? (it )?(out|in)|claiming)\b[^.;]{0,40}\b(for )?myself\b/i;
const SAYS_LAWYER = /\bas (her|his|their|the client'?s|my client'?s) (lawyer|attorney|counsel|solicitor|legal representative)\b|\b(my|our) client\b/i;

function signerStatements(ctx: AnswerContext): { signer: Signer; sentences: Sentence[] } | null {
  const self: Sentence[] = [];
  const lawyer: Sentence[] = [];
  for (const doc of ctx.documents)
    for (const s of sentencesOf(doc)) {
      if (SAYS_SELF.test(s.text)) self.push(s);
      if (SAYS_LAWYER.test(s.text)) lawyer.push(s);
    }
  if (self.length && !lawyer.length) return { signer: 'self', sentences: self };
  if (lawyer.length && !self.length) return { signer: 'lawyer', sentences: lawyer };
  return null;
}

function captionOf(i: number, ctx: AnswerContext): string {
  const f = ctx.fields[i];
  return f.label || f.tooltip || ctx.printed[i]?.right || '';
}

/** A signer box answered from the documents, or null (not such a box, or nothing clear said). */
export function signerAnswer(i: number, ctx: AnswerContext): FieldProposal | null {
  const f = ctx.fields[i];
  if (f.type !== 'checkbox') return null;
  const mine = signerOption(captionOf(i, ctx));
  if (!mine) return null;
  // The choice: a self option and a lawyer option near each other on the page.
  const near = ctx.fields.flatMap((g, j) => (g.type === 'checkbox' && g.page === f.page && Math.abs(g.rect.y - f.rect.y) <= 200 ? [signerOption(captionOf(j, ctx))] : []));
  if (!near.includes('self') || !near.includes('lawyer')) return null;
  const said = signerStatements(ctx);
  if (!said || said.signer !== mine) return null;
  const evidence = said.sentences.slice(0, 3).map((s) => evidenceAt(s.doc, s.page, s.location, s.text.length > 240 ? `${s.text.slice(0, 237)}...` : s.text, 'statement'));
  const who = mine === 'self' ? 'the party completes and signs the form themself' : 'a lawyer completes and signs the form for the party';
  return inferredProposal(f, 'true', evidence, `The documents say ${who}.`);
}

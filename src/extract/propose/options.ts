// A drop-down whose options are names of places or bodies ("Northern District of Illinois",
// "Greene County"): when the documents state exactly one of those options word for word, that
// is the answer. Options that are one word, or that another stated option contains ("District
// of Illinois" inside "Northern District of Illinois"), say nothing on their own; two different
// options stated mean the documents name several and nothing is chosen.
import type { ReadDocument } from '../types.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import type { FieldProposal, ProposeField } from './types.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function statedOption(field: ProposeField, documents: ReadDocument[]): FieldProposal | null {
  if (field.type !== 'choice' || !field.options || field.options.length < 5) return null;
  // Long lists only: a short one ("Yes", "No", "N/A") is a question, not a list of names.
  const named = field.options.filter((o) => /\p{L}{2}/u.test(o) && o.trim().split(/\s+/).length >= 2 && !/_{2,}/.test(o));
  const hits = new Map<string, { doc: ReadDocument; page: number; location: string; text: string }>();
  for (const option of named) {
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escape(option.trim()).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, 'iu');
    for (const doc of documents) {
      const line = doc.lines.find((l) => re.test(l.text));
      if (line && !hits.has(option)) hits.set(option, { doc, page: line.page, location: line.location, text: line.text });
    }
  }
  const found = [...hits.keys()].filter((o) => ![...hits.keys()].some((p) => p !== o && p.toLowerCase().includes(o.trim().toLowerCase())));
  if (found.length !== 1) return null;
  const at = hits.get(found[0])!;
  return inferredProposal(field, found[0], [evidenceAt(at.doc, at.page, at.location, at.text.trim(), 'stated_option')], `The documents name the option "${found[0].trim()}".`);
}

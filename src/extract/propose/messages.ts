// A saved mail thread is several letters in one file: each message has its own From/To/Date
// header, its own writer, its own "I" and "you", and its own date. The proposer reads each
// message as a document of its own, so that what the second writer says of themselves is not
// taken as the first writer's, and a later message's date says which statement is newer.
// Evidence still names the file the user gave (see `toFileEvidence`).
import type { ReadDocument, TextLine } from '../types.ts';
import type { Evidence, FieldProposal } from './types.ts';

const FROM = /^\s*from:\s*\S/i;
const HEADER = /^\s*(to|cc|sent|date|subject):/i;
/** A line that ends one message and announces the quoted one below it. */
const SEPARATOR = /^\s*(-{3,}\s*(original message|forwarded message)?\s*-*|_{5,}|on .{0,80} wrote:?)\s*$/i;

/** Where each message of the thread starts: a From: line with another header line just below it. */
function messageStarts(lines: TextLine[]): number[] {
  const starts: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!FROM.test(lines[i].text)) continue;
    if (lines.slice(i + 1, i + 5).some((l) => HEADER.test(l.text))) starts.push(i);
  }
  return starts;
}

/** One document per message of a thread of two or more; any other document as it is. */
export function splitMessages(doc: ReadDocument): ReadDocument[] {
  if (doc.kind !== 'text') return [doc];
  const starts = messageStarts(doc.lines);
  if (starts.length < 2) return [doc];
  // The first message also holds whatever comes before its header (a forwarding note).
  const bounds = [0, ...starts.slice(1), doc.lines.length];
  const messages = bounds.slice(0, -1).map((from, k): ReadDocument => {
    let to = bounds[k + 1];
    const last = to === doc.lines.length;
    // A separator line ends the message above it; it is not part of the next message's own words.
    while (!last && to > from && (SEPARATOR.test(doc.lines[to - 1].text) || !doc.lines[to - 1].text.trim())) to--;
    const lines = doc.lines.slice(from, to);
    const at = new Set(lines.map((l) => `${l.page}|${l.location}`));
    return {
      ...doc,
      document_id: `${doc.document_id}#${k + 1}`,
      lines,
      pairs: doc.pairs.filter((p) => at.has(`${p.page}|${p.location}`)),
      chars: lines.reduce((n, l) => n + l.text.length, 0),
    };
  });
  return withRecipients(messages);
}

const header = (d: ReadDocument, key: 'from' | 'to') => d.pairs.find((p) => p.key.trim().toLowerCase() === key);
/** The sender's name as written, without the mailbox ("Ines Aguilar-Pratt <ines@…>" → "ines aguilar-pratt"). */
const who = (value: string) => value.replace(/<[^>]*>/g, '').trim().toLowerCase();

/**
 * A quoted message often keeps only its From and Date lines. Its recipient is the other side of
 * the exchange: the one the message above it went to when the same person wrote both, the writer
 * of the message above when it answers them.
 */
function withRecipients(messages: ReadDocument[]): ReadDocument[] {
  return messages.map((m, k) => {
    const from = header(m, 'from');
    const above = messages[k - 1];
    if (!from || header(m, 'to') || !above) return m;
    const aboveFrom = header(above, 'from');
    const aboveTo = header(above, 'to');
    if (!aboveFrom || !aboveTo) return m;
    const to = who(from.value) === who(aboveFrom.value) ? aboveTo.value : who(from.value) === who(aboveTo.value) ? aboveFrom.value : null;
    return to ? { ...m, pairs: [...m.pairs, { ...from, key: 'To', value: to }] } : m;
  });
}

/** The file a message came from, by its document id ("<id>#2" → "<id>"): messages of one thread are one source. */
export function fileId(documentId: string): string {
  return documentId.replace(/#\d+$/, '');
}

/** Proposals whose evidence names the messages of a thread name the thread's file instead. */
export function toFileEvidence(proposals: FieldProposal[], files: ReadDocument[]): FieldProposal[] {
  const ids = new Set(files.map((d) => d.document_id));
  const toFile = (e: Evidence): Evidence => (ids.has(e.document_id) ? e : { ...e, document_id: fileId(e.document_id) });
  return proposals.map((p) => ({
    ...p,
    evidence: p.evidence.map(toFile),
    ...(p.alternatives ? { alternatives: p.alternatives.map((a) => ({ ...a, evidence: a.evidence.map(toFile) })) } : {}),
  }));
}

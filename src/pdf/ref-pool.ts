// pdf-lib (the @cantoo fork the project uses) makes each indirect reference ("12 0 R") once and
// hands out the same PDFRef object ever after, from a module-level map that never shrinks: its
// PDFContext keys a document's objects by reference identity, so equal references must be one object. A thread that once parsed a PDF of
// 100,000 objects kept 200,000 objects and strings (about 35 MB) for as long as it lived — the
// engine thread the pools keep loaded did, after a hostile run. This pool keeps the same promise
// while anything holds a reference, and lets a reference nothing holds any more be collected and
// its entry dropped (docs/decisions.md, "pdf-lib's reference pool made weak"). Importing this
// module puts it in place of pdf-lib's PDFRef.of for the whole thread: the worker threads, where
// PDFs are read, import it first (workers/thread.ts), and the object parser imports it, so no
// reference predates it. (The HTTP thread loads no pdf-lib at all.)
import { PDFRef } from '@cantoo/pdf-lib';

// Generation 0 (nearly every reference) by object number in fixed-size chunks, without building
// the "n 0 R" string a map key needs; other generations and huge numbers by their tag.
const CHUNK_BITS = 12;
const CHUNK_MASK = (1 << CHUNK_BITS) - 1;
const CHUNKED_LIMIT = 1 << 22;
const chunks: ((WeakRef<PDFRef> | undefined)[] | undefined)[] = [];
const byTag = new Map<string, WeakRef<PDFRef>>();

// When a reference is collected its slot is emptied, unless the reference was made again since.
const dropEntry = new FinalizationRegistry<number | string>((key) => {
  if (typeof key === 'string') {
    if (!byTag.get(key)?.deref()) byTag.delete(key);
    return;
  }
  const chunk = chunks[key >> CHUNK_BITS];
  if (chunk && !chunk[key & CHUNK_MASK]?.deref()) chunk[key & CHUNK_MASK] = undefined;
});

function make(objectNumber: number, generationNumber: number, tag: string): PDFRef {
  // pdf-lib's constructor is private (it throws unless PDFRef.of calls it with its own token); an
  // object with PDFRef's prototype and its three fields is what it would have made.
  return Object.assign(Object.create(PDFRef.prototype) as PDFRef, { objectNumber, generationNumber, tag });
}

/** The one PDFRef for (objectNumber, generationNumber) among those still held. */
export function refOf(objectNumber: number, generationNumber = 0): PDFRef {
  if (generationNumber === 0 && objectNumber >= 0 && objectNumber < CHUNKED_LIMIT && Number.isInteger(objectNumber)) {
    const chunk = chunks[objectNumber >> CHUNK_BITS] ?? (chunks[objectNumber >> CHUNK_BITS] = new Array(CHUNK_MASK + 1));
    const held = chunk[objectNumber & CHUNK_MASK]?.deref();
    if (held) return held;
    const ref = make(objectNumber, 0, `${objectNumber} 0 R`);
    chunk[objectNumber & CHUNK_MASK] = new WeakRef(ref);
    dropEntry.register(ref, objectNumber);
    return ref;
  }
  const tag = `${objectNumber} ${generationNumber} R`;
  const held = byTag.get(tag)?.deref();
  if (held) return held;
  const ref = make(objectNumber, generationNumber, tag);
  byTag.set(tag, new WeakRef(ref));
  dropEntry.register(ref, tag);
  return ref;
}

/** References the pool can still hand out (collected ones whose entries are not yet dropped included). */
export function pooledRefCount(): number {
  let n = byTag.size;
  for (const chunk of chunks) if (chunk) for (const slot of chunk) if (slot) n++;
  return n;
}

(PDFRef as unknown as { of: typeof refOf }).of = refOf;

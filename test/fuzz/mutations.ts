// Mutations of well-formed files, as fast-check arbitraries, for the readers' fuzz properties
// (test/unit/fuzz.test.ts, a fixed seed in every run) and the longer search (npm run fuzz).
// They aim where hand-written readers break: numbers the reader trusts (offsets, lengths, counts),
// structure cut short, bytes flipped, regions repeated or moved.
import fc from 'fast-check';

export type Mutation =
  | { op: 'flip'; at: number; byte: number }
  | { op: 'truncate'; at: number }
  | { op: 'delete'; at: number; length: number }
  | { op: 'insert'; at: number; bytes: number[] }
  | { op: 'copy'; from: number; length: number; to: number }
  | { op: 'number'; nth: number; value: string };

/** Numbers a reader may trust: zero, off by one, negative, past any buffer, not an integer. */
const SUSPECT_NUMBERS = ['0', '1', '-1', '2', '7', '4294967295', '2147483648', '99999999999', '1e9', '-0', '3.5', '00'];

/** Bytes that mean something to PDF and XML/zip parsers. */
const SUSPECT_BYTES = [...'()<>[]{}/%\\\n\r \t#0RobjstreamendPK'].map((c) => c.charCodeAt(0)).concat([0x00, 0xff, 0x50, 0x4b, 0x03, 0x04]);

const position = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('flip' as const), at: position, byte: fc.oneof(fc.constantFrom(...SUSPECT_BYTES), fc.integer({ min: 0, max: 255 })) }),
  fc.record({ op: fc.constant('truncate' as const), at: position }),
  fc.record({ op: fc.constant('delete' as const), at: position, length: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ op: fc.constant('insert' as const), at: position, bytes: fc.array(fc.constantFrom(...SUSPECT_BYTES), { minLength: 1, maxLength: 16 }) }),
  fc.record({ op: fc.constant('copy' as const), from: position, length: fc.integer({ min: 1, max: 512 }), to: position }),
  fc.record({ op: fc.constant('number' as const), nth: fc.nat(), value: fc.constantFrom(...SUSPECT_NUMBERS) }),
).map((m) => m as Mutation);

/** One to four mutations, applied in order. */
export const mutations = fc.array(mutation, { minLength: 1, maxLength: 4 });

export function mutate(seed: Uint8Array, list: Mutation[]): Uint8Array {
  let b = Buffer.from(seed);
  const at = (x: number) => Math.floor(x * b.length);
  for (const m of list) {
    if (b.length === 0) break;
    switch (m.op) {
      case 'flip':
        b = Buffer.from(b);
        b[at(m.at)] = m.byte;
        break;
      case 'truncate':
        b = b.subarray(0, at(m.at));
        break;
      case 'delete':
        b = Buffer.concat([b.subarray(0, at(m.at)), b.subarray(at(m.at) + m.length)]);
        break;
      case 'insert':
        b = Buffer.concat([b.subarray(0, at(m.at)), Buffer.from(m.bytes), b.subarray(at(m.at))]);
        break;
      case 'copy': {
        const piece = b.subarray(at(m.from), at(m.from) + m.length);
        b = Buffer.concat([b.subarray(0, at(m.to)), piece, b.subarray(at(m.to))]);
        break;
      }
      case 'number': {
        // Replace the nth ASCII number in the file (wrapping around), the way a damaged offset,
        // /Length, /Count or object number would read.
        const text = b.toString('latin1');
        const found = [...text.matchAll(/\d+/g)];
        if (!found.length) break;
        const hit = found[m.nth % found.length];
        b = Buffer.concat([b.subarray(0, hit.index), Buffer.from(m.value, 'latin1'), b.subarray(hit.index + hit[0].length)]);
        break;
      }
    }
  }
  return new Uint8Array(b);
}

/** How a reader may end on a damaged file: with one of its documented errors, never anything else. */
export function expectOnly(allowed: (new (...args: never[]) => Error)[]) {
  return (err: unknown): void => {
    if (allowed.some((E) => err instanceof E)) return;
    const e = err as Error;
    throw new Error(`undocumented error ${e?.name ?? typeof err}: ${e?.message ?? String(err)}\n${e?.stack ?? ''}`);
  };
}

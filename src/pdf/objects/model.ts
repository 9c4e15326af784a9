// The PDF object model of the lazy reader: plain JS values for numbers, booleans and null, small
// classes for the rest. Parsed objects are never modified after parsing.

/**
 * A name (/Foo); `name` holds its bytes as latin1, as pdf-lib (and so the filler) reads them.
 * Compare names by `name`: they are not interned (a process-wide pool would grow with every
 * hostile file's made-up names).
 */
export class Name {
  constructor(readonly name: string) {}
  static of(name: string): Name {
    return new Name(name);
  }
}

/** A string object: raw bytes (already decrypted). Decode with ./text.ts. */
export class PdfString {
  constructor(readonly bytes: Uint8Array) {}
}

export class Ref {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}

/**
 * A dictionary. It wraps a Map rather than extending one: tsx compiles with keepNames, which
 * redefines each class's `name`, and on a Map subclass that makes every `new Dict()` take V8's
 * slow path (object parsing ran 3× slower).
 */
export class Dict {
  private readonly map: Map<string, PdfObj>;
  constructor(entries?: Iterable<readonly [string, PdfObj]>) {
    this.map = new Map(entries);
  }
  get(key: string): PdfObj | undefined {
    return this.map.get(key);
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  set(key: string, value: PdfObj): this {
    this.map.set(key, value);
    return this;
  }
  keys(): IterableIterator<string> {
    return this.map.keys();
  }
  get size(): number {
    return this.map.size;
  }
  [Symbol.iterator](): IterableIterator<[string, PdfObj]> {
    return this.map.entries();
  }
}

/** A stream: its dictionary and where its raw (encoded, possibly encrypted) data lies in the file. */
export class Stream {
  constructor(
    readonly dict: Dict,
    readonly start: number,
    readonly length: number,
    /** Object number and generation the data is encrypted under (streams are never nested). */
    readonly num: number,
    readonly gen: number,
  ) {}
}

export type PdfObj = number | boolean | null | Name | PdfString | Ref | PdfObj[] | Dict | Stream;

/**
 * Anything the lazy reader does not understand: a broken cross-reference, a missing object, an
 * unsupported filter or encryption. Callers fall back to pdf.js, which repairs what it can.
 */
export class ObjectReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ObjectReadError';
  }
}

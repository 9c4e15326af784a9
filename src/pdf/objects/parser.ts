// Parses PDF objects (ISO 32000-2, 7.3) out of a byte buffer at a given position. Strict where
// strictness is cheap: anything unexpected throws ObjectReadError and the caller falls back to
// pdf.js, which knows how to repair damaged files.
import { Dict, Name, ObjectReadError, PdfString, Ref, type PdfObj } from './model.ts';

// Character codes.
const TAB = 0x09;
const LF = 0x0a;
const FF = 0x0c;
const CR = 0x0d;
const SPACE = 0x20;
const PERCENT = 0x25;
const LPAREN = 0x28;
const RPAREN = 0x29;
const PLUS = 0x2b;
const MINUS = 0x2d;
const DOT = 0x2e;
const SLASH = 0x2f;
const LT = 0x3c;
const GT = 0x3e;
const LBRACKET = 0x5b;
const BACKSLASH = 0x5c;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const HASH = 0x23;

// Character classes (ISO 32000-2, 7.2.3): one table lookup per byte in the hot loops.
const WHITE = 1;
const DELIM = 2;
const CLASS = new Uint8Array(256);
for (const c of [0, TAB, LF, FF, CR, SPACE]) CLASS[c] = WHITE;
for (const c of [LPAREN, RPAREN, LT, GT, LBRACKET, RBRACKET, LBRACE, RBRACE, SLASH, PERCENT]) CLASS[c] = DELIM;

export function isWhite(c: number): boolean {
  return CLASS[c] === WHITE;
}

function hexVal(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** Nesting limit for arrays and dictionaries: real files stay far below, hostile ones do not. */
const MAX_DEPTH = 64;

export class Parser {
  pos: number;
  /** Applied to every string parsed (decryption of the enclosing indirect object), when set. */
  decryptString?: (bytes: Uint8Array) => Uint8Array;

  constructor(
    readonly buf: Buffer,
    pos = 0,
    readonly end = buf.length,
  ) {
    this.pos = pos;
  }

  /**
   * Bytes as a latin1 string; a loop beats Buffer#toString's native call for the short tokens
   * here. (Hot helpers are methods, not module functions: tsx's keepNames rewrites the `name` of
   * module-level functions, which keeps V8 from inlining them, and parsing got 3× slower.)
   */
  private latin1(from: number, to: number): string {
    const b = this.buf;
    if (to - from > 32) return b.toString('latin1', from, to);
    let s = '';
    for (let i = from; i < to; i++) s += String.fromCharCode(b[i]);
    return s;
  }

  fail(what: string): never {
    throw new ObjectReadError(`${what} at byte ${this.pos}`);
  }

  skipWhite(): void {
    const b = this.buf;
    let p = this.pos;
    while (p < this.end) {
      const c = b[p];
      if (CLASS[c] === WHITE) p++;
      else if (c === PERCENT) {
        while (p < this.end && b[p] !== LF && b[p] !== CR) p++;
      } else break;
    }
    this.pos = p;
  }

  /** A bare keyword (obj, stream, R, true…) at the current position, without consuming it. */
  peekKeyword(): string {
    const b = this.buf;
    let p = this.pos;
    while (p < this.end && CLASS[b[p]] === 0) p++;
    return this.latin1(this.pos, p);
  }

  keyword(): string {
    const k = this.peekKeyword();
    this.pos += k.length;
    return k;
  }

  expectKeyword(k: string): void {
    this.skipWhite();
    if (this.keyword() !== k) this.fail(`expected "${k}"`);
  }

  /** A non-negative integer, or -1 when there is none here (position unchanged then). */
  uint(): number {
    const b = this.buf;
    let p = this.pos;
    let n = 0;
    const start = p;
    while (p < this.end && (b[p] >= 0x30 && b[p] <= 0x39)) n = n * 10 + (b[p++] - 0x30);
    if (p === start || (p < this.end && CLASS[b[p]] === 0)) return -1;
    this.pos = p;
    return n;
  }

  /** Parses one object. `n g R` references are recognised; `stream` is left to the caller. */
  object(depth = 0): PdfObj {
    this.skipWhite();
    if (this.pos >= this.end) this.fail('unexpected end of data');
    const b = this.buf;
    const c = b[this.pos];
    switch (c) {
      case SLASH:
        return this.name();
      case LPAREN:
        return this.literalString();
      case LBRACKET: {
        if (depth > MAX_DEPTH) this.fail('nesting too deep');
        this.pos++;
        const arr: PdfObj[] = [];
        for (;;) {
          this.skipWhite();
          if (this.pos >= this.end) this.fail('unterminated array');
          if (b[this.pos] === RBRACKET) {
            this.pos++;
            return arr;
          }
          arr.push(this.object(depth + 1));
        }
      }
      case LT:
        if (b[this.pos + 1] === LT) return this.dict(depth);
        return this.hexString();
      default:
        if ((c >= 0x30 && c <= 0x39) || c === MINUS || c === PLUS || c === DOT) return this.numberOrRef();
    }
    const k = this.keyword();
    if (k === 'true') return true;
    if (k === 'false') return false;
    if (k === 'null') return null;
    this.pos -= k.length;
    return this.fail(`unexpected token "${k.slice(0, 20) || String.fromCharCode(c)}"`);
  }

  dict(depth = 0): Dict {
    if (depth > MAX_DEPTH) this.fail('nesting too deep');
    const b = this.buf;
    this.pos += 2;
    const d = new Dict();
    for (;;) {
      this.skipWhite();
      if (this.pos >= this.end) this.fail('unterminated dictionary');
      if (b[this.pos] === GT && b[this.pos + 1] === GT) {
        this.pos += 2;
        return d;
      }
      if (b[this.pos] !== SLASH) this.fail('dictionary key is not a name');
      const key = this.name().name;
      d.set(key, this.object(depth + 1));
    }
  }

  private name(): Name {
    const b = this.buf;
    let p = ++this.pos;
    let escaped = false;
    while (p < this.end && CLASS[b[p]] === 0) {
      if (b[p] === HASH) escaped = true;
      p++;
    }
    let s = this.latin1(this.pos, p);
    this.pos = p;
    if (escaped) {
      s = s.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    }
    return Name.of(s);
  }

  private numberOrRef(): number | Ref {
    const b = this.buf;
    const end = this.end;
    const start = this.pos;
    let p = start;
    let sign = 1;
    if (b[p] === PLUS || b[p] === MINUS) {
      if (b[p] === MINUS) sign = -1;
      p++;
      // "--5" and "+-5" occur in the wild; pdf.js reads them as the number
      while (p < end && (b[p] === MINUS || b[p] === PLUS)) p++;
    }
    let n = 0;
    let digits = 0;
    while (p < end && (b[p] >= 0x30 && b[p] <= 0x39)) {
      n = n * 10 + (b[p++] - 0x30);
      digits++;
    }
    let intPart = true;
    if (p < end && b[p] === DOT) {
      intPart = false;
      p++;
      // mantissa / 10^k: one correctly rounded division, so "22.385" reads exactly as Number() reads it
      let scale = 1;
      while (p < end && (b[p] >= 0x30 && b[p] <= 0x39)) {
        n = n * 10 + (b[p++] - 0x30);
        scale *= 10;
        digits++;
      }
      n /= scale;
    }
    // beyond 2^53 the digit loop rounds; let Number() read such (rare) numbers
    if (digits > 15) n = Number(this.latin1(start, p).replace(/^[+-]+/, '')) || 0;
    // pdf.js reads a lone sign or point as 0; anything glued to the digits is not a number
    if (p < end && CLASS[b[p]] === 0 && b[p] !== MINUS) {
      this.pos = p;
      this.fail('bad number');
    }
    this.pos = p;
    if (digits === 0) return 0;
    if (sign < 0) return -n;
    if (intPart && start === p - digits) {
      // "n g R"?
      const save = p;
      this.skipWhite();
      const gen = this.uint();
      if (gen >= 0) {
        this.skipWhite();
        const q = this.pos;
        if (b[q] === 0x52 /* R */ && (q + 1 >= end || CLASS[b[q + 1]] !== 0)) {
          this.pos = q + 1;
          return new Ref(n, gen);
        }
      }
      this.pos = save;
    }
    return n;
  }

  private literalString(): PdfString {
    const b = this.buf;
    let p = this.pos + 1;
    // Fast path: most strings have no escapes, line breaks or nested parentheses.
    for (let q = p; q < this.end; q++) {
      const c = b[q];
      if (c === RPAREN) {
        const bytes = b.subarray(p, q);
        this.pos = q + 1;
        return new PdfString(this.decryptString ? this.decryptString(bytes) : bytes);
      }
      if (c === BACKSLASH || c === LPAREN || c === CR) break;
    }
    const out: number[] = [];
    let depth = 1;
    for (;;) {
      if (p >= this.end) {
        this.pos = p;
        this.fail('unterminated string');
      }
      const c = b[p++];
      if (c === LPAREN) {
        depth++;
        out.push(c);
      } else if (c === RPAREN) {
        if (--depth === 0) break;
        out.push(c);
      } else if (c === BACKSLASH) {
        const e = b[p++];
        switch (e) {
          case 0x6e: out.push(0x0a); break; // \n
          case 0x72: out.push(0x0d); break; // \r
          case 0x74: out.push(0x09); break; // \t
          case 0x62: out.push(0x08); break; // \b
          case 0x66: out.push(0x0c); break; // \f
          case CR:
            if (b[p] === LF) p++; // line continuation
            break;
          case LF:
            break;
          default:
            if (e >= 0x30 && e <= 0x37) {
              let v = e - 0x30;
              for (let i = 0; i < 2 && b[p] >= 0x30 && b[p] <= 0x37; i++) v = v * 8 + (b[p++] - 0x30);
              out.push(v & 0xff);
            } else if (e !== undefined) {
              out.push(e); // \( \) \\ and unknown escapes: the character itself
            }
        }
      } else if (c === CR) {
        // an end-of-line inside a literal string reads as a single LF
        if (b[p] === LF) p++;
        out.push(LF);
      } else {
        out.push(c);
      }
    }
    this.pos = p;
    const bytes = Uint8Array.from(out);
    return new PdfString(this.decryptString ? this.decryptString(bytes) : bytes);
  }

  private hexString(): PdfString {
    const b = this.buf;
    let p = this.pos + 1;
    const out: number[] = [];
    let hi = -1;
    for (;;) {
      if (p >= this.end) {
        this.pos = p;
        this.fail('unterminated hex string');
      }
      const c = b[p++];
      if (c === GT) break;
      if (CLASS[c] === WHITE) continue;
      const v = hexVal(c);
      if (v < 0) {
        this.pos = p;
        this.fail('bad hex string');
      }
      if (hi < 0) hi = v;
      else {
        out.push((hi << 4) | v);
        hi = -1;
      }
    }
    if (hi >= 0) out.push(hi << 4);
    this.pos = p;
    const bytes = Uint8Array.from(out);
    return new PdfString(this.decryptString ? this.decryptString(bytes) : bytes);
  }
}

// Standard security handler (ISO 32000-2, 7.6.4) for writing objects into an incremental update
// of an encrypted PDF. Only the empty user password is supported: that is the case of forms that
// open without a prompt but carry permissions (IRS, USCIS…). The update reuses the original
// /Encrypt dictionary and file key, so encryption and permissions stay exactly as they were.

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export class PdfPasswordError extends Error {
  readonly code = 'pdf_password_required';
  constructor(message = 'the PDF is encrypted and does not open with an empty user password') {
    super(message);
    this.name = 'PdfPasswordError';
  }
}

export class UnsupportedEncryptionError extends Error {
  readonly code = 'unsupported_encryption';
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedEncryptionError';
  }
}

type Method = 'none' | 'rc4' | 'aesv2' | 'aesv3';

export interface EncryptDictInput {
  filter: string;
  v: number;
  r: number;
  lengthBits?: number;
  o: Uint8Array;
  u: Uint8Array;
  oe?: Uint8Array;
  ue?: Uint8Array;
  p: number;
  encryptMetadata: boolean;
  /** For V4/V5: method of the crypt filter named by /StmF and /StrF ('none' for /Identity). */
  stmMethod?: Method;
  strMethod?: Method;
  /** Key length in bytes from the crypt filter (V4). */
  cfLengthBytes?: number;
}

const PAD = Buffer.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
  'hex',
);

function md5(...parts: Uint8Array[]): Buffer {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
}

export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 0xff;
    const t = s[i];
    s[i] = s[j];
    s[j] = t;
  }
  const out = new Uint8Array(data.length);
  let a = 0;
  let b = 0;
  for (let k = 0; k < data.length; k++) {
    a = (a + 1) & 0xff;
    b = (b + s[a]) & 0xff;
    const t = s[a];
    s[a] = s[b];
    s[b] = t;
    out[k] = data[k] ^ s[(s[a] + s[b]) & 0xff];
  }
  return out;
}

function int32le(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n | 0);
  return b;
}

/** Algorithm 2.B (revision 6 hash). */
function hashR6(password: Uint8Array, salt: Uint8Array, udata: Uint8Array): Buffer {
  let k: Buffer = createHash('sha256').update(password).update(salt).update(udata).digest();
  let i = 0;
  for (;;) {
    const k1one = Buffer.concat([password, k, udata]);
    const k1 = Buffer.alloc(k1one.length * 64);
    for (let r = 0; r < 64; r++) k1one.copy(k1, r * k1one.length);
    const c = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    c.setAutoPadding(false);
    const e = Buffer.concat([c.update(k1), c.final()]);
    let sum = 0;
    for (let x = 0; x < 16; x++) sum += e[x];
    const alg = ['sha256', 'sha384', 'sha512'][sum % 3];
    k = createHash(alg).update(e).digest();
    i++;
    if (i >= 64 && e[e.length - 1] <= i - 32) break;
  }
  return k.subarray(0, 32);
}

export class SecurityHandler {
  readonly key: Buffer;
  readonly strMethod: Method;
  readonly stmMethod: Method;
  readonly v: number;

  constructor(enc: EncryptDictInput, id0: Uint8Array) {
    if (enc.filter !== 'Standard') throw new UnsupportedEncryptionError(`security handler /${enc.filter}`);
    this.v = enc.v;
    if (enc.v === 1 || enc.v === 2) {
      this.strMethod = this.stmMethod = 'rc4';
    } else if (enc.v === 4 || enc.v === 5) {
      this.strMethod = enc.strMethod ?? 'none';
      this.stmMethod = enc.stmMethod ?? 'none';
    } else {
      throw new UnsupportedEncryptionError(`encryption /V ${enc.v}`);
    }
    if (enc.r >= 5) {
      this.key = this.keyR6(enc);
    } else {
      this.key = this.keyR4(enc, id0);
    }
  }

  private keyR4(enc: EncryptDictInput, id0: Uint8Array): Buffer {
    let n = 5;
    if (enc.v === 2 || enc.v === 3) n = (enc.lengthBits ?? 40) / 8;
    if (enc.v === 4) n = enc.cfLengthBytes ?? (enc.lengthBits ? enc.lengthBits / 8 : 16);
    if (n < 5 || n > 16) n = Math.min(16, Math.max(5, n));
    const parts: Uint8Array[] = [PAD, enc.o.subarray(0, 32), int32le(enc.p), id0];
    if (enc.r >= 4 && !enc.encryptMetadata) parts.push(Buffer.from([0xff, 0xff, 0xff, 0xff]));
    let h = md5(...parts);
    if (enc.r >= 3) for (let i = 0; i < 50; i++) h = md5(h.subarray(0, n));
    const key = h.subarray(0, n);
    // Check the empty password against /U.
    let ok: boolean;
    if (enc.r === 2) {
      ok = Buffer.from(rc4(key, PAD)).equals(Buffer.from(enc.u.subarray(0, 32)));
    } else {
      let x: Uint8Array = md5(PAD, id0);
      x = rc4(key, x);
      for (let i = 1; i <= 19; i++) {
        const k2 = Buffer.from(key.map((b) => b ^ i));
        x = rc4(k2, x);
      }
      ok = Buffer.from(x).equals(Buffer.from(enc.u.subarray(0, 16)));
    }
    if (!ok) throw new PdfPasswordError();
    return Buffer.from(key);
  }

  private keyR6(enc: EncryptDictInput): Buffer {
    const pw = new Uint8Array(0);
    const u = enc.u;
    if (u.length < 48 || !enc.ue) throw new UnsupportedEncryptionError('malformed /U or /UE');
    const valSalt = u.subarray(32, 40);
    const keySalt = u.subarray(40, 48);
    const hash =
      enc.r === 5
        ? createHash('sha256').update(pw).update(valSalt).digest()
        : hashR6(pw, valSalt, new Uint8Array(0));
    if (!hash.equals(Buffer.from(u.subarray(0, 32)))) throw new PdfPasswordError();
    const ik =
      enc.r === 5 ? createHash('sha256').update(pw).update(keySalt).digest() : hashR6(pw, keySalt, new Uint8Array(0));
    const d = createDecipheriv('aes-256-cbc', ik, Buffer.alloc(16));
    d.setAutoPadding(false);
    return Buffer.concat([d.update(enc.ue.subarray(0, 32)), d.final()]);
  }

  private objectKey(num: number, gen: number, aes: boolean): Buffer {
    const extra = Buffer.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, gen & 0xff, (gen >> 8) & 0xff]);
    const h = aes ? md5(this.key, extra, Buffer.from('sAlT', 'latin1')) : md5(this.key, extra);
    return h.subarray(0, Math.min(this.key.length + 5, 16));
  }

  private run(method: Method, data: Uint8Array, num: number, gen: number): Uint8Array {
    switch (method) {
      case 'none':
        return data;
      case 'rc4':
        return rc4(this.objectKey(num, gen, false), data);
      case 'aesv2':
      case 'aesv3': {
        const key = method === 'aesv2' ? this.objectKey(num, gen, true) : this.key;
        const iv = randomBytes(16);
        const c = createCipheriv(method === 'aesv2' ? 'aes-128-cbc' : 'aes-256-cbc', key, iv);
        return Buffer.concat([iv, c.update(data), c.final()]);
      }
    }
  }

  encryptString(data: Uint8Array, num: number, gen: number): Uint8Array {
    return this.run(this.strMethod, data, num, gen);
  }

  encryptStream(data: Uint8Array, num: number, gen: number): Uint8Array {
    return this.run(this.stmMethod, data, num, gen);
  }
}

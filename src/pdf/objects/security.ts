// Decryption for the lazy reader. The file key and the empty-password check come from the
// filler's SecurityHandler (src/pdf/fill/crypto.ts), which only encrypts; decrypting is the same
// per-object key (ISO 32000-2, 7.6.3.3 algorithm 1) run the other way.
import { createDecipheriv, createHash } from 'node:crypto';
import { SecurityHandler, rc4, type EncryptDictInput } from '../fill/crypto.ts';
import { Dict, Name, ObjectReadError, PdfString, type PdfObj } from './model.ts';

type Method = SecurityHandler['strMethod'];

function cryptMethod(enc: Dict, which: 'StmF' | 'StrF', resolve: (o: PdfObj | undefined) => PdfObj | undefined): Method {
  const name = resolve(enc.get(which));
  const filterName = name instanceof Name ? name.name : 'Identity';
  if (filterName === 'Identity') return 'none';
  const cf = resolve(enc.get('CF'));
  const filter = cf instanceof Dict ? resolve(cf.get(filterName)) : undefined;
  const cfm = filter instanceof Dict ? resolve(filter.get('CFM')) : undefined;
  const m = cfm instanceof Name ? cfm.name : 'None';
  if (m === 'V2') return 'rc4';
  if (m === 'AESV2') return 'aesv2';
  if (m === 'AESV3') return 'aesv3';
  if (m === 'None') return 'none';
  throw new ObjectReadError(`unsupported crypt filter method /${m}`);
}

const bytesOf = (o: PdfObj | undefined) => (o instanceof PdfString ? o.bytes : undefined);
const numOf = (o: PdfObj | undefined) => (typeof o === 'number' ? o : undefined);

/**
 * The security handler for an /Encrypt dictionary, opened with the empty user password. Throws
 * PdfPasswordError (another password is needed) or UnsupportedEncryptionError.
 */
export function openSecurity(enc: Dict, id0: Uint8Array, resolve: (o: PdfObj | undefined) => PdfObj | undefined): SecurityHandler {
  const filter = resolve(enc.get('Filter'));
  const stmName = resolve(enc.get('StmF'));
  const cf = resolve(enc.get('CF'));
  const stmFilter = cf instanceof Dict && stmName instanceof Name ? resolve(cf.get(stmName.name)) : undefined;
  const cfLen = stmFilter instanceof Dict ? numOf(resolve(stmFilter.get('Length'))) : undefined;
  const input: EncryptDictInput = {
    filter: filter instanceof Name ? filter.name : '',
    v: numOf(resolve(enc.get('V'))) ?? 0,
    r: numOf(resolve(enc.get('R'))) ?? 0,
    lengthBits: numOf(resolve(enc.get('Length'))),
    o: bytesOf(resolve(enc.get('O'))) ?? new Uint8Array(0),
    u: bytesOf(resolve(enc.get('U'))) ?? new Uint8Array(0),
    oe: bytesOf(resolve(enc.get('OE'))),
    ue: bytesOf(resolve(enc.get('UE'))),
    p: numOf(resolve(enc.get('P'))) ?? 0,
    encryptMetadata: resolve(enc.get('EncryptMetadata')) !== false,
    stmMethod: cryptMethod(enc, 'StmF', resolve),
    strMethod: cryptMethod(enc, 'StrF', resolve),
    cfLengthBytes: cfLen === undefined ? undefined : cfLen < 40 ? cfLen : cfLen / 8,
  };
  return new SecurityHandler(input, id0);
}

function objectKey(key: Buffer, num: number, gen: number, aes: boolean): Buffer {
  const h = createHash('md5').update(key).update(Buffer.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, gen & 0xff, (gen >> 8) & 0xff]));
  if (aes) h.update('sAlT', 'latin1');
  return h.digest().subarray(0, Math.min(key.length + 5, 16));
}

function aesDecrypt(bits: 128 | 256, key: Buffer, data: Uint8Array): Uint8Array {
  // 16 bytes of IV, then CBC blocks; anything shorter holds no text (pdf.js reads it as empty).
  if (data.length < 32) return new Uint8Array(0);
  const body = data.subarray(16, 16 + Math.floor((data.length - 16) / 16) * 16);
  const d = createDecipheriv(bits === 128 ? 'aes-128-cbc' : 'aes-256-cbc', key, data.subarray(0, 16));
  d.setAutoPadding(false);
  const out = Buffer.concat([d.update(body), d.final()]);
  // Strip PKCS#7 padding when it is well formed; some producers pad wrongly, keep their bytes then.
  const pad = out[out.length - 1];
  if (pad >= 1 && pad <= 16 && pad <= out.length && out.subarray(out.length - pad).every((b) => b === pad)) return out.subarray(0, out.length - pad);
  return out;
}

function run(sec: SecurityHandler, method: Method, data: Uint8Array, num: number, gen: number): Uint8Array {
  switch (method) {
    case 'none':
      return data;
    case 'rc4':
      return rc4(objectKey(sec.key, num, gen, false), data);
    case 'aesv2':
      return aesDecrypt(128, objectKey(sec.key, num, gen, true), data);
    case 'aesv3':
      return aesDecrypt(256, sec.key, data);
  }
}

export function decryptString(sec: SecurityHandler, data: Uint8Array, num: number, gen: number): Uint8Array {
  return run(sec, sec.strMethod, data, num, gen);
}

export function decryptStream(sec: SecurityHandler, data: Uint8Array, num: number, gen: number): Uint8Array {
  return run(sec, sec.stmMethod, data, num, gen);
}

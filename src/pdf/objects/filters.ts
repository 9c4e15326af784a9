// Stream filters the form reader meets: FlateDecode (object and cross-reference streams), with PNG
// and TIFF predictors. Any other filter is reported as unsupported (the caller falls back).
import { inflateSync, constants } from 'node:zlib';
import { Dict, Name, ObjectReadError, type PdfObj } from './model.ts';

/** Inflated size limit of one stream: a zip bomb fails here instead of exhausting memory. */
const MAX_INFLATED = 64 << 20;

function inflate(data: Uint8Array): Buffer {
  try {
    return inflateSync(data, { maxOutputLength: MAX_INFLATED });
  } catch (e) {
    // Streams cut short or followed by junk are common; read what inflates, as viewers do.
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ObjectReadError('stream inflates beyond the size limit');
    try {
      return inflateSync(data, { maxOutputLength: MAX_INFLATED, finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      throw new ObjectReadError(`corrupt FlateDecode stream: ${(e as Error).message}`);
    }
  }
}

function unpredict(data: Buffer, parms: Dict | undefined): Buffer {
  const predictor = (parms?.get('Predictor') as number | undefined) ?? 1;
  if (predictor === 1) return data;
  const colors = (parms?.get('Colors') as number | undefined) ?? 1;
  const bpc = (parms?.get('BitsPerComponent') as number | undefined) ?? 8;
  const columns = (parms?.get('Columns') as number | undefined) ?? 1;
  if (![colors, bpc, columns].every((n) => Number.isInteger(n) && n > 0)) throw new ObjectReadError('bad predictor parameters');
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLen = Math.ceil((colors * bpc * columns) / 8);
  if (predictor === 2) {
    if (bpc !== 8) throw new ObjectReadError('TIFF predictor with bits per component other than 8');
    const out = Buffer.from(data);
    for (let r = 0; r + rowLen <= out.length; r += rowLen) for (let i = bpp; i < rowLen; i++) out[r + i] = (out[r + i] + out[r + i - bpp]) & 0xff;
    return out;
  }
  if (predictor < 10) throw new ObjectReadError(`unsupported predictor ${predictor}`);
  // PNG: every row starts with its own filter type byte.
  const rows = Math.floor(data.length / (rowLen + 1));
  const out = Buffer.alloc(rows * rowLen);
  let prev = Buffer.alloc(rowLen);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLen + 1)];
    const src = r * (rowLen + 1) + 1;
    const row = out.subarray(r * rowLen, (r + 1) * rowLen);
    for (let i = 0; i < rowLen; i++) {
      const x = data[src + i];
      const a = i >= bpp ? row[i - bpp] : 0;
      const b = prev[i];
      const c = i >= bpp ? prev[i - bpp] : 0;
      switch (type) {
        case 0: row[i] = x; break;
        case 1: row[i] = x + a; break;
        case 2: row[i] = x + b; break;
        case 3: row[i] = x + ((a + b) >> 1); break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          row[i] = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
          break;
        }
        default:
          throw new ObjectReadError(`bad PNG predictor row type ${type}`);
      }
    }
    prev = row;
  }
  return out;
}

/**
 * Applies the stream's filters. `resolve` looks up indirect /Filter or /DecodeParms values.
 */
export function decodeStream(data: Uint8Array, dict: Dict, resolve: (o: PdfObj | undefined) => PdfObj | undefined): Buffer {
  const filterObj = resolve(dict.get('Filter'));
  const parmsObj = resolve(dict.get('DecodeParms'));
  const filters = Array.isArray(filterObj) ? filterObj.map(resolve) : filterObj === undefined || filterObj === null ? [] : [filterObj];
  const parms = Array.isArray(parmsObj) ? parmsObj.map(resolve) : [parmsObj];
  let out = Buffer.from(data.buffer, data.byteOffset, data.length);
  filters.forEach((f, i) => {
    if (!(f instanceof Name)) throw new ObjectReadError('filter is not a name');
    if (f.name !== 'FlateDecode' && f.name !== 'Fl') throw new ObjectReadError(`unsupported filter /${f.name}`);
    const p = parms[i];
    out = unpredict(inflate(out), p instanceof Dict ? p : undefined);
  });
  return out;
}

// Structural checks of PNG and JPEG files before anything decodes them. @napi-rs/canvas crashes
// the whole process (SIGSEGV) on some corrupt images, so only files whose chunk / marker
// structure is sound reach it.

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const u32 = (b: Uint8Array, o: number) => ((b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]) >>> 0;

/** Every chunk whole with a right CRC, IHDR first with sane dimensions, IDAT present, IEND last. */
export function pngIsSound(b: Uint8Array): boolean {
  let o = 8;
  let first = true;
  let idat = false;
  while (o + 12 <= b.length) {
    const len = u32(b, o);
    const type = String.fromCharCode(b[o + 4], b[o + 5], b[o + 6], b[o + 7]);
    if (o + 12 + len > b.length) return false;
    if (crc32(b, o + 4, o + 8 + len) !== u32(b, o + 8 + len)) return false;
    if (first) {
      if (type !== 'IHDR' || len !== 13) return false;
      const w = u32(b, o + 8);
      const h = u32(b, o + 12);
      if (!w || !h || w > 30000 || h > 30000) return false;
      first = false;
    }
    if (type === 'IDAT') idat = true;
    if (type === 'IEND') return idat;
    o += 12 + len;
  }
  return false;
}

/** Markers well formed up to the scan, a frame header with non-zero size, then scan data. */
export function jpegIsSound(b: Uint8Array): boolean {
  let o = 2;
  let frame = false;
  while (o + 4 <= b.length) {
    if (b[o] !== 0xff) return false;
    const m = b[o + 1];
    if (m === 0xff) {
      o++;
      continue;
    }
    if (m === 0xd8 || m === 0x01 || (m >= 0xd0 && m <= 0xd7)) {
      o += 2;
      continue;
    }
    const len = (b[o + 2] << 8) | b[o + 3];
    if (len < 2 || o + 2 + len > b.length) return false;
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc) {
      if (len < 8) return false;
      const h = (b[o + 5] << 8) | b[o + 6];
      const w = (b[o + 7] << 8) | b[o + 8];
      if (!w || !h) return false;
      frame = true;
    }
    if (m === 0xda) return frame && o + 2 + len < b.length - 2;
    o += 2 + len;
  }
  return false;
}

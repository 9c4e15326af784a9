// PDF text strings (ISO 32000-2, 7.9.2.2): UTF-16BE with a byte-order mark, UTF-8 with a BOM
// (PDF 2.0), or PDFDocEncoding. UTF-16LE with a BOM is not in the standard but is written by some
// producers, and pdf.js reads it, so it is read too. Language escape sequences (ESC … ESC) are
// dropped, as pdf.js does.

// PDFDocEncoding differs from Latin-1 at 0x18–0x1F and 0x7F–0xA0 (ISO 32000-2, annex D.3).
const PDF_DOC: Record<number, number> = {
  0x18: 0x02d8, 0x19: 0x02c7, 0x1a: 0x02c6, 0x1b: 0x02d9, 0x1c: 0x02dd, 0x1d: 0x02db, 0x1e: 0x02da, 0x1f: 0x02dc,
  0x80: 0x2022, 0x81: 0x2020, 0x82: 0x2021, 0x83: 0x2026, 0x84: 0x2014, 0x85: 0x2013, 0x86: 0x0192, 0x87: 0x2044,
  0x88: 0x2039, 0x89: 0x203a, 0x8a: 0x2212, 0x8b: 0x2030, 0x8c: 0x201e, 0x8d: 0x201c, 0x8e: 0x201d, 0x8f: 0x2018,
  0x90: 0x2019, 0x91: 0x201a, 0x92: 0x2122, 0x93: 0xfb01, 0x94: 0xfb02, 0x95: 0x0141, 0x96: 0x0152, 0x97: 0x0160,
  0x98: 0x0178, 0x99: 0x017d, 0x9a: 0x0131, 0x9b: 0x0142, 0x9c: 0x0153, 0x9d: 0x0161, 0x9e: 0x017e, 0xa0: 0x20ac,
};

const utf16be = new TextDecoder('utf-16be', { fatal: true });
const utf16le = new TextDecoder('utf-16le', { fatal: true });
const utf8 = new TextDecoder('utf-8', { fatal: true });

function unicode(bytes: Uint8Array): string | undefined {
  const b0 = bytes[0];
  const b1 = bytes[1];
  try {
    if (b0 === 0xfe && b1 === 0xff) return utf16be.decode(bytes.subarray(2, bytes.length - (bytes.length % 2)));
    if (b0 === 0xff && b1 === 0xfe) return utf16le.decode(bytes.subarray(2, bytes.length - (bytes.length % 2)));
    if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) return utf8.decode(bytes.subarray(3));
  } catch {
    // not valid in the encoding its mark claims: read it as PDFDocEncoding, like pdf.js
  }
  return undefined;
}

export function decodeTextString(bytes: Uint8Array): string {
  const u = unicode(bytes);
  if (u !== undefined) return u.includes('\x1b') ? u.replace(/\x1b[^\x1b]*(?:\x1b|$)/g, '') : u;
  let s = '';
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === 0x1b) {
      while (++i < bytes.length && bytes[i] !== 0x1b);
      continue;
    }
    s += String.fromCharCode(PDF_DOC[c] ?? c);
  }
  return s;
}

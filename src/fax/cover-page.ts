// The optional cover page: one Letter page put in front of the document, naming sender,
// recipient, subject, a note and the page count. DejaVu Sans (embedded as a subset, the filler's
// Type0 writer) writes any Latin, Greek or Cyrillic text.
import { PDFDocument, PDFHexString, beginText, endText, moveText, setFontAndSize, showText } from '@cantoo/pdf-lib';
import { getDejaVu } from '../pdf/fonts.ts';
import { documentSink, writeDejaVuType0 } from '../pdf/dejavu-type0.ts';

export interface CoverPage {
  to?: string;
  from?: string;
  subject?: string;
  note?: string;
}

const LETTER: [number, number] = [612, 792];

/** The document with a cover page first. `pages` is the document's own page count. */
export async function withCoverPage(document: Uint8Array, cover: CoverPage, pages: number, faxNumberMasked: string): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  const page = out.addPage(LETTER);
  const font = getDejaVu();
  const lines: { text: string; size: number; y: number }[] = [];
  let y = 720;
  const line = (text: string, size: number, gap = 10) => {
    for (const part of wrap(text, 80)) {
      lines.push({ text: part, size, y });
      y -= size + 4;
    }
    y -= gap;
  };
  line('FAX', 28, 18);
  if (cover.to) line(`To: ${cover.to}`, 13);
  line(`Fax number: ${faxNumberMasked}`, 13);
  if (cover.from) line(`From: ${cover.from}`, 13);
  if (cover.subject) line(`Subject: ${cover.subject}`, 13);
  line(`Pages: ${pages + 1} including this cover page`, 13, 20);
  if (cover.note) for (const paragraph of cover.note.split(/\r?\n/)) line(paragraph, 12, 2);

  const used = new Set<number>();
  for (const l of lines) font.use(l.text, used);
  const fontRef = out.context.nextRef();
  writeDejaVuType0(documentSink(out.context), fontRef, used);
  const name = page.node.newFontDictionary('DejaVu', fontRef);
  for (const l of lines) {
    // Characters DejaVu has no glyph for are left out rather than drawn as boxes.
    const shown = [...l.text].filter((ch) => font.gid(ch.codePointAt(0)!) !== 0).join('');
    page.pushOperators(beginText(), setFontAndSize(name, l.size), moveText(72, l.y), showText(PDFHexString.of(font.encode(shown).slice(1, -1))), endText());
  }

  const source = await PDFDocument.load(document, { ignoreEncryption: true });
  for (const p of await out.copyPages(source, source.getPageIndices())) out.addPage(p);
  return out.save();
}

function wrap(text: string, width: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const w of words) {
    if (current && current.length + 1 + w.length > width) {
      lines.push(current);
      current = w;
    } else current = current ? `${current} ${w}` : w;
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

// The optional cover page: one Letter page put in front of the document, naming sender,
// recipient, subject, a note and the page count. DejaVu Sans (embedded, subset) writes any
// Latin, Greek or Cyrillic text.
import { readFileSync } from 'node:fs';
import { PDFDocument, rgb } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { dejaVuPath } from '../pdf/fonts.ts';

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
  out.registerFontkit(fontkit);
  const font = await out.embedFont(readFileSync(dejaVuPath()), { subset: true });
  const page = out.addPage(LETTER);
  let y = 720;
  const line = (text: string, size: number, gap = 10) => {
    for (const part of wrap(text, 80)) {
      page.drawText(part, { x: 72, y, size, font, color: rgb(0, 0, 0) });
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

// Supporting documents built in code, long enough that reading them and proposing from them is
// real work (seconds of CPU): text PDFs of many lines, a DOCX of many paragraphs, a long text file.
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { Part } from './http.ts';
import { zipOf } from './hostile-inputs.ts';

/** A PDF of `pages` pages, each of `lines` "label: value" lines of text. */
export async function textPdf(pages: number, lines: number, tag: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < lines; l++) page.drawText(`${tag} item ${p}-${l}: value ${l * 7 + p} at ${l + 10} Main St`, { x: 40, y: 760 - l * 14, size: 9, font });
  }
  return doc.save();
}

const xml = (s: string) => new Uint8Array(Buffer.from(s));

/** A DOCX of `paragraphs` "Entry n name: …" paragraphs. */
export function docxOf(paragraphs: number): Uint8Array {
  const body = Array.from({ length: paragraphs }, (_, i) => `<w:p><w:r><w:t>Entry ${i} name: Person ${i} Example</w:t></w:r></w:p>`).join('');
  return zipOf({
    '[Content_Types].xml': xml(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': xml(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': xml(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`),
  });
}

/** A text file of `lines` "Note n: …" lines. */
export const notesText = (lines: number) => new Uint8Array(Buffer.from(Array.from({ length: lines }, (_, i) => `Note ${i}: employer Acme ${i} Corp, street ${i} Oak Ave`).join('\n')));

/**
 * Four documents (two 15-page text PDFs, a DOCX of 1,500 paragraphs, 1,000 lines of notes) as
 * multipart `context` parts: reading and proposing from them held the event loop for over a
 * second when it ran there.
 */
export async function heavyContext(): Promise<Part[]> {
  return [
    { bytes: await textPdf(15, 50, 'Ledger A'), filename: 'ledger-a.pdf', type: 'application/pdf' },
    { bytes: docxOf(1500), filename: 'register.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
    { bytes: notesText(1000), filename: 'notes.txt', type: 'text/plain' },
    { bytes: await textPdf(15, 50, 'Ledger B'), filename: 'ledger-b.pdf', type: 'application/pdf' },
  ];
}

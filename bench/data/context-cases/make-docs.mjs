// The document makers shared by make-heldout*.mjs: each writes one supporting document (or the
// case.json) of a context case under ROOT/CASE. Needs ImageMagick (pango) for the scans; pdf-lib,
// exceljs and jszip from node_modules.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/** Makers writing into ROOT/CASE/context (forms to fill copied from CORPUS). */
export function documentMakers(root, corpus = '../shared/corpus/dev') {
  const dirOf = (c) => { const d = join(root, c, 'context'); mkdirSync(d, { recursive: true }); return d; };
  const txt = (c, name, s) => writeFileSync(join(dirOf(c), name), s.replace(/^\n/, ''));

  async function xlsx(c, name, sheets) {
    const wb = new ExcelJS.Workbook();
    for (const s of sheets) {
      const ws = wb.addWorksheet(s.name);
      for (const r of s.rows) ws.addRow(r);
      ws.getRow(1).font = { bold: true };
      ws.columns.forEach((col) => { col.width = s.width ?? 18; });
    }
    await wb.xlsx.writeFile(join(dirOf(c), name));
  }

  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  /** Minimal DOCX: paragraphs ("# " heading = bold) and tables (arrays of rows). */
  async function docx(c, name, blocks) {
    const para = (t) => {
      const bold = t.startsWith('# ');
      const s = bold ? t.slice(2) : t;
      return `<w:p><w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${esc(s)}</w:t></w:r></w:p>`;
    };
    const table = (rows) => `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders><w:top w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:right w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/></w:tblBorders></w:tblPr>${rows.map((r) => `<w:tr>${r.map((cell) => `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>${para(String(cell))}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl><w:p/>`;
    const body = blocks.map((b) => (Array.isArray(b) ? table(b) : para(b))).join('');
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
    zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
    zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1200" w:right="1200" w:bottom="1200" w:left="1200"/></w:sectPr></w:body></w:document>`);
    writeFileSync(join(dirOf(c), name), await zip.generateAsync({ type: 'nodebuffer' }));
  }

  /** Born-digital PDF: lines of text; "# " bold, "" blank, "\f" new page; [text, x] to indent / tab. */
  async function pdf(c, name, lines, { size = [595.28, 841.89], fs = 10.5 } = {}) {
    const doc = await PDFDocument.create();
    const reg = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    let page = doc.addPage(size);
    let y = size[1] - 60;
    for (const l of lines) {
      if (l === '\f') { page = doc.addPage(size); y = size[1] - 60; continue; }
      const parts = Array.isArray(l) ? l : [l];
      for (let i = 0; i < parts.length; i += 2) {
        const t = parts[i];
        const x = i === 0 ? 56 : parts[i - 1];
        const isBold = typeof t === 'string' && t.startsWith('# ');
        const s = isBold ? t.slice(2) : t;
        if (s) page.drawText(s, { x: typeof x === 'number' ? x : 56, y, size: isBold ? fs + 1.5 : fs, font: isBold ? bold : reg, color: rgb(0.1, 0.1, 0.1) });
      }
      y -= fs * 1.55;
      if (y < 50) { page = doc.addPage(size); y = size[1] - 60; }
    }
    writeFileSync(join(dirOf(c), name), await doc.save());
  }
  /** Row helper for pdf(): [text, x, text, x, text]. */
  const row = (...cells) => { const out = []; cells.forEach(([t, x], i) => { if (i > 0) out.push(x); out.push(t); }); return out; };

  /** A previously filled AcroForm PDF (a copy of a corpus form with values). */
  async function filled(c, name, form, values, checks = {}) {
    const doc = await PDFDocument.load(readFileSync(join(corpus, form, 'original.pdf')), { ignoreEncryption: true });
    const f = doc.getForm();
    for (const [k, v] of Object.entries(values)) f.getTextField(k).setText(v);
    for (const [k, v] of Object.entries(checks)) { const fld = f.getField(k); if (fld.constructor.name === 'PDFRadioGroup') fld.select(v); else fld.check(); }
    writeFileSync(join(dirOf(c), name), await doc.save());
  }

  /** A "scan": pango markup rendered to an image, slightly rotated, with noise. */
  function scan(c, name, markup, { width = 1240, rotate = 0.6, pt = 11, noise = 0.3 } = {}) {
    execFileSync('convert', ['-background', '#f6f5f0', '-size', `${width - 160}x`, '-density', '150', '-font', 'DejaVu Sans', `pango:${markup.replace(/^\n/, '')}`,
      '-bordercolor', '#f6f5f0', '-border', '80x90', '-background', '#e9e8e2', '-rotate', String(rotate),
      '-attenuate', String(noise), '+noise', 'Gaussian', '-blur', '0x0.4', '-quality', '82', join(dirOf(c), name)]);
    void pt;
  }
  const pango = (s, pt = 11) => `<span font="DejaVu Sans ${pt}">${s}</span>`;

  /** case.json from [field, label, value, kind] rows. */
  function caseJson(c, form, description, expected, open, notes) {
    const exp = expected.map(([field, label, value, kind]) => ({ field, label, value, kind }));
    writeFileSync(join(root, c, 'case.json'), JSON.stringify({ form, corpus: 'dev', policy: 'safe', description, expected: exp, open, notes }, null, 1) + '\n');
  }

  return { dirOf, txt, xlsx, docx, pdf, row, filled, scan, pango, caseJson };
}

/** Runs `node make-heldout*.mjs CASE|all`: builds the named case (or all) of `cases` under root. */
export async function runCases(root, cases, which = process.argv[2]) {
  const run = which === 'all' ? Object.keys(cases) : [which];
  if (!run.every((w) => cases[w])) { console.error(`cases: all, ${Object.keys(cases).join(', ')}`); process.exit(1); }
  for (const w of run) { await cases[w](w); console.log(`wrote ${root}/${w}`); }
}

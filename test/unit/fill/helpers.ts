// Test forms built in code, and wrappers around poppler / qpdf / pdftk used as independent readers.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  PDFDocument,
  PDFName,
  PDFDict,
  PDFRef,
  PDFString,
  StandardFonts,
  degrees,
  rgb,
  type PDFPage,
} from '@cantoo/pdf-lib';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'fill-test-'));
let seq = 0;

export function tmpFile(bytes: Uint8Array, name = 'f'): string {
  const p = join(dir, `${name}-${process.pid}-${++seq}.pdf`);
  writeFileSync(p, bytes);
  return p;
}

export async function sh(cmd: string, args: string[], opts: { okCodes?: number[] } = {}): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const r = await run(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
    return { stdout: r.stdout, stderr: r.stderr, code: 0 };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; code?: number };
    if (opts.okCodes?.includes(err.code ?? -1)) return { stdout: err.stdout ?? '', stderr: err.stderr ?? '', code: err.code ?? -1 };
    throw e;
  }
}

/** Text of one page (1-based) or the whole document, as poppler extracts it. */
export async function pdftotext(bytes: Uint8Array, page?: number, crop?: { x: number; y: number; w: number; h: number }): Promise<string> {
  const f = tmpFile(bytes, 'txt');
  const args = ['-enc', 'UTF-8'];
  if (page) args.push('-f', String(page), '-l', String(page));
  if (crop) args.push('-r', '72', '-x', String(Math.round(crop.x)), '-y', String(Math.round(crop.y)), '-W', String(Math.round(crop.w)), '-H', String(Math.round(crop.h)));
  args.push(f, '-');
  return (await sh('pdftotext', args)).stdout;
}

export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Words with their boxes (display space, points, top-left origin) from `pdftotext -bbox`. */
export async function words(bytes: Uint8Array, page: number): Promise<Word[]> {
  const f = tmpFile(bytes, 'bbox');
  const html = (await sh('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', String(page), '-l', String(page), f, '-'])).stdout;
  const out: Word[] = [];
  const re = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (let m; (m = re.exec(html)); ) {
    out.push({ xMin: +m[1], yMin: +m[2], xMax: +m[3], yMax: +m[4], text: m[5].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"') });
  }
  return out;
}

/**
 * Renders a region of a page at 72 dpi (display space, top-left origin, points) in gray and returns
 * the number of dark pixels (< 128).
 */
export async function darkPixels(bytes: Uint8Array, page: number, box: { x: number; y: number; w: number; h: number }, dpi = 72): Promise<number> {
  const f = tmpFile(bytes, 'png');
  const s = dpi / 72;
  const out = f.replace(/\.pdf$/, '');
  await sh('pdftoppm', [
    '-gray', '-r', String(dpi), '-f', String(page), '-l', String(page),
    '-x', String(Math.round(box.x * s)), '-y', String(Math.round(box.y * s)),
    '-W', String(Math.max(1, Math.round(box.w * s))), '-H', String(Math.max(1, Math.round(box.h * s))),
    '-singlefile', f, out,
  ]);
  const pgm = readFileSync(out + '.pgm');
  // P5 header: "P5\n<w> <h>\n255\n"
  let p = 0;
  let fieldsRead = 0;
  while (fieldsRead < 4) {
    while (pgm[p] === 0x20 || pgm[p] === 0x0a || pgm[p] === 0x0d) p++;
    if (pgm[p] === 0x23) {
      while (pgm[p] !== 0x0a) p++;
      continue;
    }
    while (pgm[p] !== 0x20 && pgm[p] !== 0x0a && pgm[p] !== 0x0d) p++;
    fieldsRead++;
  }
  p++;
  let dark = 0;
  for (let i = p; i < pgm.length; i++) if (pgm[i] < 128) dark++;
  return dark;
}

export async function qpdfCheck(bytes: Uint8Array): Promise<{ ok: boolean; output: string }> {
  const f = tmpFile(bytes, 'chk');
  const r = await sh('qpdf', ['--check', f], { okCodes: [2, 3] });
  return { ok: r.code === 0 && !/WARNING/.test(r.stdout + r.stderr), output: r.stdout + r.stderr };
}

export async function qpdfEncryption(bytes: Uint8Array): Promise<string> {
  const f = tmpFile(bytes, 'enc');
  return (await sh('qpdf', ['--show-encryption', f], { okCodes: [2, 3] })).stdout;
}

export async function qpdfEncrypt(bytes: Uint8Array, bits: 40 | 128 | 256, extra: string[] = []): Promise<Uint8Array> {
  const f = tmpFile(bytes, 'plain');
  const out = f.replace(/\.pdf$/, '-enc.pdf');
  const args = ['--encrypt', '', 'owner-secret', String(bits), ...extra, '--', f, out];
  await sh('qpdf', bits < 256 ? ['--allow-weak-crypto', ...args] : args, { okCodes: [3] });
  return readFileSync(out);
}

export interface PdftkField {
  type: string;
  name: string;
  value?: string;
  states: string[];
  flags: number;
  maxLen?: number;
  alt?: string;
}

/** Fields as pdftk (iText) reads them: an independent check of /V. */
export async function pdftkFields(bytes: Uint8Array): Promise<Map<string, PdftkField>> {
  const f = tmpFile(bytes, 'tk');
  const out = (await sh('pdftk', [f, 'dump_data_fields_utf8'])).stdout;
  const map = new Map<string, PdftkField>();
  for (const rec of out.split(/^---$/m)) {
    // values may span lines (multiline text): a line that is not "FieldXxx: " continues the previous key
    const entries: [string, string][] = [];
    for (const line of rec.split('\n')) {
      const m = /^(Field\w+): (.*)$/.exec(line);
      if (m) entries.push([m[1], m[2]]);
      else if (entries.length && line !== '') entries[entries.length - 1][1] += '\n' + line;
    }
    const get = (k: string) => entries.find((e) => e[0] === k)?.[1];
    const name = get('FieldName');
    if (!name) continue;
    map.set(name, {
      name,
      type: get('FieldType') ?? '',
      value: get('FieldValue'),
      states: entries.filter((e) => e[0] === 'FieldStateOption').map((e) => e[1]),
      flags: Number(get('FieldFlags') ?? 0),
      maxLen: get('FieldMaxLength') ? Number(get('FieldMaxLength')) : undefined,
      alt: get('FieldNameAlt'),
    });
  }
  return map;
}

// ---------------------------------------------------------------------------------------------
// Forms built with (upstream) pdf-lib, standing in for a third-party AcroForm PDF.

/** Renames the on-state of a check box widget (pdf-lib always writes /Yes). */
function renameOnState(doc: PDFDocument, widgetDict: PDFDict, to: string) {
  const ap = widgetDict.lookup(PDFName.of('AP'), PDFDict);
  for (const key of ['N', 'D']) {
    const sub = ap.lookupMaybe(PDFName.of(key), PDFDict);
    if (!sub) continue;
    const yes = sub.get(PDFName.of('Yes'));
    if (!yes) continue;
    const off = sub.get(PDFName.of('Off'));
    const fresh = doc.context.obj({}) as PDFDict;
    fresh.set(PDFName.of(to), yes);
    if (off) fresh.set(PDFName.of('Off'), off);
    ap.set(PDFName.of(key), fresh);
  }
}

export interface Box {
  page: number; // zero-based
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Layout of the test form, in PDF user space of the unrotated page. */
export const LAYOUT = {
  name: { page: 0, x: 60, y: 700, w: 300, h: 22 },
  notes: { page: 0, x: 60, y: 560, w: 300, h: 110 },
  ssn: { page: 0, x: 60, y: 520, w: 270, h: 24 },
  zip: { page: 0, x: 360, y: 520, w: 80, h: 22 },
  agree: { page: 0, x: 60, y: 480, w: 16, h: 16 },
  cbOn: { page: 0, x: 100, y: 480, w: 16, h: 16 },
  cbOne: { page: 0, x: 140, y: 480, w: 16, h: 16 },
  red: { page: 0, x: 60, y: 440, w: 16, h: 16 },
  green: { page: 0, x: 100, y: 440, w: 16, h: 16 },
  blue: { page: 0, x: 140, y: 440, w: 16, h: 16 },
  country: { page: 0, x: 60, y: 400, w: 200, h: 22 },
  fruit: { page: 0, x: 300, y: 340, w: 150, h: 80 },
  sign: { page: 0, x: 60, y: 300, w: 200, h: 30 },
  greek: { page: 0, x: 60, y: 250, w: 300, h: 22 },
  right: { page: 0, x: 300, y: 200, w: 250, h: 22 },
  rotated: { page: 1, x: 100, y: 100, w: 40, h: 400 },
} satisfies Record<string, Box>;

export async function buildThirdPartyForm(
  opts: { needAppearances?: boolean; prefill?: Record<string, string> } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helv = await doc.embedFont(StandardFonts.Helvetica);
  const p1 = doc.addPage([612, 792]);
  const p2 = doc.addPage([612, 792]);
  p2.setRotation(degrees(90));
  p1.drawText('Third-party test form', { x: 60, y: 750, size: 16, font: helv });
  p2.drawText('Rotated page', { x: 200, y: 300, size: 14, font: helv, rotate: degrees(90) });
  const form = doc.getForm();
  const at = (page: PDFPage, b: Box, extra: Record<string, unknown> = {}) => ({
    x: b.x,
    y: b.y,
    width: b.w,
    height: b.h,
    borderWidth: 1,
    borderColor: rgb(0.3, 0.3, 0.3),
    font: helv,
    ...extra,
  });
  const L = LAYOUT;
  const name = form.createTextField('applicant.name');
  name.addToPage(p1, at(p1, L.name));
  const notes = form.createTextField('notes');
  notes.enableMultiline();
  notes.addToPage(p1, at(p1, L.notes));
  const ssn = form.createTextField('ssn');
  ssn.setMaxLength(9);
  ssn.enableCombing();
  ssn.addToPage(p1, at(p1, L.ssn));
  const zip = form.createTextField('zip');
  zip.setMaxLength(5);
  zip.addToPage(p1, at(p1, L.zip));
  const greek = form.createTextField('greek');
  greek.addToPage(p1, at(p1, L.greek));
  const right = form.createTextField('right');
  right.setAlignment(2);
  right.addToPage(p1, at(p1, L.right));

  const agree = form.createCheckBox('agree');
  agree.addToPage(p1, at(p1, L.agree));
  const cbOn = form.createCheckBox('cb_on');
  cbOn.addToPage(p1, at(p1, L.cbOn));
  const cbOne = form.createCheckBox('cb_one');
  cbOne.addToPage(p1, at(p1, L.cbOne));
  renameOnState(doc, cbOn.acroField.getWidgets()[0].dict, 'On');
  renameOnState(doc, cbOne.acroField.getWidgets()[0].dict, '1');

  const color = form.createRadioGroup('color');
  color.addOptionToPage('red', p1, at(p1, L.red));
  color.addOptionToPage('green', p1, at(p1, L.green));
  color.addOptionToPage('blue', p1, at(p1, L.blue));

  const country = form.createDropdown('country');
  country.addOptions(['Canada', 'France', 'Ελλάδα', 'Россия']);
  country.addToPage(p1, at(p1, L.country));
  const fruit = form.createOptionList('fruit');
  fruit.addOptions(['Apple', 'Banana', 'Cherry']);
  fruit.addToPage(p1, at(p1, L.fruit));

  const rot = form.createTextField('rotated');
  rot.addToPage(p2, at(p2, L.rotated));
  // Upright on the rotated page: /MK /R = page rotation (pdf-lib's own `rotate` option moves the rect).
  rot.acroField.getWidgets()[0].getOrCreateAppearanceCharacteristics().setRotation(90);

  // A /Sig field built by hand (pdf-lib has no API for it).
  const sigWidget = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    T: PDFString.of('sign'),
    Rect: [L.sign.x, L.sign.y, L.sign.x + L.sign.w, L.sign.y + L.sign.h],
    F: 4,
    P: p1.ref,
  });
  const sigRef = doc.context.register(sigWidget);
  p1.node.addAnnot(sigRef);
  form.acroForm.addField(sigRef as PDFRef);

  const bytes = await doc.save({ updateFieldAppearances: true });
  if (!opts.needAppearances) return bytes;
  const again = await PDFDocument.load(bytes);
  again.getForm().acroForm.dict.set(PDFName.of('NeedAppearances'), again.context.obj(true));
  // values set without appearances: only a viewer honouring NeedAppearances would show them
  for (const [k, v] of Object.entries(opts.prefill ?? {})) {
    again.getForm().getTextField(k).acroField.dict.set(PDFName.of('V'), PDFString.of(v));
  }
  return again.save({ updateFieldAppearances: false });
}

/** A flat (no form) two-page PDF with drawn boxes; page 2 has /Rotate 90. */
export async function buildFlatPdf(rotation = 90): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helv = await doc.embedFont(StandardFonts.Helvetica);
  const p1 = doc.addPage([612, 792]);
  const p2 = doc.addPage([612, 792]);
  p2.setRotation(degrees(rotation));
  p1.drawText('Flat form', { x: 60, y: 750, size: 16, font: helv });
  for (const b of [LAYOUT.name, LAYOUT.ssn, LAYOUT.notes]) {
    p1.drawRectangle({ x: b.x, y: b.y, width: b.w, height: b.h, borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
  }
  p2.drawRectangle({ x: 100, y: 100, width: 40, height: 400, borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
  return doc.save();
}

/** Converts a box in unrotated user space to display space (top-left origin) of a page of the given size and rotation. */
export function toDisplay(b: { x: number; y: number; w: number; h: number }, pageW: number, pageH: number, rotate: number) {
  const corners = [
    [b.x, b.y],
    [b.x + b.w, b.y],
    [b.x, b.y + b.h],
    [b.x + b.w, b.y + b.h],
  ].map(([x, y]) => {
    switch (rotate) {
      case 90:
        return [y, x];
      case 180:
        return [pageW - x, y];
      case 270:
        return [pageH - y, pageW - x];
      default:
        return [x, pageH - y];
    }
  });
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
}

// Appearance streams for widgets: text (single line, multiline, comb, password), choice (combo and
// list), check boxes and radio buttons. Pure functions: they take the widget's geometry and style
// and return content-stream text plus the /BBox and /Matrix of the form XObject.
//
// Rotation: a widget's /MK /R (counter-clockwise degrees, normally equal to the page's /Rotate)
// turns the appearance so that it reads upright on the rotated page. The content is laid out in a
// W x H frame (W and H swapped for 90/270) and /Matrix maps that frame onto the widget rectangle.

import { PDFContext, PDFDict, PDFName, PDFNumber, PDFObject, PDFRef } from '@cantoo/pdf-lib';
import { textWidth, type LayoutFont } from '../fonts.ts';
import { fmtNum as f } from './writer.ts';
import { dictOf, arrayOf, resolve } from './template.ts';

const N = (s: string) => PDFName.of(s);

export interface Frame {
  /** Width and height of the appearance's own coordinate space. */
  w: number;
  h: number;
  bbox: [number, number, number, number];
  matrix: [number, number, number, number, number, number];
}

export function frameFor(rect: [number, number, number, number], rotation: number): Frame {
  const rw = rect[2] - rect[0];
  const rh = rect[3] - rect[1];
  switch (rotation) {
    case 90:
      return { w: rh, h: rw, bbox: [0, 0, rh, rw], matrix: [0, 1, -1, 0, rw, 0] };
    case 180:
      return { w: rw, h: rh, bbox: [0, 0, rw, rh], matrix: [-1, 0, 0, -1, rw, rh] };
    case 270:
      return { w: rh, h: rw, bbox: [0, 0, rh, rw], matrix: [0, -1, 1, 0, 0, rh] };
    default:
      return { w: rw, h: rh, bbox: [0, 0, rw, rh], matrix: [1, 0, 0, 1, 0, 0] };
  }
}

// ---------------------------------------------------------------------------------------------
// Style: /DA, /MK colours, border

export interface DA {
  font?: string;
  size: number;
  /** Fill colour operator with operands, e.g. "0 g". */
  color: string;
}

export function parseDA(da: string | undefined): DA {
  const out: DA = { size: 0, color: '0 g' };
  if (!da) return out;
  const tokens = da.match(/\/[^\s/[\]()<>{}%]*|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'"*]+/g) ?? [];
  const stack: string[] = [];
  for (const t of tokens) {
    if (t === 'Tf') {
      const size = Number(stack[stack.length - 1]);
      const font = stack[stack.length - 2];
      if (font?.startsWith('/')) out.font = font.slice(1);
      if (Number.isFinite(size)) out.size = Math.abs(size);
      stack.length = 0;
    } else if (t === 'g' || t === 'rg' || t === 'k') {
      const n = t === 'g' ? 1 : t === 'rg' ? 3 : 4;
      const ops = stack.slice(-n);
      if (ops.length === n && ops.every((x) => Number.isFinite(Number(x)))) out.color = `${ops.join(' ')} ${t}`;
      stack.length = 0;
    } else if (/^[A-Za-z'"*]+$/.test(t)) {
      stack.length = 0;
    } else {
      stack.push(t);
    }
  }
  return out;
}

function colorOp(ctx: PDFContext, arr: PDFObject | undefined, stroke: boolean): string | undefined {
  const a = arrayOf(ctx, arr);
  if (!a) return undefined;
  const nums = a.asArray().map((x) => {
    const r = resolve(ctx, x);
    return r instanceof PDFNumber ? r.asNumber() : 0;
  });
  const ops = { 1: stroke ? 'G' : 'g', 3: stroke ? 'RG' : 'rg', 4: stroke ? 'K' : 'k' } as Record<number, string>;
  const op = ops[nums.length];
  return op ? `${nums.map(f).join(' ')} ${op}` : undefined;
}

export interface WidgetStyle {
  background?: string;
  borderColor?: string;
  borderWidth: number;
  borderStyle: 'S' | 'D' | 'B' | 'I' | 'U';
  dash?: number[];
  /** /MK /CA: the ZapfDingbats character of a check box or radio button. */
  caption?: string;
}

export function widgetStyle(ctx: PDFContext, w: PDFDict): WidgetStyle {
  const mk = dictOf(ctx, w.get(N('MK')));
  const bs = dictOf(ctx, w.get(N('BS')));
  let bw = 1;
  let style: WidgetStyle['borderStyle'] = 'S';
  let dash: number[] | undefined;
  if (bs) {
    const wv = resolve(ctx, bs.get(N('W')));
    if (wv instanceof PDFNumber) bw = wv.asNumber();
    const s = resolve(ctx, bs.get(N('S')));
    if (s instanceof PDFName) {
      const v = s.decodeText();
      if (v === 'D' || v === 'B' || v === 'I' || v === 'U' || v === 'S') style = v;
    }
    const d = arrayOf(ctx, bs.get(N('D')));
    if (d) dash = d.asArray().map((x) => (resolve(ctx, x) instanceof PDFNumber ? (resolve(ctx, x) as PDFNumber).asNumber() : 3));
  } else {
    const border = arrayOf(ctx, w.get(N('Border')));
    const third = border ? resolve(ctx, border.get(2)) : undefined;
    if (third instanceof PDFNumber) bw = third.asNumber();
  }
  const borderColor = colorOp(ctx, mk?.get(N('BC')), true);
  const ca = resolve(ctx, mk?.get(N('CA')));
  let caption: string | undefined;
  if (ca && 'decodeText' in ca && typeof (ca as { decodeText: unknown }).decodeText === 'function') {
    caption = (ca as unknown as { decodeText(): string }).decodeText();
  }
  return {
    background: colorOp(ctx, mk?.get(N('BG')), false),
    borderColor,
    borderWidth: borderColor ? Math.max(0, bw) : 0,
    borderStyle: style,
    dash,
    caption,
  };
}

function boxOps(fr: Frame, st: WidgetStyle, round = false): string {
  let s = '';
  const { w, h } = fr;
  if (st.background) {
    s += `q ${st.background} ${round ? circlePath(w / 2, h / 2, Math.min(w, h) / 2) + ' f' : `0 0 ${f(w)} ${f(h)} re f`} Q\n`;
  }
  if (st.borderColor && st.borderWidth > 0) {
    const bw = st.borderWidth;
    s += `q ${st.borderColor} ${f(bw)} w `;
    if (st.borderStyle === 'D') s += `[${(st.dash ?? [3]).map(f).join(' ')}] 0 d `;
    if (round) {
      s += `${circlePath(w / 2, h / 2, Math.min(w, h) / 2 - bw / 2)} S Q\n`;
    } else if (st.borderStyle === 'U') {
      s += `0 ${f(bw / 2)} m ${f(w)} ${f(bw / 2)} l S Q\n`;
    } else {
      s += `${f(bw / 2)} ${f(bw / 2)} ${f(w - bw)} ${f(h - bw)} re S Q\n`;
    }
  }
  return s;
}

function circlePath(cx: number, cy: number, r: number): string {
  const k = 0.5523 * r;
  return (
    `${f(cx + r)} ${f(cy)} m ` +
    `${f(cx + r)} ${f(cy + k)} ${f(cx + k)} ${f(cy + r)} ${f(cx)} ${f(cy + r)} c ` +
    `${f(cx - k)} ${f(cy + r)} ${f(cx - r)} ${f(cy + k)} ${f(cx - r)} ${f(cy)} c ` +
    `${f(cx - r)} ${f(cy - k)} ${f(cx - k)} ${f(cy - r)} ${f(cx)} ${f(cy - r)} c ` +
    `${f(cx + k)} ${f(cy - r)} ${f(cx + r)} ${f(cy - k)} ${f(cx + r)} ${f(cy)} c h`
  );
}

// ---------------------------------------------------------------------------------------------
// Text

export interface TextOptions {
  font: LayoutFont;
  /** Resource name of the font inside the appearance stream. */
  fontRes: string;
  da: DA;
  q: number;
  multiline?: boolean;
  comb?: number;
  password?: boolean;
}

const MIN_SIZE = 4;
const AUTO_LINE_FACTOR = 1.35;

export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Greedy word wrap; words wider than the line are broken by characters. */
export function wrap(font: LayoutFont, text: string, size: number, width: number): string[] {
  const out: string[] = [];
  const tw = (s: string) => textWidth(font, s, size);
  for (const para of splitLines(text)) {
    const tokens = para.split(/(\s+)/).filter((x) => x !== '');
    let line = '';
    const breakLong = (word: string): string => {
      let chunk = '';
      for (const ch of word) {
        if (chunk !== '' && tw(chunk + ch) > width) {
          out.push(chunk);
          chunk = ch;
        } else chunk += ch;
      }
      return chunk;
    };
    for (const tok of tokens) {
      if (tw(line + tok) <= width) {
        line += tok;
        continue;
      }
      if (/^\s+$/.test(tok)) {
        out.push(line.trimEnd());
        line = '';
        continue;
      }
      if (line.trim() !== '') out.push(line.trimEnd());
      line = tw(tok) <= width ? tok : breakLong(tok);
    }
    out.push(line.trimEnd());
  }
  return out;
}

export interface Layout {
  /** Font size actually used. */
  size: number;
  /** True when the text does not fit even at the minimum size (it is clipped). */
  overflow: boolean;
}

/** Content stream of a text field (or a combo box showing `text`). */
export function textAppearance(fr: Frame, st: WidgetStyle, text: string, o: TextOptions): { content: string; layout: Layout } {
  const { w, h } = fr;
  const bw = st.borderWidth;
  const inset = bw > 0 ? bw * (st.borderStyle === 'B' || st.borderStyle === 'I' ? 2 : 1) : 0;
  const padX = inset + 2;
  const font = o.font;
  const shown = o.password ? '*'.repeat([...text].length) : text;
  const availH = Math.max(1, h - 2 * inset - 2);
  const availW = Math.max(1, w - 2 * padX);
  const lineFactor = (font.ascent - font.descent) / 1000;
  let size = 0;
  let overflow = false;
  const body: string[] = [];

  if (shown !== '') {
    if (o.comb && o.comb > 0 && !o.multiline) {
      const cells = o.comb;
      const cellW = w / cells;
      size = o.da.size > 0 ? Math.min(o.da.size, availH / lineFactor) : availH / AUTO_LINE_FACTOR;
      let widest = 0;
      for (const ch of shown) widest = Math.max(widest, font.widthOfCodePoint(ch.codePointAt(0)!));
      if (widest > 0) size = Math.min(size, (cellW * 0.92 * 1000) / widest);
      if (size < MIN_SIZE) {
        overflow = true;
        size = MIN_SIZE;
      }
      const chars = [...shown];
      const start = o.q === 1 ? Math.floor((cells - chars.length) / 2) : o.q === 2 ? cells - chars.length : 0;
      const y = h / 2 - (font.capHeight / 2000) * size;
      chars.forEach((ch, i) => {
        const cw = textWidth(font, ch, size);
        const x = (start + i) * cellW + (cellW - cw) / 2;
        body.push(`1 0 0 1 ${f(x)} ${f(y)} Tm ${font.encode(ch)} Tj`);
      });
    } else if (o.multiline) {
      let s = o.da.size > 0 ? o.da.size : 12;
      let lines: string[];
      const lh = (sz: number) => sz * Math.max(1.15, lineFactor);
      for (;;) {
        lines = wrap(font, shown, s, availW);
        const need = lines.length * lh(s) - (lh(s) - (font.ascent - font.descent) * (s / 1000));
        if (need <= availH || s <= MIN_SIZE) {
          if (need > availH) overflow = true;
          break;
        }
        s = Math.max(MIN_SIZE, s - (s > 8 ? 0.5 : 0.25));
      }
      size = s;
      let y = h - inset - 1 - (font.ascent / 1000) * size;
      for (const line of lines) {
        if (line !== '') {
          const tw = textWidth(font, line, size);
          const x = o.q === 1 ? (w - tw) / 2 : o.q === 2 ? w - padX - tw : padX;
          body.push(`1 0 0 1 ${f(x)} ${f(y)} Tm ${font.encode(line)} Tj`);
        }
        y -= lh(size);
      }
    } else {
      const one = shown.replace(/\r\n|\r|\n/g, ' ');
      size = o.da.size > 0 ? Math.min(o.da.size, availH / lineFactor) : availH / AUTO_LINE_FACTOR;
      const tw1 = textWidth(font, one, 1);
      if (tw1 > 0) size = Math.min(size, availW / tw1);
      if (size < MIN_SIZE) {
        overflow = true;
        size = MIN_SIZE;
      }
      const tw = tw1 * size;
      const x = o.q === 1 ? (w - tw) / 2 : o.q === 2 ? w - padX - tw : padX;
      const y = Math.max(inset + 1 - (font.descent / 1000) * size * 0.8, h / 2 - (font.capHeight / 2000) * size);
      body.push(`1 0 0 1 ${f(x)} ${f(y)} Tm ${font.encode(one)} Tj`);
    }
  }

  let content = boxOps(fr, st);
  content += '/Tx BMC\n';
  if (body.length) {
    const cx = inset > 0 ? inset : 1;
    content += `q\n${f(cx)} ${f(cx)} ${f(Math.max(0, w - 2 * cx))} ${f(Math.max(0, h - 2 * cx))} re W n\n`;
    content += `BT\n/${o.fontRes} ${f(size)} Tf\n${o.da.color}\n${body.join('\n')}\nET\nQ\n`;
  }
  content += 'EMC\n';
  return { content, layout: { size, overflow } };
}

/** Content of a list box: every option, the selected ones highlighted. */
export function listAppearance(
  fr: Frame,
  st: WidgetStyle,
  labels: string[],
  selected: Set<number>,
  topIndex: number,
  o: TextOptions,
): string {
  const { w, h } = fr;
  const bw = st.borderWidth;
  const inset = bw > 0 ? bw : 0;
  const padX = inset + 2;
  const font = o.font;
  const size = o.da.size > 0 ? o.da.size : 12;
  const lh = size * 1.15;
  const visible = Math.max(1, Math.floor((h - 2 * inset) / lh));
  let top = topIndex;
  const firstSel = Math.min(...selected);
  if (selected.size && (firstSel < top || firstSel >= top + visible)) top = Math.max(0, firstSel - visible + 1);
  let content = boxOps(fr, st);
  content += '/Tx BMC\n';
  content += `q\n${f(inset + 1)} ${f(inset + 1)} ${f(Math.max(0, w - 2 * inset - 2))} ${f(Math.max(0, h - 2 * inset - 2))} re W n\n`;
  for (let i = top; i < labels.length && i < top + visible + 1; i++) {
    if (selected.has(i)) {
      const yTop = h - inset - (i - top) * lh;
      content += `0.6 0.75 0.88 rg ${f(inset)} ${f(yTop - lh)} ${f(w - 2 * inset)} ${f(lh)} re f\n`;
    }
  }
  content += `BT\n/${o.fontRes} ${f(size)} Tf\n${o.da.color}\n`;
  for (let i = top; i < labels.length && i < top + visible + 1; i++) {
    const yTop = h - inset - (i - top) * lh;
    const y = yTop - lh + (lh - (font.capHeight / 1000) * size) / 2;
    const tw = textWidth(font, labels[i], size);
    const x = o.q === 1 ? (w - tw) / 2 : o.q === 2 ? w - padX - tw : padX;
    content += `1 0 0 1 ${f(x)} ${f(y)} Tm ${font.encode(labels[i])} Tj\n`;
  }
  content += 'ET\nQ\nEMC\n';
  return content;
}

// ---------------------------------------------------------------------------------------------
// Buttons

function strokeOf(fill: string): string {
  return fill.replace(/ g$/, ' G').replace(/ rg$/, ' RG').replace(/ k$/, ' K');
}

/** Symbol of a check box / radio button drawn with paths (no font needed). */
export function buttonAppearance(
  fr: Frame,
  st: WidgetStyle,
  on: boolean,
  radio: boolean,
  da: DA,
): string {
  const { w, h } = fr;
  let content = boxOps(fr, st, radio && !!st.borderColor);
  if (!on) return content;
  const ch = st.caption ?? (radio ? 'l' : '4');
  const inset = st.borderWidth > 0 ? st.borderWidth * 2 : 1;
  const box = Math.max(1, Math.min(w, h) - 2 * inset);
  const s = da.size > 0 ? Math.min(da.size * 0.9, box) : box * 0.85;
  const cx = w / 2;
  const cy = h / 2;
  const x0 = cx - s / 2;
  const y0 = cy - s / 2;
  const P = (u: number, v: number) => `${f(x0 + u * s)} ${f(y0 + v * s)}`;
  const color = da.color;
  let shape: string;
  switch (ch) {
    case '8': // cross
      shape = `${strokeOf(color)} ${f(s * 0.12)} w 1 J ${P(0.12, 0.12)} m ${P(0.88, 0.88)} l ${P(0.12, 0.88)} m ${P(0.88, 0.12)} l S`;
      break;
    case 'l': // circle
      shape = `${color} ${circlePath(cx, cy, s * 0.3)} f`;
      break;
    case 'n': // square
      shape = `${color} ${f(cx - s * 0.3)} ${f(cy - s * 0.3)} ${f(s * 0.6)} ${f(s * 0.6)} re f`;
      break;
    case 'u': // diamond
      shape = `${color} ${P(0.5, 0.12)} m ${P(0.88, 0.5)} l ${P(0.5, 0.88)} l ${P(0.12, 0.5)} l h f`;
      break;
    case 'H': {
      // star
      const pts: string[] = [];
      for (let i = 0; i < 10; i++) {
        const r = (i % 2 ? 0.19 : 0.45) * s;
        const a = Math.PI / 2 + (i * Math.PI) / 5;
        pts.push(`${f(cx + r * Math.cos(a))} ${f(cy + r * Math.sin(a))} ${i ? 'l' : 'm'}`);
      }
      shape = `${color} ${pts.join(' ')} h f`;
      break;
    }
    default: // check mark
      shape = `${strokeOf(color)} ${f(s * 0.14)} w 1 J 1 j ${P(0.1, 0.52)} m ${P(0.38, 0.18)} l ${P(0.9, 0.84)} l S`;
  }
  content += `q ${shape} Q\n`;
  return content;
}

// ---------------------------------------------------------------------------------------------

/** Pre-serialized dictionary entries of an appearance form XObject (without /Length). */
export function formHeader(fr: Frame, fonts?: Record<string, PDFRef>): string {
  let h = `/Type /XObject /Subtype /Form /BBox [${fr.bbox.map(f).join(' ')}]`;
  if (fr.matrix.join(',') !== '1,0,0,1,0,0') h += ` /Matrix [${fr.matrix.map(f).join(' ')}]`;
  let res = '';
  if (fonts) {
    for (const [k, v] of Object.entries(fonts)) res += `${PDFName.of(k).asString()} ${v.objectNumber} ${v.generationNumber} R `;
  }
  h += res ? ` /Resources << /Font << ${res}>> >>` : ' /Resources << >>';
  return h;
}

/** Adds an appearance stream to an update. */
export function addAppearance(
  up: { addForm(header: string, form: { bbox: number[]; matrix: number[] }, content: string): PDFRef },
  fr: Frame,
  content: string,
  fonts?: Record<string, PDFRef>,
): PDFRef {
  return up.addForm(formHeader(fr, fonts), { bbox: fr.bbox, matrix: fr.matrix }, content);
}

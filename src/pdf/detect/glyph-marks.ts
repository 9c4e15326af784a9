// Checkbox glyphs we cannot read: symbol fonts without a Unicode map give characters like
// U+0000, so the text alone cannot say whether a glyph is a box.
// When a vector page has such single glyphs, render the part of the page holding them once and
// look at their pixels.
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { unionAll } from './geometry.ts';
import type { PageModel, Word } from './model.ts';
import { components, rectPixels } from './raster-model.ts';
import { binarize, renderGray } from './raster.ts';
import { hollowShape } from './shapes.ts';
import { groupLines } from './text-lines.ts';

/** Single glyphs whose character says nothing (control characters from fonts without a map). */
export function unknownGlyphs(model: PageModel): Word[] {
  return model.words.filter((w) => {
    if (w.rotated || [...w.text].length !== 1) return false;
    // Control characters only: private-use code points come from dingbat fonts, which are
    // mapped by name (page-model symbolText) or are arrows and bullets.
    const c = w.text.codePointAt(0) ?? 0;
    return c < 0x20 && w.size >= 5 && w.size <= 24;
  });
}

const DPI = 150;

/** Turn unknown glyphs that look like empty squares or rings into marks (mutates the model). */
export async function resolveGlyphMarks(page: PDFPageProxy, model: PageModel): Promise<void> {
  const glyphs = unknownGlyphs(model);
  if (!glyphs.length) return;
  // Only the part of the page holding the glyphs is rasterised and binarised: the whole page at
  // 150 dpi cost several times more on the dev corpus.
  const scale = DPI / 72;
  const pad = Math.max(...glyphs.map((g) => g.size)) * 1.5;
  const around = unionAll(glyphs.map((g) => g.rect))!;
  const x0 = Math.max(model.view[0], around.x - pad);
  const yTop = Math.min(model.view[3], around.y + around.height + pad);
  const x1 = Math.min(model.view[2], around.x + around.width + pad);
  const y1 = Math.max(model.view[1], around.y - pad);
  const window = { left: Math.floor((x0 - model.view[0]) * scale), top: Math.floor((model.view[3] - yTop) * scale), width: Math.ceil((x1 - x0) * scale), height: Math.ceil((yTop - y1) * scale) };
  const { image } = await renderGray(page, DPI, model.rotate, window);
  const bin = binarize(image);
  const frame = { x0: model.view[0] + window.left / scale, yTop: model.view[3] - window.top / scale, scale };
  const found = new Set<Word>();
  for (const g of glyphs) {
    // Symbol glyphs often draw beyond their advance box: look around the glyph's centre.
    const cx = g.rect.x + g.rect.width / 2;
    const cy = g.rect.y + g.rect.height / 2;
    const r = 0.9 * g.size;
    const [x1, y1, x2, y2] = rectPixels(frame, { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r }, image.width, image.height);
    const w = x2 - x1;
    const h = y2 - y1;
    if (w < 4 || h < 4) continue;
    const crop = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) crop.set(bin.subarray((y1 + y) * image.width + x1, (y1 + y) * image.width + x2), y * w);
    // The component nearest the centre is the glyph.
    const pcx = (cx - frame.x0) * scale - x1;
    const pcy = (frame.yTop - cy) * scale - y1;
    let best: ReturnType<typeof components>[number] | null = null;
    let bestD = Infinity;
    for (const c of components(crop, w, h)) {
      const dx = Math.max(c.x1 - pcx, 0, pcx - c.x2);
      const dy = Math.max(c.y1 - pcy, 0, pcy - c.y2);
      const d = Math.hypot(dx, dy);
      if (d < bestD) [best, bestD] = [c, d];
    }
    if (!best || bestD > 0.3 * g.size * scale) continue;
    const kind = hollowShape(crop, w, best.x1, best.y1, best.x2, best.y2, best.count);
    if (!kind) continue;
    const rect = { x: frame.x0 + (x1 + best.x1) / scale, y: frame.yTop - (y1 + best.y2) / scale, width: (best.x2 - best.x1) / scale, height: (best.y2 - best.y1) / scale };
    if (rect.width < 4 || rect.height < 4 || rect.width > 24 || rect.height > 24) continue;
    model.marks.push({ kind, rect });
    found.add(g);
  }
  if (found.size) {
    model.words = model.words.filter((w) => !found.has(w));
    model.lines = groupLines(model.words.filter((w) => !w.rotated));
  }
}

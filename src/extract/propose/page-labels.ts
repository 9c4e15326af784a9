// The form's own printed words around each widget. Real forms often name their fields badly
// ("undefined", "F1 01", or a name that belongs to the next box), while the page says plainly what
// goes where; this reads the text left of, above and inside each widget (and right of a check
// box, where its caption sits) with pdf.js.
import { openPdf } from '../../pdf/pdfjs.ts';
import type { Rect } from '../../pdf/types.ts';
import { mainPeriod, type Period } from './periods.ts';

/** "RECIPIENT'S", "RECIPIENT ’ S" (pdf.js splits the apostrophe off). */
const POSSESSIVE = /\b[a-z]+\s?['’]\s?s\b/i;
/** Words that name a party other than the form's subject. */
const PARTY = /\b(payer|recipient|employer|spouse|husband|wife|preparer|interpreter|buyer|seller|physician|doctor|facility|hospital|representative|attorney|notary|mother|father|parent|emergency|defendant|respondent|witness|victim|decedent)('?s)?\b/i;

interface Item {
  str: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PrintedLabel {
  left: string;
  above: string;
  inside: string;
  right: string;
  /** The nearest short caption above the box that names whose block it is ("PAYER'S name…", "Employer"). */
  heading: string;
  /** The period the form's amounts are for, when its pages name one far more than any other ("weekly"). */
  period?: Period | null;
}

/** Printed text near each place; '' where nothing is printed. Never throws: a bad PDF gives no labels. */
export async function printedLabels(pdf: Uint8Array, places: { page: number; rect: Rect }[]): Promise<PrintedLabel[]> {
  const empty = places.map(() => ({ left: '', above: '', inside: '', right: '', heading: '' }));
  let doc;
  try {
    doc = await openPdf(pdf);
  } catch {
    return empty;
  }
  try {
    const byPage = new Map<number, Item[]>();
    const out: PrintedLabel[] = [];
    for (const place of places) {
      if (place.page < 0 || place.page >= doc.numPages) {
        out.push({ left: '', above: '', inside: '', right: '', heading: '' });
        continue;
      }
      let items = byPage.get(place.page);
      if (!items) {
        const page = await doc.getPage(place.page + 1);
        const content = await page.getTextContent();
        items = [];
        for (const it of content.items) {
          if (!('str' in it) || !it.str.trim()) continue;
          const t = it.transform as number[];
          items.push({ str: it.str.trim(), x: t[4], y: t[5], w: it.width, h: it.height || Math.hypot(t[2], t[3]) || 8 });
        }
        byPage.set(place.page, items);
        page.cleanup();
      }
      out.push(around(items, place.rect));
    }
    const period = mainPeriod([...byPage.values()].flatMap((items) => items.map((i) => i.str)).join(' '));
    return out.map((label) => ({ ...label, period }));
  } catch {
    return empty;
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

function join(items: Item[], keep: 'first' | 'last' | 'all' = 'all'): string {
  const sorted = items.sort((a, b) => b.y - a.y || a.x - b.x);
  // pdf.js splits a word where the kerning changes ("mailing addres" + "s of"): pieces that touch
  // on the same line are one word.
  const text = sorted
    .map((i, k) => {
      const p = sorted[k - 1];
      const touching = p && Math.abs(p.y - i.y) < 1 && Math.abs(p.x + p.w - i.x) < 0.8 && /[a-z]$/i.test(p.str) && /^[a-z]/.test(i.str);
      return (k === 0 ? '' : touching ? '' : ' ') + i.str;
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  // Blank lines printed as underscores separate one caption from the next.
  const parts = text.split(/_{3,}/).map((p) => p.trim()).filter(Boolean);
  if (!parts.length) return '';
  return keep === 'last' ? parts[parts.length - 1] : keep === 'first' ? parts[0] : parts.join(' ');
}

function around(items: Item[], r: Rect): PrintedLabel {
  const top = r.y + r.height;
  const midY = r.y + r.height / 2;
  const inBand = (i: Item) => i.y <= top + 2 && i.y + i.h >= r.y - 2 && Math.abs(i.y + i.h / 2 - midY) < Math.max(r.height, i.h);
  // Left: on the same band, ending before the box, nearest run of items within 220 pt.
  const left = items
    .filter((i) => inBand(i) && i.x + i.w <= r.x + 2 && i.x + i.w >= r.x - 220)
    .sort((a, b) => b.x - a.x);
  const leftRun: Item[] = [];
  let edge = r.x;
  for (const i of left) {
    if (edge - (i.x + i.w) > 40) break;
    leftRun.push(i);
    edge = i.x;
  }
  // Above: just over the box and overlapping it horizontally (label-above layouts, 2 lines at most).
  const above = items.filter((i) => i.y >= top - 2 && i.y <= top + 22 && i.x < r.x + r.width && i.x + i.w > r.x);
  // Inside: a caption printed in the box (label-inside layouts).
  const inside = items.filter((i) => i.x >= r.x - 1 && i.x + i.w <= r.x + r.width + 1 && i.y >= r.y - 1 && i.y + i.h <= top + 3);
  // Right: a check box's caption, starting within 30 pt after it.
  const right = items.filter((i) => inBand(i) && i.x >= r.x + r.width - 1 && i.x <= r.x + r.width + 30).sort((a, b) => a.x - b.x).slice(0, 4);
  // Heading: the nearest short caption up to 120 pt above, over the same column, naming a party.
  // A caption left of the box on a line above counts too ("Seller's Signature: ___" over "Print
  // Name: ___"), and the party word must lead the caption: in "must be notarized by an acceptable
  // notary public" it is part of an instruction, not whose block this is.
  const ownCaption = items.some((i) => i.y >= top - 2 && i.y <= top + 14 && i.x < r.x + r.width && i.x + i.w > r.x && /:\s*$/.test(i.str) && !PARTY.test(i.str));
  const heading = items
    .filter((i) => {
      // A caption starting past the box's right edge heads the next column, not this box.
      if (i.y < top - 2 || i.y > top + 120 || i.x >= r.x + r.width - 2) return false;
      const words = i.str.split(/\s+/);
      // A caption of its own just over the box ("Marital Status:") makes it a field of its own,
      // not a line of a block titled further up ("Respondent:").
      if (i.y > top + 30 && ownCaption) return false;
      // "If Married, Spouse's name:" is one field's conditional caption, not a block's title.
      if (/^if\b/i.test(i.str)) return false;
      // Over the box: a block title ("RECIPIENT'S name", "Seller Information"), not a sentence
      // that starts with the party ("Payer made direct sales of $5,000 or more").
      if (i.x + i.w > r.x - 20) return PARTY.test(words.slice(0, 3).join(' ')) && (words.length <= 4 || POSSESSIVE.test(i.str));
      // Left of the box, on the line just above: only a caption that starts with the party.
      return i.y > top && i.y <= top + 40 && words.length <= 4 && PARTY.test(words[0]) && POSSESSIVE.test(i.str);
    })
    .sort((a, b) => a.y - b.y)[0];
  return { left: join(leftRun, 'last'), above: join(above, 'last'), inside: join(inside), right: join(right, 'first'), heading: heading?.str ?? '' };
}

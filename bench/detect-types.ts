// Exact field types of a detection run: the shared scorer counts a radio found as a checkbox as
// typed right (both are "box") and has no choice class, so this pass matches detections to truth
// itself (per page, greedy one-to-one by IoU, like the scorer) and counts, per truth type, what the
// detector made of it, and how many forms each failure touches. Reads the detections bench:detect
// wrote (bench/out/detect/<variant>/NAME.json). A field matched by nothing at the threshold but
// overlapped by a detection matched by nothing either is "→ TYPE off the box" (found, boxed
// differently from the truth), not "not found", and that detection is not "(no truth)".
//
//   npx tsx bench/detect-types.ts --corpus ../shared/corpus/dev [--variant flat|scanned] [--out bench/out/detect] [--iou 0.5] [--list]
import fs from 'node:fs';
import path from 'node:path';

interface R {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface TruthField {
  page: number;
  type: string;
  rect: R;
  name: string;
  alt_types?: string[];
  dont_care?: boolean;
}
interface Truth {
  fields: TruthField[];
  scan_rotation_deg?: number;
  pages: { cropbox?: number[]; width: number; height: number }[];
}
interface Det {
  page: number;
  type: string;
  rect: R;
  label?: string;
  group?: string;
}

function iou(a: R, b: R): number {
  const ix = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const iy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (ix <= 0 || iy <= 0) return 0;
  const inter = ix * iy;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** A scanned detection's centre rotated back to the original page (the scorer's --scanned). */
function derotate(r: R, page: Truth['pages'][number] | undefined, deg: number): R {
  if (!deg || !page) return r;
  const box = page.cropbox ?? [0, 0, page.width, page.height];
  const cx = (box[0] + box[2]) / 2;
  const cy = (box[1] + box[3]) / 2;
  const t = (-deg * Math.PI) / 180;
  const mx = r.x + r.width / 2 - cx;
  const my = r.y + r.height / 2 - cy;
  const nx = cx + Math.cos(t) * mx - Math.sin(t) * my;
  const ny = cy + Math.sin(t) * mx + Math.cos(t) * my;
  return { x: nx - r.width / 2, y: ny - r.height / 2, width: r.width, height: r.height };
}

/** Truth index → detection index (or -1), greedy by IoU per page. */
function matchFields(truths: readonly { page: number; rect: R }[], dets: readonly { page: number; rect: R }[], thr: number): number[] {
  const pairs: [number, number, number][] = [];
  truths.forEach((t, i) =>
    dets.forEach((d, j) => {
      if (d.page !== t.page) return;
      const v = iou(t.rect, d.rect);
      if (v >= thr) pairs.push([v, i, j]);
    }),
  );
  pairs.sort((a, b) => b[0] - a[0] || a[1] - b[1] || a[2] - b[2]);
  const tm = truths.map(() => -1);
  const dUsed = new Set<number>();
  for (const [, i, j] of pairs) {
    if (tm[i] !== -1 || dUsed.has(j)) continue;
    tm[i] = j;
    dUsed.add(j);
  }
  return tm;
}

/** Overlap under which a truth field and a detection are not the same place at all. */
const OFF_BOX_IOU = 0.1;
const OFF_BOX = 'off the box';

/**
 * Truth fields left unmatched that a detection left unmatched overlaps (IoU 0.1 up to the match
 * threshold), truth index → detection index: the detector found the place but its box and the
 * truth's disagree (a box glyph measured smaller than the widget over it, a widget set off the
 * printed box). Counted apart from "not found", and those detections apart from "(no truth)",
 * so a missed field and a misplaced one read differently.
 */
function offTheBox(truths: readonly { page: number; rect: R }[], dets: readonly { page: number; rect: R }[], tm: readonly number[], matched: ReadonlySet<number>): Map<number, number> {
  const looseT = truths.map((_, i) => i).filter((i) => tm[i] === -1);
  const looseD = dets.map((_, j) => j).filter((j) => !matched.has(j));
  const pairs = matchFields(
    looseT.map((i) => truths[i]),
    looseD.map((j) => dets[j]),
    OFF_BOX_IOU,
  );
  const out = new Map<number, number>();
  pairs.forEach((k, n) => {
    if (k !== -1) out.set(looseT[n], looseD[k]);
  });
  return out;
}

/** The kind a truth field asks for: a text field the truth allows as a signature counts as one. */
const truthKind = (f: TruthField) => (f.type === 'text' && f.alt_types?.includes('signature') ? 'signature' : f.type);

/** One failure mode ("radio → checkbox"): fields, the forms they are on, examples. */
export interface TypeMode {
  fields: number;
  forms: Set<string>;
  examples: string[];
}

/**
 * Truth kind → what the detector made of it, over the detections bench:detect wrote to `dir`
 * for `names` ("(no truth) → type" for box and signature detections that match nothing).
 */
export function typeModes(corpus: string, dir: string, names: readonly string[], scanned: boolean, thr = 0.5): Map<string, TypeMode> {
  const modes = new Map<string, TypeMode>();
  const note = (mode: string, form: string, example: string) => {
    const m = modes.get(mode) ?? { fields: 0, forms: new Set<string>(), examples: [] };
    m.fields++;
    m.forms.add(form);
    m.examples.push(`${form}: ${example}`);
    modes.set(mode, m);
  };
  for (const name of names) {
    const truth = JSON.parse(fs.readFileSync(path.join(corpus, name, 'truth.json'), 'utf8')) as Truth;
    const file = path.join(dir, `${name}.json`);
    if (!fs.existsSync(file)) continue;
    const dets = (JSON.parse(fs.readFileSync(file, 'utf8')).fields as Det[]).map((d) => ({
      ...d,
      rect: scanned ? derotate(d.rect, truth.pages[d.page], truth.scan_rotation_deg ?? 0) : d.rect,
    }));
    const truths = truth.fields.filter((f) => !f.dont_care);
    const tm = matchFields(truths, dets, thr);
    const matched = new Set(tm.filter((j) => j !== -1));
    const off = offTheBox(truths, dets, tm, matched);
    truths.forEach((t, i) => {
      if (tm[i] === -1 && off.has(i)) {
        const d = dets[off.get(i)!];
        note(`${truthKind(t)} → ${d.type} ${OFF_BOX}`, name, `${t.name} p${t.page} "${d.label ?? ''}" IoU ${iou(t.rect, d.rect).toFixed(2)}`);
        return;
      }
      const d = tm[i] === -1 ? null : dets[tm[i]];
      note(`${truthKind(t)} → ${d ? d.type : 'not found'}`, name, `${t.name} p${t.page}${d ? ` "${d.label ?? ''}"` : ''}`);
    });
    const offDets = new Set(off.values());
    dets.forEach((d, j) => {
      if (!matched.has(j) && !offDets.has(j) && d.type !== 'text') note(`(no truth) → ${d.type}`, name, `p${d.page} "${d.label ?? ''}"`);
    });
  }
  return modes;
}

const KINDS = ['signature', 'radio', 'checkbox', 'choice', 'text', '(no truth)'];

/** Per truth kind: how many, typed right, then each failure mode with its forms (examples with `list`). */
export function formatTypeModes(modes: Map<string, TypeMode>, list = false): string[] {
  const lines: string[] = [];
  for (const k of KINDS) {
    const rows = [...modes].filter(([m]) => m.startsWith(`${k} →`));
    const total = rows.reduce((s, [, m]) => s + m.fields, 0);
    if (!total) continue;
    const right = modes.get(`${k} → ${k}`)?.fields ?? 0;
    lines.push(`    ${k} ${total}${k === '(no truth)' ? '' : `: typed right ${(right / total).toFixed(3)}`}`);
    for (const [m, v] of rows.sort((a, b) => b[1].fields - a[1].fields)) {
      if (m === `${k} → ${k}`) continue;
      const forms = [...v.forms];
      lines.push(`      ${m.padEnd(36)} ${String(v.fields).padStart(4)} in ${forms.length} forms${forms.length <= 6 ? ` (${forms.join(', ')})` : ''}`);
      if (list) for (const e of v.examples.slice(0, 40)) lines.push(`          ${e}`);
    }
  }
  return lines;
}

function main(): void {
  const argv = process.argv.slice(2);
  const arg = (k: string, d: string) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : d);
  const corpus = path.resolve(arg('--corpus', ''));
  const outRoot = path.resolve(arg('--out', 'bench/out/detect'));
  const thr = Number(arg('--iou', '0.5'));
  const variants = argv.includes('--variant') ? [arg('--variant', 'flat')] : ['flat', 'scanned'];
  for (const variant of variants) {
    const dir = path.join(outRoot, variant);
    if (!fs.existsSync(dir)) continue;
    const names = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
    console.log(`== ${variant} (${names.length} forms, IoU ${thr}): truth kind → detected type, fields (forms)`);
    for (const l of formatTypeModes(typeModes(corpus, dir, names, variant === 'scanned', thr), argv.includes('--list'))) console.log(l);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();

// Small rectangle helpers shared by every stage. Rects are PDF user space: x,y = lower-left.
import type { Rect } from '../types.ts';

export const right = (r: Rect): number => r.x + r.width;
export const top = (r: Rect): number => r.y + r.height;
export const cx = (r: Rect): number => r.x + r.width / 2;
export const cy = (r: Rect): number => r.y + r.height / 2;
export const area = (r: Rect): number => Math.max(0, r.width) * Math.max(0, r.height);

export function rectFromEdges(x1: number, y1: number, x2: number, y2: number): Rect {
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

export function union(a: Rect, b: Rect): Rect {
  return rectFromEdges(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(right(a), right(b)), Math.max(top(a), top(b)));
}

export function unionAll(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  let u = rects[0];
  for (let i = 1; i < rects.length; i++) u = union(u, rects[i]);
  return u;
}

export function intersection(a: Rect, b: Rect): Rect | null {
  const x1 = Math.max(a.x, b.x);
  const y1 = Math.max(a.y, b.y);
  const x2 = Math.min(right(a), right(b));
  const y2 = Math.min(top(a), top(b));
  return x2 > x1 && y2 > y1 ? { x: x1, y: y1, width: x2 - x1, height: y2 - y1 } : null;
}

export function overlapArea(a: Rect, b: Rect): number {
  const r = intersection(a, b);
  return r ? area(r) : 0;
}

export function iou(a: Rect, b: Rect): number {
  const i = overlapArea(a, b);
  const u = area(a) + area(b) - i;
  return u > 0 ? i / u : 0;
}

/** Overlap of the two intervals [a1,a2] and [b1,b2] (0 when disjoint). */
export function overlap1d(a1: number, a2: number, b1: number, b2: number): number {
  return Math.max(0, Math.min(a2, b2) - Math.max(a1, b1));
}

/** True when `inner` lies inside `outer` grown by `tol` on every side. */
export function contains(outer: Rect, inner: Rect, tol = 0): boolean {
  return inner.x >= outer.x - tol && inner.y >= outer.y - tol && right(inner) <= right(outer) + tol && top(inner) <= top(outer) + tol;
}

export function inset(r: Rect, d: number): Rect {
  return { x: r.x + d, y: r.y + d, width: Math.max(0, r.width - 2 * d), height: Math.max(0, r.height - 2 * d) };
}

export function pointIn(r: Rect, x: number, y: number, tol = 0): boolean {
  return x >= r.x - tol && x <= right(r) + tol && y >= r.y - tol && y <= top(r) + tol;
}

export const round2 = (v: number): number => Math.round(v * 100) / 100;

export function roundRect(r: Rect): Rect {
  return { x: round2(r.x), y: round2(r.y), width: round2(r.width), height: round2(r.height) };
}

/** 2D affine matrix [a b c d e f] as in PDF. */
export type Matrix = [number, number, number, number, number, number];
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** PDF row-vector product a × b: a point is mapped by `a` first, then by `b` (so `cm` is multiply(m, ctm)). */
export function multiply(a: Matrix, b: Matrix): Matrix {
  return [
    a[0] * b[0] + a[1] * b[2],
    a[0] * b[1] + a[1] * b[3],
    a[2] * b[0] + a[3] * b[2],
    a[2] * b[1] + a[3] * b[3],
    a[4] * b[0] + a[5] * b[2] + b[4],
    a[4] * b[1] + a[5] * b[3] + b[5],
  ];
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** Axis-aligned bounds of a rect mapped through m. */
export function transformRect(m: Matrix, r: Rect): Rect {
  const pts = [apply(m, r.x, r.y), apply(m, right(r), r.y), apply(m, r.x, top(r)), apply(m, right(r), top(r))];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return rectFromEdges(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A uniform grid over rects: "what lies near here" without scanning the whole page each time. */
export class RectIndex<T> {
  private readonly cells = new Map<number, T[]>();
  constructor(
    items: readonly T[],
    rectOf: (t: T) => Rect,
    private readonly size = 24,
  ) {
    for (const it of items) for (const key of this.keys(rectOf(it))) {
      const list = this.cells.get(key);
      if (list) list.push(it);
      else this.cells.set(key, [it]);
    }
  }

  private keys(r: Rect): number[] {
    const out: number[] = [];
    const x1 = Math.floor(r.x / this.size);
    const x2 = Math.floor((r.x + r.width) / this.size);
    const y1 = Math.floor(r.y / this.size);
    const y2 = Math.floor((r.y + r.height) / this.size);
    for (let x = x1; x <= x2; x++) for (let y = y1; y <= y2; y++) out.push(x * 100_003 + y);
    return out;
  }

  /** Items whose rect may touch `r` (a superset; callers test exactly). */
  near(r: Rect): T[] {
    const seen = new Set<T>();
    for (const key of this.keys(r)) for (const it of this.cells.get(key) ?? []) seen.add(it);
    return [...seen];
  }
}

// bench/detect-types: what the detector made of each truth field. A field the detector boxed
// differently from the truth (IoU under the match threshold) is told apart from one it missed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { typeModes } from '../../../bench/detect-types.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'detect-types-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const box = (x: number, y: number, side: number) => ({ x, y, width: side, height: side });

function run(truth: object[], dets: object[]) {
  const corpus = path.join(root, 'corpus');
  const out = path.join(root, 'out');
  fs.mkdirSync(path.join(corpus, 'form'), { recursive: true });
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(corpus, 'form', 'truth.json'), JSON.stringify({ fields: truth, pages: [{ width: 612, height: 792 }] }));
  fs.writeFileSync(path.join(out, 'form.json'), JSON.stringify({ fields: dets }));
  const modes = typeModes(corpus, out, ['form'], false);
  return Object.fromEntries([...modes].map(([m, v]) => [m, v.fields]));
}

describe('exact types of a detection run', () => {
  it('tells a field boxed off the truth from a field not found, and does not count its box as extra', () => {
    const truth = [
      { page: 0, type: 'checkbox', name: 'same', rect: box(100, 700, 10) },
      // A widget twice the printed box: the detection sits inside it (IoU 0.25).
      { page: 0, type: 'checkbox', name: 'widget', rect: box(100, 650, 20) },
      { page: 0, type: 'checkbox', name: 'missed', rect: box(100, 600, 10) },
    ];
    const dets = [
      { page: 0, type: 'checkbox', rect: box(100, 700, 10) },
      { page: 0, type: 'checkbox', rect: box(105, 655, 10) },
      { page: 0, type: 'checkbox', rect: box(400, 100, 10) },
    ];
    expect(run(truth, dets)).toEqual({
      'checkbox → checkbox': 1,
      'checkbox → checkbox off the box': 1,
      'checkbox → not found': 1,
      '(no truth) → checkbox': 1,
    });
  });
});

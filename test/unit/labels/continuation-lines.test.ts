// An answer given several lines prints its caption by the first one only: the lines under it,
// alone on their rows, are that answer's next lines (index.ts, labelContinuations).
import { describe, expect, it } from 'vitest';
import type { Rect } from '../../../src/pdf/types.ts';
import { settlePageLabels } from '../../../src/pdf/labels/index.ts';
import { field, line, settledLabels } from './page.ts';

describe('continuation lines of an answer', () => {
  it('reads the caption of the line above, numbered, for blanks with no caption of their own', () => {
    const lines = [line('Put your address here', 63, 482, 90)];
    const fields = [field('text', 63, 460, 183, 19), field('text', 63, 440, 183, 19), field('text', 63, 419, 183, 19)];
    expect(settledLabels(fields, lines)).toEqual(['Put your address here', 'Put your address here, line 2', 'Put your address here, line 3']);
  });

  it('leaves a blank with a neighbour on its row alone (a table cell, one person’s of two)', () => {
    const rect = (x: number, y: number, width: number) => ({ x, y, width, height: 14 }) as Rect;
    const labelled = [
      { type: 'text' as const, page: 0, rect: rect(154, 284, 136), label: 'Social Security number' },
      { type: 'text' as const, page: 0, rect: rect(154, 261, 136), label: '' },
      { type: 'text' as const, page: 0, rect: rect(375, 261, 138), label: '' },
    ];
    settlePageLabels(labelled, [], new Set());
    expect(labelled[1].label).toBe('');
  });
});

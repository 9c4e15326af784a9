// Captions and check box questions wrapped over more than three lines: the line beside the blank
// or the options is the end of a sentence, and the lines it runs on from are read up to the
// sentence's start (caption.ts, wrapped).
import { describe, expect, it } from 'vitest';
import { field, labelsOf, line } from './page.ts';

describe('sentences wrapped over several lines', () => {
  it('reads a check box question from its start, four lines up', () => {
    // "Are there any prior or pending actions in any state or" / "country involving the Plaintiff
    // and the Defendant for" / "divorce, annulment, separate support, legal separation," / "or
    // abuse prevention?  [] NO  [] YES"
    const lines = [
      line('Are there any prior or pending actions in any state or', 35, 340, 240),
      line('country involving the Plaintiff and the Defendant for', 35, 330, 230),
      line('divorce, annulment, separate support, legal separation,', 35, 320, 235),
      line('or abuse prevention?', 35, 310, 85),
      line('NO', 146, 310, 14),
      line('YES', 186, 310, 18),
    ];
    const labels = labelsOf([field('checkbox', 132, 310, 9, 9), field('checkbox', 172, 310, 9, 9)], lines);
    expect(labels[0]).toBe('Are there any prior or pending actions in any state or country involving the Plaintiff and the Defendant for divorce, annulment, separate support, legal separation, or abuse prevention?: NO');
  });

  it('reads a caption from its start, past a line that ends in an abbreviation', () => {
    // "Total of payments received from" / "any source, including gifts, etc." / "and not counted on" / "line 7  ____"
    const lines = [
      line('Total of payments received from', 40, 330, 140),
      line('any source, including gifts, etc.', 40, 320, 140),
      line('and not counted on', 40, 310, 80),
      line('line 7', 40, 300, 26),
    ];
    expect(labelsOf([field('text', 200, 298, 80, 12)], lines)).toEqual(['Total of payments received from any source, including gifts, etc. and not counted on line 7']);
  });

  it('still stops at a sentence closed over a line that starts one', () => {
    const lines = [line('Complete this part only if you are married.', 40, 330, 180), line('Spouse name', 40, 320, 60)];
    expect(labelsOf([field('text', 120, 318, 120, 12)], lines)).toEqual(['Spouse name']);
  });
});

// Answer boxes ("No", "Yes") too far from the question they answer for the question search to
// reach: they take the question of the answer box above them in their column (caption.ts,
// addColumnQuestions).
import { describe, expect, it } from 'vitest';
import { field, labelsOf, line } from './page.ts';

describe('answer boxes down a column', () => {
  it('reads the question of its Yes far above, past the room the Yes asks to explain in', () => {
    const lines = [
      line('Do you believe you, or a witness who will give evidence, are vulnerable in', 45, 664, 400),
      line('any way which the court needs to consider?', 45, 655, 232),
      line('Yes. Please explain in what way and what support you need.', 96, 625, 300),
      line('No', 93, 383, 16),
      line('Does your claim include issues under the Human Rights Act?', 45, 346, 330),
      line('Yes', 93, 321, 18),
      line('No', 93, 299, 16),
    ];
    const fields = [field('checkbox', 76, 628, 13, 13), field('text', 96, 420, 430, 180), field('checkbox', 74, 385, 13, 13), field('checkbox', 74, 322, 13, 13), field('checkbox', 74, 300, 13, 13)];
    const labels = labelsOf(fields, lines);
    expect(labels[0]).toMatch(/^Do you believe .*consider\?: Yes/);
    expect(labels[2]).toBe(`${labels[0].slice(0, labels[0].indexOf('?: ') + 1)}: No`);
    // The next question's boxes keep their own question.
    expect(labels[3]).toBe('Does your claim include issues under the Human Rights Act?: Yes');
    expect(labels[4]).toBe('Does your claim include issues under the Human Rights Act?: No');
  });

  it('passes a column head question down the rows of a table, too far for the head to reach', () => {
    const lines = [line('Does dependent live with you?', 500, 420, 80)];
    const fields = [];
    for (let row = 0; row < 5; row++) {
      const y = 396 - 28 * row;
      lines.push(line('No', 525, y - 1, 10), line('Yes', 525, y - 13, 14));
      fields.push(field('checkbox', 512, y, 10, 10), field('checkbox', 512, y - 12, 10, 10));
    }
    const labels = labelsOf(fields, lines);
    expect(labels.slice(6)).toEqual(Array.from({ length: 4 }, (_, k) => `Does dependent live with you?: ${k % 2 ? 'Yes' : 'No'}`));
  });

  it('does not carry a question past another one asked between them', () => {
    const lines = [line('Are you employed?', 40, 500, 90), line('Yes', 60, 480, 18), line('Have you moved?', 40, 300, 80), line('No', 60, 250, 16)];
    const fields = [field('checkbox', 45, 481, 10, 10), field('checkbox', 45, 251, 10, 10)];
    expect(labelsOf(fields, lines)[1]).toBe('No');
  });
});

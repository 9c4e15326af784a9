// Notes printed by a blank that say how or whether to fill something in ("If you had an eligible
// spouse, continue at line 14.", "Write that amount on the Summary…", "Note: …"): they are set
// nearer the blank than the caption of the item they qualify, and name nothing (caption.ts,
// itemOfNote; words.ts, isGuidance).
import { describe, expect, it } from 'vitest';
import { field, labelsOf, line } from './page.ts';
import { isGuidance } from '../../../src/pdf/labels/words.ts';

describe('notes beside a blank', () => {
  it('reads the item over a note set beside an amount box, not the note', () => {
    // "Add the amounts from line 12 in columns 1 and 2." / "If you had an eligible spouse,
    // continue at line 14; if not, continue at line 15."  ____ 13
    const lines = [line('Add the amounts from line 12 in columns 1 and 2.', 40, 320, 200), line('If you had an eligible spouse, continue at line 14; if not, continue at line 15.', 40, 310, 330)];
    expect(labelsOf([field('text', 400, 308, 80, 14)], lines)).toEqual(['Add the amounts from line 12 in columns 1 and 2.']);
  });

  it('reads a numbered item whose note is set under its hanging indent', () => {
    // "12. Add the amount in the last column of line 10 to the amount in line 11." /
    //     "Write that amount on the Summary of Your Assets and Liabilities, if it applies"  ____
    const lines = [line('12. Add the amount in the last column of line 10 to the amount in line 11.', 30, 420, 300), line('Write that amount on the Summary of Your Assets and Liabilities, if it applies', 45, 410, 290)];
    expect(labelsOf([field('text', 380, 408, 70, 14)], lines)).toEqual(['12. Add the amount in the last column of line 10 to the amount in line 11.']);
  });

  it('takes no note standing alone under a box for its caption, but the caption further off', () => {
    // "Describe the property" over the box, 30 pt up; "Note: attach a list if there is not enough
    // space." right under it.
    const lines = [line('Describe the property', 40, 530, 90), line('Note: attach a list if there is not enough space.', 40, 486, 200)];
    expect(labelsOf([field('text', 40, 496, 400, 20)], lines)).toEqual(['Describe the property']);
  });

  it('asks no question of check boxes with a note over them', () => {
    // "13. Do you expect a change?" / (a note of the blank beside) / "[] No" "[] Yes"
    const lines = [
      line('13. Do you expect an increase or decrease within the year?', 30, 300, 260),
      line('Do not include amounts already listed in lines 2-10.', 40, 289, 220),
      line('No', 56, 277, 12),
      line('Yes', 56, 265, 14),
    ];
    const labels = labelsOf([field('checkbox', 42, 277, 9, 9), field('checkbox', 42, 265, 9, 9)], lines);
    expect(labels[0]).toBe('13. Do you expect an increase or decrease within the year?: No');
  });

  it('keeps a caption that asks for something under a condition', () => {
    const lines = [line('If Yes, please give the Acas early conciliation certificate number.', 40, 310, 280)];
    expect(labelsOf([field('text', 340, 306, 150, 16)], lines)).toEqual(['If Yes, please give the Acas early conciliation certificate number.']);
  });
});

describe('isGuidance', () => {
  it('knows notes, prohibitions, errands and conditions that send elsewhere', () => {
    for (const t of [
      'Note: If the account is in more than one name, see the instructions for line 1.',
      'Do not include any amounts already included in lines 2-10',
      'Write that amount on the Summary of Your Assets and Liabilities',
      'If you or your spouse received an RC210 slip, you must also complete Step 4.',
      'If insufficient space, please attach additional details',
      'If you had an eligible spouse, continue at line 14; if not, continue at line 15.',
    ])
      expect(isGuidance(t), t).toBe(true);
  });

  it('leaves captions alone, conditional ones included', () => {
    for (const t of [
      'If Yes, please give the Acas early conciliation certificate number',
      'If immediate attention is needed, why is it needed?',
      'If line 1 is greater than line 2, subtract line 2 from line 1 and enter the result here',
      'Enter whichever is less: amount from line 2 or line 3',
      'Attachment Sequence No.',
      'Write your name',
    ])
      expect(isGuidance(t), t).toBe(false);
  });
});

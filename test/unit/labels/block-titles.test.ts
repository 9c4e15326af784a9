// Like blocks of blanks whose captions stand in a column left of the blanks, each block under a
// title printed over its captions ("Respondent 2", "Respondent 3"; "DEATH" over the second of two
// blocks): the captions that repeat read their block's title (index.ts, titleBlocks).
import { describe, expect, it } from 'vitest';
import { field, line, settledLabels } from './page.ts';

describe('titles over a column of captions', () => {
  it('gives each block its title', () => {
    const lines = [
      line('Respondent 2', 45, 700, 55),
      line('Name', 45, 680, 22),
      line('Address', 45, 660, 32),
      line('Postcode', 160, 580, 35),
      line('Respondent 3', 45, 540, 55),
      line('Name', 45, 520, 22),
      line('Address', 45, 500, 32),
      line('Postcode', 160, 420, 35),
    ];
    const fields = [field('text', 200, 678, 300, 14), field('text', 200, 600, 300, 72), field('text', 200, 578, 120, 14), field('text', 200, 518, 300, 14), field('text', 200, 440, 300, 72), field('text', 200, 418, 120, 14)];
    expect(settledLabels(fields, lines)).toEqual(['Respondent 2: Name', 'Respondent 2: Address', 'Respondent 2: Postcode', 'Respondent 3: Name', 'Respondent 3: Address', 'Respondent 3: Postcode']);
  });

  it('titles a later block when the first one on the page has none', () => {
    const lines = [line('FULL NAME OF FATHER', 30, 700, 110), line('DEATH', 30, 660, 30), line('DATE OF DEATH', 30, 640, 70), line('FULL NAME OF FATHER', 30, 620, 110)];
    const fields = [field('text', 160, 698, 300, 12), field('text', 160, 638, 300, 12), field('text', 160, 618, 300, 12)];
    expect(settledLabels(fields, lines)).toEqual(['FULL NAME OF FATHER', 'DATE OF DEATH', 'DEATH: FULL NAME OF FATHER']);
  });

  it('titles no block when the one without a title is not the first', () => {
    // The second block is introduced by a sentence, not titled: the first one's title is not what
    // tells the two apart.
    const lines = [line('MAILING', 30, 720, 40), line('Floor', 30, 700, 30), line('Give the address where you live if it is not the one above.', 30, 660, 250), line('Floor', 30, 620, 30)];
    const fields = [field('text', 160, 698, 100, 12), field('text', 160, 618, 100, 12)];
    expect(settledLabels(fields, lines).some((l) => l.startsWith('MAILING: '))).toBe(false);
  });
});

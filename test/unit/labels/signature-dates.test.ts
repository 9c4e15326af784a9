// Dates that repeat beside signatures are told apart by whose signature they go with (index.ts,
// disambiguate: signerOf).
import { describe, expect, it } from 'vitest';
import { field, line, settledLabels } from './page.ts';

describe('dates beside signatures', () => {
  // Two signers, each a signature blank with a Date blank: beside it on its row, or under it.
  const cases = [
    {
      where: 'on its row',
      lines: [line('Buyer’s Signature:', 72, 330, 70), line('Date:', 390, 330, 22), line('Seller’s Signature:', 72, 230, 72), line('Date:', 390, 230, 22)],
      fields: [field('signature', 150, 327, 200, 20), field('text', 417, 325, 120, 20), field('signature', 150, 227, 200, 20), field('text', 417, 225, 120, 20)],
      dates: ['Buyer’s Signature: Date', 'Seller’s Signature: Date'],
    },
    {
      where: 'over it',
      lines: [line('Signature of Debtor 1', 165, 68, 80), line('Date', 150, 50, 18), line('Signature of Debtor 2', 385, 68, 80), line('Date', 370, 50, 18)],
      fields: [field('signature', 161, 79, 173, 24), field('text', 179, 48, 66, 14), field('signature', 382, 79, 173, 24), field('text', 400, 48, 66, 14)],
      dates: ['Signature of Debtor 1: Date', 'Signature of Debtor 2: Date'],
    },
  ];
  it.each(cases)('reads the signer of the signature $where', ({ lines, fields, dates }) => {
    const labels = settledLabels(fields, lines);
    expect([labels[1], labels[3]]).toEqual(dates);
  });
});

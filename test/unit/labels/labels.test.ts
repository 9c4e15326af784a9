// The label engine, each rule on a page built for it: detected fields (flat pages) and existing
// AcroForm fields read the same captions.
import { afterAll, describe, expect, it } from 'vitest';
import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';
import { PDFDocument, PDFName, PDFString, StandardFonts, rgb } from '@cantoo/pdf-lib';
import type { FormField } from '../../../src/pdf/types.ts';
import { detectFields, terminateOcr } from '../../../src/pdf/detect/index.ts';
import { readAcroForm } from '../../../src/pdf/acroform.ts';
import { commonTooltipPrefix, isGoodTooltip, isMachineName, labelAcroFormFields } from '../../../src/pdf/labels/acroform.ts';
import { cleanLabel, joinLetterSpacing } from '../../../src/pdf/labels/text.ts';
import { printedTitle } from '../../../src/pdf/labels/title.ts';
import { isPageFurniture } from '../../../src/pdf/labels/words.ts';
import { isArithmetic } from '../../../src/pdf/labels/caption.ts';
import { isHeadingLike } from '../../../src/pdf/labels/index.ts';
import { buildContract } from '../../../src/domain/contracts.ts';
import { withPdf } from '../../../src/pdf/document.ts';

afterAll(() => terminateOcr());

const black = rgb(0, 0, 0);

interface Kit {
  page: PDFPage;
  doc: PDFDocument;
  font: PDFFont;
  text(t: string, x: number, y: number, size?: number): void;
  box(x: number, y: number, w: number, h: number): void;
  line(x1: number, y1: number, x2: number, y2: number): void;
}

async function build(draw: (k: Kit) => void | Promise<void>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  await draw({
    page,
    doc,
    font,
    text: (t, x, y, size = 10) => page.drawText(t, { x, y, size, font, color: black }),
    box: (x, y, w, h) => page.drawRectangle({ x, y, width: w, height: h, borderWidth: 1, borderColor: black }),
    line: (x1, y1, x2, y2) => page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 1, color: black }),
  });
  return doc.save();
}

const detect = async (draw: (k: Kit) => void): Promise<FormField[]> => (await detectFields(await build(draw))).fields;
/** Rows of a table: each row's caption at the left margin, then its cells. */
function tableRows(k: Kit, rows: [string, number][], x: number, size: number, cells: (y: number) => void): void {
  for (const [caption, y] of rows) {
    k.text(caption, x, y + 2, size);
    cells(y);
  }
}
const near = (fields: FormField[], x: number, y: number) => fields.find((f) => Math.abs(f.rect.x - x) < 6 && Math.abs(f.rect.y - y) < 8);

describe('captions of detected fields', () => {
  it('reads a caption printed under its blank, not the caption of the row above', async () => {
    const fields = await detect((k) => {
      k.line(72, 700, 400, 700);
      k.line(420, 700, 540, 700);
      k.text('Number and street', 72, 691, 7);
      k.text('Apartment', 420, 691, 7);
      k.line(72, 670, 300, 670);
      k.line(320, 670, 420, 670);
      k.line(440, 670, 540, 670);
      k.text('City', 72, 661, 7);
      k.text('State', 320, 661, 7);
      k.text('ZIP code', 440, 661, 7);
    });
    expect(near(fields, 72, 670)?.label).toBe('City');
    expect(near(fields, 320, 670)?.label).toBe('State');
    expect(near(fields, 440, 670)?.label).toBe('ZIP code');
    expect(near(fields, 72, 700)?.label).toBe('Number and street');
  });

  it('tells repeated State and ZIP blanks apart by the heading the City blank of their row reads', async () => {
    const fields = await detect((k) => {
      ['Present address', 'Previous address', 'Mailing address'].forEach((heading, i) => {
        const y = 700 - 110 * i;
        k.text(heading, 40, y, 11);
        k.text('Street number and name', 40, y - 18, 9);
        k.box(40, y - 40, 330, 18);
        k.text('City or Town', 40, y - 54, 9);
        k.box(40, y - 76, 330, 18);
        k.text('State', 400, y - 54, 9);
        k.box(400, y - 76, 48, 18);
        k.text('ZIP Code', 460, y - 54, 9);
        k.box(460, y - 76, 110, 18);
      });
    });
    const at = (x: number, y: number) => near(fields, x, y)?.label;
    expect(at(40, 624)).toBe('Present address: City or Town');
    expect(at(400, 624)).toBe('Present address: State');
    expect(at(460, 514)).toBe('Previous address: ZIP Code');
    expect(at(400, 404)).toBe('Mailing address: State');
  });

  it('tells repeated captions on rows apart by the caption of each row\'s first blank', async () => {
    const fields = await detect((k) => {
      // Each row's caption ends just before its first blank.
      [['Address', 700, 96], ["Employer's Address", 660, 40]].forEach(([caption, y, x]) => {
        const row = y as number;
        k.text(caption as string, x as number, row + 2, 10);
        k.line(140, row, 320, row);
        k.text('(Street address)', 190, row - 8, 8);
        k.line(330, row, 460, row);
        k.text('(City/Town)', 370, row - 8, 8);
        k.line(470, row, 515, row);
        k.text('(State)', 480, row - 8, 8);
      });
    });
    const labels = fields.map((f) => f.label);
    expect(labels).toContain('Address: (City/Town)');
    expect(labels).toContain("Employer's Address: (State)");
  });

  it('keeps a line number with the caption beyond it', async () => {
    const fields = await detect((k) => {
      k.text('1a', 60, 652);
      k.text('Wages, salaries, tips', 80, 652);
      k.text('1a', 470, 652);
      k.box(490, 648, 90, 16);
      k.text('2', 60, 630);
      k.text('Taxable interest', 80, 630);
      k.text('2', 470, 630);
      k.box(490, 626, 90, 16);
    });
    expect(near(fields, 490, 648)?.label).toBe('1a Wages, salaries, tips');
    expect(near(fields, 490, 626)?.label).toBe('2 Taxable interest');
  });

  it('names a blank as tall as a caption and its conditions by the caption, not the last condition', async () => {
    const fields = await detect((k) => {
      k.text('Adjusted family net income', 60, 560);
      k.box(390, 556, 80, 14);
      k.text('Base amount:', 60, 536);
      k.text('If you had an eligible spouse, enter $30,639.', 60, 525);
      k.text('If not, enter $26,855.', 60, 514);
      k.box(390, 511, 80, 35);
    });
    expect(near(fields, 390, 511)?.label).toBe('Base amount');
    expect(near(fields, 390, 556)?.label).toBe('Adjusted family net income');
  });

  it('never takes the decimal point of the row above for a caption', async () => {
    const fields = await detect((k) => {
      [700, 680].forEach((y, i) => {
        k.text(i ? 'Taxable tips' : 'Taxable wages', 200, y + 4);
        k.box(353, y, 67, 15);
        // The decimal point between an amount and its cents, set large and reaching over the row below.
        k.text('.', 417, y - 2, 17);
        k.box(426, y, 21, 15);
      });
    });
    expect(near(fields, 353, 680)?.label).toBe('Taxable tips');
  });

  it('names a check box by its question and its option', async () => {
    const fields = await detect((k) => {
      k.text('Marital status:', 72, 701);
      for (const [x, t] of [[150, 'Single'], [220, 'Married'], [300, 'Divorced']] as const) {
        k.box(x, 700, 9, 9);
        k.text(t, x + 13, 701);
      }
      k.text('8. Do you rent your home?', 72, 660);
      k.box(80, 640, 9, 9);
      k.text('Yes', 93, 641);
      k.box(80, 625, 9, 9);
      k.text('No', 93, 626);
    });
    expect(near(fields, 220, 700)?.label).toBe('Marital status: Married');
    expect(near(fields, 80, 625)?.label).toBe('8. Do you rent your home?: No');
  });

  it('reads the question printed left of a stack of options, and an option that asks the next question', async () => {
    // "2. Do you have dependents?  [] No / [] Yes" with a heading above, and a nested stack under
    // an option that itself asks a question.
    const fields = await detect((k) => {
      k.text('Part 1: Describe your household', 40, 740, 10);
      k.text('1. Is this a joint case?', 40, 715);
      k.box(60, 698, 9, 9);
      k.text('No. Go to line 2.', 74, 699);
      k.box(60, 684, 9, 9);
      k.text('Yes. Does Debtor 2 live in a separate household?', 74, 685);
      k.box(90, 670, 9, 9);
      k.text('No', 104, 671);
      k.box(90, 656, 9, 9);
      k.text('Yes. Debtor 2 must file a separate form.', 104, 657);
      k.text('2. Do you have dependents?', 40, 631);
      k.box(200, 630, 9, 9);
      k.text('No', 214, 631);
      k.box(200, 616, 9, 9);
      k.text('Yes. Fill out this information for each dependent', 214, 617);
    });
    expect(near(fields, 200, 630)?.label).toBe('2. Do you have dependents?: No');
    expect(near(fields, 200, 616)?.label).toContain('2. Do you have dependents?: Yes');
    expect(near(fields, 90, 670)?.label).toBe('Yes. Does Debtor 2 live in a separate household?: No');
  });

  it('reads a numbered question wrapped under its hanging indent over a box, and options printed left of their boxes', async () => {
    const fields = await detect((k) => {
      k.text('11. Have you ever before applied for a permit', 40, 712);
      k.text('from this office?', 58, 702);
      k.box(58, 686, 9, 9);
      k.text('Yes (Complete the following questions.)', 72, 687);
      k.text('Date:', 72, 660);
      k.line(100, 658, 300, 658);
      k.box(58, 630, 9, 9);
      k.text('No (Go to question 12.)', 72, 631);
      k.text('6  Have you attached evidence of your identity?', 330, 712);
      k.text('No', 350, 699);
      k.box(370, 698, 9, 9);
      k.text('Yes', 350, 684);
      k.box(370, 683, 9, 9);
    });
    expect(near(fields, 58, 686)?.label).toBe('11. Have you ever before applied for a permit from this office?: Yes (Complete the following questions.)');
    expect(near(fields, 370, 683)?.label).toBe('6 Have you attached evidence of your identity?: Yes');
  });

  it('puts the item before a question that only says how to check', async () => {
    const fields = await detect((k) => {
      k.text('Overpayment', 72, 701);
      k.text('Check one:', 200, 701);
      k.box(260, 700, 9, 9);
      k.text('Apply to next return', 273, 701);
      k.box(400, 700, 9, 9);
      k.text('Send a refund', 413, 701);
      // An aside in parentheses belongs to the line over it, not to the text left on its row.
      k.text('Employer number', 72, 641);
      k.text('Report for this quarter', 300, 652);
      k.text('(Check one.)', 300, 641);
      k.box(308, 620, 9, 9);
      k.text('January to March', 321, 621);
      k.box(308, 605, 9, 9);
      k.text('April to June', 321, 606);
    });
    expect(near(fields, 400, 700)?.label).toBe('Overpayment, Check one: Send a refund');
    expect(near(fields, 308, 605)?.label).toBe('Report for this quarter, (Check one.): April to June');
  });

  it('reads an option wrapped in small print set tighter than its size', async () => {
    const fields = await detect((k) => {
      k.text('Check if:', 72, 702, 7);
      for (const [x, a, b] of [[150, 'Full-time', 'student'], [220, 'Permanently', 'and totally']] as const) {
        k.box(x, 700, 8, 8);
        k.text(a, x + 12, 703, 7);
        k.text(b, x + 12, 697, 7);
      }
    });
    expect(near(fields, 150, 700)?.label).toBe('Check if: Full-time student');
    expect(near(fields, 220, 700)?.label).toBe('Check if: Permanently and totally');
  });

  it('names a table cell by its row and its column', async () => {
    const fields = await detect((k) => {
      const cols = [150, 300, 450, 560];
      const rows = [700, 680, 660];
      for (const y of rows) k.line(150, y, 560, y);
      k.line(150, 640, 560, 640);
      for (const x of cols) k.line(x, 640, x, 700);
      k.text('First name', 160, 704, 8);
      k.text('Relationship', 310, 704, 8);
      k.text('Date of birth', 460, 704, 8);
      k.text('Dependent 1', 72, 685, 8);
      k.text('Dependent 2', 72, 665, 8);
      k.text('Dependent 3', 72, 645, 8);
    });
    expect(near(fields, 300, 660)?.label).toBe('Dependent 2: Relationship');
    expect(near(fields, 150, 640)?.label).toBe('Dependent 3: First name');
  });

  it('names a cell of a table set far right of its row captions by the row too', async () => {
    // Rate tables print each row's caption at the left margin and their columns (income
    // brackets) well to the right of it, past a wide gap.
    const fields = await detect((k) => {
      const cols = [330, 400, 470, 540];
      for (const y of [700, 680, 660]) k.line(330, y, 540, y);
      for (const x of cols) k.line(x, 660, x, 700);
      k.text('Bracket A', 335, 704, 8);
      k.text('Bracket B', 405, 704, 8);
      k.text('Bracket C', 475, 704, 8);
      k.text('Amount from line 1', 72, 685, 8);
      k.text('Rate that applies', 72, 665, 8);
    });
    expect(near(fields, 400, 680)?.label).toBe('Amount from line 1: Bracket B');
    expect(near(fields, 470, 660)?.label).toBe('Rate that applies: Bracket C');
  });

  it('gives each blank of a two-column table its column head, printed once over the columns', async () => {
    // "Petitioner" / "Respondent" over two columns of writing lines, rows far apart: each blank
    // reads its row's caption and its column's head; a blank with only a line code beside it
    // takes its row's caption.
    const fields = await detect((k) => {
      k.text('Petitioner', 380, 730, 10);
      k.text('Respondent', 478, 730, 10);
      tableRows(k, [['14. Monthly military allowances', 700], ['15. Total monthly gross income', 660], ['16. Monthly Medicaid benefits', 620]], 50, 10, (y) => {
        k.line(362, y, 446, y);
        k.text('38106', 452, y + 2, 8);
        k.line(478, y, 560, y);
      });
    });
    expect(near(fields, 362, 620)?.label).toBe('Petitioner: 16. Monthly Medicaid benefits');
    expect(near(fields, 478, 620)?.label).toBe('Respondent: 38106 16. Monthly Medicaid benefits');
    expect(near(fields, 478, 700)?.label).toContain('14. Monthly military allowances');
  });

  it('gives a money table its column heads past the "$" of the rows above, however far down the rows run', async () => {
    // "For Debtor 1" / "For Debtor 2 or non-filing spouse" printed once over two columns of "$ ____"
    // blanks: the "$" over a blank is the row above's, and the last row sits over 450 pt under the heads.
    const fields = await detect((k) => {
      const heads: [string, number, number][] = [['For Debtor 1', 360, 730], ['For Debtor 2 or', 436, 738], ['non-filing spouse', 435, 729]];
      for (const [head, x, y] of heads) k.text(head, x, y, 8);
      const rows: [string, number][] = [['5a. Tax deductions', 690], ['5b. Union dues', 670], ['5c. Insurance', 650], ['9. Pension or retirement income', 200]];
      // Each column: "$", then the blank.
      tableRows(k, rows, 52, 8, (y) => [360, 445].forEach((x) => (k.text('$', x, y + 2, 8), k.line(x + 5, y, x + 60, y))));
    });
    expect(near(fields, 365, 670)?.label).toBe('For Debtor 1: 5b. Union dues');
    expect(near(fields, 450, 670)?.label).toBe('For Debtor 2 or non-filing spouse: 5b. Union dues');
    expect(near(fields, 450, 200)?.label).toBe('For Debtor 2 or non-filing spouse: 9. Pension or retirement income');
  });

  it('names each band of rows by the name printed in the margin beside it', async () => {
    // "FIRST" / "PARTY" and "SECOND" / "PARTY" stacked in the margin, left of every box; each
    // box's caption printed inside its top-left corner.
    const fields = await detect((k) => {
      const bands: [string, number][] = [['FIRST', 500], ['SECOND', 420]];
      for (const [whose, y] of bands) {
        k.text(whose, 40, y, 9);
        k.text('PARTY', 40, y - 12, 9);
        tableRows(k, [['SOCIAL SECURITY NO.', y + 8], ['COUNTY', y - 22]], 101, 6, (row) => k.box(99, row - 12, 200, 21));
      }
    });
    const at = (y: number) => fields.find((f) => Math.abs(f.rect.y - y) < 4)?.label;
    expect([at(497), at(467), at(417), at(387)]).toEqual(['FIRST PARTY: SOCIAL SECURITY NO.', 'FIRST PARTY: COUNTY', 'SECOND PARTY: SOCIAL SECURITY NO.', 'SECOND PARTY: COUNTY']);
  });

  it('tells repeated address parts apart by the numbered question over each block', async () => {
    const fields = await detect((k) => {
      [
        '6) If the employee was treated at a clinic, which clinic treated the employee?',
        '7) If treatment was given away from the worksite, where was it given?',
      ].forEach((question, i) => {
        const y = 700 - 120 * i;
        k.text(question, 40, y, 9);
        k.text('Facility', 50, y - 22, 9);
        k.line(100, y - 24, 400, y - 24);
        k.text('Street', 50, y - 48, 9);
        k.line(100, y - 50, 400, y - 50);
        k.text('City', 50, y - 74, 9);
        k.line(100, y - 76, 250, y - 76);
        k.text('State', 260, y - 74, 9);
        k.line(290, y - 76, 330, y - 76);
        k.text('ZIP', 340, y - 74, 9);
        k.line(360, y - 76, 400, y - 76);
      });
    });
    const at = (x: number, y: number) => near(fields, x, y)?.label ?? '';
    expect(at(290, 624)).toMatch(/^6\) If the employee was treated at a clinic.*: State$/);
    expect(at(290, 504)).toMatch(/^7\) If treatment was given away from the worksite.*: State$/);
    expect(at(360, 504)).toMatch(/^7\) If treatment.*: ZIP$/);
  });

  it('reads the numbered question over its own column when two items stand side by side', async () => {
    const fields = await detect((k) => {
      ['1) Where does the employee live, if it is known to you?', '2) Where does the employee work, if it is known to you?'].forEach((question, i) => {
        const x = 40 + 290 * i;
        k.text(question, x, 700, 8);
        k.text('Street', x, 676, 9);
        k.line(x + 40, 674, x + 260, 674);
        k.text('State', x, 650, 9);
        k.line(x + 40, 648, x + 120, 648);
        k.text('ZIP', x + 130, 650, 9);
        k.line(x + 150, 648, x + 260, 648);
      });
    });
    expect(near(fields, 190, 648)?.label).toMatch(/^1\) Where does the employee live.*: ZIP$/);
    expect(near(fields, 480, 648)?.label).toMatch(/^2\) Where does the employee work.*: ZIP$/);
  });

  it('takes no numbered caption of the cell above for the item of a blank whose label reads its band already', async () => {
    const fields = await detect((k) => {
      k.text('FIRST', 20, 690, 9);
      k.text('PARTY', 20, 680, 9);
      k.text('SECOND', 20, 610, 9);
      k.text('PARTY', 20, 600, 9);
      [700, 660, 620, 580].forEach((y, row) => {
        [80, 300].forEach((x, col) => {
          k.box(x, y - 30, 210, 36);
          k.text(row % 2 === 0 ? `${row * 2 + col + 1}. ${col ? 'SOCIAL SECURITY NO.' : 'NAME OF PARTY'}` : 'LAST', x + 3, y - 3, 7);
        });
      });
    });
    const lasts = fields.filter((f) => f.rect.y < 560);
    expect(lasts.map((f) => f.label)).toEqual(['SECOND: LAST', 'SECOND: LAST']);
  });

  it('names a blank captioned only by an address part by the larger heading of its block, past the blanks between', async () => {
    const fields = await detect((k) => {
      k.text('My commission expires:', 50, 760, 10);
      k.line(170, 758, 330, 758);
      k.text('Attorney Information', 50, 700, 12);
      k.text('This information may be completed by your attorney. Do not enter any information here if you', 55, 684, 9);
      k.text('are filing this case without the assistance of an attorney.', 55, 674, 9);
      k.line(50, 650, 330, 650);
      k.text('(Attorney - Sign above)', 50, 640, 9);
      k.line(50, 610, 330, 610);
      k.text('(Attorney - Print your name above)', 50, 600, 9);
      k.line(50, 570, 330, 570);
      k.text('(Street)', 50, 560, 9);
    });
    expect(near(fields, 50, 570)?.label).toBe('Attorney Information: (Street)');
  });

  it('tells repeated captions apart by the heading of their block', async () => {
    const fields = await detect((k) => {
      k.text('Mailing address', 72, 720, 11);
      k.text('City:', 72, 702);
      k.line(100, 700, 300, 700);
      k.text('Home address', 72, 660, 11);
      k.text('City:', 72, 642);
      k.line(100, 640, 300, 640);
    });
    expect(near(fields, 100, 700)?.label).toBe('Mailing address: City');
    expect(near(fields, 100, 640)?.label).toBe('Home address: City');
  });

  it('names rows of like blanks by the heading printed over their block, never by a title far above', async () => {
    const paragraph = (k: Kit) =>
      ['List the names and ages of all children who live with you, whether', 'born to you or adopted by you or by both parties, and of any child', 'you support who lives elsewhere, with the age each child will be on', 'the date this statement is filed with the court.'].forEach((t, i) => k.text(t, 72, 580 - 13 * i, 10));
    const rows = (k: Kit, y0: number) => {
      for (let i = 0; i < 3; i++) {
        const y = y0 - 32 * i;
        k.line(72, y, 250, y);
        k.line(270, y, 450, y);
        k.text('(Full Name)', 72, y - 9, 7);
        k.text('(Age)', 270, y - 9, 7);
      }
    };
    const fields = await detect((k) => {
      k.text('Statement of Household', 72, 750, 16);
      k.text('Information about Children', 72, 600, 13);
      paragraph(k);
      rows(k, 500);
    });
    expect([near(fields, 72, 500)?.label, near(fields, 270, 436)?.label]).toEqual(['Information about Children: (Full Name) 1', 'Information about Children: (Age) 3']);
    const untitled = await detect((k) => {
      k.text('Statement of Household', 72, 750, 16);
      paragraph(k);
      rows(k, 500);
    });
    expect(near(untitled, 72, 500)?.label).toBe('(Full Name) 1');
    // Blanks of like caption in two columns, one row per block: each reads its own block's heading.
    const columns = await detect((k) => {
      for (const [head, y] of [['Personal attendances', 600], ['Letters out', 520]] as const) {
        k.text(head, 40, y, 12);
        k.text('(a) work done on the hearing, charged by the hour', 60, y - 16, 9);
        for (const x of [160, 360]) {
          k.line(x, y - 40, x + 120, y - 40);
          k.text('(number)', x, y - 49, 7);
        }
      }
    });
    expect([near(columns, 160, 560)?.label, near(columns, 360, 480)?.label]).toEqual(['Personal attendances: (number)', 'Letters out: (number)']);
  });

  it('tells repeated captions apart by the number of their block and the title after it', async () => {
    const fields = await detect((k) => {
      for (const [n, title, y] of [['1', "Applicant's name", 740], ['2', "Partner's name", 660]] as const) {
        k.text(n, 300, y, 11);
        k.text(title, 320, y, 9);
        k.text('Family name:', 320, y - 38);
        k.line(390, y - 40, 560, y - 40);
      }
    });
    expect(near(fields, 390, 700)?.label).toBe("1 Applicant's name: Family name");
    expect(near(fields, 390, 620)?.label).toBe("2 Partner's name: Family name");
  });

  it('tells repeated captions apart by the head of their column', async () => {
    const fields = await detect((k) => {
      k.text('For Person 1:', 150, 730, 8);
      k.text('For Person 2 (only if filing together):', 370, 730, 8);
      for (const x of [150, 370]) {
        k.line(x, 700, x + 195, 700);
        k.text('First name', x, 692, 7);
      }
    });
    expect(near(fields, 150, 700)?.label).toBe('For Person 1: First name');
    expect(near(fields, 370, 700)?.label).toBe('For Person 2 (only if filing together): First name');
  });

  it('gives each field the part of the form it sits in, across a page break', async () => {
    const bytes = await build(async (k) => {
      k.text('Part II', 72, 740, 11);
      k.text('Information About Your Employer', 120, 740, 11);
      k.text('Employer name:', 72, 702);
      k.line(160, 700, 400, 700);
      const p2 = k.doc.addPage([612, 792]);
      p2.drawText('Employer address:', { x: 72, y: 702, size: 10, font: k.font, color: black });
      p2.drawLine({ start: { x: 170, y: 700 }, end: { x: 400, y: 700 }, thickness: 1, color: black });
    });
    const { fields } = await detectFields(bytes);
    expect(fields.map((f) => f.section)).toEqual(['Part II Information About Your Employer', 'Part II Information About Your Employer']);
  });

  it('takes no citation of another part ("Schedule D, line") for a part heading', async () => {
    const { fields } = await detectFields(
      await build((k) => {
        k.text('Part 1', 72, 740, 11);
        k.text('Your Codebtors', 120, 740, 11);
        k.text('Schedule D, line', 300, 712, 8);
        k.text('Schedule E/F, line', 300, 700, 8);
        k.text('Name of codebtor:', 72, 682);
        k.line(170, 680, 400, 680);
      }),
    );
    expect(fields.map((f) => f.section)).toEqual(['Part 1 Your Codebtors']);
  });

  it('reads CJK captions of fonts that need a predefined CMap', async () => {
    const bytes = await build((k) => {
      const ctx = k.doc.context;
      const descriptor = ctx.register(ctx.obj({ Type: 'FontDescriptor', FontName: 'KozMinPr6N-Regular', Flags: 4, FontBBox: [0, -120, 1000, 880], ItalicAngle: 0, Ascent: 880, Descent: -120, CapHeight: 700, StemV: 80 }));
      const cid = ctx.register(ctx.obj({ Type: 'Font', Subtype: 'CIDFontType0', BaseFont: 'KozMinPr6N-Regular', CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Japan1'), Supplement: 6 }, FontDescriptor: descriptor, DW: 1000 }));
      const font = ctx.register(ctx.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: 'KozMinPr6N-Regular-UniJIS-UCS2-H', Encoding: 'UniJIS-UCS2-H', DescendantFonts: [cid] }));
      k.page.node.setFontDictionary(PDFName.of('FJ'), font);
      // 氏名 ("name") in UCS-2, then the blank after it.
      k.page.node.set(PDFName.of('Contents'), ctx.register(ctx.flateStream('BT /FJ 10 Tf 72 702 Td <6C0F540D> Tj ET 0 0 0 RG 1 w 110 700 m 400 700 l S')));
    });
    const { fields } = await detectFields(bytes);
    expect(fields.map((f) => f.label)).toEqual(['氏名']);
  });
});

describe('captions past page furniture, joined captions and formulas', () => {
  it('reads the question past a line code, never the running header over the options', async () => {
    const fields = await detect((k) => {
      k.text('Protected B when completed', 456, 762);
      k.text('Do you have an eligible dependant?', 24, 731);
      k.text('38100 1', 464, 730);
      k.box(501, 730, 10, 10);
      k.text('Yes 2', 516, 731);
      k.box(552, 730, 10, 10);
      k.text('No', 567, 731);
    });
    expect(near(fields, 501, 730)?.label).toBe('Do you have an eligible dependant?: Yes 2');
    expect(near(fields, 552, 730)?.label).toBe('Do you have an eligible dependant?: No');
  });

  it('gives each blank its own parenthesised caption when the print runs them into one line', async () => {
    let gap = 0;
    const fields = await detect((k) => {
      gap = k.font.widthOfTextAtSize('(Middle Name) ', 9);
      k.line(50, 640, 140, 640);
      k.line(150, 640, 150 + gap - 6, 640);
      k.line(150 + gap, 640, 330, 640);
      k.text('(First Name)', 50, 630, 9);
      k.text('(Middle Name) (Last Name)', 150, 630, 9);
    });
    expect(near(fields, 150, 640)?.label).toBe('(Middle Name)');
    expect(near(fields, 150 + gap, 640)?.label).toBe('(Last Name)');
  });

  it('names a worked-out amount by its item as well as its formula', async () => {
    const fields = await detect((k) => {
      k.text('4. ADJUSTED NET WEEKLY INCOME', 19, 547);
      k.text('2(r) minus 3(f)', 253, 544, 9);
      k.text('$', 480, 544, 9);
      k.box(485, 543, 105, 14);
    });
    expect(near(fields, 485, 543)?.label).toBe('4. ADJUSTED NET WEEKLY INCOME: 2(r) minus 3(f)');
  });

  it('names a row of name blanks by the party printed under it', async () => {
    const fields = await detect((k) => {
      for (const [y, party] of [[640, 'Petitioner, (Enter your full legal name above)'], [568, 'Respondent. (Enter the other party’s full legal name above)']] as const) {
        k.line(50, y, 140, y);
        k.line(220, y, 330, y);
        k.text('(First Name)', 50, y - 10, 9);
        k.text('(Last Name)', 220, y - 10, 9);
        k.text(party, 50, y - 22, 11);
      }
    });
    expect(near(fields, 50, 640)?.label).toBe('Petitioner: (First Name)');
    expect(near(fields, 220, 568)?.label).toBe('Respondent: (Last Name)');
  });

  it('names a blank in a sentence by the words before it and the hint in parentheses after it', async () => {
    const fields = await detect((k) => {
      k.text('I certify, under oath that on', 50, 700, 10);
      k.line(195, 698, 290, 698);
      k.text('(date) I have sent/given a copy of this Answer to each party.', 294, 700, 10);
      // A sentence that does not stop at a lead-in keeps its own words.
      k.text('Name of the party served', 50, 660, 10);
      k.line(180, 658, 290, 658);
      k.text('(if any) at the address shown.', 294, 660, 10);
    });
    expect(near(fields, 195, 698)?.label).toBe('I certify, under oath that on (date)');
    expect(near(fields, 180, 658)?.label).toBe('Name of the party served');
  });

  it('names the parts of an address by the question over its block of blanks', async () => {
    const fields = await detect((k) => {
      k.text('4. What is your mailing address?', 50, 720, 11);
      k.text('This is the address the court will use to send information about your case to you. If you move,', 60, 706, 9);
      k.text('you must send a letter to the court notifying it of your new address, which will be public.', 60, 695, 9);
      k.line(50, 660, 500, 660);
      k.text('(Street)', 50, 650, 9);
      k.line(50, 630, 220, 630);
      k.line(240, 630, 320, 630);
      k.line(340, 630, 400, 630);
      k.text('(City)', 50, 620, 9);
      k.text('(State)', 240, 620, 9);
      k.text('(Zip)', 340, 620, 9);
    });
    expect(near(fields, 50, 660)?.label).toBe('4. What is your mailing address?: (Street)');
    expect(near(fields, 50, 630)?.label).toBe('4. What is your mailing address?: (City)');
    expect(near(fields, 340, 630)?.label).toBe('4. What is your mailing address?: (Zip)');
  });

  it('knows page furniture, formulas and the headings that run on from a sentence', () => {
    for (const t of ['Protected B when completed', 'Protégé B une fois rempli', 'Form W-4 (2025)', 'Schedule B (Form 1040) 2025', 'Cat. No. 10220Q', 'OMB No. 1545-0074', 'Page 2 of 4', 'See separate instructions.', 'Rev. 03/2021']) expect(isPageFurniture(t), t).toBe(true);
    for (const t of ['Form of payment', 'Page number', 'Protected person', 'Schedule of payments']) expect(isPageFurniture(t), t).toBe(false);
    for (const t of ['Line 18 minus line 19', 'Add paragraphs 25a and 25b.', 'Amount D × 25%']) expect(isArithmetic(t), t).toBe(true);
    for (const t of ['Total income', 'Address line 1']) expect(isArithmetic(t), t).toBe(false);
    expect(isHeadingLike('assigned to your case.')).toBe(false);
    expect(isHeadingLike('a) Medical insurance')).toBe(true);
    expect(isHeadingLike('For Debtor 1:')).toBe(true);
  });
});

describe('label text', () => {
  it('drops a symbol font glyph drawn as the box of an option', () => {
    expect(cleanLabel('\u0000 YES')).toBe('YES');
    expect(cleanLabel('\uf06f Schedule E/F, line')).toBe('Schedule E/F, line');
  });

  it('undoes letter-spacing, leaders and hyphenation', () => {
    expect(joinLetterSpacing('6 . E m a i l')).toBe('6.Email');
    expect(joinLetterSpacing('L AST NAME')).toBe('LAST NAME');
    expect(joinLetterSpacing('SUFFI x')).toBe('SUFFIX');
    expect(joinLetterSpacing('A FORM I SIGN')).toBe('A FORM I SIGN');
    expect(cleanLabel('Name of applicant ........ :')).toBe('Name of applicant');
    expect(cleanLabel('Employer identifica- tion number')).toBe('Employer identification number');
  });
});

describe('AcroForm labels', () => {
  /** A page with captions beside four fields, given names and tooltips. */
  async function acroForm(fields: { name: string; tooltip?: string; caption: string }[]): Promise<{ label: string; name: string; data_type: string }[]> {
    const bytes = await build((k) => {
      const form = k.doc.getForm();
      fields.forEach((f, i) => {
        const y = 700 - 30 * i;
        k.text(f.caption, 72, y + 4);
        const tf = form.createTextField(f.name);
        tf.addToPage(k.page, { x: 250, y, width: 200, height: 16, borderWidth: 0 });
        if (f.tooltip) tf.acroField.dict.set(PDFName.of('TU'), PDFString.of(f.tooltip));
      });
    });
    const read = await readAcroForm(bytes);
    await withPdf(bytes, (pdf) => labelAcroFormFields(pdf, read.fields));
    return read.fields.map((f) => ({ label: f.label, name: f.name, data_type: f.data_type }));
  }

  it('reads the printed caption of a field with a machine name and no tooltip', async () => {
    const got = await acroForm([{ name: 'f1_03', caption: 'Date of birth' }, { name: 'Text12', caption: 'Telephone number' }]);
    expect(got.map((f) => f.label)).toEqual(['Date of birth', 'Telephone number']);
    expect(got.map((f) => f.data_type)).toEqual(['date', 'phone']);
  });

  it('reads the page for a tooltip an authoring tool left as a placeholder word', async () => {
    const got = await acroForm([
      { name: 'undefined_3', tooltip: 'undefined', caption: 'At a future date no later than' },
      { name: 'meansTest', tooltip: 'check', caption: 'The Means Test does not apply now' },
    ]);
    expect(got.map((f) => f.label)).toEqual(['At a future date no later than', 'The Means Test does not apply now']);
  });

  it('does not give a placeholder-tooltip blank the caption its neighbour reads', async () => {
    // "Buyer's Name ____" and, under it, a line across the page with no caption of its own.
    const bytes = await build((k) => {
      const form = k.doc.getForm();
      k.text("Buyer's Name:", 72, 634, 12);
      const name = form.createTextField('Buyers Name');
      name.addToPage(k.page, { x: 154, y: 633, width: 134, height: 26, borderWidth: 0 });
      name.acroField.dict.set(PDFName.of('TU'), PDFString.of("Buyer's Name"));
      const blank = form.createTextField('undefined_2');
      blank.addToPage(k.page, { x: 72, y: 605.4, width: 460, height: 26, borderWidth: 0 });
      blank.acroField.dict.set(PDFName.of('TU'), PDFString.of('undefined'));
    });
    const read = await readAcroForm(bytes);
    await withPdf(bytes, (pdf) => labelAcroFormFields(pdf, read.fields));
    expect(read.fields.map((f) => f.label)).toEqual(["Buyer's Name", 'undefined']);
  });

  it('keeps a good tooltip, and prefers the page to a paragraph tooltip', async () => {
    const paragraph = 'Enter the name exactly as it appears on your identity document. If you have used other names, list them in Part 3. Do not use nicknames. Use capital letters and leave one box empty between words.';
    const got = await acroForm([
      { name: 'f1_01', tooltip: '1. Family Name (Last Name)', caption: 'Family name' },
      { name: 'f1_02', tooltip: paragraph, caption: 'Given name' },
    ]);
    expect(got.map((f) => f.label)).toEqual(['1. Family Name (Last Name)', 'Given name']);
  });

  it('labels a cents field after its amount field', async () => {
    const bytes = await build((k) => {
      const form = k.doc.getForm();
      k.text('Total amount due', 72, 702);
      form.createTextField('f1_10').addToPage(k.page, { x: 300, y: 698, width: 90, height: 16, borderWidth: 1 });
      form.createTextField('f1_11').addToPage(k.page, { x: 392, y: 698, width: 24, height: 16, borderWidth: 1 });
    });
    const read = await readAcroForm(bytes);
    await withPdf(bytes, (pdf) => labelAcroFormFields(pdf, read.fields));
    expect(read.fields.map((f) => f.label)).toEqual(['Total amount due', 'Total amount due, cents']);
  });

  it('reads a row caption past the "$" of a field whose neighbour below overlaps its edge', async () => {
    // A column of "$ [____]" fields, each overlapping the next by a point and a half; the line
    // number printed before the "$" goes with the caption.
    const rows: [string, number][] = [['Electricity, heat, natural gas', 632], ['Water, sewer, garbage collection', 618], ['Telephone and internet', 604]];
    const bytes = await build((k) => {
      const form = k.doc.getForm();
      tableRows(k, rows, 68, 8, (y) => {
        k.text('6a.', 433, y + 1, 7);
        k.text('$', 458, y + 1, 8);
        form.createTextField(`f1_${y}`).addToPage(k.page, { x: 463, y: y - 1, width: 93, height: 15.5, borderWidth: 0 });
      });
    });
    const read = await readAcroForm(bytes);
    await withPdf(bytes, (pdf) => labelAcroFormFields(pdf, read.fields));
    expect(read.fields.map((f) => f.label)).toEqual(rows.map(([caption]) => `6a ${caption}`));
  });

  it('uses a field name made of words when there is no tooltip', async () => {
    const got = await acroForm([{ name: 'petitioner_name_first', caption: 'First' }]);
    expect(got[0].label).toBe('Petitioner name first');
  });

  it('names a check box by its printed question and option, not by a field name made of words, while a text field keeps such a name', async () => {
    const bytes = await build((k) => {
      const form = k.doc.getForm();
      k.text('Therefore, I ask the Court:', 72, 720);
      // Names written as the author's notes, one of them for the box next to it.
      for (const [name, option, y] of [['order_defendant_stop_abuse_yes', '1. To order the Defendant to stop abusing me', 700], ['income_check_dividends', '2f) Commissions', 680]] as const) {
        form.createCheckBox(name).addToPage(k.page, { x: 72, y, width: 10, height: 10, borderWidth: 1 });
        k.text(option, 90, y + 1);
      }
      k.text('First', 72, 644);
      form.createTextField('petitioner_name_first').addToPage(k.page, { x: 250, y: 640, width: 200, height: 16, borderWidth: 0 });
    });
    const read = await readAcroForm(bytes);
    await withPdf(bytes, (pdf) => labelAcroFormFields(pdf, read.fields));
    expect(read.fields.map((f) => f.label)).toEqual(['Therefore, I ask the Court: 1. To order the Defendant to stop abusing me', 'Therefore, I ask the Court: 2f) Commissions', 'Petitioner name first']);
  });

  it('reads the printed caption of a field whose name is the author shorthand the page never prints', async () => {
    const got = await acroForm([
      { name: 'Datum_Geburt', caption: 'Date of birth' },
      { name: 'Hovaten', caption: 'Family name' },
      // A name whose words the page prints stays the label (a caption that says all of them
      // rewords it: see below).
      { name: 'spouse_city', caption: 'City' },
    ]);
    expect(got.map((f) => f.label)).toEqual(['Date of birth', 'Family name', 'Spouse city']);
  });

  it('reads the printed caption of a field whose name codes a line number or a column', async () => {
    const got = await acroForm([
      { name: 'line6ab_p', caption: '26. Child care costs' },
      { name: 'maintenanceR1', caption: '21. Maintenance received' },
      { name: 'raNameRow1', caption: 'Name of party served' },
      // Words and a row number are a name: it stays the label.
      { name: 'benefit_award_date1', caption: 'Date' },
    ]);
    expect(got.map((f) => f.label)).toEqual(['26. Child care costs', '21. Maintenance received', 'Name of party served', 'Benefit award date1']);
  });

  it('reads the printed caption of fields whose names differ only by a number, unless the captions do not tell them apart or they are the rows of one column', async () => {
    const bytes = await build((k) => {
      const form = k.doc.getForm();
      // Two columns of one row under one caption: "wages1", "wages2".
      k.text('2. Gross wages, salary, and commissions', 72, 702);
      form.createTextField('wages1').addToPage(k.page, { x: 300, y: 698, width: 90, height: 16, borderWidth: 1 });
      form.createTextField('wages2').addToPage(k.page, { x: 420, y: 698, width: 90, height: 16, borderWidth: 1 });
      // Three options of one question: "petitions1..3".
      k.text('1. I am answering the following pleading:', 72, 660);
      ['Original petition', 'First amended petition', 'Second amended petition'].forEach((opt, i) => {
        const y = 640 - 20 * i;
        form.createCheckBox(`howManyPetitions${i + 1}`).addToPage(k.page, { x: 80, y, width: 10, height: 10, borderWidth: 1 });
        k.text(opt, 96, y + 1);
      });
      // The rows of one table column: the words name the column, the number counts rows.
      k.text('Other debts', 300, 560, 8);
      [0, 1].forEach((i) => {
        const y = 540 - 20 * i;
        k.text(i ? 'Automobile' : 'Home', 72, y + 4);
        form.createTextField(`other_debts_${i + 1}`).addToPage(k.page, { x: 300, y, width: 90, height: 16, borderWidth: 1 });
      });
    });
    const read = await readAcroForm(bytes);
    await withPdf(bytes, (pdf) => labelAcroFormFields(pdf, read.fields));
    const byName = Object.fromEntries(read.fields.map((f) => [f.name, f.label]));
    // One caption over both columns: the number (whose column) is all that tells them apart.
    expect(byName.wages1).toBe('Wages1');
    expect(byName.wages2).toBe('Wages2');
    expect(byName.howManyPetitions1).toMatch(/original petition/i);
    expect(byName.howManyPetitions3).toMatch(/second amended petition/i);
    expect(byName.other_debts_1).toBe('Other debts 1');
  });

  it('reads the option a check box is laid over (its printed bullet under the box), not the option of the row above', async () => {
    const bytes = await build((k) => {
      const form = k.doc.getForm();
      k.text('I suffered abuse when the Defendant:', 250, 416, 9);
      [['Placed me in fear of harm', 392], ['Caused me to sign by force', 380]].forEach(([option, y], i) => {
        // The bullet is printed where the box goes; the widget covers it.
        k.text(`\u2022 ${option}`, 253, (y as number) + 1, 9);
        form.createCheckBox(`abuse_${i}`).addToPage(k.page, { x: 250, y: y as number, width: 9, height: 9, borderWidth: 0 });
      });
    });
    const read = await readAcroForm(bytes);
    await withPdf(bytes, (pdf) => labelAcroFormFields(pdf, read.fields));
    expect(read.fields.map((f) => f.label)).toEqual(['I suffered abuse when the Defendant: Placed me in fear of harm', 'I suffered abuse when the Defendant: Caused me to sign by force']);
  });

  it('puts the printed option after a question tooltip every option of it shares', async () => {
    const bytes = await build((k) => {
      const form = k.doc.getForm();
      k.text('1. Is this a joint case?', 72, 700);
      ['No. Go to line 2.', 'Yes'].forEach((opt, i) => {
        const y = 680 - 18 * i;
        const cb = form.createCheckBox(`joint_case_${i}`);
        cb.addToPage(k.page, { x: 80, y, width: 10, height: 10, borderWidth: 1 });
        cb.acroField.dict.set(PDFName.of('TU'), PDFString.of('Is this a joint case'));
        k.text(opt, 96, y + 1);
      });
    });
    const read = await readAcroForm(bytes);
    await withPdf(bytes, (pdf) => labelAcroFormFields(pdf, read.fields));
    // The tooltip tells neither option apart: the printed question, with its item number, goes first.
    expect(read.fields.map((f) => f.label)).toEqual(['1. Is this a joint case?: No. Go to line 2.', '1. Is this a joint case?: Yes']);
  });

  it('tells repeated tooltips apart by the head of their column', async () => {
    const bytes = await build((k) => {
      const form = k.doc.getForm();
      k.text('For Person 1:', 150, 730, 8);
      k.text('For Person 2:', 370, 730, 8);
      [150, 370].forEach((x, i) => {
        ['First', 'Last'].forEach((cap, j) => {
          const y = 700 - 24 * j;
          const tf = form.createTextField(`p${i}_${j}`);
          tf.addToPage(k.page, { x, y, width: 195, height: 14, borderWidth: 0 });
          // The tooltip is the author's own wording, sharing no word with the printed caption.
          tf.acroField.dict.set(PDFName.of('TU'), PDFString.of(cap === 'First' ? 'Given name' : 'Family name'));
          k.text(cap, x + 1, y - 8, 7);
        });
      });
    });
    const read = await readAcroForm(bytes);
    await withPdf(bytes, (pdf) => labelAcroFormFields(pdf, read.fields));
    const byName = Object.fromEntries(read.fields.map((f) => [f.name, f.label]));
    expect(byName).toEqual({ p0_0: 'For Person 1: Given name', p0_1: 'For Person 1: Family name', p1_0: 'For Person 2: Given name', p1_1: 'For Person 2: Family name' });
  });

  it('prefers the printed caption that says the author label in full, not one that drops its number or words', async () => {
    const got = await acroForm([
      // Shortened words and a bare "Specify": the caption says them in full.
      { name: 'lifeIns', caption: '15a. Life insurance' },
      { name: 'otherDesc', tooltip: 'Specify', caption: '5h. Other deductions. Specify' },
      { name: 'homeMaint', caption: '4c. Home maintenance and repair' },
      // A caption that lacks the line number the tooltip names, or most of its words, is another's.
      { name: 'amount7', tooltip: 'Line 7. Amount D multiplied by 25%.', caption: 'Amount B plus amount C' },
      { name: 'employer_phone_number', caption: "Employer's address" },
    ]);
    expect(got.map((f) => f.label)).toEqual(['15a. Life insurance', '5h. Other deductions. Specify', '4c. Home maintenance and repair', 'Line 7. Amount D multiplied by 25%.', 'Employer phone number']);
  });

  it('reads the printed caption that rewords a field name made of words, not one that repeats it word for word or drops its row number', async () => {
    const got = await acroForm([
      // The caption says every word of the name, in another order or among more words.
      { name: 'loan_kind', caption: 'Kind of loan' },
      { name: 'cost_rent', caption: 'c) Rent costs' },
      { name: 'Fax', caption: 'Fax number' },
      // A caption without the name's row number, or one that reads as the name, leaves the name.
      { name: 'holder_name_2', caption: 'Name of holder' },
      { name: 'total_costs', caption: 'Total costs' },
    ]);
    expect(got.map((f) => f.label)).toEqual(['Kind of loan', 'c) Rent costs', 'Fax number', 'Holder name 2', 'Total costs']);
  });

  it('keeps a tooltip the page prints as a line of its own over a caption that shares a word with it', async () => {
    const got = await acroForm([
      { name: 'dob', tooltip: 'Date of birth', caption: 'Birth name, if different' },
      { name: 'birth_date', caption: 'Date of birth' },
    ]);
    expect(got.map((f) => f.label)).toEqual(['Date of birth', 'Birth date']);
  });

  it('judges tooltips and names', () => {
    expect(isMachineName('topmostSubform[0].Page1[0].f1_03[0]')).toBe(true);
    expect(isMachineName('Check Box39')).toBe(true);
    expect(isMachineName('S1_FamilyName')).toBe(false);
    expect(isGoodTooltip('c1_1', 'form.c1_1[0]')).toBe(false);
    expect(isGoodTooltip('3. U. S. Mailing Address. Enter Town or City.', 'x')).toBe(true);
    expect(commonTooltipPrefix(Array.from({ length: 10 }, (_, i) => `Part 3. Information About You. Item ${i}`))).toBe('Part 3.');
  });
});

describe('form title', () => {
  const titled = () =>
    build((k) => {
      k.text('Form XR-17', 72, 750, 9);
      k.text('Application for a Parking', 200, 740, 16);
      k.text('Permit', 200, 724, 16);
      k.text('Full name:', 72, 652);
      k.line(130, 650, 400, 650);
    });

  it('reads the largest print at the top of the first page, with the form number', async () => {
    expect(await withPdf(await titled(), printedTitle)).toBe('Form XR-17: Application for a Parking Permit');
  });

  it('titles a contract from the page when the metadata has no title, and keeps a metadata title', async () => {
    const bytes = await titled();
    expect((await buildContract(bytes, { title: 'scan_0003', pageCount: 1 })).contract.form.title).toBe('Form XR-17: Application for a Parking Permit');
    const doc = await PDFDocument.load(bytes);
    doc.setTitle('Parking permit (2026)');
    expect((await buildContract(await doc.save(), { title: 'Parking permit (2026)', pageCount: 1 })).contract.form.title).toBe('Parking permit (2026)');
  });
});

describe('captions drawn as outlines', () => {
  it('OCRs the captions of a vector page whose text has no text layer', async () => {
    const fontkit = (await import('@pdf-lib/fontkit')).default;
    const { createRequire } = await import('node:module');
    const fs = await import('node:fs');
    const path = await import('node:path');
    const require = createRequire(import.meta.url);
    const ttf = fs.readFileSync(path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf'));
    type Path = { scale(x: number, y: number): Path; toSVG(): string };
    const font = fontkit.create(ttf) as unknown as { unitsPerEm: number; layout(t: string): { glyphs: { path: Path }[]; positions: { xAdvance: number }[] } };
    const bytes = await build((k) => {
      // Text as filled glyph paths, the way some producers print a form: no text layer at all.
      const outline = (t: string, x: number, y: number, size: number) => {
        const run = font.layout(t);
        const scale = size / font.unitsPerEm;
        let pen = x;
        run.glyphs.forEach((g, i) => {
          // Font outlines are y-up; drawSvgPath takes SVG's y-down.
          const d = g.path.scale(1, -1).toSVG();
          if (d) k.page.drawSvgPath(d, { x: pen, y, scale, color: black, borderWidth: 0 });
          pen += run.positions[i].xAdvance * scale;
        });
      };
      outline('City', 72, 702, 12);
      k.line(110, 700, 400, 700);
      outline('Address', 72, 662, 12);
      k.line(140, 660, 400, 660);
      for (let i = 0; i < 6; i++) outline('Read the instructions before you complete this form.', 72, 600 - 16 * i, 10);
    });
    const { fields } = await detectFields(bytes);
    expect(fields.map((f) => f.label)).toEqual(['City', 'Address']);
  }, 30_000);
});

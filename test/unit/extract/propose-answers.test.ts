// Answers read from statements: yes/no questions, AM/PM radios, an injury reported "this morning",
// the person completing the form, a height split in feet/inches, an option named in the writer's
// words, an "expires within N months" box and a date of admission. Documents and fields are
// synthetic.
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/extract/index.ts';
import type { ReadDocument } from '../../../src/extract/types.ts';
import { proposeValues, type ProposeField } from '../../../src/extract/propose/index.ts';

let nextId = 1;
function field(label: string, extra: Partial<ProposeField> = {}): ProposeField {
  const id = nextId++;
  return { id, name: extra.name ?? `f${id}`, label, tooltip: label, type: 'text', data_type: 'string', page: 0, rect: { x: 100, y: 700 - id * 20, width: 150, height: 16 }, ...extra };
}
function radio(label: string, options: string[], extra: Partial<ProposeField> = {}): ProposeField {
  return field(label, { type: 'radio', options, ...extra });
}
async function textDoc(name: string, text: string): Promise<ReadDocument> {
  return readDocument({ id: name, name, bytes: new TextEncoder().encode(text) });
}
async function propose(fields: ProposeField[], docs: ReadDocument[]) {
  const out = await proposeValues({ fields, documents: docs });
  return (f: ProposeField) => out.find((p) => p.field_id === f.id)!;
}

describe('yes/no questions answered by statements', () => {
  test('a negative statement answers No on a Yes/No radio; nothing said leaves it empty', async () => {
    const docs = [await textDoc('note.txt', 'Hi,\n\nThe worker went to a walk-in clinic, not the ER.\nShe was sent home and was not admitted.\n')];
    const er = radio('Was the worker seen in an emergency room?', ['Yes', 'No']);
    const hosp = radio('Was the worker hospitalized overnight as an in-patient?', ['Yes', 'No']);
    const other = radio('Did the worker lose consciousness?', ['Yes', 'No']);
    const get = await propose([er, hosp, other], docs);
    expect(get(er)).toMatchObject({ status: 'proposed', value: 'No', confidence: 'medium' });
    expect(get(hosp)).toMatchObject({ status: 'proposed', value: 'No', confidence: 'medium' });
    expect(get(other).status).toBe('missing');
  });

  test('a single "No" check box is ticked, its "Yes" twin is not; a relative\'s statement does not count', async () => {
    const docs = [await textDoc('mail.txt', 'Hello,\n\nMy name has not changed since the card was issued.\n')];
    const yes = field('Has your name changed since your card was issued? Select Yes.', { type: 'checkbox', export_value: 'Y' });
    const no = field('Has your name changed since your card was issued? Select No.', { type: 'checkbox', export_value: 'N' });
    const get = await propose([yes, no], docs);
    expect(get(no)).toMatchObject({ status: 'proposed', value: 'true' });
    expect(get(yes).status).toBe('missing');
    const rel = [await textDoc('mail.txt', 'Hello,\n\nMy husband\'s name has not changed.\n')];
    const get2 = await propose([yes, no], rel);
    expect(get2(no).status).toBe('missing');
  });

  test('statements that disagree answer nothing', async () => {
    const docs = [await textDoc('a.txt', 'He was not taken to an emergency room.\n'), await textDoc('b.txt', 'Later he was taken to the emergency room by his wife.\n\nHe went to the ER at noon.\n')];
    const er = radio('Treated in an emergency room?', ['Yes', 'No']);
    const get = await propose([er], docs);
    expect(get(er).status).toBe('missing');
  });
});

describe('AM/PM radios and event dates', () => {
  test('the AM/PM of the work start and of the event come from the times stated for each', async () => {
    const docs = [
      await textDoc(
        'report.txt',
        'From: Sam Reyes\nSent: Mon, 3 Mar 2025 15:10\nSubject: incident\n\nReporting an injury from this morning at the mill.\nTina clocked in at 7:30 am. The accident happened at 2:15 pm near press 2.\n',
      ),
    ];
    const start = field('Time employee began work');
    const startAmPm = radio('Time employee began work AM/PM', ['AM', 'PM']);
    const event = field('Time of event');
    const eventAmPm = radio('Time of event AMPM', ['AM', 'PM', 'Unsure']);
    const date = field('Date of injury or illness');
    const get = await propose([start, startAmPm, event, eventAmPm, date], docs);
    expect(get(startAmPm)).toMatchObject({ status: 'proposed', value: 'AM' });
    expect(get(eventAmPm)).toMatchObject({ status: 'proposed', value: 'PM' });
    expect(get(date)).toMatchObject({ status: 'proposed', value: '03/03/2025' });
  });
});

describe('the person completing the form', () => {
  test('name, title and phone come from the writer who says they complete it, not others in the thread', async () => {
    const docs = [
      await textDoc(
        'thread.txt',
        'From: Lena Ortiz <lena@example.com>\nTo: Bo Carr\nDate: Fri, 7 Mar 2025 10:00:00 -0500\nSubject: RE: cut\n\nThanks Bo. I will complete the report today.\n\nLena Ortiz\nSafety Lead | Acme Foods\nDirect (555) 555-0140\n\n-----Original Message-----\nFrom: Bo Carr\nSent: Thu, 6 Mar 2025 09:00\n\nSomeone got cut.\n\nBo Carr\nLine Supervisor\ncell (555) 555-0177\n',
      ),
    ];
    const by = field('Completed by', { rect: { x: 80, y: 120, width: 190, height: 18 } });
    const title = field('Title', { rect: { x: 45, y: 95, width: 220, height: 18 } });
    const phone = field('Phone', { rect: { x: 50, y: 70, width: 80, height: 18 } });
    const get = await propose([by, title, phone], docs);
    expect(get(by)).toMatchObject({ status: 'proposed', value: 'Lena Ortiz' });
    expect(get(title)).toMatchObject({ status: 'proposed', value: 'Safety Lead' });
    expect(get(phone)).toMatchObject({ status: 'proposed', value: '5555550140' });
  });
});

describe('height, named options, expiring cards, date of admission', () => {
  test('a height in feet and inches fills the two drop-downs, never a weight box named like them', async () => {
    const docs = [await textDoc('me.txt', 'About me\n\nI am 6 ft 1 in and 180 lb.\n')];
    const ft = field('Height. Feet. Select number of feet.', { type: 'choice', options: [' ', '4', '5', '6', '7'] });
    const inch = field('Height. Inches. Select number of inches.', { type: 'choice', options: [' ', '0', '1', '2', '11'] });
    const weight = field('Weight. Pounds. First digit.', { name: 'HeightInches1', max_len: 1 });
    const get = await propose([ft, inch, weight], docs);
    expect(get(ft)).toMatchObject({ status: 'proposed', value: '6' });
    expect(get(inch)).toMatchObject({ status: 'proposed', value: '1' });
    expect(get(weight).status).toBe('missing');
  });

  test('an option named with "only" or with the field\'s own subject word is chosen', async () => {
    const docs = [await textDoc('notes.txt', 'Plans\n\nCard only, please (no book). Large print size for the card.\n')];
    const kind = field('Selection', { type: 'checkbox', widgets: [{ page: 0, rect: { x: 0, y: 0, width: 8, height: 8 }, export_value: 'Book' }, { page: 0, rect: { x: 0, y: 0, width: 8, height: 8 }, export_value: 'Card' }] });
    const size = radio('Regular or Large Card', ['Regular', 'Large']);
    const unrelated = radio('Shipping', ['Standard', 'Express']);
    const get = await propose([kind, size, unrelated], docs);
    expect(get(kind)).toMatchObject({ status: 'proposed', value: 'Card' });
    expect(get(size)).toMatchObject({ status: 'proposed', value: 'Large' });
    expect(get(unrelated).status).toBe('missing');
  });

  test('"expired or will expire within six months" is ticked only when the card expires within six months of the latest document', async () => {
    const box = field('Reason: My card has already expired or will expire within six months.', { type: 'checkbox', export_value: '2f' });
    const soon = [await textDoc('mail.txt', 'From: A B\nDate: Mon, 2 Feb 2026 08:00:00 -0500\n\nHi.\n\nMy card expires on 05/10/2026.\n')];
    expect((await propose([box], soon))(box)).toMatchObject({ status: 'proposed', value: 'true' });
    const later = [await textDoc('mail.txt', 'From: A B\nDate: Mon, 2 Feb 2026 08:00:00 -0500\n\nHi.\n\nMy card expires on 11/10/2026.\n')];
    expect((await propose([box], later))(box).status).toBe('missing');
  });

  test('"resident since" and "became a permanent resident on" give the date of admission', async () => {
    const docs = [await textDoc('notice.txt', 'Notice\n\nThis notice confirms that your application was approved and that you became a permanent resident on\n03/05/2019. Welcome to the United States.\n')];
    const adm = field('Enter Date of Admission.');
    const get = await propose([adm], docs);
    expect(get(adm)).toMatchObject({ status: 'proposed', value: '03/05/2019' });
  });
});

/** An OCR'd certificate: lines only, labels above values. */
function ocrDoc(name: string, lines: string[]): ReadDocument {
  return { document_id: name, document_name: name, kind: 'image', pages: 1, lines: lines.map((text, i) => ({ text, page: 1, location: `p1 l${i + 1}` })), pairs: [], chars: lines.join('').length };
}

describe('parents', () => {
  const parentFields = () => ({
    p1fm: field('undefined', { name: 'Parent 1 FM Name' }),
    p1last: field('undefined', { name: 'Parent 1 Last Name' }),
    p1dob: field('Parent 1 DOB', { name: 'Parent 1 DOB' }),
    p2fm: field('undefined', { name: 'Parent 2 FM Name' }),
    p2last: field('Parent 2 Last Name', { name: 'Parent 2 Last Name' }),
  });

  test('a letter signed "Mom": her "ME:" block is the mother\'s, her name before marriage is Parent 1\'s last name', async () => {
    const letter = await textDoc(
      'mail.txt',
      'From: Rosa Lind <rosa@example.net>\nTo: Mia Lind <mia@example.com>\nDate: Mon, 5 Jan 2026 10:00:00 -0500\nSubject: your form\n\nHi sweetie,\n\nME: Rosa Ann Lind (Okoro before I married your father)\n    born May 2, 1970 in Akron, Ohio.\n\nDAD: Peter Joel Lind, born June 9, 1968 in Oslo, Norway.\n\nLove,\nMom\n',
    );
    const cert = ocrDoc('cert.jpg', ['CERTIFICATE OF LIVE BIRTH', 'MOTHER - NAME PRIOR TO FIRST MARRIAGE (FIRST, MIDDLE, LAST)', 'ROSA ANN OKORO', 'FATHER - NAME (FIRST, MIDDLE, LAST)', 'PETER JOEL LIND']);
    const f = parentFields();
    const get = await propose(Object.values(f), [letter, cert]);
    expect(get(f.p1fm)).toMatchObject({ status: 'proposed', value: 'Rosa Ann' });
    expect(get(f.p1last)).toMatchObject({ status: 'proposed', value: 'Okoro' });
    expect(get(f.p1dob)).toMatchObject({ status: 'proposed', value: '05/02/1970' });
    expect(get(f.p2fm)).toMatchObject({ status: 'proposed', value: 'Peter Joel' });
    expect(get(f.p2last)).toMatchObject({ status: 'proposed', value: 'Lind' });
  });

  test('documents that list the parents in different orders number neither', async () => {
    const a = ocrDoc('a.jpg', ['MOTHER - NAME (FIRST, MIDDLE, LAST)', 'ROSA ANN OKORO', 'FATHER - NAME (FIRST, MIDDLE, LAST)', 'PETER JOEL LIND']);
    const b = ocrDoc('b.jpg', ['FATHER - NAME (FIRST, MIDDLE, LAST)', 'PETER JOEL LIND', 'MOTHER - NAME (FIRST, MIDDLE, LAST)', 'ROSA ANN OKORO']);
    const f = parentFields();
    const get = await propose(Object.values(f), [a, b]);
    expect(get(f.p1fm).status).toBe('missing');
    expect(get(f.p2last).status).toBe('missing');
  });
});

describe('yes/no: what did not happen is not answered by advice', () => {
  test('"didn\'t go to the ER" is No; "go to the ER if it gets worse" answers nothing', async () => {
    const er = radio('Was the employee treated in an emergency room?', ['Yes', 'No']);
    const no = [await textDoc('a.txt', "Update\n\nShe didn't go to the ER, just first aid.\n")];
    expect((await propose([er], no))(er)).toMatchObject({ status: 'proposed', value: 'No' });
    const advice = [await textDoc('b.txt', 'Discharge\n\nGo to the emergency room if the pain gets worse.\n')];
    expect((await propose([er], advice))(er).status).toBe('missing');
  });
});

describe('identity cards', () => {
  test('a date before the sex letter under a "Date of … Sex" row is the date of birth; an issue date is not', async () => {
    const dob = field('Enter your Date of Birth');
    const card = ocrDoc('card.jpg', ['RESIDENT CARD', 'Surname', 'NOVAK', 'Date of Sex', '03 JUN 1979 M', 'Card Expires: 01/02/30']);
    expect((await propose([dob], [card]))(dob)).toMatchObject({ status: 'proposed', value: '06/03/1979', confidence: 'medium' });
    const licence = ocrDoc('dl.jpg', ['DRIVER LICENSE', 'Date Sex', 'ISS 10/30/2022 F']);
    expect((await propose([dob], [licence]))(dob).status).toBe('missing');
  });
});

describe('parents: a name at birth preferred over a married name', () => {
  test('is proposed at medium, never high', async () => {
    const notes = await textDoc('notes.txt', "Family\n\nMother: Ana Lee Park\nMom's maiden name was KIM.\n");
    const last = field("Mother's last name", { name: 'Mother Last Name' });
    const cert = ocrDoc('cert.jpg', ['CERTIFICATE OF BIRTH', 'MOTHER - NAME PRIOR TO FIRST MARRIAGE (FIRST, MIDDLE, LAST)', 'ANA LEE KIM']);
    const get = await propose([last], [notes, cert]);
    expect(get(last)).toMatchObject({ status: 'proposed', value: 'Kim', confidence: 'medium' });
  });
});

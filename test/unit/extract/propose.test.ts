// The deterministic value proposer: documents built in code (text through the real reader, OCR-like
// documents as ReadDocument objects), fields as a contract would give them.
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/extract/index.ts';
import type { ReadDocument } from '../../../src/extract/types.ts';
import { findAddresses, findPhone, splitName } from '../../../src/extract/propose/recognizers.ts';
import { analyseField, proposeValues, quoteCheck, type FieldProposal, type ProposeField } from '../../../src/extract/propose/index.ts';

let nextId = 1;
function field(label: string, extra: Partial<ProposeField> = {}): ProposeField {
  const id = nextId++;
  return { id, name: extra.name ?? `f${id}`, label, tooltip: label, type: 'text', data_type: 'string', page: 0, rect: { x: 100, y: 700 - id * 20, width: 150, height: 16 }, ...extra };
}

async function textDoc(name: string, text: string): Promise<ReadDocument> {
  return readDocument({ id: name, name, bytes: new TextEncoder().encode(text) });
}

/** An OCR'd card as the image reader returns it: lines only, labels above values. */
function ocrDoc(name: string, lines: string[]): ReadDocument {
  return {
    document_id: name,
    document_name: name,
    kind: 'image',
    pages: 1,
    lines: lines.map((text, i) => ({ text, page: 1, location: `p1 l${i + 1}` })),
    pairs: [],
    chars: lines.join('').length,
  };
}

/** Every high value must be quotable from its evidence (the proposer's own promise). */
function checkInvariants(fields: ProposeField[], docs: ReadDocument[], out: FieldProposal[]) {
  expect(out.map((p) => p.field_id)).toEqual(fields.map((f) => f.id));
  for (const p of out) {
    if (p.status === 'missing') {
      expect(p.value).toBeNull();
      expect(p.confidence).toBeNull();
      continue;
    }
    if (p.confidence === 'high') {
      const f = fields.find((x) => x.id === p.field_id)!;
      expect(p.evidence.some((e) => e.method === 'quote_check' && quoteCheck(p.value!, f, e, docs))).toBe(true);
    }
  }
}

async function propose(fields: ProposeField[], docs: ReadDocument[], formPdf?: Uint8Array) {
  const out = await proposeValues({ fields, documents: docs, formPdf });
  checkInvariants(fields, docs, out);
  return (f: ProposeField) => out.find((p) => p.field_id === f.id)!;
}

describe('label ↔ key matching', () => {
  test('DOB and SSN abbreviations meet "Date of Birth" and "Social Security Number"', async () => {
    const docs = [await textDoc('notes.txt', 'About me\nDOB: 03/14/1990\nSSN: 900-12-3456\n')];
    const dob = field('Enter your Date of Birth', { data_type: 'date' });
    const ssn = field('U.S. Social Security Number', { data_type: 'ssn' });
    const get = await propose([dob, ssn], docs);
    expect(get(dob)).toMatchObject({ status: 'proposed', value: '03/14/1990', confidence: 'high', origin: 'document' });
    expect(get(dob).evidence[0]).toMatchObject({ document_id: 'notes.txt', method: 'quote_check', location: 'l2' });
    expect(get(ssn)).toMatchObject({ status: 'proposed', value: '900-12-3456', confidence: 'high' });
  });

  test('a field named "undefined" takes its label from the words printed left of it on the form', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    page.drawText('Date of birth', { x: 40, y: 704, size: 10, font });
    const tf = pdf.getForm().createTextField('undefined');
    tf.addToPage(page, { x: 120, y: 700, width: 150, height: 16 });
    const bytes = await pdf.save();
    const f = field('undefined', { name: 'undefined', tooltip: undefined, rect: { x: 120, y: 700, width: 150, height: 16 } });
    const docs = [await textDoc('notes.txt', 'D.O.B.: 14 March 1990\n')];
    expect((await propose([f], docs))(f).status).toBe('missing');
    expect((await propose([f], docs, bytes))(f)).toMatchObject({ status: 'proposed', value: '03/14/1990' });
  });
});

describe('names split into their parts', () => {
  test('a generational suffix is no family name', () => {
    expect(splitName('Gregory Alan Whitfield Jr.')).toEqual({ given: 'Gregory', middle: 'Alan', family: 'Whitfield' });
    expect(splitName('John Smith III')).toMatchObject({ given: 'John', family: 'Smith' });
  });
});

describe('street addresses', () => {
  test('a hyphenated house number (Queens, Hawaii) is read whole, not from its second half', () => {
    const [queens] = findAddresses('in care of Aminata Diallo, 88-15 Parsons Blvd, Apt 3F, Jamaica, NY 11432');
    expect(queens).toMatchObject({ street: '88-15 Parsons Blvd', unit: '3F', city: 'Jamaica', state: 'NY', zip: '11432' });
    expect(findAddresses('94-1234 Waipahu St, Waipahu, HI 96797')[0]?.street).toBe('94-1234 Waipahu St');
  });
});

describe('British and Australian addresses', () => {
  test('a flat before the street, a town and a postcode are read; a US address is read as before', () => {
    expect(findAddresses('Flat 2, 19 Conway Road, Cardiff, CF11 9NT.')[0]).toMatchObject({ street: '19 Conway Road', unitWord: 'Flat', unit: '2', city: 'Cardiff', zip: 'CF11 9NT', abroad: true });
    expect(findAddresses('2nd Floor, 31 Park Square East, Leeds, LS1 2NE')[0]).toMatchObject({ street: '31 Park Square East', city: 'Leeds', zip: 'LS1 2NE' });
    expect(findAddresses('41 Hawksworth Grove, Leeds LS5 3NB')[0]).toMatchObject({ street: '41 Hawksworth Grove', city: 'Leeds', zip: 'LS5 3NB' });
    // "Grove Road": a street type inside the name does not end the street.
    expect(findAddresses('27 Wattle Grove Road, Alfredton VIC 3350')[0]).toMatchObject({ street: '27 Wattle Grove Road', city: 'Alfredton', state: 'VIC', zip: '3350' });
    const us = findAddresses('1420 Lakeview Ave Apt 4, Madison, WI 53703')[0];
    expect(us).toMatchObject({ street: '1420 Lakeview Ave', unit: '4', city: 'Madison', state: 'WI', zip: '53703' });
    expect(us.abroad).toBeUndefined();
  });

  test('phone numbers written abroad are read as grouped digits; dates, sort codes and solid IDs are not phones', () => {
    expect(findPhone('Your mobile is 07700 900317 - you').map((h) => h.value)).toEqual(['07700900317']);
    expect(findPhone('Son natel : 079 555 01 42.').map((h) => h.value)).toEqual(['0795550142']);
    expect(findPhone('di động +84 91 555 0120.').map((h) => h.value)).toEqual(['84915550120']);
    expect(findPhone('call (608) 555-0193 or +1 415 555 0101').map((h) => h.value)).toEqual(['6085550193', '4155550101']);
    for (const t of ['born 02 09 1976', 'sort code 04-00-04', 'ID No.: 079305004417']) expect(findPhone(t)).toEqual([]);
  });

  test('a phone number from abroad is written as its country writes it, a US one as before', async () => {
    const phone = field('Your phone number');
    const [uk] = await proposeValues({ fields: [phone], documents: [await textDoc('a.txt', 'Phone: 07700 900317\n')] });
    expect(uk.value).toBe('07700 900317');
    const [us] = await proposeValues({ fields: [phone], documents: [await textDoc('b.txt', 'Phone: 608.555.0193\n')] });
    expect(us.value).toBe('(608) 555-0193');
  });

  test('"Postcode" asks for the ZIP, and the address line is written as the country writes it', async () => {
    expect(analyseField(field('Enter the postcode of your address.'))).toMatchObject({ concept: 'address', addressPart: 'zip' });
    const line = field('Your address');
    const postcode = field('Your postcode');
    const doc = await textDoc('letter.txt', 'My address is Flat 2, 19 Conway Road, Cardiff, CF11 9NT.\n');
    const out = await proposeValues({ fields: [line, postcode], documents: [doc] });
    expect(out.find((p) => p.field_id === line.id)?.value).toBe('Flat 2, 19 Conway Road, Cardiff');
    expect(out.find((p) => p.field_id === postcode.id)?.value).toBe('CF11 9NT');
    // No postcode box of its own: the line carries it.
    const alone = field('Your address');
    const [p] = await proposeValues({ fields: [alone], documents: [doc] });
    expect(p.value).toBe('Flat 2, 19 Conway Road, Cardiff CF11 9NT');
  });
});

describe('what a tooltip of several sentences asks for', () => {
  test('a closing condition about other boxes does not decide it; one that points at this box does', () => {
    const city = field('City, town, or post office. If you have a foreign address, also complete spaces below.');
    expect(analyseField(city)).toMatchObject({ concept: 'address', addressPart: 'city' });
    const unit = field('Present Physical Address. If you marked the apartment, suite or floor box, enter the number here.');
    expect(analyseField(unit)).toMatchObject({ concept: 'address', addressPart: 'unit' });
  });
});

describe('keys no concept rule knows', () => {
  test('"Date Hired" meets a record\'s "Original hire date"; an unrelated key does not answer', async () => {
    const docs = [await textDoc('hr.txt', 'Employee record\nOriginal hire date: 03/02/2021\nPosition: Material Handler II\n')];
    const hired = field('Date Hired', { data_type: 'date' });
    const injury = field('Date of injury or illness', { data_type: 'date' });
    const get = await propose([hired, injury], docs);
    expect(get(hired)).toMatchObject({ status: 'proposed', value: '03/02/2021', confidence: 'medium' });
    expect(get(hired).note).toMatch(/Original hire date/);
    expect(get(injury).status).toBe('missing');
  });

  test('a code right after the label words in running text ("as case no. 2025-017")', async () => {
    const docs = [await textDoc('email.txt', 'I entered it on the 2025 log as case no. 2025-017 and I am doing the form now.\n')];
    const caseNo = field('Case number from the log');
    const plain = field('Case number');
    const get = await propose([caseNo, plain], docs);
    expect(get(plain).value).toBe('2025-017');
    expect(get(caseNo).status).toBe('missing'); // "case number from the log" is not what the text says
  });

  test('an entry record\'s "Port of Entry" and "Class of Admission" answer "Place" and "Status at Last Entry"', async () => {
    const docs = [await textDoc('i94.txt', 'Admission record\nPort of Entry: BOSTON, MA\nClass of Admission: F1\nPassport Number: X1234567\n')];
    const place = field('Place of Last Entry into the U.S.');
    const status = field('Status at Last Entry (B-2 Visitor, F-1 Student, et cetera)');
    const employer = field('Name of last employer');
    const get = await propose([place, status, employer], docs);
    expect(get(place)).toMatchObject({ status: 'proposed', value: 'BOSTON, MA' });
    expect(get(status)).toMatchObject({ status: 'proposed', value: 'F1' });
    expect(get(employer).status).toBe('missing'); // "last" alone matches nothing
  });

  test('a label with a closed list of answers takes the one the documents state on its topic', async () => {
    const docs = [await textDoc('notes.txt', 'My history\nPrior permit application: applied 2019, DENIED in 2020.\nHe was granted a visa once.\n')];
    const results = field('Have you applied for a permit before? Results (Granted or Denied - attach documentation)');
    const examples = field('Status at entry (Visitor or Student, et cetera)');
    const get = await propose([results, examples], docs);
    expect(get(results)).toMatchObject({ status: 'proposed', value: 'Denied' }); // the "granted" line is not about an application
    expect(get(examples).status).toBe('missing');
    const both = [await textDoc('a.txt', 'Permit application: denied in 2020.\n'), await textDoc('b.txt', 'Permit application granted in 2021.\n')];
    expect((await propose([results], both))(results).status).toBe('missing');
  });

  test('a code split over boxes ("(a)(12)") takes one piece per box, from the code written whole', async () => {
    const docs = [
      await textDoc('notes.txt', 'Renewal notes\nI am filing under category A12 again this year.\n'),
      ocrDoc('card.png', ['Card No.   Category', '123-456-789 A012']),
    ];
    const label = (n: string) => field(`Eligibility Category. Enter ${n} Letter or Number of Eligibility Category.`);
    const [first, second, third] = [label('First'), label('Second'), label('Third')];
    const whole = field('Eligibility Category');
    const get = await propose([first, second, third, whole], docs);
    expect(get(first)).toMatchObject({ status: 'proposed', value: 'a' });
    expect(get(second)).toMatchObject({ status: 'proposed', value: '12' }); // "012" on the card is the same piece
    expect(get(second).evidence.length).toBe(2);
    expect(get(third).status).toBe('missing'); // the code has no third piece
  });

  test('one part of a compound value: the place after "at", the status after "as"', async () => {
    const docs = [await textDoc('notes.txt', 'Notes for my renewal\nLast entry to the US: 02/11/2021 at Miami, FL, admitted as B-2\n')];
    const date = field('Date of Last Entry into the U.S.', { data_type: 'date' });
    const place = field('Place of Last Entry into the U.S.');
    const status = field('Status at Last Entry');
    const get = await propose([date, place, status], docs);
    expect(get(date).value).toBe('02/11/2021');
    expect(get(place)).toMatchObject({ status: 'proposed', value: 'Miami, FL' });
    expect(get(status)).toMatchObject({ status: 'proposed', value: 'B-2' });
  });
});

describe('typed values reformatted for the field', () => {
  test('dates follow the layout the label asks for', async () => {
    const docs = [await textDoc('notes.txt', 'Born: 14 March 1990 in Lviv, Ukraine\n')];
    const us = field('Date of birth (mm/dd/yyyy)');
    const eu = field('Date of birth (dd/mm/yyyy)');
    const place = field('Place of birth');
    const get = await propose([us, eu, place], docs);
    expect(get(us).value).toBe('03/14/1990');
    expect(get(eu).value).toBe('14/03/1990');
    expect(get(place).value).toBe('Lviv, Ukraine');
    expect(get(us).note).toMatch(/14 March 1990/);
  });

  test('a foreign day/month date is settled by a document that writes the month in words', async () => {
    const passport = ocrDoc('passport.jpg', ['REPUBLIC OF INDIA', 'Surname', 'KRISHNAMURTHY', 'Date of Birth', '09/11/1991']);
    const notes = await textDoc('notes.txt', 'Born: 9 November 1991 in Chennai, India\n');
    const dob = field('6. Date of Birth. Enter as 2-digit Month, 2-digit Day, and 4-digit Year.', { data_type: 'date' });
    const get = await propose([dob], [passport, notes]);
    expect(get(dob)).toMatchObject({ status: 'proposed', value: '11/09/1991' });
    expect(['high', 'medium']).toContain(get(dob).confidence);
  });

  test('an all-numeric date that could be day/month is never more than low on its own', async () => {
    const get = await propose([field('Date of birth')], [ocrDoc('passport.jpg', ['Date of Birth', '09/11/1991'])]);
    const p = get({ id: nextId - 1 } as ProposeField);
    expect(p.value).toBe('09/11/1991');
    expect(p.confidence).toBe('low');
    expect(p.note).toMatch(/either way/);
  });

  test('digits only in comb boxes and short fields; split SSN boxes get their piece', async () => {
    const docs = [await textDoc('notes.txt', 'SSN: 900-62-3318\nMy A number is A212 345 678\n')];
    const comb = field('Social Security Number', { max_len: 9, comb: true });
    const anum = field('Alien Registration Number (A-Number)', { max_len: 9, comb: true });
    const s1 = field('Applicant SSN 1', { name: 'Applicant SSN 1', tooltip: undefined, max_len: 3, comb: true });
    const s2 = field('Applicant SSN 2', { name: 'Applicant SSN 2', tooltip: undefined, max_len: 2, comb: true });
    const s3 = field('Applicant SSN 3', { name: 'Applicant SSN 3', tooltip: undefined, max_len: 4, comb: true });
    const get = await propose([comb, anum, s1, s2, s3], docs);
    expect(get(comb).value).toBe('900623318');
    expect(get(anum).value).toBe('212345678');
    expect([get(s1).value, get(s2).value, get(s3).value]).toEqual(['900', '62', '3318']);
  });

  test('ZIP+4 goes into a five-character ZIP box as the five-digit ZIP, with a note', async () => {
    const docs = [await textDoc('confirmation.txt', 'NEW ADDRESS\n  915 MAPLE AVE APT 3\n  EVANSTON IL 60202-2240\n')];
    const street = field('Present address. Street number and name');
    const apt = field('Present address. Apt. number', { max_len: 4 });
    const zip = field('Present address. ZIP code', { max_len: 5, data_type: 'zip' });
    const get = await propose([street, apt, zip], docs);
    expect(get(street).value).toBe('915 Maple Ave');
    expect(get(apt).value).toBe('3');
    expect(get(zip)).toMatchObject({ status: 'proposed', value: '60202' });
    expect(get(zip).note).toMatch(/ZIP\+4/);
  });

  test('names split into family / given / middle, whichever order the document uses', async () => {
    const docs = [await textDoc('notes.txt', 'Name: KRISHNAMURTHY, Anjali Devi\n')];
    const family = field('Family Name (Last Name)');
    const given = field('Given Name (First Name)');
    const middle = field('Middle Name');
    const full = field('1. Name. Enter Family Name (in CAPS), First Name, and Middle Name.');
    const get = await propose([family, given, middle, full], docs);
    expect([get(family).value, get(given).value, get(middle).value]).toEqual(['Krishnamurthy', 'Anjali', 'Devi']);
    expect(get(full).value).toBe('KRISHNAMURTHY Anjali Devi');

    const card = ocrDoc('card.png', ['PERMANENT RESIDENT', 'Surname', 'OYELARAN', 'Given Name', 'ADEBOLA FOLASADE']);
    const get2 = await propose([family, given, middle], [card]);
    expect([get2(family).value, get2(given).value, get2(middle).value]).toEqual(['Oyelaran', 'Adebola', 'Folasade']);
  });
});

describe('check boxes and choices', () => {
  test('a box standing for one answer is true for that answer and false for the others', async () => {
    const docs = [await textDoc('notes.txt', 'Name: Ana Ruiz\nFemale. Married (husband: Rahul Ruiz).\n')];
    const female = field('7. Gender. Check Female.', { type: 'checkbox', data_type: 'boolean', export_value: 'F' });
    const male = field('7. Gender. Check Male.', { type: 'checkbox', data_type: 'boolean', export_value: 'M' });
    const married = field('8. Marital Status. Check Married.', { type: 'checkbox', data_type: 'boolean', export_value: 'M' });
    const single = field('8. Marital Status. Check Single.', { type: 'checkbox', data_type: 'boolean', export_value: 'S' });
    const get = await propose([female, male, married, single], docs);
    expect([get(female).value, get(male).value, get(married).value, get(single).value]).toEqual(['true', 'false', 'true', 'false']);
  });

  test('the unit box matching the address is ticked; state drop-downs and radio groups take an option', async () => {
    const docs = [await textDoc('email.txt', 'New home: 1420 Lakeview Ave, Apt 3B, Madison, WI 53704\nSex: male\n')];
    const apt = field('Present Physical Address. Check this box if the address is an Apt.', { type: 'checkbox', data_type: 'boolean', export_value: ' APT ' });
    const ste = field('Present Physical Address. Check this box if the address is a Suite.', { type: 'checkbox', data_type: 'boolean', export_value: ' STE ' });
    const state = field('Present Physical Address. Enter the state.', { type: 'choice', data_type: 'choice', options: [' ', 'IL', 'MN', 'WI'] });
    const sex = field('SEX', { name: 'SEX', tooltip: undefined, type: 'radio', data_type: 'choice', options: ['FEMALE', 'MALE'] });
    const get = await propose([apt, ste, state, sex], docs);
    expect(get(apt).value).toBe('true');
    expect(get(ste).value).toBe('false');
    expect(get(state).value).toBe('WI');
    expect(get(sex).value).toBe('MALE');
  });
});

describe('which value, and how sure', () => {
  test('two documents that disagree with equal weight make a conflict, never a value', async () => {
    const a = await textDoc('a.txt', 'SSN: 900-11-2222\n');
    const b = await textDoc('b.txt', 'SSN: 900-11-3333\n');
    const ssn = field('Social Security Number');
    const p = (await propose([ssn], [a, b]))(ssn);
    expect(p.status).toBe('conflict');
    expect(p.value).toBeNull();
    expect(p.confidence).toBe('low');
    expect(p.alternatives?.map((x) => x.value).sort()).toEqual(['900-11-2222', '900-11-3333']);
  });

  test('a typo in one document loses to two that agree, and is named in the note', async () => {
    const email = await textDoc('email.txt', 'My A number is A212345687 I think\n');
    const card = ocrDoc('card.png', ['uscis# Category', '212-345-678 C09']);
    const notice = ocrDoc('notice.jpg', ['APPLICANT A212 345 678']);
    const anum = field('Enter your A-Number', { max_len: 9, comb: true });
    const p = (await propose([anum], [email, card, notice]))(anum);
    expect(p).toMatchObject({ status: 'proposed', value: '212345678' });
    expect(p.confidence).not.toBe('high');
    expect(p.note).toMatch(/212345687/);
  });

  test('nothing in the documents: missing', async () => {
    const passport = field('Most recent passport book number');
    const p = (await propose([passport], [await textDoc('notes.txt', 'Name: Ana Ruiz\n')]))(passport);
    expect(p).toEqual({ field_id: passport.id, status: 'missing', value: null, confidence: null, origin: null, evidence: [], note: null });
  });

  test("a spouse's date of birth and SSN are not used for the applicant", async () => {
    const docs = [
      await textDoc('email.txt', 'SSN: 900-56-2231\n\nMy husband Marcus is a US citizen (DOB 07/09/1982, SSN 900-56-7714)\n'),
      await textDoc('pharmacy.txt', 'Patient:   OYELARAN, MARCUS D\nDOB:       07/09/1982\n'),
      ocrDoc('card.png', ['Surname', 'OYELARAN', 'Given Name', 'ADEBOLA FOLASADE']),
    ];
    const dob = field('Date of Birth');
    const ssn = field('Social Security Number');
    const spouseDob = field("Spouse's date of birth");
    const get = await propose([dob, ssn, spouseDob], docs);
    expect(get(dob).status).toBe('missing');
    expect(get(ssn).value).toBe('900-56-2231');
    expect(get(spouseDob).value).toBe('07/09/1982');
  });

  test('an old address is superseded by the current one, and only fills the previous-address block', async () => {
    const notes = await textDoc(
      'notes.txt',
      'Address NOW (since April 2025):\n250 Washington Blvd, Apt 12C, Jersey City, NJ 07310\nOld address (do not use anymore): 31 Grove St, Apt 4R, Jersey City, NJ 07302\n',
    );
    const letter = ocrDoc('letter.jpg', ['ANJALI KRISHNAMURTHY', '31 GROVE ST APT 4R', 'JERSEY CITY NJ 07302']);
    const present = field('Present Physical Address. Street number and name');
    const presentApt = field('Present Physical Address. Apt. number');
    const previous = field('Previous Physical Address. Street number and name');
    const mailing = field('Mailing Address. Street number and name');
    const get = await propose([present, presentApt, previous, mailing], [notes, letter]);
    expect(get(present).value).toBe('250 Washington Blvd');
    expect(get(presentApt).value).toBe('12C');
    // No apartment box in the previous-address block: the unit stays on the street line.
    expect(get(previous).value).toBe('31 Grove St Apt 4R');
    // The form has a present-address block, so the mailing block is only for a stated mailing address.
    expect(get(mailing).status).toBe('missing');
  });
});

describe('quoteCheck', () => {
  test('accepts the value or its normal form at the evidence location, rejects anything else', async () => {
    const docs = [await textDoc('notes.txt', 'DOB: 14 March 1990\nSSN: 900-12-3456\nName: Oksana Hrytsenko\n')];
    const f = field('x');
    const at = (location: string, quote = '') => ({ document_id: 'notes.txt', document_name: 'notes.txt', page: 1, method: 'label_colon', location, quote });
    expect(quoteCheck('03/14/1990', f, at('l1'), docs)).toBe(true); // same calendar day
    expect(quoteCheck('03/15/1990', f, at('l1'), docs)).toBe(false);
    expect(quoteCheck('900123456', f, at('l2'), docs)).toBe(true); // digits
    expect(quoteCheck('900123457', f, at('l2'), docs)).toBe(false);
    expect(quoteCheck('Hrytsenko', f, at('l3'), docs)).toBe(true);
    expect(quoteCheck('Petrivna', f, at('l3'), docs)).toBe(false);
    expect(quoteCheck('Hrytsenko', f, at('l1'), docs)).toBe(false); // right document, wrong place
    expect(quoteCheck('Hrytsenko', f, { ...at('l3'), document_id: 'other' }, docs)).toBe(false);
  });
});

describe('fields and facts that belong to someone else', () => {
  test('a block headed "About <Name> (…):" is about that person, not the writer', async () => {
    const docs = [await textDoc('notes.txt', 'My details\nFull name: Dana Ruth Okafor\nDOB: 02/02/1990\n\nAbout Trevor (the person I need the order against):\n- Full name: Trevor James Pell\n- DOB: 05/05/1985\n')];
    const name = field('Your full name');
    const dob = field('Your date of birth', { data_type: 'date' });
    const get = await propose([name, dob], docs);
    expect(get(name).value).toBe('Dana Ruth Okafor');
    expect(get(dob).value).toBe('02/02/1990');
  });

  test('a second phone field, a bill\'s phone and a reference\'s phone are never the subject\'s number again', async () => {
    const docs = [await textDoc('notes.txt', 'About me\nPhone: 555-201-3344\n')];
    const phone = field('Phone', { name: 'PHONE_1' });
    const second = field('Phone', { name: 'PHONE_2' });
    const bill = field('Phone number of the company you pay', { name: 'PAY_PHONE' });
    const reference = field('Telephone of the person who can verify your identity', { name: 'VERIFIED_TELEPHONE' });
    const get = await propose([phone, second, bill, reference], docs);
    expect(get(phone).value).toBe('(555) 201-3344');
    for (const f of [second, bill, reference]) expect(get(f).status).toBe('missing');
  });

  test('"If you are not the X, what is your name?" printed over a name box asks for the filer, not the subject', () => {
    const f = field('Name', { name: 'filer_name' });
    const printed = { left: '', above: 'D. If you are not the overpaid person, what is your name?', inside: '', right: '', heading: '' };
    expect(analyseField(f, printed).role).toBe('representative');
    expect(analyseField(f, { ...printed, above: 'Name of the overpaid person' }).role).toBe('self');
  });

  test('a value ends where the next "key : value" on its line starts; a key another document numbers differently is left open', async () => {
    const one = [await textDoc('rx.txt', 'Prescription\nResting flow : 2 l/min. Night flow : 3 l/min.\n')];
    const resting = field('Resting flow');
    expect((await propose([resting], one))(resting)).toMatchObject({ status: 'proposed', value: '2 l/min' });
    const corrected = [...one, await textDoc('email.txt', 'Correction from the doctor\nThe resting flow is 1.5 l/min, not 2.\n')];
    expect((await propose([resting], corrected))(resting).status).toBe('missing');
  });

  test('a full name with accented letters is read whole', async () => {
    const docs = [await textDoc('notes.txt', 'About me\nMy full name is Mateo Andrés Ferreyra and I live in Ohio.\n')];
    const name = field('Full name');
    expect((await propose([name], docs))(name).value).toBe('Mateo Andrés Ferreyra');
  });

  test('a JSON record that states its relationship ("son") is that relative\'s; the applicant record is the subject\'s', async () => {
    const json = JSON.stringify({ applicant: { name: 'Rosa M. Lind', dob: '1980-01-02' }, members: [{ name: 'Theo Lind', relationship: 'son', dob: '2012-05-06' }] });
    const docs = [await readDocument({ id: 'r.json', name: 'roster.json', bytes: new TextEncoder().encode(json) })];
    const name = field('Full name');
    const dob = field('Date of birth', { data_type: 'date' });
    const get = await propose([name, dob], docs);
    expect(get(name).value).toBe('Rosa M. Lind');
    expect(get(dob).value).toBe('01/02/1980');
  });

  test('an organisation in a document\'s title does not make the client it names someone else; a middle initial supports the full middle name', async () => {
    const notes = await textDoc('intake.txt', 'County Help Agency - Intake notes (benefits)\nClient: Rosa Marie Lind      DOB 01/02/1980\nLives with her son.\n');
    const roster = await readDocument({ id: 'r.json', name: 'roster.json', bytes: new TextEncoder().encode(JSON.stringify({ applicant: { name: 'Rosa M. Lind' } })) });
    const name = field('Full name');
    const get = await propose([name], [notes, roster]);
    expect(get(name)).toMatchObject({ status: 'proposed', value: 'Rosa Marie Lind' });
  });

  test('rows of a table asking the same thing take the subject\'s value in the first row only', async () => {
    const docs = [await textDoc('notes.txt', 'About me\nFull name: Rosa Marie Lind\nDOB: 01/02/1980\n')];
    const rect = (y: number) => ({ x: 100, y, width: 150, height: 16 });
    const row1 = field('Household member date of birth', { data_type: 'date', rect: rect(600) });
    const row2 = field('Household member date of birth', { data_type: 'date', rect: rect(580) });
    const row3 = field('Household member date of birth', { data_type: 'date', rect: rect(560) });
    const get = await propose([row2, row1, row3], docs);
    expect(get(row1).value).toBe('01/02/1980');
    expect(get(row2).status).toBe('missing');
    expect(get(row3).status).toBe('missing');
  });

  test('a writer filing for a relative: the relative is the subject, the writer\'s own data is not', async () => {
    const email = await textDoc(
      'email.txt',
      'From: Ana Duarte <ana@example.com>\nSubject: change of address for my husband Tomas\n\nHis info:\n  Full name: Tomas Pedro Duarte\n  Date of birth: 03/04/1980\n\nMy info, in case you need to match our files: Ana Duarte,\nDOB 07/08/1982.\n\nMy details:\nPhone: 555-303-4040\n\nWe moved to our new house at 12 Cedar Ln, Tucson, AZ 85745.\n',
    );
    const card = await readDocument({ id: 'c.json', name: 'card.json', bytes: new TextEncoder().encode(JSON.stringify({ surname: 'DUARTE', given_name: 'TOMAS PEDRO', date_of_birth: '04 MAR 1980' })) });
    const family = field('Family name');
    const dob = field('Date of birth', { data_type: 'date' });
    const phone = field('Daytime phone');
    const street = field('Present address: street number and name');
    const get = await propose([family, dob, phone, street], [email, card]);
    expect(get(family).value).toBe('Duarte');
    expect(get(dob)).toMatchObject({ status: 'proposed', value: '03/04/1980' });
    expect(get(dob).note ?? '').not.toMatch(/07\/08\/1982/); // the writer's DOB is not even a competitor
    expect(get(phone).status).toBe('missing'); // under "My details:", the writer's
    expect(get(street).value).toBe('12 Cedar Ln');
  });

  test('a lone City/ZIP after another party\'s street is that party\'s; numbered repeats of a party\'s item are other people\'s', async () => {
    const docs = [await textDoc('notes.txt', 'About me\nI live at 40 Oak St, Salem, OR 97301.\nOur daycare provider: Little Acorns, 9 Elm Rd, Bend, OR 97701\nProvider EIN: 00-1234567\n')];
    const street = field('1e. Provider street address');
    const city = field('1f. City');
    const zip = field('1h. ZIP');
    const ein1 = field('1k. Provider federal employer identification no.');
    const ein2 = field('2k. Provider federal employer identification no.');
    const get = await propose([street, city, zip, ein1, ein2], docs);
    expect(get(city).value ?? null).not.toBe('Salem');
    expect(get(zip).value ?? null).not.toBe('97301');
    expect(get(ein2).status).toBe('missing');
  });

  test('a preparer block\'s bare EIN and firm name are the firm\'s, never the employer\'s or a person\'s', async () => {
    const ein = field('EIN', { name: 'prep_ein' });
    const printed = { left: '', above: '', inside: '', right: '', heading: "Paid Preparer's signature" };
    expect(analyseField(ein, printed).role).toBe('preparer');
    expect(analyseField(ein).role).toBe('employer');
    const firm = field("Firm's name (or yours if self-employed)");
    expect(analyseField(firm).concept).toBe('org_name');
    // An employer's return asks for the legal name "not your trade name"; the trade name itself is left alone.
    expect(analyseField(field('Name (not your trade name)')).concept).toBe('org_name');
    expect(analyseField(field('Trade name (if any)')).skip).toBe(true);
  });

  test('a home phone field never takes a number the document calls a work number', async () => {
    const docs = [await textDoc('email.txt', 'About me\nHome phone: we have no landline. Work phone: (206) 555-0132\n')];
    const home = field('Telephone (home)');
    const work = field('Telephone (work)');
    const get = await propose([home, work], docs);
    expect(get(home).status).toBe('missing');
    expect(get(work).value).toBe('(206) 555-0132');
  });

  test('a tax credential after a preparer\'s name is dropped; a page-and-number field name says nothing', async () => {
    const docs = [await textDoc('notes.txt', 'Filing details\nPreparer name: Marcus Oyelaran, CPA\n')];
    const prep = field("Preparer's name");
    expect((await propose([prep], docs))(prep).value).toBe('Marcus Oyelaran');
    const { uninformative } = await import('../../../src/extract/propose/normalise.ts');
    expect(uninformative('st form p1 12')).toBe(true);
    expect(uninformative('Provider name')).toBe(false);
  });

  test('a keyed record of several parts with a date is no single value; "first name and (middle) initial" takes the middle initial', async () => {
    const docs = [await textDoc('notes.txt', 'About me\nFull name: Marcus Tobias Lind\nReturn flight: 06/11/2025, 17:55, Bogota - Cali, Avianca, flight AV8426\n')];
    const flight = field('Return flight');
    const first = field('Your first name and initial');
    const firstMiddle = field('Your first name and middle initial');
    const get = await propose([flight, first, firstMiddle], docs);
    expect(get(flight).status).toBe('missing');
    expect(get(first).value).toBe('Marcus T');
    expect(get(firstMiddle).value).toBe('Marcus T');
  });
});

describe('forms and papers in French, German and Spanish', () => {
  test('their captions and keys ask what the English ones ask; a German date box is written the German way', async () => {
    const docs = [await textDoc('Personalbogen.txt', 'Personalbogen\nNachname: Wójcik\nVorname: Tomasz\nGeburtsdatum: 23.08.2003\nE-Mail: t.wojcik@example.de\n')];
    const family = field('Nom');
    const given = field('Prénom');
    const born = field('Geburtsdatum');
    const get = await propose([family, given, born], docs);
    expect(get(family).value).toBe('Wójcik');
    expect(get(given).value).toBe('Tomasz');
    expect(get(born).value).toBe('23.08.2003');
  });

  test('a date written with dots is day-first, and an English box gets it month-first', async () => {
    const docs = [await textDoc('carte.txt', 'Carte d\'assuré\nDate de naissance: 09.02.1946\n')];
    const dob = field('Date of birth');
    expect((await propose([dob], docs))(dob).value).toBe('02/09/1946');
  });
});

describe('whose a value is', () => {
  test("a wage statement's \"Employee's\" is the person it is about; a dependent's box never takes the filer's number", async () => {
    const w2 = ocrDoc('W-2.jpg', ['Form W-2 Wage and Tax Statement 2025', "a Employee's social security number 900-52-4417", 'b Employer identification number (EIN) 00-4417823']);
    const mine = field('Your social security number');
    const dependent = field('(3) SSN: Dependent 1', { name: 'f1_39', tooltip: undefined });
    const get = await propose([mine, dependent], [w2]);
    expect(get(mine).value).toBe('900-52-4417');
    expect(get(dependent).status).toBe('missing');
  });

  test('a label the label engine composed says whose box it is when the printed words beside it do not', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    page.drawText('Social security number', { x: 20, y: 604, size: 8, font: await doc.embedFont(StandardFonts.Helvetica) });
    const formPdf = await doc.save();
    const w2 = ocrDoc('W-2.jpg', ["a Employee's social security number 900-52-4417"]);
    const dependent = field('SSN: Dependent 1', { name: 'f1_39', tooltip: undefined, rect: { x: 130, y: 600, width: 150, height: 14 } });
    const out = await proposeValues({ fields: [dependent], documents: [w2], formPdf });
    expect(out[0].status).toBe('missing');
  });
});

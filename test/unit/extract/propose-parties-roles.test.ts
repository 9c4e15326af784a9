// Parties a form asks about besides its subject: numbered filers (Debtor 1 / Debtor 2), a
// representative of one side of a case, people who share a debt, things that have names, and a
// former spouse. Documents built in code through the real reader.
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, test } from 'vitest';
import { printedLabels } from '../../../src/extract/propose/page-labels.ts';
import { readDocument } from '../../../src/extract/index.ts';
import type { ReadDocument } from '../../../src/extract/types.ts';
import { proposeValues, type ProposeField } from '../../../src/extract/propose/index.ts';
import { written } from './propose-helpers.ts';

let nextId = 1;
function field(label: string, extra: Partial<ProposeField> = {}): ProposeField {
  const id = nextId++;
  return { id, name: extra.name ?? `f${id}`, label, type: 'text', data_type: 'string', page: 0, rect: { x: 100, y: 700 - id * 20, width: 150, height: 16 }, ...extra };
}

async function textDoc(name: string, text: string): Promise<ReadDocument> {
  return readDocument({ id: name, name, bytes: new TextEncoder().encode(text) });
}

async function propose(fields: ProposeField[], docs: ReadDocument[]) {
  const out = await proposeValues({ fields, documents: docs });
  return (f: ProposeField) => out.find((p) => p.field_id === f.id)!;
}

describe('numbered filers', () => {
  test('"Debtor 2" on a joint form is the spouse, never the first debtor again', async () => {
    const docs = [await textDoc('email.txt', 'From: Bogdan Marinescu <b@example.com>\nSubject: our joint case\n\nMe: Bogdan Ilie Marinescu, SSN 900-45-1178.\nMy wife: Gabriela Ioana Marinescu. She got her SSN in 2021.\n')];
    const section = 'Part 1: Tell the Court About Yourself and Your spouse if You Are Filing a Joint Case';
    const first1 = field('First name', { name: 'debtor1_first_name', section });
    const first2 = field('First name', { name: 'debtor2_first_name', section });
    const get = await propose([first1, first2], docs);
    expect(written(get(first1))).toBe('Bogdan');
    expect(written(get(first2))).toBe('Gabriela');
  });

  test('without a spouse on the form, "Debtor 2" stays empty', async () => {
    const docs = [await textDoc('notes.txt', 'Client: Daniel Kwame Boateng\nSSN: 900-12-3456\n')];
    const d1 = field('Debtor 1: full name');
    const d2 = field('Debtor 2: full name');
    const get = await propose([d1, d2], docs);
    expect(written(get(d1))).toBe('Daniel Kwame Boateng');
    expect(written(get(d2))).toBeNull();
  });
});

describe('a name runs to the end of its sentence', () => {
  test('"Name: Sam Roe. His birthday is …" gives the name alone', async () => {
    const docs = [await textDoc('email.txt', 'Hi,\n\nName: Sam Roe. His birthday is July 6, 1991.\n')];
    const name = field('Full name');
    const get = await propose([name], docs);
    expect(written(get(name))).toBe('Sam Roe');
  });
});

describe('other parties', () => {
  test("the other side's attorney is not the respondent's attorney", async () => {
    const docs = [await textDoc('petition.txt', 'IN THE CIRCUIT COURT\n\nRespectfully submitted,\nAttorney: Douglas R. Fenwick\nMO Bar #58214\nAttorney for Petitioner\n')];
    const att = field("Respondent's attorney name");
    const pet = field("Petitioner's attorney name");
    const get = await propose([att, pet], docs);
    expect(written(get(att))).toBeNull();
    expect(written(get(pet))).toBe('Douglas R. Fenwick');
  });

  test('a codebtor, a lawyer, a prison or a document name is never the subject', async () => {
    const docs = [await textDoc('notes.txt', 'Client: Marta Ruiz\nPhone: (773) 555-0191\n')];
    const codebtor = field('3.1: Name of codebtor');
    const lawyer = field('Lawyer Name');
    const jail = field('Name of Prison or Jail');
    const doc = field('Documents', { name: 'document_name' });
    const own = field('Print Name');
    const get = await propose([codebtor, lawyer, jail, doc, own], docs);
    expect(written(get(own))).toBe('Marta Ruiz');
    for (const f of [codebtor, lawyer, jail, doc]) expect(written(get(f))).toBeNull();
  });

  test('an ex-wife is not the spouse', async () => {
    const docs = [await textDoc('notes.txt', 'Me: Marisol Salas\nMy ex-husband: Andre Salas\n')];
    const spouse = field("Spouse's name");
    const get = await propose([spouse], docs);
    expect(written(get(spouse))).toBeNull();
  });
});

describe('a drop-down option named in the documents', () => {
  const districts = [' ', '__________ District of __________', 'Middle District of Alabama', 'Northern District of Illinois', 'District of Nevada', 'Eastern District of Michigan'];
  test('the one option a document states word for word is proposed (medium)', async () => {
    const docs = [await textDoc('email.txt', 'We will file a joint Chapter 7\nin the U.S. Bankruptcy Court for the Northern District of Illinois.\n')];
    const district = field('District Information', { type: 'choice', options: districts });
    const get = await propose([district], docs);
    expect(get(district)).toMatchObject({ status: 'proposed', value: 'Northern District of Illinois', confidence: 'medium' });
  });

  test('two options stated: nothing is chosen', async () => {
    const docs = [await textDoc('email.txt', 'We moved from the Eastern District of Michigan; we file in the District of Nevada.\n')];
    const district = field('District Information', { type: 'choice', options: districts });
    const get = await propose([district], docs);
    expect(get(district).status).toBe('missing');
  });
});

describe('whose a document is', () => {
  const questionnaire = (extra = '') =>
    textDoc(
      'questionnaire.txt',
      'Section A - Debtor 1 (you)\nFull legal name (first, middle, last)\nKwame Osei Mensah\nSocial Security number\n900-38-4471\n' +
        'Section B - Debtor 2 (spouse)\nFull legal name (first, middle, last)\nLucia Beatriz Mensah\n' +
        'Section C - Where you live\nCurrent home address\n2817 W Belden Ave, Chicago, IL 60647\n' +
        extra,
    );

  test('a section heading ends the block of the one before ("Section C - Where you live" is no longer the spouse\'s)', async () => {
    const docs = [await questionnaire()];
    const street = field('Street address');
    const get = await propose([street], docs);
    expect(written(get(street))).toBe('2817 W Belden Ave');
  });

  test("a pay stub about the spouse (named in the spouse's section) is the spouse's, not the subject's", async () => {
    const stub = await textDoc('paystub.txt', 'NORTHSIDE PEDIATRIC ASSOCIATES\nEmployee: Lucia Beatriz Mensah\nPay date: 09/26/2025\nSSN: 900-62-6120\n');
    const docs = [await questionnaire(), stub];
    const first = field('First name');
    const spouseFirst = field("Spouse's first name");
    const ssn = field('Social Security number');
    const spouseSsn = field("Spouse's Social Security number");
    const get = await propose([first, spouseFirst, ssn, spouseSsn], docs);
    expect(written(get(spouseSsn))).toBe('900-62-6120');
    expect(written(get(first))).toBe('Kwame');
    expect(written(get(spouseFirst))).toBe('Lucia');
    expect(written(get(ssn))).toBe('900-38-4471');
  });

  test("a form's own caption read as a value is nobody's name", async () => {
    const docs = [await textDoc('filed.txt', 'Trade name    Employer identification number\nPrint your    title here\n')];
    const name = field('Name');
    const get = await propose([name], docs);
    expect(written(get(name))).toBeNull();
  });
});

describe('a table cell takes the block of the line that repeats it', () => {
  test("a DOCX table row under the spouse's section heading is the spouse's", async () => {
    const paragraphs = ['Section A - Debtor 1 (you)', 'Full legal name', 'Kwame Osei Mensah', 'Social Security number', '900-38-4471', 'Section B - Debtor 2 (spouse)', 'Full legal name', 'Lucia Beatriz Mensah', 'Social Security number', '900-62-6210'];
    const doc: ReadDocument = {
      document_id: 'q.docx',
      document_name: 'q.docx',
      kind: 'docx',
      pages: 1,
      lines: paragraphs.map((text, i) => ({ text, page: 1, location: `paragraph ${i + 1}` })),
      pairs: [
        { key: 'Full legal name', value: 'Kwame Osei Mensah', page: 1, location: 'table 1 row 1', method: 'docx_table' },
        { key: 'Social Security number', value: '900-38-4471', page: 1, location: 'table 1 row 2', method: 'docx_table' },
        { key: 'Full legal name', value: 'Lucia Beatriz Mensah', page: 1, location: 'table 2 row 1', method: 'docx_table' },
        { key: 'Social Security number', value: '900-62-6210', page: 1, location: 'table 2 row 2', method: 'docx_table' },
      ],
      chars: 100,
    } as ReadDocument;
    const first = field('First name');
    const ssn = field('Social Security number');
    const get = await propose([first, ssn], [doc]);
    expect(written(get(first))).toBe('Kwame');
    expect(written(get(ssn))).toBe('900-38-4471');
  });
});

describe('the sides of a case', () => {
  const petition = () =>
    textDoc(
      'petition.txt',
      'IN THE CIRCUIT COURT OF GREENE COUNTY, MISSOURI\nGREGORY ALLEN PARK,\nPetitioner,\nv.\nLAN THI PARK,\nRespondent.\n\n1. Petitioner Gregory Allen Park is a resident of Greene County.\n2. Respondent Lan Thi Park resides at 1845 S Fremont Ave, Springfield, MO 65804.\n',
    );
  const email = () => textDoc('email.txt', 'From: Lan Park <lan@example.com>\nSubject: Answer form\n\nHi,\n\nMy address now: 612 E Cherry St, Apt 3, Springfield, MO 65806.\nI moved out of the Fremont Ave house.\n');

  test("the other side's name comes from the caption; the subject's side takes the subject's values", async () => {
    const docs = [await petition(), await email()];
    const petFirst = field("Petitioner's First Name");
    const petLast = field("Petitioner's Last Name");
    const resFirst = field("Respondent's First Name");
    const resStreet = field("Respondent's Street");
    const resCity = field("Respondent's City");
    const get = await propose([petFirst, petLast, resFirst, resStreet, resCity], docs);
    expect(written(get(petFirst))).toBe('Gregory');
    expect(written(get(petLast))).toBe('Park');
    expect(written(get(resFirst))).toBe('Lan');
    expect(written(get(resCity))).toBe('Springfield');
    expect(get(petFirst).confidence).toBe('medium');
  });

  test("a side's attorney is not the side", async () => {
    const docs = [await petition(), await email()];
    const att = field("Respondent's Attorney Name");
    const get = await propose([att], docs);
    expect(written(get(att))).toBeNull();
  });

  test('"what I know about Sam for the defendant form" names the defendant; a hedge on the next sentence does not touch the name', async () => {
    const docs = [await textDoc('email.txt', "From: Rita Lopes <rita@example.com>\nSubject: info\n\nHere's what I know about Sam for the defendant information form.\nName: Sam Roe. His birthday is July 6, 1991 (I think).\n")];
    const def = field('NAME OF DEFENDANT (person accused of abuse)');
    const get = await propose([def], docs);
    expect(written(get(def))).toBe('Sam Roe');
  });

  test("an incident report's suspect is the defendant and its victim the plaintiff, spelled as the victim writes her name", async () => {
    const report = await textDoc('report.txt', 'QUINCY POLICE DEPARTMENT - INCIDENT REPORT\nVICTIM FERREIRA, ANA LUCIA F DOB 11/04/1994\nSUSPECT\nMULCAHY, SHANE PATRICK M DOB 06/08/1990 AKA "SHAY"\nNarrative: Victim states suspect forced the door.\n');
    const note = await textDoc('note.txt', 'From: Ana Lúcia Ferreira <ana@example.com>\nSubject: order\n\nI need the order.\n\nAna Lúcia Ferreira\n');
    const def = field('NAME OF DEFENDANT (person accused of abuse)');
    const plaintiff = field('NAME OF PLAINTIFF (person seeking protection)');
    const get = await propose([def, plaintiff], [report, note]);
    expect(written(get(def))).toBe('Shane Patrick Mulcahy');
    expect(written(get(plaintiff))).toBe('Ana Lúcia Ferreira');
    // A report's word in running text ("the suspect was …") names nobody.
    const loose = await textDoc('report2.txt', 'Suspect was cooperative with officers.\n');
    const none = await propose([def], [loose]);
    expect(written(none(def))).toBeNull();
  });

  test('a caption label "First, Middle, Last Name" asks for the whole name', async () => {
    const docs = [await textDoc('complaint.txt', 'MARTA RUIZ, Plaintiff,\nv.\nOWEN HALE, Defendant.\n\n1. Plaintiff Marta Ruiz and Defendant Owen Hale were co-tenants.\n')];
    const def = field('Defendant, Respondent - First, Middle, Last Name');
    const get = await propose([def], docs);
    expect(written(get(def))).toBe('Owen Hale');
  });
});

describe("the other side's own facts", () => {
  test('a report line that names the defendant, and the third-person lines of a message about him, answer his fields; the victim and the writer do not', async () => {
    const report = await textDoc('report.txt', 'INCIDENT REPORT\nVICTIM\nFERREIRA, ANA LUCIA DOB 11/04/1994 F\nSUSPECT\nROE, SAM DOB 07/16/1991 M\n');
    const email = await textDoc(
      'email.txt',
      "From: Rita Lopes <rita@example.com>\nSubject: info\n\nHere's what I know about Sam for the defendant information form.\nName: Sam Roe. He works at a body shop.\nHis cell: 617-555-0124. Email: kroe@example.com\nNo landline.\nMy number is 617-555-0139.\n",
    );
    const dob = field("Defendant's date of birth");
    const cell = field("DEFENDANT'S CELLPHONE NO.");
    const home = field("DEFENDANT'S HOME TELEPHONE NO.");
    const mail = field("DEFENDANT'S EMAIL ADDRESS");
    const get = await propose([dob, cell, home, mail], [report, email]);
    expect(written(get(dob))).toBe('07/16/1991');
    expect(written(get(cell))).toBe('(617) 555-0124');
    expect(written(get(mail))).toBe('kroe@example.com');
    expect(written(get(home))).toBeNull();
    expect(get(dob).confidence).toBe('medium');
  });
});

describe('parts of a name and of a sentence', () => {
  test('a middle initial takes the full middle name another document prints', async () => {
    const statement = await textDoc('statement.txt', 'SUN COUNTRY CREDIT UNION\nMember: DOLORES M AGUILAR, 1719 Bridge Blvd SW Apt 3, Albuquerque NM 87105\n');
    const notice = await textDoc('notice.txt', 'Social Security Administration\n\nDOLORES MARIBEL AGUILAR\n1719 BRIDGE BLVD SW APT 3\n');
    const name = field('Name of the overpaid person (first, middle, last)');
    const get = await propose([name], [statement, notice]);
    expect(written(get(name))).toBe('Dolores Maribel Aguilar');
  });

  test('an address that finishes the sentence above is whose that sentence says', async () => {
    const order = await textDoc('order.txt', 'ORDER\n2. Plaintiff may send documents to Defendant by U.S. mail to his address of record:\n1187 W Argyle St, Apt 2, Chicago, IL 60640.\n');
    const own = await textDoc('notes.txt', 'Client: Marta Ruiz\n');
    const mail = field('Your mailing address (street, city, state, ZIP)');
    const get = await propose([mail], [order, own]);
    expect(written(get(mail))).toBeNull();
  });
});

describe('the party a paper is delivered to', () => {
  test('"Delivery party 1" fields are not the sender\'s', async () => {
    const docs = [await textDoc('notes.txt', 'Client: Marta Ruiz\nEmail: eruiz@example.com\n')];
    const name = field('Name', { name: 'delivery_party1_name_full' });
    const mail = field('Email', { name: 'delivery_party1_email' });
    const own = field('Print Name', { name: 'user_name' });
    const get = await propose([name, mail, own], docs);
    expect(written(get(own))).toBe('Marta Ruiz');
    expect(written(get(name))).toBeNull();
    expect(written(get(mail))).toBeNull();
  });
});

describe("the writer's own name", () => {
  test('the subject who writes in the first person is named by the sender line, with the middle name another document gives', async () => {
    const email = await textDoc('email.txt', 'From: Graciela Vidal <graci@example.com>\nTo: Hannah Kaplan <hk@example.com>\nSubject: Re: In re Graciela Inés Vidal - Schedule J\n\nHi,\n\nAttached is my budget. I pay rent of 1450.\n');
    const name = field('Debtor 1 name');
    const get = await propose([name], [email]);
    expect(written(get(name))).toBe('Graciela Inés Vidal');
  });

  test('a business name box ("not your trade name") and a former last name do not take the writer\'s name', async () => {
    const email = await textDoc('email.txt', 'From: Lan Park <h@example.com>\nSubject: Answer form\n\nHi,\n\nI want my maiden name back.\n');
    const business = field('Name (not your trade name)');
    const former = field('Former last name to be restored');
    const own = field('Your name');
    const get = await propose([business, former, own], [email]);
    expect(written(get(own))).toBe('Lan Park');
    expect(written(get(business))).toBeNull();
    expect(written(get(former))).toBeNull();
  });
});

describe('a field with a caption of its own', () => {
  /** The printed words around one box of a page that prints `texts` ([text, x, y, size]). */
  async function wordsAround(texts: [string, number, number, number][], rect: { x: number; y: number; width: number; height: number }) {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (const [text, x, y, size] of texts) page.drawText(text, { x, y, size, font });
    const [box] = await printedLabels(await pdf.save(), [{ page: 0, rect }]);
    return box;
  }

  test('"Marital Status:" just over the box is not a line of the "Respondent:" block further up, nor of an "If Married, Spouse\'s name:" caption', async () => {
    const box = await wordsAround([['Respondent:', 100, 620, 10], ["If Married, Spouse's name:", 100, 570, 10], ['Marital Status:', 100, 538, 10]], { x: 100, y: 520, width: 200, height: 14 });
    expect(box.heading).toBe('');
  });

  test("a party caption starting right of the box heads the next column, not the box (an \"Apt. no.\" box beside \"Spouse's social security number\")", async () => {
    const apt = await wordsAround([['Apt. no.', 330, 538, 8], ["Spouse's social security number", 392, 560, 8]], { x: 330, y: 522, width: 50, height: 14 });
    expect(apt.above).toBe('Apt. no.');
    expect(apt.heading).toBe('');
  });

  test('a name split over a row of boxes belongs to the person the first box names', async () => {
    const email = await textDoc('email.txt', 'From: Marisol Vance <m@example.com>\nSubject: my return\n\nMy name is Marisol T. Vance. I am not married.\n');
    const spouseFirst = field("If joint return, spouse's first name and middle initial", { rect: { x: 40, y: 600, width: 200, height: 14 } });
    const spouseLast = field('Last name', { rect: { x: 250, y: 600, width: 150, height: 14 } });
    const get = await propose([spouseFirst, spouseLast], [email]);
    expect(written(get(spouseLast))).toBeNull();
  });

  test('"I\'m divorced (since 2021)" states the writer\'s marital status; a county box is no address line', async () => {
    const docs = [await textDoc('email.txt', 'From: Marisol Salas <m@example.com>\nSubject: info\n\nHi,\n\nI\'m divorced (since 2021). My ex pays child support.\nI live at 3318 Wabash Ave, Kansas City, MO 64109.\n')];
    const marital = field('Marital Status');
    const county = field('Users1 address county');
    const get = await propose([marital, county], docs);
    expect(written(get(marital))?.toLowerCase()).toBe('divorced');
    expect(written(get(county))).toBeNull();
  });
});

describe('the last four digits, columns and later people of a kind', () => {
  test('"last 4 digits" takes the tail of a full number or a tail stated alone; a full-number box never takes a tail', async () => {
    const docs = [await textDoc('email.txt', 'From: Lan Park <h@example.com>\nSubject: form\n\nHi,\n\nMy SSN last four is 2290.\n')];
    const last4 = field('Your SSN last four');
    const full = field('Social Security Number');
    const get = await propose([last4, full], docs);
    expect(written(get(last4))).toBe('2290');
    expect(written(get(full))).toBeNull();
    const docs2 = [await textDoc('notes.txt', 'Client: Kwame Osei Mensah\nSocial Security number: 900-38-4471\n')];
    const tail = field('last 4 digits of Social Security Number', { max_len: 4 });
    const get2 = await propose([tail], docs2);
    expect(written(get2(tail))).toBe('4471');
  });

  test('the same question in two columns of one row: only the left column takes the subject\'s value', async () => {
    const docs = [await textDoc('notes.txt', 'Client: Kwame Osei Mensah\nSocial Security number: 900-38-4471\n')];
    const left = field('last 4 digits of Social Security Number', { rect: { x: 100, y: 300, width: 80, height: 14 } });
    const right = field('last 4 digits of Social Security Number', { rect: { x: 350, y: 300, width: 80, height: 14 } });
    const get = await propose([left, right], docs);
    expect(written(get(left))).toBe('4471');
    expect(written(get(right))).toBeNull();
  });

  test('"Second child" does not take what the documents say of a child', async () => {
    const docs = [await textDoc('notes.txt', 'My son: Lucas Vidal\nHis date of birth: 03/02/2015\n')];
    const first = field("First child's date of birth");
    const second = field("Second child's date of birth");
    const get = await propose([first, second], docs);
    expect(written(get(second))).toBeNull();
  });
});

describe("the subject's own word on their side", () => {
  test("what the respondent writes of herself outweighs the petition drafted by the other side", async () => {
    const petition = await textDoc(
      'petition.txt',
      "FIRST AMENDED PETITION\n\n2. Respondent Lan Thi Park resides at 1845 S Fremont Ave, Springfield, MO 65804.\nThe last four digits of her SSN are 2209.\nTel (417) 555-0150\n",
    );
    const email = await textDoc('email.txt', 'From: Lan Park <h@example.com>\nSubject: answer\n\nHi,\n\nPhone 417-555-0134\nMy SSN last four is 2290.\n');
    const phone = field("Respondent's Phone");
    const ssn = field("Respondent's SSN Last Four");
    const get = await propose([phone, ssn], [petition, email]);
    expect(written(get(phone))).toBe('(417) 555-0134');
    expect(written(get(ssn))).toBe('2290');
  });
});

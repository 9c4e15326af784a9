// Two-party forms (payer/recipient style): each party's fields from the documents that speak for
// that party. Documents and fields are small synthetic ones written for these tests.
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/extract/index.ts';
import type { ReadDocument } from '../../../src/extract/types.ts';
import { proposeValues, type ProposeField } from '../../../src/extract/propose/index.ts';

let nextId = 1;
function field(label: string, extra: Partial<ProposeField> = {}): ProposeField {
  const id = nextId++;
  return { id, name: extra.name ?? `party.f${id}`, label, tooltip: label, type: 'text', data_type: 'string', page: 0, rect: { x: 100, y: 700 - id * 20, width: 150, height: 16 }, ...extra };
}

async function textDoc(name: string, text: string): Promise<ReadDocument> {
  return readDocument({ id: name, name, bytes: new TextEncoder().encode(text) });
}

/** A previously filled PDF of the same form: its AcroForm values under the form's own field names. */
function filledForm(name: string, values: [ProposeField, string][]): ReadDocument {
  return {
    document_id: name,
    document_name: name,
    kind: 'pdf',
    pages: 1,
    lines: [{ text: 'Statement of payments', page: 1, location: 'p1 l1' }],
    pairs: values.map(([f, v]) => ({ key: 'x', value: v, page: 1, location: `field ${f.name}`, method: 'acroform' as const })),
    chars: 100,
  };
}

function ocrDoc(name: string, lines: string[]): ReadDocument {
  return { document_id: name, document_name: name, kind: 'image', pages: 1, lines: lines.map((text, i) => ({ text, page: 1, location: `p1 l${i + 1}` })), pairs: [], chars: lines.join('').length };
}

function form() {
  return {
    payerBlock: field("PAYER'S name, street address, city or town, state, ZIP code, and telephone no.", { multiline: true }),
    payerTin: field("PAYER'S TIN"),
    recipientTin: field("RECIPIENT'S TIN"),
    recipientName: field("RECIPIENT'S name"),
    recipientStreet: field("Recipient's street address (including apt. no.)"),
    recipientCity: field("Recipient's city or town, state, and ZIP code"),
    account: field('Account number (see instructions)'),
    amount: field('Box 1 Nonemployee compensation'),
  };
}

async function run(fields: Record<string, ProposeField>, docs: ReadDocument[]) {
  const out = await proposeValues({ fields: Object.values(fields), documents: docs });
  return (f: ProposeField) => out.find((p) => p.field_id === f.id)!;
}

describe('two-party forms', () => {
  test('a block of lines under a heading naming the party fills its name-and-address block and TIN', async () => {
    const f = form();
    const email = await textDoc(
      'note.txt',
      'From: Ana Ruiz <ana@example.org>\nSubject: forms\n\nPayer details, copy as is:\nLakeside Rowing Club, Inc.\n88 Harbor Road\nMilford, CT 06460\n(203) 555-0142\nOur EIN: 00-4417730\n\nThanks\n',
    );
    const get = await run(f, [email]);
    expect(get(f.payerBlock)).toMatchObject({ status: 'proposed', confidence: 'medium', value: 'Lakeside Rowing Club, Inc.\n88 Harbor Road\nMilford, CT 06460\n(203) 555-0142' });
    expect(get(f.payerTin)).toMatchObject({ status: 'proposed', value: '00-4417730' });
    // Nothing speaks for the recipient here.
    expect(get(f.recipientName).status).toBe('missing');
    expect(get(f.recipientTin).status).toBe('missing');
  });

  test('ledger rows of the entity the letters are about give the other party: name, TIN, address and a stated total', async () => {
    const f = form();
    const email = await textDoc(
      'note.txt',
      'Payer details, copy as is:\nLakeside Rowing Club, Inc.\n88 Harbor Road\nMilford, CT 06460\n\nPlease prepare the statement for Quillfeather Design LLC.\nThe 2019 contract lists their old address in Derby, ignore it.\n',
    );
    const contract = await textDoc('contract.txt', 'Agreement between Lakeside Rowing Club, Inc., 88 Harbor Road, Milford, CT 06460 and Quillfeather Design LLC, 5 Elm St, Derby, CT 06418.\n');
    const vendors = await textDoc(
      'vendors.csv',
      'Vendor,TIN,Street address,City,State,ZIP\nQuillfeather Design LLC,00-6620418,"301 Canal St, Suite 4",Shelton,CT,06484\nNutmeg Paper Co,00-1111111,9 Mill Ln,Ansonia,CT,06401\n',
    );
    const totals = await textDoc('totals.csv', 'Vendor,Box 1 nonemployee compensation\nQuillfeather Design LLC,7315.50\nNutmeg Paper Co,0\n');
    const get = await run(f, [email, contract, vendors, totals]);
    expect(get(f.recipientName)).toMatchObject({ status: 'proposed', value: 'Quillfeather Design LLC' });
    expect(get(f.recipientTin)).toMatchObject({ status: 'proposed', value: '00-6620418' });
    expect(get(f.recipientStreet)).toMatchObject({ status: 'proposed', value: '301 Canal St, Suite 4' });
    expect(get(f.recipientCity)).toMatchObject({ status: 'proposed', value: 'Shelton, CT 06484' });
    expect(get(f.amount)).toMatchObject({ status: 'proposed', value: '7315.50' });
    expect(get(f.payerTin).status).toBe('missing');
  });

  test("the subject's name is written as its own form writes it, not as the ledger shortens it", async () => {
    const f = form();
    const email = await textDoc('note.txt', 'Payer details, copy as is:\nLakeside Rowing Club, Inc.\n88 Harbor Road\nMilford, CT 06460\n\nPlease prepare the statement for Mara Quill. Mara Quill sent her W-9.\n');
    const w9 = await textDoc('w9.txt', 'Request for Taxpayer Identification\n1 Name of entity/individual: Mara T. Quill\n2 Business name/disregarded entity name: Quill Studio\n');
    const ledger = await textDoc('ledger.csv', 'Vendor,Amount\nMara Quill,1200.00\nNutmeg Paper Co,40.00\n');
    const get = await run(f, [email, w9, ledger]);
    expect(get(f.recipientName)).toMatchObject({ status: 'proposed', value: 'Mara T. Quill' });
  });

  test('a filled copy of the same form carries over the payer, never the recipient it was made for', async () => {
    const f = form();
    const copy = filledForm('last_year.pdf', [
      [f.payerBlock, 'Birchwood Bakery LLC\n14 Oak Ave\nSalem, OR 97301\n(503) 555-0110'],
      [f.payerTin, '00-7781234'],
      [f.recipientName, 'Marta K. Lindqvist'],
      [f.recipientTin, '900-11-2233'],
      [f.recipientStreet, '3 Birch Ln'],
      [f.recipientCity, 'Keizer, OR 97303'],
      [f.amount, '4,100.00'],
      [f.account, 'BB-0007'],
    ]);
    const email = await textDoc(
      'email.txt',
      'From: Sam Ode <sam@example.com>\nSubject: statement for Tobias\n\nFor Tobias R. Fenwick, nonemployee comp = $6,250.00 this year.\nTobias sent his form (attached). For the account number box use BB-0031.\n',
    );
    const w9 = ocrDoc('w9.jpg', ['Name of entity/individual', 'Tobias R. Fenwick', "Requester's name and address", 'Birchwood Bakery LLC', '14 Oak Ave', 'Salem, OR 97301', 'Address (number, street, and apt. or suite no.)', '27 Willow Ct', 'City, state, and ZIP code', 'Albany, OR 97321', 'Tobias R Fenwick 5/2/2024']);
    const ledger = await textDoc('ledger.csv', 'Date,Payee,Amount\n01/10/2024,Tobias R. Fenwick,3000.00\n02/10/2024,Marta K. Lindqvist,900.00\n03/10/2024,Tobias R. Fenwick,3250.00\n');
    const get = await run(f, [copy, email, w9, ledger]);
    expect(get(f.payerBlock)).toMatchObject({ status: 'proposed', value: 'Birchwood Bakery LLC\n14 Oak Ave\nSalem, OR 97301\n(503) 555-0110' });
    expect(get(f.payerTin)).toMatchObject({ status: 'proposed', value: '00-7781234' });
    expect(get(f.recipientName)).toMatchObject({ status: 'proposed', value: 'Tobias R. Fenwick' });
    // The W-9's own address, not the requester's (the payer's) that sits on it too.
    expect(get(f.recipientStreet)).toMatchObject({ status: 'proposed', value: '27 Willow Ct' });
    expect(get(f.recipientCity)).toMatchObject({ status: 'proposed', value: 'Albany, OR 97321' });
    expect(get(f.amount)).toMatchObject({ status: 'proposed', value: '6250.00' });
    expect(get(f.account)).toMatchObject({ status: 'proposed', value: 'BB-0031' });
    // The old recipient's TIN is not carried over.
    expect(get(f.recipientTin).status).not.toBe('proposed');
  });

  test('a filled copy whose payer no other document names carries nothing over', async () => {
    const f = form();
    const copy = filledForm('someone_elses.pdf', [
      [f.payerBlock, 'Birchwood Bakery LLC\n14 Oak Ave\nSalem, OR 97301'],
      [f.payerTin, '00-7781234'],
      [f.recipientName, 'Marta K. Lindqvist'],
    ]);
    const email = await textDoc('email.txt', 'For Tobias R. Fenwick, please prepare the statement.\nTobias Fenwick is new this year.\n');
    const ledger = await textDoc('ledger.csv', 'Date,Payee,Amount\n01/10/2024,Tobias R. Fenwick,3000.00\n02/10/2024,Marta K. Lindqvist,900.00\n');
    const get = await run(f, [copy, email, ledger]);
    expect(get(f.payerBlock).status).toBe('missing');
    expect(get(f.payerTin).status).toBe('missing');
    expect(get(f.recipientName)).toMatchObject({ status: 'proposed', value: 'Tobias R. Fenwick' });
  });

  test('"leave that box empty" keeps a box empty that a document key would otherwise fill', async () => {
    const f = form();
    const notes = await textDoc('old_notes.txt', 'Vendor file\nAccount number: ZX-2231\n');
    const email = await textDoc('email.txt', 'We stopped using account numbers this year, leave that box empty.\n');
    expect((await run(f, [notes]))(f.account)).toMatchObject({ status: 'proposed', value: 'ZX-2231' });
    expect((await run(f, [notes, email]))(f.account).status).toBe('missing');
  });

  test('a block ends with its phone line; the next sentence is not part of it', async () => {
    const f = form();
    const email = await textDoc('note.txt', 'Payer details:\nLakeside Rowing Club, Inc.\n88 Harbor Road\nMilford, CT 06460\n(203) 555-0142\nCall me if anything is unclear.\n');
    const get = await run(f, [email]);
    expect(get(f.payerBlock)).toMatchObject({ status: 'proposed', value: 'Lakeside Rowing Club, Inc.\n88 Harbor Road\nMilford, CT 06460\n(203) 555-0142' });
  });

  test("a filled copy for the same recipient gives way to the recipient's newer address", async () => {
    const f = form();
    const copy = filledForm('last_year.pdf', [
      [f.payerBlock, 'Birchwood Bakery LLC\n14 Oak Ave\nSalem, OR 97301'],
      [f.payerTin, '00-7781234'],
      [f.recipientName, 'Tobias R. Fenwick'],
      [f.recipientStreet, '3 Birch Ln'],
      [f.recipientCity, 'Keizer, OR 97303'],
    ]);
    const email = await textDoc('email.txt', 'Same payer as last year (Birchwood Bakery LLC). Tobias R. Fenwick moved, his form is attached.\n');
    const w9 = ocrDoc('w9.jpg', ['Name', 'Tobias R. Fenwick', 'Address (number, street, and apt. or suite no.)', '27 Willow Ct', 'City, state, and ZIP code', 'Albany, OR 97321']);
    const ledger = await textDoc('ledger.csv', 'Date,Payee,Amount\n01/10/2024,Tobias R. Fenwick,3000.00\n02/10/2024,Marta K. Lindqvist,900.00\n');
    const get = await run(f, [copy, email, w9, ledger]);
    expect(get(f.recipientName)).toMatchObject({ status: 'proposed', value: 'Tobias R. Fenwick' });
    expect(get(f.recipientStreet)).toMatchObject({ status: 'proposed', value: '27 Willow Ct' });
    expect(get(f.recipientCity)).toMatchObject({ status: 'proposed', value: 'Albany, OR 97321' });
    expect(get(f.payerTin)).toMatchObject({ status: 'proposed', value: '00-7781234' });
  });

  test("separate party fields take the parts of the party's address; a block is put together from name, street and city line", async () => {
    const f = {
      payerName: field("Payer's name"),
      payerStreet: field("Payer's street address"),
      payerCity: field("Payer's city"),
      payerState: field("Payer's state"),
      payerZip: field("Payer's ZIP code"),
      payerStateNo: field("Payer's state no."),
      recipientBlock: field("RECIPIENT'S name, street address, city or town, state, and ZIP code", { multiline: true }),
    };
    const email = await textDoc('note.txt', 'Payer details:\nLakeside Rowing Club, Inc.\n88 Harbor Road\nMilford, CT 06460\n\nThe statement is for Quillfeather Design LLC, see the vendor list.\nQuillfeather Design LLC has no account number.\n');
    const vendors = await textDoc('vendors.csv', 'Vendor,Address,City,State,ZIP\nQuillfeather Design LLC,301 Canal St,Shelton,CT,06484\nNutmeg Paper Co,9 Mill Ln,Ansonia,CT,06401\n');
    const get = await run(f, [email, vendors]);
    expect(get(f.payerName)).toMatchObject({ status: 'proposed', value: 'Lakeside Rowing Club, Inc.' });
    expect(get(f.payerStreet)).toMatchObject({ status: 'proposed', value: '88 Harbor Road' });
    expect(get(f.payerCity)).toMatchObject({ status: 'proposed', value: 'Milford' });
    expect(get(f.payerState)).toMatchObject({ status: 'proposed', value: 'CT' });
    expect(get(f.payerZip)).toMatchObject({ status: 'proposed', value: '06460' });
    expect(get(f.payerStateNo).status).toBe('missing');
    expect(get(f.recipientBlock)).toMatchObject({ status: 'proposed', value: 'Quillfeather Design LLC\n301 Canal St\nShelton, CT 06484' });
  });

  test("with no stated total, the subject's ledger rows of the form's year that are marked for the form are added up", async () => {
    const f = { ...form(), amount: field('2024 Nonemployee compensation') };
    const email = await textDoc('note.txt', 'Payer details:\nLakeside Rowing Club, Inc.\n88 Harbor Road\nMilford, CT 06460\n\nPlease do the statement for Quillfeather Design LLC.\nQuillfeather Design sent all invoices.\n');
    const ledger = 'Date,Vendor,Amount,Reportable?\n2023-12-20,Quillfeather Design LLC,500.00,Y\n2024-02-01,Quillfeather Design LLC,1200.00,Y\n2024-03-01,Quillfeather Design LLC,80.25,N\n2024-05-01,Nutmeg Paper Co,300.00,Y\n2024-09-15,Quillfeather Design LLC,"1,050.50",Y\n2025-01-05,Quillfeather Design LLC,700.00,Y\n';
    expect((await run(f, [email, await textDoc('ledger.csv', ledger)]))(f.amount)).toMatchObject({ status: 'proposed', value: '2250.50' });
    // Without a column saying which rows count, the rows are not added up.
    const bare = ledger.replace(/,Reportable\?/, '').replace(/,[YN]\n/g, '\n');
    expect((await run(f, [email, await textDoc('ledger.csv', bare)]))(f.amount).status).toBe('missing');
  });

  test("a party named once, as the template's, is not taken for the documents' subject", async () => {
    const f = form();
    const copy = filledForm('last_year.pdf', [
      [f.payerBlock, 'Birchwood Bakery LLC\n14 Oak Ave\nSalem, OR 97301'],
      [f.recipientName, 'Marta K. Lindqvist'],
      [f.recipientStreet, '3 Birch Ln'],
    ]);
    // The new recipient is in no ledger; the old one is, and is named once.
    const email = await textDoc('email.txt', "Use Marta Lindqvist's form from Birchwood Bakery LLC as the template.\nThis one is for Jonah Pryce, a new contractor.\n");
    const ledger = await textDoc('ledger.csv', 'Date,Payee,Amount\n01/10/2024,Marta K. Lindqvist,900.00\n');
    const get = await run(f, [copy, email, ledger]);
    expect(get(f.recipientName).status).not.toBe('proposed');
    expect(get(f.recipientStreet).status).not.toBe('proposed');
  });
});

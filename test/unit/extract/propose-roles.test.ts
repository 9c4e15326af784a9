// Parties of a sale told by a message thread with ID cards, and a record requested by a relative
// of its subject (src/extract/propose/roles.ts), plus the printed-caption fixes they rely on.
// All documents and fields are invented here.
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { printedLabels } from '../../../src/extract/propose/page-labels.ts';
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/extract/index.ts';
import type { ReadDocument } from '../../../src/extract/types.ts';
import { proposeValues, type ProposeField } from '../../../src/extract/propose/index.ts';
import { threadMessages } from '../../../src/extract/propose/roles.ts';

let nextId = 1;
function field(label: string, extra: Partial<ProposeField> = {}): ProposeField {
  const id = nextId++;
  return { id, name: extra.name ?? `f${id}`, label, tooltip: label, type: 'text', data_type: 'string', page: 0, rect: { x: 100, y: 700 - id * 20, width: 150, height: 16 }, ...extra };
}
const box = (label: string, extra: Partial<ProposeField> = {}) => field(label, { type: 'checkbox', data_type: 'boolean', export_value: 'On', ...extra });

async function textDoc(name: string, text: string): Promise<ReadDocument> {
  return readDocument({ id: name, name, bytes: new TextEncoder().encode(text) });
}

function ocrDoc(name: string, lines: string[]): ReadDocument {
  return { document_id: name, document_name: name, kind: 'image', pages: 1, lines: lines.map((text, i) => ({ text, page: 1, location: `p1 l${i + 1}` })), pairs: [], chars: lines.join('').length };
}

async function propose(fields: ProposeField[], docs: ReadDocument[], formPdf?: Uint8Array) {
  const out = await proposeValues({ fields, documents: docs, formPdf });
  // Role answers are inferences: never high.
  for (const p of out) if (p.status === 'proposed' && /ID card|stated|certificate|applicant|Paid|address|relationship|copies|maiden/.test(p.note ?? '')) expect(p.confidence).not.toBe('high');
  return (f: ProposeField) => out.find((p) => p.field_id === f.id)!;
}

const THREAD = [
  'Chat with "Marco (road bike)"',
  '',
  '[03/02/2025 5:10 PM] Dana: Hi, is the Trek still available?',
  '[03/02/2025 5:20 PM] Marco: Yes it is. Asking $900',
  '[03/02/2025 5:31 PM] Dana: Would you take 700 cash?',
  '[03/02/2025 5:40 PM] Marco: 800 and it is yours',
  '[03/02/2025 5:42 PM] Dana: Ok, $800 works',
  '[03/03/2025 9:00 AM] Dana: My address is 12 Alder Ln, Dayton OH 45402',
  '[03/03/2025 9:05 AM] Marco: Mine is 88 Birch Rd, Kettering OH 45429. I will print a bill of sale',
  '[03/08/2025 11:00 AM] Marco: Paid in full today, cash. Thanks!',
].join('\n');

// Two licences in one scan: each card's name, number and state must stay together.
const CARDS = ocrDoc('licences.jpg', [
  'OHIO',
  "DRIVER'S LICENSE",
  'TX482-1190-5521',
  'PELLEGRINI',
  'MARCO ANTONIO',
  '88 BIRCH RD',
  'KETTERING, OH 45429',
  'OHIO',
  "DRIVER'S LICENSE",
  'RK77-3301-9902',
  'OKAFOR',
  'DANA RUTH',
  '12 ALDER LN',
  'DAYTON, OH 45402',
]);

describe('parties of a sale told by a message thread', () => {
  test('who buys and who sells, their full names, licences and addresses, each from the right card', async () => {
    const buyer = field('Buyer’s Name');
    const buyerAddr = field('(“Buyer”) with a mailing address of');
    const seller = field('Seller’s Name');
    const sellerAddr = field('(“Seller”) with a mailing address of');
    const buyerDl = field('Buyer Driver’s License Number');
    const buyerSt = field('Buyer State');
    const sellerDl = field('Seller Driver’s License Number');
    const sellerSt = field('Seller State');
    const get = await propose([buyer, buyerAddr, seller, sellerAddr, buyerDl, buyerSt, sellerDl, sellerSt], [await textDoc('chat.txt', THREAD), CARDS]);
    expect(get(buyer)).toMatchObject({ status: 'proposed', value: 'Dana Ruth Okafor', confidence: 'medium' });
    expect(get(seller).value).toBe('Marco Antonio Pellegrini');
    expect(get(buyerAddr).value).toBe('12 Alder Ln, Dayton, OH 45402');
    expect(get(sellerAddr).value).toBe('88 Birch Rd, Kettering, OH 45429');
    expect(get(buyerDl).value).toBe('RK77-3301-9902');
    expect(get(sellerDl).value).toBe('TX482-1190-5521');
    expect(get(buyerSt).value).toBe('OH');
    expect(get(sellerSt).value).toBe('OH');
  });

  test('"Key: value" notes are not a conversation', async () => {
    const notes = await textDoc('notes.txt', 'Phone: 555-0100\nAddress: 12 Alder Ln\nPhone: 555-0199\nAddress: 88 Birch Rd\n');
    expect(threadMessages(notes)).toEqual([]);
    expect(threadMessages(await textDoc('chat.txt', THREAD)).map((m) => m.speaker)).toContain('Marco');
  });

  test('a listing poster is the seller even when the messages alone do not say', async () => {
    const thread = ['[1/5/2025 10:00] Dana: hello', '[1/5/2025 10:01] Marco: hello there', '[1/5/2025 10:02] Dana: see you Sunday'].join('\n');
    const listing = await textDoc('listing.txt', 'FOR SALE: road bike\nPosted by: mpellegrini (member 12)\n');
    const seller = field('Seller’s Name');
    const buyer = field('Buyer’s Name');
    const get = await propose([seller, buyer], [await textDoc('chat.txt', thread), listing, CARDS]);
    expect(get(seller).value).toBe('Marco Antonio Pellegrini');
    expect(get(buyer).value).toBe('Dana Ruth Okafor');
    // Without the listing nothing says who sells: both stay empty.
    const get2 = await propose([seller, buyer], [await textDoc('chat.txt', thread), CARDS]);
    expect(get2(seller).status).toBe('missing');
    expect(get2(buyer).status).toBe('missing');
  });

  test('the price both parties last stated wins over the asking price and earlier offers', async () => {
    const price = field('Seller accepts cash payment in the amount of $');
    const get = await propose([price], [await textDoc('chat.txt', THREAD)]);
    expect(get(price).value).toBe('800.00');
    // An offer never met is no price.
    const open = THREAD.replace('Ok, $800 works', 'Let me think about it');
    expect((await propose([price], [await textDoc('chat.txt', open)]))(price).status).toBe('missing');
  });

  test('"paid in full today, cash" ticks the cash and the date-of-sale boxes; the alternatives stay off', async () => {
    const cash = box('Seller accepts cash payment in the amount of');
    const today = box('The date of this bill of sale');
    const future = box('At a future date no later than');
    const gift = box('Buyer is receiving the item as a gift');
    const trade = box('Seller accepts trade in exchange for');
    const get = await propose([cash, today, future, gift, trade], [await textDoc('chat.txt', THREAD)]);
    expect(get(cash).value).toBe('true');
    expect(get(today).value).toBe('true');
    for (const f of [future, gift, trade]) expect(get(f).status).toBe('missing');
    const unpaid = THREAD.replace('Paid in full today, cash. Thanks!', 'See you Saturday');
    const get2 = await propose([cash, today], [await textDoc('chat.txt', unpaid)]);
    expect(get2(cash).status).toBe('missing');
    expect(get2(today).status).toBe('missing');
  });

  test('make and caliber of the item the seller describes, when another document repeats it', async () => {
    const thread = [
      '[4/1/2025 8:00 PM] Priya: Hi, is the pistol still available?',
      '[4/1/2025 8:10 PM] Owen: Yes. Sig Sauer P365 XL, 9mm, two mags. Asking $600',
      '[4/1/2025 8:15 PM] Priya: Would you take 550?',
      '[4/1/2025 8:20 PM] Owen: 575 and it is yours',
      '[4/1/2025 8:21 PM] Priya: Deal, $575',
    ].join('\n');
    const listing = await textDoc('listing.txt', 'FOR SALE: Sig P365 XL\nPosted by: owen_k\nSig Sauer P365 XL, 9mm, like new.\n\nAlso listed\nGlock 19, 9mm   $450   rtan\nMossberg 500 12 ga   $300   rtan\n');
    const make = field('Make');
    const caliber = field('Caliber');
    const get = await propose([make, caliber], [await textDoc('chat.txt', thread), listing]);
    expect(get(make).value).toBe('Sig Sauer');
    expect(get(caliber).value).toBe('9mm');
    // Said once, nowhere repeated: not enough.
    const alone = await propose([make, caliber], [await textDoc('chat.txt', thread)]);
    expect(alone(make).status).toBe('missing');
    expect(alone(caliber).status).toBe('missing');
  });
});

describe('a record requested by a relative of its subject', () => {
  const RECORD = [
    'LAKESIDE COMMUNITY HOSPITAL',
    'This certifies that',
    'Nora Jane Whitfield',
    'was born in this hospital on',
    'March 3, 2016',
    'Mother   Anna Marie Whitfield (maiden name Castellano)',
    'Father   Thomas Lee Whitfield',
  ].join('\n');
  const NOTE = 'Request for Nora\n\nOrder 3 copies of her birth certificate for the school.\nI am applying as her father.\n';

  test('subject, applicant, relationship, maiden name, copies and the record-type box', async () => {
    const birth = box('BIRTH');
    // A record type captioned with "death" is one option, not a block about a deceased person.
    const death = box('FETAL DEATH');
    const copies = field('Number of copies');
    const subject = field('Full name on certificate');
    const maiden = field('Full maiden name of mother');
    const applicant = field('Applicant’s name');
    const relation = field('If legal representative, indicate legal relationship');
    const docs = [await textDoc('record.txt', RECORD), await textDoc('note.txt', NOTE)];
    const get = await propose([birth, death, copies, subject, maiden, applicant, relation], docs);
    expect(get(birth).value).toBe('true');
    expect(get(death).status).toBe('missing');
    expect(get(copies).value).toBe('3');
    expect(get(subject).value).toBe('Nora Jane Whitfield');
    expect(get(maiden).value).toBe('Anna Marie Castellano');
    expect(get(applicant).value).toBe('Thomas Lee Whitfield');
    expect(get(relation).value).toBe('Father');
  });

  test('a record type only mentioned (not ordered) ticks nothing', async () => {
    const birth = box('BIRTH');
    const marriage = box('MARRIAGE');
    const docs = [await textDoc('note.txt', 'I attached a scan of the marriage certificate.\nI will order the copies next week.\n')];
    const get = await propose([birth, marriage], docs);
    expect(get(birth).status).toBe('missing');
    expect(get(marriage).status).toBe('missing');
  });

  test('without a stated relationship the applicant is not guessed', async () => {
    const applicant = field('Applicant’s name');
    const relation = field('Your relationship to the person named on the record');
    const docs = [await textDoc('record.txt', RECORD), await textDoc('note.txt', NOTE.replace('I am applying as her father.', ''))];
    const get = await propose([applicant, relation], docs);
    expect(get(applicant).value).not.toBe('Thomas Lee Whitfield');
    expect(get(relation).status).toBe('missing');
  });

  test('with one block per record type, the count and the name go to the requested record’s block only', async () => {
    const birth = box('BIRTH', { rect: { x: 30, y: 600, width: 9, height: 9 } });
    const copies1 = field('Number of copies', { rect: { x: 300, y: 600, width: 40, height: 12 } });
    const name1 = field('Full name on certificate', { rect: { x: 180, y: 580, width: 300, height: 12 } });
    const copies2 = field('Number of copies', { rect: { x: 300, y: 470, width: 40, height: 12 } });
    const name2 = field('Full name on certificate', { rect: { x: 180, y: 450, width: 300, height: 12 } });
    const docs = [await textDoc('record.txt', RECORD), await textDoc('note.txt', NOTE)];
    const get = await propose([birth, copies1, name1, copies2, name2], docs);
    expect(get(copies1).value).toBe('3');
    expect(get(name1).value).toBe('Nora Jane Whitfield');
    expect(get(copies2).status).toBe('missing');
    expect(get(name2).status).toBe('missing');
  });
});

describe('printed captions', () => {
  test('a party word inside an instruction ("must be notarized by a notary public") does not make the block the notary’s', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    page.drawText('Mail-in requests must be notarized by a notary public.', { x: 180, y: 640, size: 8, font });
    page.drawText('DATE OF BIRTH', { x: 30, y: 583, size: 8, font });
    const bytes = await pdf.save();
    const dob = field('DATE OF BIRTH', { rect: { x: 181, y: 580, width: 380, height: 12 } });
    const docs = [await textDoc('note.txt', 'About me\nDate of birth: 03/03/1986\n')];
    expect((await propose([dob], docs, bytes))(dob).value).toBe('03/03/1986');
  });

  test('a sentence that starts with a party word is no block heading; the party\'s title over the block is', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    page.drawText('RECIPIENT\'S name', { x: 100, y: 600, size: 8, font });
    page.drawText('Payer made direct sales totaling $5,000 or more of', { x: 300, y: 560, size: 7, font });
    page.drawText('PAYER', { x: 20, y: 548, size: 8, font }); // another block's title, left of the box
    page.drawText('Street address (including apt. no.)', { x: 100, y: 540, size: 8, font });
    const bytes = await pdf.save();
    const [street] = await printedLabels(bytes, [{ page: 0, rect: { x: 100, y: 520, width: 400, height: 14 } }]);
    expect(street.heading).toBe("RECIPIENT'S name");
  });

  test('a "Seller’s Signature" caption on the line above names whose "Print Name" box it is; a word split by kerning is one word', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    page.drawText('Buyer\'s Signature: ________', { x: 72, y: 520, size: 10, font });
    page.drawText('Print Name:', { x: 72, y: 492, size: 10, font });
    page.drawText('Seller\'s', { x: 72, y: 420, size: 10, font });
    page.drawText('Signature: ________', { x: 118, y: 420, size: 10, font });
    page.drawText('Print Name:', { x: 72, y: 392, size: 10, font });
    // "with a mailing addres" + "s of", touching: pdf.js gives two items.
    const w1 = font.widthOfTextAtSize('("Buyer") with a mailing addres', 10);
    page.drawText('("Buyer") with a mailing addres', { x: 72, y: 640, size: 10, font });
    page.drawText('s of', { x: 72 + w1, y: 640, size: 10, font });
    const bytes = await pdf.save();
    const buyerName = field('Print Name', { rect: { x: 138, y: 488, width: 200, height: 16 } });
    const sellerName = field('Print Name', { rect: { x: 138, y: 388, width: 200, height: 16 } });
    const addr = field('undefined', { name: 'undefined', tooltip: undefined, rect: { x: 72, y: 612, width: 460, height: 16 } });
    const get = await propose([buyerName, sellerName, addr], [await textDoc('chat.txt', THREAD), CARDS], bytes);
    expect(get(buyerName).value).toBe('Dana Ruth Okafor');
    expect(get(sellerName).value).toBe('Marco Antonio Pellegrini');
    expect(get(addr).value).toBe('12 Alder Ln, Dayton, OH 45402');
  });
});

describe('a block about a deceased person', () => {
  test('takes its neighbours from the subject, except a box whose caption says it is yours', async () => {
    const deathDate = field('Date of death');
    const decedentName = field('Name');
    const yours = field('Your first name and middle initial');
    const docs = [await textDoc('note.txt', 'About me\nFull name: Marisol Teresa Vance\n')];
    const get = await propose([deathDate, decedentName, yours], docs);
    expect(get(decedentName).status).toBe('missing');
    expect(get(yours).value).toBe('Marisol T');
  });
});

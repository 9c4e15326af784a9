// Old and new phone numbers said in running text: "my old phone … does not work anymore, new phone
// is …", "the 0109 number is disconnected; my cell is now …". Synthetic documents, and a previous
// filing built in code.
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/extract/index.ts';
import { phoneSlotIn, retiredPhoneEndings } from '../../../src/extract/propose/phone-slots.ts';
import { field, propose, textDoc, written } from './propose-helpers.ts';

const notice = 'NOTICE OF HEARING\nRespondent: Mamadou Diallo\nTelephone: (347) 555-0112\n';

describe('which number is old and which is new', () => {
  test('the words around a number say it', () => {
    expect(phoneSlotIn('My old phone ', ' does not work anymore, new phone is ')).toBe('previous');
    expect(phoneSlotIn(' does not work anymore, new phone is ', '')).toBe('current');
    expect(phoneSlotIn('Phone: ', ' (new number - the 0140 one is gone)')).toBe('current');
    expect(phoneSlotIn('my contacts still say ', ').')).toBe('previous');
    expect(phoneSlotIn('Call me at ', ' after 5 pm.')).toBeNull();
    // "old" of a person, not of the number
    expect(phoneSlotIn("My 16-year-old son's cell is ", '.')).toBeNull();
    expect(phoneSlotIn('my 9 year old daughter has her own phone, ', '.')).toBeNull();
  });

  test('a number retired by its last four digits', () => {
    expect(retiredPhoneEndings('Same for mail. The 0109 number is disconnected; my')).toEqual(['0109']);
    expect(retiredPhoneEndings('The 0163 number does not work anymore.')).toEqual(['0163']);
    expect(retiredPhoneEndings('Please call the 0163 number after 5.')).toEqual([]);
  });

  test('"my old phone … does not work anymore, new phone is …": the new one for the phone box, the old one for the former box', async () => {
    const now = field('Phone number');
    const before = field('Former phone number');
    const chat = 'Chat export\n[11/10/25, 7:52 PM] Mamadou D.: My old phone 347 555 0112 does not work anymore, new phone is 929-555-0168\n';
    const get = await propose([now, before], [await textDoc('notice.txt', notice), await textDoc('chat.txt', chat)]);
    expect(written(get(now))).toBe('(929) 555-0168');
    expect(get(before).value).toBe('(347) 555-0112');
  });

  test('"the 0109 number is disconnected; my cell is now …", over a roster that still has it', async () => {
    const phone = field('Phone');
    const roster = 'Intake roster\nName: Shauna Pettaway\nPhone: (314) 555-0109\n';
    const mail = [
      'From: Shauna Pettaway <shauna@example.com>',
      'To: Keisha Moore <keisha@example.org>',
      'Subject: my application',
      '',
      'Hi Keisha, I moved to a new place last month. The 0109 number is disconnected; my',
      'cell is now (314) 555-0163. Texting is the best way to reach me.',
      '',
      '> Keisha Moore, Community Navigator, Southside Food Partners - (314) 555-0177',
    ].join('\n');
    const get = await propose([phone], [await textDoc('roster.txt', roster), await textDoc('mail.txt', mail)]);
    expect(written(get(phone))).toBe('(314) 555-0163');
  });

  test('a box whose tooltip says phone but whose own name says e-mail takes no phone number', async () => {
    const box = field('phone number - current', { name: 'users1_email_current' });
    const get = await propose([box], [await textDoc('chat.txt', 'Notes\nMy phone: 929-555-0168\n')]);
    expect(written(get(box))).toBeNull();
  });
});

describe('a previous filing whose number a document calls old', () => {
  test('is left for review even though that document repeats the number', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const form = pdf.getForm();
    const values = { celular_bnf: '300 555 0123', case_reference: 'UNP-2025-0413', vehicle_plate: 'KXR 482' };
    Object.entries(values).forEach(([name, value], i) => {
      const t = form.createTextField(name);
      t.setText(value);
      t.addToPage(page, { x: 100, y: 700 - i * 30, width: 200, height: 20 });
    });
    const copy = await readDocument({ id: 'copy', name: 'request_august.pdf', bytes: await pdf.save() });
    const mail = await textDoc('mail.txt', 'Buenos dias,\nLes informo que cambié de número: mi celular ahora es el 315 555 0147 (el 300 555 0123\nya no está en servicio). Referencia UNP-2025-0413.\n');
    const fields = Object.keys(values).map((n) => field(n.replace(/_/g, ' '), { name: n, tooltip: undefined }));
    const get = await propose(fields, [copy, mail]);
    expect(written(get(fields[0]))).not.toBe('300 555 0123');
  });
});

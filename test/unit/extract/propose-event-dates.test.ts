// Date boxes that name an event (work began or ended, a prescription, a hearing, a donation, an
// incident) answered by the date the documents state beside that event. Documents and fields are synthetic.
import { describe, expect, test } from 'vitest';
import type { ReadDocument } from '../../../src/extract/types.ts';
import { field, propose, textDoc, written } from './propose-helpers.ts';

/** A word-processor sheet: the key and its value in paragraphs of their own, paired by the table they sit in. */
const sheet = (key: string, value: string): ReadDocument => ({
  document_id: 'sheet',
  document_name: 'sheet.docx',
  kind: 'docx',
  pages: 1,
  lines: [
    { text: key, page: 1, location: 'paragraph 1' },
    { text: value, page: 1, location: 'paragraph 2' },
  ],
  pairs: [{ key, value, page: 1, location: 'table 1 row 1', method: 'docx_table' }],
  chars: key.length + value.length,
});

describe('the date of an event stated in running text', () => {
  test('work began and ended: the date after the event word, not a date of birth or a letter date', async () => {
    const docs = [
      await textDoc(
        'letter.txt',
        'Dear Sam,\n\nFurther to our letter dated 2 June 2025, you are dismissed with effect from 20 June 2025.\nYou started work with us as a driver on 1 March 2017.\nYour employment began, as our letter dated 5 February 2017 said, in the spring.\n',
      ),
    ];
    const started = field('5.1 Enter the date when your employment started.');
    const ended = field('If your employment has ended, enter the date it ended.');
    const notice = field('If your employment has not ended, enter when it will end.');
    const get = await propose([started, ended, notice], docs);
    expect(get(started)).toMatchObject({ status: 'proposed', value: '03/01/2017', confidence: 'medium' });
    expect(get(ended)).toMatchObject({ status: 'proposed', value: '06/20/2025', confidence: 'medium' });
    expect(written(get(notice))).toBeNull();
  });

  test('a key of a sheet, a prescription and the start of a treatment, in other words than the label', async () => {
    const docs = [
      sheet('First day of work', 'November 3, 2025'),
      await textDoc('ordonnance.txt', 'ORDONNANCE Lausanne, le 20.11.2025\nPatiente : Anne Rey, 09.02.1946\nDébut du traitement : 21.11.2025, jour de la sortie.\n'),
    ];
    const hired = field('First date of employment');
    const prescribed = field('Date de prescription');
    const treatment = field('Date de début du traitement');
    const get = await propose([hired, prescribed, treatment], docs);
    expect(written(get(hired))).toBe('11/03/2025');
    expect(written(get(prescribed))).toBe('11/20/2025');
    expect(written(get(treatment))).toBe('11/21/2025');
  });

  test('an event dated in words: another language, or the "day of" form of a court paper', async () => {
    const audiencia = [await textDoc('citacion.txt', 'Se le cita a la audiencia del 14 de enero de 2026 a las 9:00 en el juzgado.\n')];
    const verhandlung = [await textDoc('ladung.txt', 'Die mündliche Verhandlung findet am 3. Februar 2026 statt.\n')];
    const notice = [await textDoc('notice.txt', 'The matter is set for hearing on the 8th day of January, 2026, at 9:00 a.m.\n')];
    const fecha = field('Fecha de la audiencia');
    const termin = field('Datum der Verhandlung');
    const hearing = field('Date of hearing');
    expect(written((await propose([fecha], audiencia))(fecha))).toBe('01/14/2026');
    expect(written((await propose([termin], verhandlung))(termin))).toBe('03.02.2026');
    expect(written((await propose([hearing], notice))(hearing))).toBe('01/08/2026');
  });

  test('a new job answers only a box about the new job', async () => {
    const docs = [await textDoc('mail.txt', 'Hi,\n\nYour employment at the depot began on 12 April 2019.\nNew job: you started at Harbour Supplies on 6 October 2025.\n')];
    const started = field('When did your employment start? Date');
    const newWork = field('Please enter when you started (or will start) work.');
    const get = await propose([started, newWork], docs);
    expect(written(get(started))).toBe('04/12/2019');
    expect(written(get(newWork))).toBe('10/06/2025');
  });
});

describe('two dates for one event', () => {
  test('the relisted date stands over the vacated one; a date taken back ("not December 1") is dropped', async () => {
    const docs = [
      await textDoc('notice.txt', 'TAKE NOTICE that the hearing of the application, listed for 28 November 2025, has been vacated and is relisted before the judge on 12 December 2025 at 10:30 am.\n'),
      await textDoc('offer.txt', 'Dear Dana,\n\nYour first day of employment will be Monday, December 1, 2025.\n'),
      await textDoc('mail.txt', 'Hi team,\n\nHer first day will be Monday, December 8, 2025 (not December 1 as in the offer letter).\n'),
    ];
    const hearing = field('Statement of Costs for the hearing on: enter the date of the hearing');
    const hired = field('First date of employment');
    const get = await propose([hearing, hired], docs);
    expect(written(get(hearing))).toBe('12/12/2025');
    expect(written(get(hired))).toBe('12/08/2025');
  });

  test('two different dates with nothing saying which stands leave the box open', async () => {
    const docs = [await textDoc('a.txt', 'The incident occurred on 3 March 2025.\n'), await textDoc('b.txt', 'My notes: the incident occurred on 4 March 2025.\n')];
    const incident = field('Incident date');
    const get = await propose([incident], docs);
    expect(written(get(incident))).toBeNull();
  });
});

describe('day and month that could be read either way', () => {
  test('read the way the documents write the dates that cannot be misread, else left open', async () => {
    const dayFirst = [await textDoc('receipt.txt', 'Receipt\nPaid on 31/03/2025.\n'), await textDoc('mail.txt', 'Bonjour,\n\nPour le don que j’ai fait par virement le 07/03/2025, merci.\n')];
    const donation = field('Date du versement ou du don');
    expect(written((await propose([donation], dayFirst))(donation))).toBe('03/07/2025');
    const unsettled = [await textDoc('mail.txt', 'Bonjour,\n\nPour le don que j’ai fait par virement le 07/03/2025, merci.\n')];
    const again = field('Date du versement ou du don');
    expect(written((await propose([again], unsettled))(again))).toBeNull();
  });
});

// A posted letter's addressee block (a person's name under the letterhead, their street on the next
// line) names whom the letter is about: what it tells "you" is theirs. Synthetic fields and documents.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc, written } from './propose-helpers.ts';

const mail = 'From: Bogdan Marinescu <bogdan@mail.example>\nTo: intake@firm.example\n\nMe: Bogdan Ilie Marinescu, SSN 900-45-1178.\nMy wife: Gabriela Ioana Marinescu.\n';
const letter = [
  'SOCIAL SECURITY ADMINISTRATION',
  '1250 S Buffalo Dr, Las Vegas, NV 89117',
  'Date: March 9, 2021',
  'GABRIELA IOANA MARINESCU',
  '3390 E TROPICANA AVE APT 1042',
  'LAS VEGAS NV 89121',
  'We are writing to tell you that we have assigned you a',
  'Social Security number. Your number is:',
  '900-71-2268',
].join('\n');

describe('the addressee of a letter', () => {
  test('a letter addressed to the spouse speaks for the spouse, not for the form\'s person', async () => {
    const own = field('Your social security number');
    const spouse = field("Spouse's social security number");
    const get = await propose([own, spouse], [await textDoc('mail.txt', mail), await textDoc('ssa-letter.txt', letter)]);
    expect(written(get(spouse))).toBe('900-71-2268');
    expect(written(get(own))).toBe('900-45-1178');
  });

  test('a tax notice\'s addressee keeps the name, not the capacity written after it ("SOLE MBR")', async () => {
    const notice = 'Department of the Treasury\nInternal Revenue Service\nDate of this notice: 04-02-2025\nRENATA M DELACROIX SOLE MBR\n2290 NW Kings Blvd\nCorvallis, OR 97330\nWe assigned you an employer identification number.\n';
    const name = field('Your full name');
    const get = await propose([name], [await textDoc('notice.txt', notice)]);
    expect(get(name).value).toMatch(/^Renata M\.? Delacroix$/i);
  });

  test('an envelope\'s initial for the given name ("Ms E. MacAskill") abbreviates the name: it fills no name box', async () => {
    const letter = 'CORBIN LETTINGS LTD\n88 Gloucester Road, Bristol BS7 8BN\nMs E. MacAskill\nFlat 3, 14 Rosebery Avenue\nBristol BS2 9TN\n29 September 2025\n';
    const name = field('Full name');
    const get = await propose([name], [await textDoc('letter.txt', letter)]);
    expect(get(name).value ?? '').not.toMatch(/MacAskill/);
  });

  test('a card\'s given names under its family-name line are no addressee', async () => {
    const card = 'WASHINGTON DRIVER LICENSE\nDL WDL9K2M4P7QX CLASS C\nOKAFOR\nDANIELLE RENEE\n1190 S CEDAR ST APT 12\nTACOMA, WA 98405\n';
    const name = field('Full name');
    const get = await propose([name], [await textDoc('licence.txt', card)]);
    expect(get(name).value ?? '').not.toMatch(/^Danielle Renee$/i);
  });

  test('an organisation\'s name over an address is no addressee (a W-2\'s employer block)', async () => {
    const w2 = 'Form W-2 Wage and Tax Statement\nc Employer\'s name, address, and ZIP code\nBUCKEYE REGIONAL HEALTH SYSTEM\n1200 Oak St, Columbus, OH 43215\n';
    const name = field('Your full name');
    const get = await propose([name], [await textDoc('w2.txt', w2)]);
    expect(get(name).value).toBeNull();
  });
});

describe('two rows of boxes in the spouse\'s column', () => {
  test('the spouse\'s first row takes the spouse\'s number; the row under it, for another number, stays open', async () => {
    const at = (x: number, y: number) => ({ rect: { x, y, width: 150, height: 16 } });
    const d1a = field('For Debtor 1: Social Security Number', at(154, 284));
    const d2a = field('For Debtor 2 (Only If Spouse Is Filing): Social Security Number', at(374, 284));
    const d1b = field('For Debtor 1: Social Security Number', at(154, 261));
    const d2b = field('For Debtor 2 (Only If Spouse Is Filing): Social Security Number', at(374, 261));
    const notes = 'Me: Bogdan Ilie Marinescu, SSN 900-45-1178.\nMy wife Gabriela: her SSN is 900-71-2268.\n';
    const get = await propose([d1a, d2a, d1b, d2b], [await textDoc('notes.txt', notes)]);
    expect(written(get(d2a))).toBe('900-71-2268');
    expect(written(get(d2b))).toBeNull();
  });
});

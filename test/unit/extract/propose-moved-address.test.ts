// A move said in running text makes the address it names the present one, over an address an
// older paper still prints: "We moved last week: <address>", "<address> <- moved here in
// August", and a sentence wrapped over two lines of a mail ("Our address is now" / "<address>").
// Synthetic documents.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc, written } from './propose-helpers.ts';

const stub = 'Acme Freight - Earnings Statement\nEmployee: Dana Whitlock\nAddress: 5117 N Pearl St, Tacoma, WA 98407\nNet pay: $1,204.00\n';

async function homeAfter(notes: string) {
  const home = field('Home address');
  const get = await propose([home], [await textDoc('stub.txt', stub), await textDoc('notes.txt', notes)]);
  return written(get(home));
}

describe('a move stated in running text', () => {
  test('"We moved last week: <address>" is the present address', async () => {
    expect(await homeAfter('Hi,\n- We moved last week: 1935 SE Salmon St, Portland, OR 97214. The stub still has the old one.\n')).toBe('1935 SE Salmon St, Portland, OR 97214');
  });

  test('"<address>   <- moved here in August" is the present address', async () => {
    expect(await homeAfter('My details\nDana Whitlock\n41 Hawksworth Grove, Tacoma, WA 98406     <- moved here in August, NOT Pearl St\n')).toBe('41 Hawksworth Grove, Tacoma, WA 98406');
  });

  test('"Our address is now" ending one line of a mail, the address opening the next', async () => {
    expect(await homeAfter('Hi,\nWe moved in November and I have not updated the licence yet. Our address is now\n27 Wattle Grove Rd, Tacoma, WA 98405. Thanks!\n')).toBe('27 Wattle Grove Rd, Tacoma, WA 98405');
  });

  test('where someone moved from stays the previous address', async () => {
    expect(await homeAfter('Hi,\n- We moved from 1935 SE Salmon St, Portland, OR 97214 in May.\n')).not.toBe('1935 SE Salmon St, Portland, OR 97214');
  });
});

// The court a case is in (county, judicial circuit, division) and the case number, read from the
// caption of court papers and from letters about the case. Documents and fields are synthetic.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc } from './propose-helpers.ts';

const CAPTION = 'IN THE CIRCUIT COURT OF THE TWELFTH JUDICIAL CIRCUIT\nLAKEVIEW COUNTY, ILLINOIS\n\nJane Example,\nPlaintiff,\nv.   Case No. 2026LA004417\nAcme Widgets LLC, Defendant.\n\nThe accident happened in Oakton, Fairmont County, Illinois.\n';

describe('court caption', () => {
  test('county, circuit number and a long case number come from the caption', async () => {
    const docs = [await textDoc('complaint.txt', CAPTION)];
    const county = field('Trial court county');
    const circuit = field('Judicial Circuit Court Number');
    const list = field('County List');
    const caseNo = field('Enter the case number given by the Circuit Clerk.');
    const get = await propose([county, circuit, list, caseNo], docs);
    expect(get(county)).toMatchObject({ status: 'proposed', value: 'Lakeview', confidence: 'medium' });
    expect(get(circuit)).toMatchObject({ status: 'proposed', value: '12' });
    expect(get(list)).toMatchObject({ status: 'proposed', value: 'Lakeview County' });
    // Twelve characters: longer than the short codes a label phrase used to take.
    expect(get(caseNo)).toMatchObject({ status: 'proposed', value: '2026LA004417' });
  });

  test('a letter naming the court and division answers the caption boxes', async () => {
    const docs = [await textDoc('mail.txt', 'Hi,\n\nYour case is Example v. Acme, Case No. 2516-AC00991,\nCircuit Court of Harlan County (9th Judicial Circuit), Division 3.\n\nThanks\n')];
    const county = field('COUNTY NAME');
    const division = field('Judge or Division');
    const divNo = field('Division Number');
    const get = await propose([county, division, divNo], docs);
    expect(get(county)).toMatchObject({ status: 'proposed', value: 'Harlan' });
    expect(get(division)).toMatchObject({ status: 'proposed', value: 'Division 3' });
    expect(get(divNo)).toMatchObject({ status: 'proposed', value: '3' });
  });

  test("a person's county, or two courts, leave the county open", async () => {
    const two = [await textDoc('a.txt', CAPTION), await textDoc('b.txt', 'IN THE CIRCUIT COURT OF BROOKE COUNTY\nCase No. 2019DR000123\n')];
    const county = field('Trial court county');
    const home = field('County', { section: 'Part 1: Identify Yourself' });
    const addr = field('Users1 address county');
    const get = await propose([county, home, addr], two);
    expect(get(county).status).not.toBe('proposed');
    expect(get(home).value).toBeNull();
    expect(get(addr).value).toBeNull();
  });

  test('a case number printed in a party block is still the case number', async () => {
    const docs = [await textDoc('mail.txt', 'Subject: Case No. 26-40112 - schedules\n\nPlease finish the schedules this week.\n')];
    const caseNo = field('Case number', { section: 'Debtor 2 (Spouse, if filing)' });
    const get = await propose([caseNo], docs);
    expect(get(caseNo)).toMatchObject({ status: 'proposed', value: '26-40112' });
  });

  test('a case number given in an aside of running text ("your case (No. 25-14209, …)")', async () => {
    const docs = [await textDoc('mail.txt', 'Hi Graciela,\n\n> Your Chapter 7 case (No. 25-14209, Northern District of Illinois) is filed.\n\nBest\n')];
    const caseNo = field('Case number');
    const get = await propose([caseNo], docs);
    expect(get(caseNo)).toMatchObject({ status: 'proposed', value: '25-14209' });
  });
});

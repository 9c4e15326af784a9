// Search quality over the real catalog: what a person types (numbers in any spelling, titles,
// everyday words, misspellings) against the form they mean. ≥ 95 % first, 100 % in the top 5.
import { describe, expect, test } from 'vitest';
import { catalogIndex, phraseKey, phrasesInQuery } from '../../../src/library/search-index.ts';
import { formNumberKey, numberKeysInQuery, scheduleKeys, scheduleKeysInQuery } from '../../../src/library/form-number.ts';

const TABLE: [query: string, expected: string][] = [
  ['1040', 'irs-1040'], ['Form 1040', 'irs-1040'], ['form1040', 'irs-1040'], ['form 1040 pdf', 'irs-1040'],
  ['individual income tax return', 'irs-1040'], ['federal tax return', 'irs-1040'], ['income tax retrun', 'irs-1040'], ['us individual income tax', 'irs-1040'],
  ['1040-X', 'irs-1040x'], ['1040x', 'irs-1040x'], ['Form 1040 X', 'irs-1040x'], ['amended return', 'irs-1040x'],
  ['amend my tax return', 'irs-1040x'], ['ammended tax return', 'irs-1040x'], ['correct my tax return', 'irs-1040x'], ['1040-x amended', 'irs-1040x'],
  ['schedule c', 'irs-1040-schedule-c'], ['Schedule C 2025', 'irs-1040-schedule-c'], ['1040sc', 'irs-1040-schedule-c'], ['profit or loss from business', 'irs-1040-schedule-c'],
  ['sole proprietorship', 'irs-1040-schedule-c'], ['self employed income', 'irs-1040-schedule-c'], ['sole propietor', 'irs-1040-schedule-c'], ['business profit loss', 'irs-1040-schedule-c'],
  ['schedule b', 'irs-1040-schedule-b'], ['1040 schedule b', 'irs-1040-schedule-b'], ['interest and ordinary dividends', 'irs-1040-schedule-b'], ['dividends', 'irs-1040-schedule-b'],
  ['interest income', 'irs-1040-schedule-b'], ['divdends interest', 'irs-1040-schedule-b'], ['1040sb', 'irs-1040-schedule-b'], ['schedule b interest', 'irs-1040-schedule-b'],
  ['I-130', 'uscis-i130'], ['i130', 'uscis-i130'], ['Form I 130', 'uscis-i130'], ['petition for alien relative', 'uscis-i130'],
  ['sponsor my spouse green card', 'uscis-i130'], ['petiton alien relative', 'uscis-i130'], ['family petition uscis', 'uscis-i130'], ['i-130 petition', 'uscis-i130'],
  ['I-131', 'uscis-i131'], ['i131', 'uscis-i131'], ['travel document', 'uscis-i131'], ['advance parole', 'uscis-i131'],
  ['reentry permit', 'uscis-i131'], ['aplication for travel document', 'uscis-i131'], ['advanced parole uscis', 'uscis-i131'], ['refugee travel', 'uscis-i131'],
  ['I-140', 'uscis-i140'], ['i140', 'uscis-i140'], ['immigrant petition for alien worker', 'uscis-i140'], ['employment based green card petition', 'uscis-i140'],
  ['I-765', 'uscis-i765'], ['i765', 'uscis-i765'], ['Form I-765', 'uscis-i765'], ['I 765', 'uscis-i765'],
  ['work permit', 'uscis-i765'], ['EAD', 'uscis-i765'], ['employment authorization', 'uscis-i765'], ['employment authorisation', 'uscis-i765'],
  ['aplication for employment autorization', 'uscis-i765'], ['work permit application uscis', 'uscis-i765'],
  ['passport application', 'state-ds11'], ['DS-11', 'state-ds11'], ['ds 11', 'state-ds11'], ['new passport', 'state-ds11'],
  ['renew passport', 'state-ds82'], ['DS82', 'state-ds82'], ['passport renewal by mail', 'state-ds82'], ['lost passport', 'state-ds64'],
  ['stolen pasport', 'state-ds64'], ['passport consent minor', 'state-ds3053'], ['passport name change', 'state-ds5504'],
  ['ss5', 'ssa-ss5'], ['SS-5', 'ssa-ss5'], ['social security card', 'ssa-ss5'], ['replace social security card', 'ssa-ss5'], ['socail security card application', 'ssa-ss5'],
  ['W-9', 'irs-w9'], ['w9', 'irs-w9'], ['form w 9', 'irs-w9'], ['request for taxpayer identification number', 'irs-w9'],
  ['W-8BEN', 'irs-w8ben'], ['w8 ben', 'irs-w8ben'], ['1040-ES', 'irs-1040es'], ['estimated tax', 'irs-1040es'], ['quarterly estimated tax payments', 'irs-1040es'],
  ['941', 'irs-941'], ['employers quarterly federal tax return', 'irs-941'], ['4506-T', 'irs-4506t'], ['tax transcript', 'irs-4506t'],
  ['I-90', 'uscis-i90'], ['green card renewal', 'uscis-i90'], ['replace green card', 'uscis-i90'], ['I-485', 'uscis-i485'], ['adjustment of status', 'uscis-i485'],
  ['1040-NR', 'irs-1040nr'], ['nonresident alien tax return', 'irs-1040nr'], ['1041', 'irs-1041'], ['estate and trust income tax return', 'irs-1041'],
  ['I-129F', 'uscis-i129f'], ['fiance visa petition', 'uscis-i129f'], ['I-360', 'uscis-i360'], ['vawa self petition', 'uscis-i360'],
  ['N-400', 'uscis-n400'], ['n400', 'uscis-n400'], ['citizenship application', 'uscis-n400'], ['naturalisation', 'uscis-n400'],
  // Forms added from the agencies' listings: IRS forms and schedules, USCIS, VA, SSA, OPM, CMS, U.S. Courts, DOL.
  ['itemized deductions', 'irs-1040-schedule-a'], ['schedule d', 'irs-1040-schedule-d'], ['capital gains and losses', 'irs-1040-schedule-d'],
  ['capitol gains', 'irs-1040-schedule-d'], ['schedule e', 'irs-1040-schedule-e'], ['rental income', 'irs-1040-schedule-e'],
  ['schedule se', 'irs-1040-schedule-se'], ['self employment tax', 'irs-1040-schedule-se'], ['schedule 1', 'irs-1040-schedule-1'],
  ['schedule h nanny tax', 'irs-1040-schedule-h'], ['farm income', 'irs-1040-schedule-f'], ['W-4', 'irs-w4'], ['w4', 'irs-w4'],
  ['employees withholding certificate', 'irs-w4'], ['withholding form new job', 'irs-w4'], ['W-2', 'irs-w2'], ['wage and tax statement', 'irs-w2'],
  ['W 3', 'irs-w3'], ['SS-4', 'irs-ss4'], ['ss4', 'irs-ss4'], ['apply for ein', 'irs-ss4'], ['employer identification number', 'irs-ss4'],
  ['2848', 'irs-2848'], ['irs power of attorney', 'irs-2848'], ['8821', 'irs-8821'], ['2553', 'irs-2553'], ['s corp election', 'irs-2553'],
  ['1120-S', 'irs-1120s'], ['1120s', 'irs-1120s'], ['s corporation tax return', 'irs-1120s'], ['1065', 'irs-1065'],
  ['partnership return', 'irs-1065'], ['1120', 'irs-1120'], ['940', 'irs-940'], ['futa', 'irs-940'], ['944', 'irs-944'],
  ['941-X', 'irs-941x'], ['941 schedule b', 'irs-941-schedule-b'], ['8863', 'irs-8863'], ['education credits', 'irs-8863'],
  ['american opportunity credit', 'irs-8863'], ['8962', 'irs-8962'], ['premium tax credit', 'irs-8962'], ['8949', 'irs-8949'],
  ['1031 exchange', 'irs-8824'], ['depreciation', 'irs-4562'], ['form 4562', 'irs-4562'], ['alternative minimum tax', 'irs-6251'],
  ['gift tax return', 'irs-709'], ['estate tax return', 'irs-706'], ['2441', 'irs-2441'], ['child care credit', 'irs-2441'],
  ['dependant care expenses', 'irs-2441'], ['1099-NEC', 'irs-1099nec'], ['1099 nec', 'irs-1099nec'], ['nonemployee compensation', 'irs-1099nec'],
  ['8606', 'irs-8606'], ['heavy vehicle use tax', 'irs-2290'], ['2290', 'irs-2290'], ['foreign earned income', 'irs-2555'],
  ['8822-B', 'irs-8822b'], ['1040-V', 'irs-1040v'], ['payment voucher', 'irs-1040v'], ['I-751', 'uscis-i751'], ['remove conditions green card', 'uscis-i751'],
  ['I-539', 'uscis-i539'], ['extend my stay', 'uscis-i539'], ['I-864', 'uscis-i864'], ['affidavit of support', 'uscis-i864'],
  ['i864', 'uscis-i864'], ['21-526EZ', 'va-21526ez'], ['va disability claim', 'va-21526ez'], ['526ez', 'va-21526ez'],
  ['supplemental claim', 'va-200995'], ['20-0995', 'va-200995'], ['higher level review', 'va-200996'], ['intent to file', 'va-210966'],
  ['21-4138', 'va-214138'], ['buddy statement', 'va-2110210'], ['ptsd statement', 'va-210781'], ['21-4142', 'va-214142'],
  ['add dependents va', 'va-21686c'], ['va burial benefits', 'va-21p530ez'], ['veterans pension', 'va-21p527ez'], ['va 5655', 'va-5655'],
  ['va financial status report', 'va-5655'], ['SSA-16', 'ssa-ssa16'], ['social security disability application', 'ssa-ssa16'],
  ['SSA-44', 'ssa-ssa44'], ['irmaa', 'ssa-ssa44'], ['extra help medicare', 'ssa-ssa1020'], ['function report', 'ssa-ssa3373'],
  ['ssa 795', 'ssa-ssa795'], ['SF-86', 'opm-sf86'], ['sf86', 'opm-sf86'], ['security clearance questionnaire', 'opm-sf86'],
  ['SF 85', 'opm-sf85'], ['sf-15', 'opm-sf15'], ['veterans preference', 'opm-sf15'], ['sf 182 training', 'opm-sf182'],
  ['CMS-40B', 'cms-cms40b'], ['medicare part b enrollment', 'cms-cms40b'], ['cms 1500', 'cms-cms1500'], ['health insurance claim form', 'cms-cms1500'],
  ['CMS-L564', 'cms-cmsl564'], ['855i', 'cms-cms855i'], ['AO 240', 'uscourts-ao240'], ['ifp application', 'uscourts-ao240'],
  ['summons in a civil action', 'uscourts-ao440'], ['civil cover sheet', 'uscourts-js44'], ['proof of claim', 'uscourts-b410'],
  ['subpoena', 'uscourts-ao88b'], ['CA-1', 'dol-ca1'], ['federal employee injured at work', 'dol-ca1'], ['CA-17', 'dol-ca17'],
  ['duty status report', 'dol-ca17'], ['occupational disease claim', 'dol-ca2'],
  // Treasury, USPS, DoD, NARA, HUD, SBA.
  ['SF 1199A', 'treasury-sf1199a'], ['direct deposit sign up form', 'treasury-sf1199a'], ['SF-3881', 'treasury-sf3881'],
  ['ach vendor enrollment', 'treasury-sf3881'], ['PS 1583', 'usps-ps1583'], ['usps 1583', 'usps-ps1583'], ['mail through agent', 'usps-ps1583'],
  ['virtual mailbox form', 'usps-ps1583'], ['DD 2875', 'dod-dd2875'], ['saar', 'dod-dd2875'], ['dd149', 'dod-dd149'],
  ['correct military record', 'dod-dd149'], ['dd 2807-1', 'dod-dd28071'], ['family separation allowance', 'dod-dd1561'],
  ['SF-180', 'nara-sf180'], ['request military records', 'nara-sf180'], ['copy of my dd214', 'nara-sf180'], ['HUD-52517', 'hud-hud52517'],
  ['request for tenancy approval', 'hud-hud52517'], ['section 8 tenancy addendum', 'hud-hud52641a'], ['SBA Form 1919', 'sba-sba1919'],
  ['sba borrower information form', 'sba-sba1919'], ['sba 7a loan application', 'sba-sba1919'],
  ['8829', 'irs-8829'], ['home office deduction', 'irs-8829'], ['4868', 'irs-4868'], ['tax extension', 'irs-4868'],
  ['extension to file taxes', 'irs-4868'], ['5329', 'irs-5329'], ['early withdrawal penalty ira', 'irs-5329'], ['8889', 'irs-8889'],
  ['hsa form', 'irs-8889'], ['health savings acount', 'irs-8889'], ['1023', 'irs-1023'], ['501c3 application', 'irs-1023'],
  ['1023-EZ', 'irs-1023ez'], ['1023ez', 'irs-1023ez'], ['990', 'irs-990'], ['nonprofit tax return', 'irs-990'], ['9465', 'irs-9465'],
  ['irs payment plan', 'irs-9465'], ['installment agreement', 'irs-9465'],
  ['I-290B', 'uscis-i290b'], ['appeal uscis denial', 'uscis-i290b'], ['I-821D', 'uscis-i821d'], ['daca renewal', 'uscis-i821d'],
  ['tps application', 'uscis-i821'], ['N-600', 'uscis-n600'], ['certificate of citizenship', 'uscis-n600'], ['n600k', 'uscis-n600k'],
  ['N-565', 'uscis-n565'], ['lost naturalization certificate', 'uscis-n565'], ['G-28', 'uscis-g28'], ['g28', 'uscis-g28'],
  ['I-912', 'uscis-i912'], ['fee waiver', 'uscis-i912'], ['N-336', 'uscis-n336'],
  ['14039', 'irs-14039'], ['identity theft affidavit', 'irs-14039'], ['someone filed taxes with my ssn', 'irs-14039'],
  ['8857', 'irs-8857'], ['innocent spouse relief', 'irs-8857'], ['1116', 'irs-1116'], ['foreign tax credit', 'irs-1116'],
  ['8995', 'irs-8995'], ['qbi deduction', 'irs-8995'], ['W-7', 'irs-w7'], ['itin application', 'irs-w7'], ['w7', 'irs-w7'],
  ['1096', 'irs-1096'], ['990-T', 'irs-990t'],
  ['21-8940', 'va-218940'], ['individual unemployability', 'va-218940'], ['tdiu application', 'va-218940'], ['aid and attendance exam', 'va-212680'],
  ['21-2680', 'va-212680'], ['21-4192', 'va-214192'], ['parents dic', 'va-21p535'], ['va evidence submission', 'va-2010208'],
  ['21-0304', 'va-210304'],
  ['10-1394', 'va-101394'], ['va adaptive equipment motor vehicle', 'va-101394'], ['10-10164', 'va-1010164'],
  ['SSA-827', 'ssa-ssa827'], ['authorization to disclose information to social security', 'ssa-ssa827'],
  ['10-10EZ', 'va-1010ez'], ['va health care application', 'va-1010ez'], ['1010ez', 'va-1010ez'], ['gi bill application', 'va-221990'],
  ['22-1990', 'va-221990'], ['va home loan certificate of eligibility', 'va-261880'], ['26-1880', 'va-261880'], ['vocational rehabilitation', 'va-281900'],
  ['21P-534EZ', 'va-21p534ez'], ['dic survivors benefits', 'va-21p534ez'],
  ['DS-157', 'state-ds157'], ['1099-INT', 'irs-1099int'], ['1099 int', 'irs-1099int'],
  ['8300', 'irs-8300'], ['cash payments over 10000', 'irs-8300'], ['noncash charitable contributions', 'irs-8283'], ['copy of my tax return', 'irs-4506'],
  // Schedules by their letter in the ways people shorten them; the 1040's before another form's.
  ['Schedule C', 'irs-1040-schedule-c'], ['sched a 1040', 'irs-1040-schedule-a'], ['schedule a', 'irs-1040-schedule-a'], ['sch c', 'irs-1040-schedule-c'],
  ['1040 sch a', 'irs-1040-schedule-a'], ['sched d', 'irs-1040-schedule-d'], ['schedule d 941', 'irs-941-schedule-d'], ['941 sched b', 'irs-941-schedule-b'],
  ['sched se', 'irs-1040-schedule-se'], ['schedule j', 'irs-1040-schedule-j'], ['schedule m-3 1065', 'irs-1065-schedule-m-3'], ['sch. e', 'irs-1040-schedule-e'],
  ['schedule k-1', 'irs-1065-schedule-k1'], ['schedule 2', 'irs-1040-schedule-2'], ['sched 3', 'irs-1040-schedule-3'], ['child tax credit', 'irs-1040-schedule-8812'],
  ['1099 misc', 'irs-1099misc'], ['1099-r', 'irs-1099r'], ['offer in compromise', 'irs-656'], ['1040 sr', 'irs-1040sr'], ['fatca foreign assets', 'irs-8938'],
  ['asylum application', 'uscis-i589'], ['h1b petition', 'uscis-i129'], ['premium processing', 'uscis-i907'], ['i9', 'uscis-i9'],
  ['provisional unlawful presence waiver', 'uscis-i601a'], ['t visa trafficking', 'uscis-i914'], ['give up green card', 'uscis-i407'],
  ['k1 s corp', 'irs-1120s-schedule-k1'], ['k-1 1041', 'irs-1041-schedule-k1'], ['casualty loss', 'irs-4684'], ['1099 div', 'irs-1099div'],
  // A whole keyword phrase in the query (the agency's own words for the form) outranks the same words scattered over titles.
  ['apply for an ein', 'irs-ss4'], ['naturalization application', 'uscis-n400'],
  // FEMA, DOJ/EOIR, USDA and FAA, and the session-8 additions to VA, IRS, GSA and SBA.
  ['elevation certificate', 'fema-ff206fy22152'], ['EOIR-42B', 'eoir-eoir42b'], ['cancellation of removal', 'eoir-eoir42b'],
  ['AD-3027', 'usda-ad3027'], ['usda discrimination complaint', 'usda-ad3027'], ['aircraft registration', 'faa-80501'],
  ['8050-1', 'faa-80501'], ['aircraft bill of sale', 'faa-80502'], ['flight plan', 'faa-72331'], ['7460-1', 'faa-74601'],
  ['10-10EZR', 'va-1010ezr'], ['champva other health insurance', 'va-107959c'], ['public voucher', 'gsa-sf1034'],
  ['sba disaster loan', 'sba-sba5c'], ['net investment income tax', 'irs-8960'], ['1095-A', 'irs-1095a'],
  ['customs declaration', 'cbp-6059b'], ['I-130A', 'uscis-i130a'], ['SSA-7050', 'ssa-ssa7050f4'],
  ['DD 293', 'dod-dd293'], ['review of discharge', 'dod-dd293'],
  ['sf 1449', 'gsa-sf1449'], ['cui coversheet', 'gsa-sf901'], ['government vehicle crash report', 'gsa-sf91'],
  ['fmla medical certification', 'dol-wh380e'], ['certified payroll', 'dol-wh347'], ['perm labor certification', 'dol-eta9089'],
  ['social security retirement application', 'ssa-ssa1'], ['lump sum death payment', 'ssa-ssa8'], ['widow benefits', 'ssa-ssa10'],
  ['request for reconsideration', 'ssa-ssa561'], ['disability report', 'ssa-ssa3368'],
  ['fers retirement application', 'opm-sf3107'], ['fegli beneficiary', 'opm-sf2823'], ['fehb election', 'opm-sf2809'],
];

describe('library search quality', () => {
  const index = catalogIndex();
  const ranks = TABLE.map(([q, id]) => ({ q, id, rank: index.search(q).findIndex((h) => h.form.id === id) + 1 }));

  test('every expected form exists in the catalog', () => {
    for (const [, id] of TABLE) expect(index.get(id), id).toBeDefined();
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
  });

  test('≥ 95 % of queries put the expected form first, and all within the top 5', () => {
    const missed = ranks.filter((r) => r.rank !== 1);
    const first = (TABLE.length - missed.length) / TABLE.length;
    expect(first, `not first: ${JSON.stringify(missed)}`).toBeGreaterThanOrEqual(0.95);
    expect(ranks.filter((r) => r.rank < 1 || r.rank > 5), 'outside the top 5').toEqual([]);
  });

  test('filters and an unrelated query', () => {
    expect(index.search('petition', { agency: 'irs' })).toEqual([]);
    expect(index.search('petition', { agency: 'USCIS' }).length).toBeGreaterThan(0);
    expect(index.search('return', { category: 'immigration' }).every((h) => h.form.category === 'immigration')).toBe(true);
    expect(index.search('work permit', { language: 'es' })).toEqual([]);
  });
});

describe('keyword phrases', () => {
  const index = catalogIndex();
  test('a phrase is its words without stop words, in order; a query offers its runs of 2 to 4 words', () => {
    expect(phraseKey('apply for an EIN')).toBe('apply~ein');
    expect(phraseKey('EIN')).toBeNull();
    expect(phrasesInQuery('apply for ein')).toEqual(['apply~ein']);
    expect(phrasesInQuery('my citizenship application form')).toEqual(['citizenship~application']);
  });
  test('the two queries that scattered title words used to win go to the form whose phrase they are', () => {
    expect(index.search('citizenship application')[0].form.id).toBe('uscis-n400');
    expect(index.search('apply for ein')[0].form.id).toBe('irs-ss4');
  });
});

describe('form numbers in any spelling', () => {
  test('one key per number', () => {
    for (const s of ['I-765', 'i765', 'Form I 765', 'I.765']) expect(formNumberKey(s)).toBe('i765');
    expect(formNumberKey('Form 1040-SR')).toBe('1040sr');
    expect(formNumberKey('SF 86')).toBe('sf86');
    expect(formNumberKey('ss5')).toBe('ss5');
  });
  test('schedules have keys of their own, in the query too', () => {
    expect(scheduleKeys('Schedule C (Form 1040)')).toEqual(['schedc', 'schedc1040', 'c1040']);
    expect(scheduleKeys('Schedule M-3 (Form 1065)')).toEqual(['schedm3', 'schedm31065', 'm31065']);
    expect(scheduleKeys('Form 1040')).toEqual([]);
    expect(scheduleKeysInQuery('sched a 1040')).toEqual(['scheda', 'scheda1040']);
    expect(scheduleKeysInQuery('Sch. SE')).toEqual(['schedse']);
    expect(scheduleKeysInQuery('schedule k-1 form 1065')).toEqual(['schedk1', 'schedk11065']);
    expect(scheduleKeysInQuery('passport application')).toEqual([]);
  });
  test('a query yields the keys of its adjacent words holding a digit', () => {
    expect(numberKeysInQuery('SF 86 questionnaire')).toContain('sf86');
    expect(numberKeysInQuery('form 1040 sr')).toContain('1040sr');
    expect(numberKeysInQuery('passport application')).toEqual([]);
  });
});

// Builds the documents and case.json of the held-out context cases written in session 16 (node,
// from the repository root):   node bench/data/context-cases/make-heldout-6.mjs CASE|all
// The documents are committed; this script records how they were made (scans get new noise on each
// run). The makers are in make-docs.mjs. Everyone is fictional (SSNs 900-xx-xxxx, 555-01xx phones,
// Swiss 044 555 01xx), and so are the organisations, the French companies and the banks.
import { documentMakers, runCases } from './make-docs.mjs';

const root = 'bench/data/context-cases/tune'; // its cases have rotated into tune/
const { txt, pdf, docx, xlsx, row, scan, pango, caseJson } = documentMakers(root);
const cases = {};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// France DGFiP 5001-EN: a Swiss resident reclaims French withholding tax on two 2025 dividends.
cases['fr5001-zollinger-swiss-dividends'] = async (c) => {
  await pdf(c, 'Dividendenabrechnung_Verreries_de_Lorraine_2025.pdf', [
    '# Privatbank Seeblick AG',
    'Bahnhofstrasse 71, 8001 Zürich',
    '',
    '# Dividendenabrechnung',
    row(['Depot-Nr.:', 0], ['412.887-03', 120], ['Datum:', 330], ['16.05.2025', 400]),
    row(['Depotinhaberin:', 0], ['Frau Beatrice Zollinger', 120]),
    row(['', 0], ['Rosenbergstrasse 14, 8400 Winterthur', 120]),
    '',
    row(['Titel:', 0], ['Verreries de Lorraine SA, Namenaktien', 120]),
    row(['ISIN:', 0], ['FR0099001234', 120], ['Valor:', 330], ['51 224 310', 400]),
    row(['Ex-Datum:', 0], ['14.05.2025', 120], ['Zahltag:', 330], ['16.05.2025', 400]),
    '',
    row(['Anzahl', 0], ['Ansatz pro Titel', 120], ['Bruttobetrag', 330], ['Währung', 450]),
    row(['320', 0], ['2.45', 120], ['784.00', 330], ['EUR', 450]),
    '',
    row(['Bruttobetrag', 0], ['EUR', 330], ['784.00', 400]),
    row(['Französische Quellensteuer 25 %', 0], ['EUR', 330], ['-196.00', 400]),
    row(['Nettobetrag', 0], ['EUR', 330], ['588.00', 400]),
    row(['Umrechnungskurs EUR/CHF', 0], ['0.9382', 330]),
    row(['Gutschrift Valuta 16.05.2025', 0], ['CHF', 330], ['551.66', 400]),
    '',
    'Die französische Quellensteuer kann teilweise zurückgefordert werden (Formular 5000/5001).',
    'Diese Abrechnung dient als Beleg für Ihre Steuererklärung.',
  ]);
  // "%%": ImageMagick reads a lone % in the pango text as a property escape and drops it.
  scan(c, 'Dividendenabrechnung_Fromageries_Haut-Doubs_scan.jpg', pango(`<b>PRIVATBANK SEEBLICK AG</b>          Bahnhofstrasse 71, 8001 Zürich

<b>Dividendenabrechnung</b>                                   Datum: 24.07.2025

Depot-Nr. 412.887-03
Frau Beatrice Zollinger, Rosenbergstrasse 14, 8400 Winterthur

Titel:     <b>Fromageries du Haut-Doubs SA</b>, Inhaberaktien
ISIN:      FR0099005678                 Valor: 48 190 772
Ex-Datum:  22.07.2025                   Zahltag: <b>24.07.2025</b>

Anzahl        Ansatz pro Titel        Bruttobetrag
<b>150</b>           EUR 4.10                EUR 615.00

Französische Quellensteuer 25 %%       EUR  -153.75
Nettobetrag                            EUR   461.25
Gutschrift CHF (Kurs 0.9405)           CHF   433.81`, 11), { rotate: 0.7 });
  txt(c, 'Ertraege_Depot_412887-03_2025.csv', `
Buchungsdatum;Valuta;Titel;ISIN;Anzahl;Ertrag brutto;Währung;Quellensteuer;Land;Bemerkung
17.05.2024;17.05.2024;Verreries de Lorraine SA;FR0099001234;320;736.00;EUR;184.00;FR;Rückforderung 2024 eingereicht
16.05.2025;16.05.2025;Verreries de Lorraine SA;FR0099001234;320;784.00;EUR;196.00;FR;
23.05.2025;23.05.2025;Alpenmilch Holding AG;CH0099112233;90;283.50;CHF;99.23;CH;Verrechnungssteuer 35 %
24.07.2025;24.07.2025;Fromageries du Haut-Doubs SA;FR0099005678;150;615.00;EUR;153.75;FR;
`);
  txt(c, 'email_Treuhand_5001.txt', `
From: Reto Ammann <r.ammann@ammann-treuhand.example.ch>
To: Beatrice Zollinger <b.zollinger@example.ch>
Cc: Martin Zollinger <m.zollinger@example.ch>
Date: Mon, 9 Feb 2026 10:14
Subject: French withholding tax 2025 - form 5001

Dear Mrs Zollinger,

As discussed, I am preparing the French refund claim (form 5000 with the 5001 annex) for the
French dividends paid to you in 2025. Your bank withheld 25 %; under Article 11 of the tax treaty
between France and Switzerland the rate for you is 15 %, so we reclaim the difference.

- Recipient: Beatrice Zollinger, Rosenbergstrasse 14, 8400 Winterthur, Switzerland.
- Only the two French dividends paid in 2025 from your custody account 412.887-03 (Verreries de
  Lorraine and Fromageries du Haut-Doubs) go on the form. Both companies are listed, so their names
  are enough. The Alpenmilch dividend is Swiss (Verrechnungssteuer, reclaimed with your Swiss
  return) and the May 2024 Verreries dividend was already claimed last year.
- Your holdings are far below 10 %, so the parent company columns do not apply.
- The columns for the paying institution are left to Privatbank Seeblick, who will certify the form.

Martin: your 200 Fromageries shares are in your own account at Zürcher Kantonsbank, so they need
a separate form in your name; please send me that bank's statement.

Kind regards,
Reto Ammann
Ammann Treuhand GmbH, Winterthur, 052 555 0131
`);
  caseJson(c, 'fr-dgfip-5001-en',
    'France DGFiP 5001-EN (annex to form 5000): a Swiss-resident individual reclaims French withholding tax on two 2025 dividends from listed French companies: a German-language dividend statement PDF, a scanned second statement, the custody account\'s income CSV (a 2024 French dividend already reclaimed and a Swiss dividend) and the tax adviser\'s email in English (treaty article and rate, the husband\'s shares in another account).',
    [
      ['a1', 'Recipient\'s name', 'Beatrice Zollinger', 'text'],
      ['cac1', 'I) Reduced treaty rate under the tax treaty between France and ...', 'Oui', 'checkbox'],
      ['a2', 'I) Article ... of the tax treaty', '11', 'text'],
      ['a3', 'I) Tax treaty between France and (country)', 'Switzerland', 'text'],
      ['a4', 'I) Reduction in the rate of withholding tax to ... percent', '15', 'amount'],
      ['b11', 'II) row 1, column 1: French company paying the dividends', 'Verreries de Lorraine SA', 'text'],
      ['b12', 'II) row 1, column 2: dividend payment date', '2025-05-16', 'date'],
      ['b13', 'II) row 1, column 3: number of shares', '320', 'digits'],
      ['b16', 'II) row 1, column 6: dividend per share (gross) €', '2.45', 'amount'],
      ['zc11', 'II) row 1, column 7: total amount € (column 3 x column 6)', '784.00', 'amount'],
      ['b21', 'II) row 2, column 1: French company paying the dividends', 'Fromageries du Haut-Doubs SA', 'text'],
      ['b22', 'II) row 2, column 2: dividend payment date', '2025-07-24', 'date'],
      ['b23', 'II) row 2, column 3: number of shares', '150', 'digits'],
      ['b26', 'II) row 2, column 6: dividend per share (gross) €', '4.10', 'amount'],
      ['zc12', 'II) row 2, column 7: total amount €', '615.00', 'amount'],
    ],
    ['cac2', 'a2x', 'cac3', 'b14', 'b15', 'b24', 'b25', 'b31', 'b32', 'b33', 'zc13', 'b17', 'b18', 'zc21', 'zc31', 'zc4'],
    'Written from the documents before the extractor saw them. Copy 1 only: the copies for the recipient and the paying institution (a1a, b11a, ...) repeat copy 1 through the form\'s scripts and are not judged. Rows: the two 2025 French dividends (Verreries de Lorraine 16.05.2025, 320 x 2.45 = 784.00; Fromageries du Haut-Doubs 24.07.2025, 150 x 4.10 = 615.00); the May 2024 Verreries dividend (already reclaimed) and the Swiss Alpenmilch dividend stay off, so row 3 stays empty; the husband\'s 200 Fromageries shares are his own claim. Listed companies: name only. Article 11, Switzerland, 15 %; not the EC-Swiss agreement nor Article 119 ter. Columns 4-5 (parent company system: holding under 10 %) and 8-11 plus the total (the paying institution\'s part) stay empty. SCORER CAVEAT: the form\'s own format is dd/mm/yyyy with decimal commas, but score-context reads slash dates as month/day and strips commas, so "16/05/2025" and "2,45" score wrong; "2025-05-16" or "May 16, 2025" and "2.45" score right. Date and place (a5) is not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// IRS Schedule B (2025), married filing jointly, with a Canadian account (Part III answered yes).
cases['f1040sb-lindqvist-joint-foreign-account'] = async (c) => {
  const p = 'topmostSubform[0].Page1[0].';
  await xlsx(c, 'Lindqvist_interest_dividends_tracker.xlsx', [
    { name: '2025', width: 24, rows: [
      ['Account', 'Owner', 'Type', 'Amount (USD)', 'Form', 'Note'],
      ['Treasure Valley Federal Credit Union - savings', 'Joint', 'Interest', 1318.44, '1099-INT', ''],
      ['Sawtooth Online Bank - high-yield savings', 'Amara', 'Interest', 2090.00, '1099-INT', 'estimate, December not in yet'],
      ['Pacific Cedar Savings Bank (Vancouver) - CAD savings', 'Henrik', 'Interest', '', 'none (Canadian)', 'see annual statement, convert to USD'],
      ['Granite Peak Funds - joint brokerage', 'Joint', 'Dividends', 1942.17, '1099-DIV', 'ordinary, box 1a'],
      ['Ridgeway Utilities Co - direct stock plan', 'Amara', 'Dividends', 264.00, '1099-DIV', ''],
      ['Granite Peak Funds - UTMA for Freya', 'Freya', 'Dividends', 388.12, '1099-DIV', 'Freya files her own return'],
      ['Treasure Valley Federal Credit Union - Freya savings', 'Freya', 'Interest', 41.06, '1099-INT', 'Freya files her own return'],
    ] },
    { name: '2024', width: 24, rows: [
      ['Account', 'Owner', 'Type', 'Amount (USD)', 'Form', 'Note'],
      ['Treasure Valley Federal Credit Union - savings', 'Joint', 'Interest', 1102.87, '1099-INT', ''],
      ['Sawtooth Online Bank - high-yield savings', 'Amara', 'Interest', 1876.30, '1099-INT', ''],
      ['Granite Peak Funds - joint brokerage', 'Joint', 'Dividends', 1688.45, '1099-DIV', ''],
      ['Summit Ridge Bank CD (closed 2024)', 'Henrik', 'Interest', 310.50, '1099-INT', 'CD matured 9/2024'],
    ] },
  ]);
  scan(c, '1099-DIV_2025_Granite_Peak_Funds.jpg', pango(`<b>Form 1099-DIV</b>   Dividends and Distributions          <b>2025</b>     (  ) CORRECTED

PAYER'S name, address:  <b>GRANITE PEAK FUNDS</b>
                        PO Box 4410, Boise ID 83711

RECIPIENT'S name:  <b>HENRIK A LINDQVIST</b>
                   <b>AMARA J LINDQVIST JT TEN</b>
Street address:    1847 N 17th St, Boise ID 83702
RECIPIENT'S TIN:   XXX-XX-2104            Account number: GPF-0088231

<b>1a</b> Total ordinary dividends          <b>$ 1,942.17</b>
<b>1b</b> Qualified dividends               $ 1,506.40
<b>2a</b> Total capital gain distr.         $   310.00
<b>4</b>  Federal income tax withheld       $     0.00
<b>7</b>  Foreign tax paid                  $    41.20`, 11), { rotate: -0.6 });
  await pdf(c, 'Pacific_Cedar_Savings_2025_annual_statement.pdf', [
    '# Pacific Cedar Savings Bank',
    '1020 West Georgia Street, Vancouver BC V6E 0A1, Canada',
    '',
    '# Annual Account Summary - January 1 to December 31, 2025',
    row(['Account holder:', 0], ['Henrik Anders Lindqvist', 130]),
    row(['Mailing address:', 0], ['1847 N 17th St, Boise ID 83702, USA', 130]),
    row(['Account:', 0], ['Premium Savings (CAD) 7704-118825', 130]),
    '',
    row(['Opening balance Jan 1, 2025', 0], ['CAD 17,862.40', 330]),
    row(['Interest credited 2025', 0], ['CAD 291.40', 330]),
    row(['Highest balance in 2025 (Dec 31)', 0], ['CAD 18,153.80', 330]),
    row(['Closing balance Dec 31, 2025', 0], ['CAD 18,153.80', 330]),
    '',
    'Non-resident tax of CAD 0.00 was withheld on interest (arm\'s length, exempt).',
    'This statement is not a Canadian tax slip. Keep it for your records.',
  ]);
  txt(c, 'email_Amara_to_preparer.txt', `
From: Amara Lindqvist <amara.lindqvist@example.com>
To: Dale Whitcombe, EA <dale@whitcombe-tax.example.com>
Cc: Henrik Lindqvist <henrik.lindqvist@example.com>
Date: Sat, 14 Feb 2026 11:05
Subject: Schedule B stuff for our 2025 return

Hi Dale,

Here is the interest and dividend stuff for our joint return (names as on our 1040:
"Henrik A. and Amara J. Lindqvist", Henrik first, his SSN is 900-58-2104, mine 900-64-7719).

- The spreadsheet has a 2025 tab and last year's tab; only 2025 matters. The Sawtooth number in it
  was my December guess. The 1099-INT came yesterday: $2,106.90.
- Freya's UTMA and her little savings account are on the sheet too, but she files her own return
  this year, so leave them off ours.
- Henrik's Canadian savings account from his Vancouver years is still open. It paid CAD 291.40 of
  interest; at the IRS yearly average rate that is $212.35, so please use $212.35.
- Please list the interest in this order: Treasure Valley, Sawtooth, Pacific Cedar. Dividends:
  Granite Peak (the scan of the 1099-DIV is attached, use box 1a) and Ridgeway Utilities.
- Foreign account questions: yes, Henrik has that account in Canada, and since it was over $10,000
  all year we file the FBAR (FinCEN 114) for it every year. No foreign trusts, nothing like that.
- No savings bonds cashed for tuition, so nothing for Form 8815.

Thanks!
Amara
(208) 555-0146
`);
  caseJson(c, 'irs-f1040sb-2025',
    'IRS Schedule B (2025) for a married couple filing jointly: the family\'s XLSX interest/dividend tracker (a December estimate, the daughter\'s accounts, a 2024 tab), a scanned joint 1099-DIV, the husband\'s Canadian bank annual statement PDF (in CAD, no 1099) and the wife\'s email to the preparer (final 1099-INT figure, USD conversion, order, foreign-account answers).',
    [
      [p + 'f1_01[0]', 'Name(s) shown on return', 'Henrik A. and Amara J. Lindqvist', 'text'],
      [p + 'f1_02[0]', 'Your social security number', '900582104', 'digits'],
      [p + 'Line1_ReadOrder[0].f1_03[0]', 'Line 1 interest payer, row 1', 'Treasure Valley Federal Credit Union', 'text'],
      [p + 'f1_04[0]', 'Line 1 interest amount, row 1', '1318.44', 'amount'],
      [p + 'f1_05[0]', 'Line 1 interest payer, row 2', 'Sawtooth Online Bank', 'text'],
      [p + 'f1_06[0]', 'Line 1 interest amount, row 2', '2106.90', 'amount'],
      [p + 'f1_07[0]', 'Line 1 interest payer, row 3', 'Pacific Cedar Savings Bank', 'text'],
      [p + 'f1_08[0]', 'Line 1 interest amount, row 3', '212.35', 'amount'],
      [p + 'ReadOrderControl[0].f1_34[0]', 'Line 5 dividend payer, row 1', 'Granite Peak Funds', 'text'],
      [p + 'f1_35[0]', 'Line 5 ordinary dividends, row 1', '1942.17', 'amount'],
      [p + 'f1_36[0]', 'Line 5 dividend payer, row 2', 'Ridgeway Utilities Co', 'text'],
      [p + 'f1_37[0]', 'Line 5 ordinary dividends, row 2', '264.00', 'amount'],
      [p + 'TagcorrectingSubform[0].c1_1[0]', '7a Financial interest in or signature authority over a foreign account: Yes', '1', 'checkbox'],
      [p + 'c1_2[0]', '7a Required to file FinCEN Form 114 (FBAR): Yes', '1', 'checkbox'],
      [p + 'f1_65[0]', '7b Country where the foreign account is located', 'Canada', 'text'],
      [p + 'c1_3[1]', '8 Foreign trust distribution/grantor/transferor: No', '2', 'checkbox'],
    ],
    [p + 'f1_09[0]', p + 'f1_10[0]', p + 'f1_32[0]', p + 'f1_38[0]', p + 'f1_39[0]', p + 'TagcorrectingSubform[0].c1_1[1]', p + 'c1_2[1]', p + 'c1_3[0]'],
    'Written from the documents before the extractor saw them. Joint return: both spouses\' accounts count, the daughter Freya\'s two accounts (388.12 dividends, 41.06 interest) do not (she files her own), so interest row 4 and dividend row 3 stay empty; the 2024 tab (incl. the closed Summit Ridge CD) is last year. Sawtooth: the tracker\'s 2,090.00 is an estimate, the 1099-INT says 2,106.90. Pacific Cedar: the statement is in CAD (291.40); the email gives the USD figure 212.35 to use. Dividends: 1099-DIV box 1a 1,942.17 (not 1b 1,506.40 or 2a 310.00). The name line is the one the email quotes; the SSN is Henrik\'s (first on the return), not Amara\'s 900-64-7719 nor the masked one. Part III: 7a Yes, FBAR Yes, 7b Canada, 8 No. Form 8815 (line 3) empty. Totals (lines 2, 4, 6) and the second 7b line are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Missouri certificate of dissolution (VS-800) for a joint petition without children; the first
// party's earlier marriage ended with his wife's death.
cases['mo-cert-dissolution-haverkamp-joint-widower'] = async (c) => {
  await pdf(c, 'Joint_Petition_Haverkamp_draft.pdf', [
    '# IN THE CIRCUIT COURT OF GREENE COUNTY, MISSOURI',
    '# FAMILY COURT DIVISION',
    '',
    'In re the Marriage of:',
    'DENNIS LEE HAVERKAMP, Petitioner,',
    'and',
    'JOANNE MARIE HAVERKAMP, Petitioner.                                Case No. ____________',
    '',
    '# JOINT PETITION FOR DISSOLUTION OF MARRIAGE (DRAFT 2 - for review)',
    '',
    'Come now Petitioners, acting on their own behalf, and jointly state:',
    '1. Petitioner Dennis Lee Haverkamp resides at 2418 S Fremont Ave, Springfield, Greene County,',
    '   Missouri 65804, and has been a resident of Missouri for more than 90 days.',
    '2. Petitioner Joanne Marie Haverkamp resides at 2418 S Fremont Ave, Springfield, Greene County,',
    '   Missouri 65804, and has been a resident of Missouri for more than 90 days.',
    '3. The parties were married on June 19, 2004 in Branson, Taney County, Missouri, and the',
    '   marriage was registered in Taney County.',
    '4. The parties separated on or about July 31, 2026.',
    '5. No children were born of the marriage, none were adopted, and neither party is pregnant.',
    '   Petitioner Dennis Lee Haverkamp has two adult children of a prior marriage, who are',
    '   emancipated and not the subject of this proceeding.',
    '6. There is no reasonable likelihood that the marriage can be preserved; it is irretrievably',
    '   broken.',
    '7. The parties have entered into a Marital Settlement and Separation Agreement dividing their',
    '   property and debts. Neither party requests maintenance.',
    '',
    'WHEREFORE, Petitioners pray the Court enter its Judgment dissolving their marriage.',
  ]);
  scan(c, 'Iowa_death_certificate_Carol_Haverkamp.jpg', pango(`<b>STATE OF IOWA - CERTIFICATE OF DEATH</b>              State File No. 2002-0031877

1. Decedent's name:  <b>CAROL ANN HAVERKAMP</b>            2. Sex: F
3. Date of death:  <b>March 9, 2002</b>                   4. SSN: 900-26-4410
5. Age: 43        6. Date of birth: October 30, 1958     7. Birthplace: Ames, Iowa
8. Place of death: Mary Greeley Medical Center, Ames, Story County, Iowa
9. Marital status at death: Married        10. Surviving spouse: DENNIS LEE HAVERKAMP
11. Residence: 611 Carroll Ave, Ames, Story County, Iowa 50010
12. Informant: Dennis L. Haverkamp, husband, 611 Carroll Ave, Ames IA 50010

Cause of death: (a) Metastatic breast carcinoma

Registrar: <i>M. Feldkamp</i>       Date filed: March 14, 2002`, 10), { rotate: 0.5 });
  await docx(c, 'Mediation_intake_joint_information.docx', [
    '# Ozark Family Mediation Center - Joint information sheet (VS-800 / court packet)',
    'Filled in together by both parties at the first session, 8/20/2026.',
    [
      ['', 'Party 1 (first named in the petition)', 'Party 2'],
      ['Full legal name', 'Dennis Lee Haverkamp', 'Joanne Marie Haverkamp'],
      ['Last name before first marriage', '(same)', 'Whitlock'],
      ['Social Security No.', '900-71-3385', '900-38-2291'],
      ['Date of birth', '03/14/1958', '11/02/1961'],
      ['Place of birth', 'Des Moines, Iowa', 'Wichita, Kansas'],
      ['Current address', '2418 S Fremont Ave, Springfield MO 65804 (Greene Co.)', '2418 S Fremont Ave, Springfield MO 65804 (Greene Co.)'],
      ['Race', 'White', 'Black'],
      ['Highest education', 'College, 4 years (B.S.)', 'College, 2 years (A.A.S.)'],
      ['Which marriage is this', 'Second', 'First'],
      ['If married before, how it ended', 'Death of spouse, March 2002', '-'],
    ],
    'Children under 18 living with the couple at separation: none.',
    'Attorneys: none, the parties file pro se with the Center\'s help.',
  ]);
  txt(c, 'emails_mediator_Haverkamp.txt', `
From: Joanne Haverkamp <joanne.haverkamp@example.com>
To: Lisa Brandt <lbrandt@ozark-mediation.example.org>
Cc: Dennis Haverkamp <dlhaverkamp@example.net>
Date: Tue, 3 Nov 2026 19:22
Subject: Re: Certificate of dissolution form - a few corrections

Hi Lisa,

Two things for the state form before we file:

1. I'm not at Fremont Ave anymore. I moved out on August 1 (our last night in the same house was
   July 31) and I now rent at 410 W Mt Vernon St, Apt B, Nixa, MO 65714. That's Christian County.
   Dennis is staying in the house on Fremont.
2. Dennis says his Social Security number on the intake sheet has the last two digits swapped.

Also, in case it matters: Dennis's daughter Kelsey (27) has been living at the house since
September, and her son Owen (4) is there on weekends. Neither is our child.

Joanne

> From: Dennis Haverkamp <dlhaverkamp@example.net>
> Date: Tue, 3 Nov 2026 08:40
> Lisa, Joanne's right, my SSN is 900-71-3358 (the sheet says ...3385). Please keep me listed
> first, same as in the petition.

> From: Lisa Brandt <lbrandt@ozark-mediation.example.org>
> Date: Mon, 2 Nov 2026 16:05
> Dennis, Joanne: I'm filling in the Certificate of Dissolution (VS-800) for your filing packet.
> The clerk completes the decree part (items 28-36) after the judgment. Please check the intake
> sheet and tell me if anything has changed.
`);
  caseJson(c, 'mo-cert-dissolution',
    'Missouri Certificate of Dissolution of Marriage (VS-800) prepared by a mediation center for a couple filing a joint petition pro se, no minor children, the husband\'s earlier marriage ended by his wife\'s death: the draft joint petition PDF, a scanned Iowa death certificate of the first wife, the mediation center\'s DOCX joint information sheet (an SSN typo, the old shared address) and an email thread (the wife\'s move to another county, the SSN correction, an adult stepdaughter and grandson in the house).',
    [
      ['users1_name_first', '1. First party - first name', 'Dennis', 'text'],
      ['users1_name_last', '1. First party - last name', 'Haverkamp', 'text'],
      ['users1_ssn', '3. First party - Social Security No.', '900713358', 'digits'],
      ['users1_address_city', '4. First party residence - city', 'Springfield', 'text'],
      ['users1_address_zip', '6. First party ZIP', '65804', 'digits'],
      ['users1_address_county', '7. First party county', 'Greene', 'text'],
      ['users1_birthdate', '8. First party date of birth', '1958-03-14', 'date'],
      ['users1_birthplace', '9. First party birthplace (state or foreign country)', 'Iowa', 'text'],
      ['users2_name_first', '10. Second party - first name', 'Joanne', 'text'],
      ['users2_name_last', '10. Second party - last name', 'Haverkamp', 'text'],
      ['users2_prior_name', '11. Second party - last name prior to first marriage', 'Whitlock', 'text'],
      ['users2_ssn', '12. Second party - Social Security No.', '900382291', 'digits'],
      ['users2_address_city', '13. Second party residence - city', 'Nixa', 'text'],
      ['users2_address_zip', '15. Second party ZIP', '65714', 'digits'],
      ['users2_address_county', '16. Second party county', 'Christian', 'text'],
      ['users2_birthdate', '17. Second party date of birth', '1961-11-02', 'date'],
      ['users2_birthplace', '18. Second party birthplace (state or foreign country)', 'Kansas', 'text'],
      ['marriage_address_city', '19. Place of this marriage - city', 'Branson', 'text'],
      ['marriage_address_county', '20. County of marriage', 'Taney', 'text'],
      ['marriage_date', '22. Date of this marriage', '2004-06-19', 'date'],
      ['marriage_last_resided_date', '23. Date couple last resided in same household', '2026-07-31', 'date'],
      ['marriage_last_resided_number_children_none', '24. Children under 18 in household: None', 'Yes', 'checkbox'],
      ['is_joint_petitioners', '25. Petitioner: Joint', 'Yes', 'checkbox'],
      ['users1_last_marriage_ended_death', '38A. First party last marriage ended by death', 'Yes', 'checkbox'],
      ['users2_race_black', '39B. Second party race: Black', 'Yes', 'checkbox'],
    ],
    ['users1_prior_name', 'users1_last_marriage_ended_divorce', 'users2_last_marriage_ended_death', 'users2_last_marriage_ended_divorce', 'is_users1_petitioner', 'is_users2_petitioner', 'marriage_last_resided_number_children', 'petitioner_attorney', 'marriage_dissolved_date', 'marriage_recorded_date', 'marriage_number_children_awarded_users1', 'marriage_decree_certifying_office'],
    'Written from the documents before the extractor saw them. First party Dennis (first named in the petition, and he asks to stay first). His SSN is 900-71-3358 (the intake sheet swaps the last two digits); the first wife\'s SSN on the death certificate is not his. Joanne moved out on August 1 to Nixa 65714, Christian County: the petition draft and the intake sheet still give the shared Springfield address (65804, Greene), which stays right for Dennis. Birthplaces are states (Iowa, Kansas), not cities; the death certificate\'s Ames, Iowa is the first wife\'s. Marriage: Branson, Taney County, June 19, 2004; last resided together July 31, 2026. No children under 18 of this household: the stepdaughter Kelsey (27) and her son are not counted and moved in after the separation, so the None box, not a number. Joint petition, pro se (no attorney). Dennis\'s last marriage ended by death (38A box 2), not divorce; this is Joanne\'s first marriage (38B empty). Items 28-36 are the clerk\'s. Middle names, states, the attorney address, marriage counts (37A/B), the 38C month-year, Dennis\'s race and education are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// USCIS I-765 (2016 edition): an F-1 student's first EAD application for post-completion OPT.
cases['i765-mwangi-opt-initial'] = async (c) => {
  const s = 'form1[0].#subform[0].';
  scan(c, 'I-20_page1_Mwangi.jpg', pango(`<b>Department of Homeland Security</b>          <b>Form I-20</b>, Certificate of Eligibility for
U.S. Immigration and Customs Enforcement    Nonimmigrant Student Status         OMB NO. 1653-0038

SEVIS ID: <b>N0031846725</b>                         CLASS: F-1

SURNAME/PRIMARY NAME: <b>MWANGI</b>                 GIVEN NAME: <b>WANJIRU GRACE</b>
PREFERRED NAME: WANJIRU MWANGI                   PASSPORT NAME: MWANGI WANJIRU GRACE
COUNTRY OF BIRTH: <b>KENYA</b>                      COUNTRY OF CITIZENSHIP: <b>KENYA</b>
DATE OF BIRTH: <b>14 FEBRUARY 2001</b>              CITY OF BIRTH: <b>NAKURU</b>
ADMISSION NUMBER: 48392017563

SCHOOL INFORMATION: Prairie Lakes State University, Office of International Students and
Scholars, 1120 Memorial Union, Ames, IA 50011
PROGRAM OF STUDY: Data Science, Master's     PROGRAM START: 08/19/2024   PROGRAM END: 12/18/2026

EMPLOYMENT AUTHORIZATIONS
Curricular Practical Training, full time, Corn Belt Analytics LLC, 05/19/2025 - 08/08/2025
Post-Completion OPT requested, full time, 12/21/2026 - 12/20/2027 (DSO recommended 11/16/2026)

U.S. ADDRESS (per SEVIS): 418 Welch Ave, Apt 3, Ames, IA 50014`, 10), { width: 1500, rotate: -0.4 });
  await pdf(c, 'I-94_most_recent_Mwangi.pdf', [
    '# Most Recent I-94',
    'U.S. Customs and Border Protection - Arrival/Departure Record (electronic)',
    '',
    row(['Admission I-94 Record Number:', 0], ['48392017563', 200]),
    row(['Most Recent Date of Entry:', 0], ['2026 August 14', 200]),
    row(['Class of Admission:', 0], ['F1', 200]),
    row(['Admit Until Date:', 0], ['D/S', 200]),
    row(['Port of Entry:', 0], ['Chicago, IL', 200]),
    '',
    row(['Last/Surname:', 0], ['MWANGI', 200]),
    row(['First (Given) Name:', 0], ['WANJIRU GRACE', 200]),
    row(['Birth Date:', 0], ['2001 February 14', 200]),
    row(['Passport Number:', 0], ['AK0915528', 200]),
    row(['Country of Citizenship:', 0], ['Kenya', 200]),
    '',
    '# Travel history',
    row(['Date', 0], ['Type', 120], ['Location', 220]),
    row(['2026-08-14', 0], ['Arrival', 120], ['CHI', 220]),
    row(['2026-06-03', 0], ['Departure', 120], ['CHI', 220]),
    row(['2024-08-10', 0], ['Arrival', 120], ['DTW', 220]),
  ]);
  await docx(c, 'OISS_OPT_application_worksheet.docx', [
    '# Prairie Lakes State University - Office of International Students and Scholars',
    '# Filing Form I-765 for post-completion OPT: worksheet for F-1 students',
    'Use the I-765 edition posted on our OPT page and print clearly. Your DSO has already entered the OPT recommendation in SEVIS.',
    [
      ['I-765 item', 'What to enter'],
      ['"I am applying for"', 'Permission to accept employment (initial OPT). Renewal is only for a later STEM OPT extension.'],
      ['3. U.S. mailing address', 'Where you will receive mail for the next 5 months; update SEVIS too if you moved.'],
      ['10. A-Number or I-94 Number', 'Most students have no A-Number: enter your I-94 admission number.'],
      ['11. Applied for employment authorization before?', 'CPT and on-campus work are authorized by the school, not USCIS: if you never had an EAD card, answer No.'],
      ['12-14. Last entry', 'From your most recent I-94. Item 14: F-1 Student.'],
      ['15. Current status', 'F-1 Student'],
      ['16. Eligibility category', 'Post-completion OPT: ( c ) ( 3 ) ( B ). STEM extension: ( c ) ( 3 ) ( C ) - not for initial OPT.'],
      ['17. Degree / E-Verify', 'STEM extension only. Leave blank for initial OPT.'],
    ],
    'Questions: oiss@prairie-lakes.example.edu, (515) 555-0120.',
  ]);
  txt(c, 'emails_OPT_Wanjiru.txt', `
From: Wanjiru Mwangi <wgmwangi@prairie-lakes.example.edu>
To: Tom Schuster <tschuster@prairie-lakes.example.edu>
Cc: Priya Raman <praman@prairie-lakes.example.edu>
Date: Thu, 19 Nov 2026 21:10
Subject: OPT application - questions before I mail it

Hi Tom,

Thank you for the recommendation! Priya and I are filling in our I-765s together tonight. A few
details so you can check mine:

- I moved on October 1. My new address is 2305 Lincoln Way, Apt 12, Ames, IA 50014. SEVIS still
  shows Welch Ave, I will update it in the portal.
- My SSN is 900-23-6610 (from my research assistant job). I have never used any other name.
- I am single. Phone: (515) 555-0187.
- I only had CPT at Corn Belt Analytics last summer, never an EAD card.
- I went home to Nakuru in June and came back through Chicago on August 14.

Priya's details are different of course (she is from Chennai, born 09/30/2000, I-94 59120488731,
and she had a pre-completion OPT EAD in 2025), so please don't mix our files up.

Best,
Wanjiru

> From: Tom Schuster <tschuster@prairie-lakes.example.edu>
> Date: Tue, 17 Nov 2026 10:02
> Wanjiru, your post-completion OPT recommendation is in SEVIS and your new I-20 is attached.
> Follow the OISS worksheet for the I-765 and send it to USCIS within 30 days.
`);
  caseJson(c, 'uscis-i765-2016',
    'USCIS I-765 (2016 edition): an F-1 student\'s first EAD application for post-completion OPT: a scanned I-20 page (old SEVIS address, CPT history), the most recent I-94 PDF (travel history with her first entry), the international office\'s DOCX worksheet of generic answers, and her email to the adviser with the new address, SSN and a classmate\'s details.',
    [
      [s + 'applying[0]', 'I am applying for: permission to accept employment', 'A', 'checkbox'],
      [s + 'Line1_FamilyName[0]', 'Full name (family in caps, first, middle)', 'MWANGI Wanjiru Grace', 'text'],
      [s + 'Line3_StreetNumberName[0]', 'U.S. mailing address - street number and name', '2305 Lincoln Way', 'text'],
      [s + 'apt_number[0]', 'U.S. mailing address - apt number', '12', 'text'],
      [s + 'Line3_CityOrTown[0]', 'U.S. mailing address - city', 'Ames', 'text'],
      [s + 'Line3_State[0]', 'U.S. mailing address - state', 'IA', 'choice'],
      [s + 'Line3_ZipCode[0]', 'U.S. mailing address - ZIP code', '50014', 'digits'],
      [s + 'county_of_citizenship[0]', 'Country of citizenship', 'Kenya', 'text'],
      [s + 'place_of_birth[0]', 'Place of birth (city, state/province, country)', 'Nakuru, Kenya', 'text'],
      [s + 'Date_of_Birth[0]', 'Date of birth', '2001-02-14', 'date'],
      [s + 'Line8_Marital[2]', 'Marital status: single', 'S', 'checkbox'],
      [s + 'ssn_s[0]', 'U.S. Social Security number', '900236610', 'digits'],
      [s + 'alien_re_number[0]', 'A-Number or I-94 number', '48392017563', 'digits'],
      [s + 'Line11[0]', 'Applied for employment authorization before? No', 'N', 'checkbox'],
      [s + 'Date_of_last_entry[0]', 'Date of last entry into the U.S.', '2026-08-14', 'date'],
      [s + 'place_entry[0]', 'Place of last entry', 'Chicago, IL', 'text'],
      [s + 'manner[0]', 'Status at last entry', 'F-1 Student', 'text'],
      [s + 'status[0]', 'Current immigration status', 'F-1 Student', 'text'],
      [s + '#area[1].section_1[0]', 'Eligibility category - letter', 'c', 'text'],
      [s + '#area[1].section_2[0]', 'Eligibility category - number', '3', 'text'],
      [s + '#area[1].section_3[0]', 'Eligibility category - subsection', 'B', 'text'],
      [s + 'telephone4[0]', 'Applicant telephone number', '5155550187', 'digits'],
    ],
    [s + 'applying[1]', s + 'applying[2]', s + 'Line11[1]', s + '#area[0].ins_office[0]', s + '#area[0].results[0]', s + '#area[0].Date[0]', s + 'other_names[0]', s + 'Line8_Marital[0]', s + 'section_1[1]', s + 'section_1[2]', s + 'section_1[3]', s + 'section_1[4]', s + 'print_name[0]', s + 'last_address[0]'],
    'Written from the documents before the extractor saw them. Initial OPT, so "permission to accept employment" (not renewal, not replacement). Address: the new one from the email (2305 Lincoln Way, Apt 12), not the SEVIS/I-20 Welch Ave one. No A-Number: item 10 takes the I-94 admission number 48392017563 (not the classmate Priya\'s 59120488731, not the SEVIS ID). Item 11 No: CPT is not an EAD (Priya had one, Wanjiru did not), so the office/date/result lines stay empty. Last entry: the most recent I-94 (August 14, 2026 at Chicago, IL), not the first arrival of 2024 at DTW. Place of birth Nakuru, Kenya (the classmate is from Chennai). Items 14 and 15 "F-1 Student" per the worksheet; category (c)(3)(B), not the STEM (c)(3)(C), so the degree and E-Verify lines and (c)(26) stay empty. No other names. She fills it herself: the preparer\'s name and address stay empty. Gender is in none of the documents and is not judged; the signature date is not judged.');
};

await runCases(root, cases);

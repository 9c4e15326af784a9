// Builds the documents and case.json of the context cases written in session 6 as held-out cases (in
// tune/ since session 8; node, from the repository root):   node bench/data/context-cases/make-heldout-2.mjs CASE|all
// The documents are committed; this script records how they were made. The makers are in
// make-docs.mjs. Everyone is fictional (SSNs 900-xx, EINs 00-, 555-01xx phones).
import { documentMakers, runCases } from './make-docs.mjs';

const root = 'bench/data/context-cases/tune';
const { txt, xlsx, docx, pdf, row, filled, scan, pango, caseJson } = documentMakers(root);
const cases = {};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['f1040-vance-hoh-three-dependents'] = async (c) => {
  scan(c, 'W-2_2025_Buckeye_Regional.jpg', pango(`<b>Form W-2  Wage and Tax Statement  2025</b>     Copy B - To Be Filed With Employee's FEDERAL Tax Return

<b>a</b> Employee's social security number   <b>900-52-4417</b>
<b>b</b> Employer identification number (EIN)   <b>00-4417823</b>
<b>c</b> Employer's name, address, and ZIP code
     BUCKEYE REGIONAL HEALTH SYSTEM
     1900 OLENTANGY RIVER RD, COLUMBUS OH 43212
<b>e</b> Employee's first name and initial / Last name
     MARISOL T  VANCE
<b>f</b> Employee's address and ZIP code
     88 MAPLE AVE, COLUMBUS OH 43201

<b>1</b> Wages, tips, other compensation      <b>58420.00</b>        <b>2</b> Federal income tax withheld   <b>5912.40</b>
<b>3</b> Social security wages                61100.00        <b>4</b> Social security tax withheld  3788.20
<b>5</b> Medicare wages and tips              61100.00        <b>6</b> Medicare tax withheld          885.95
<b>12a</b> D  2680.00              <b>13</b> Retirement plan  [X]
<b>15</b> OH  <b>16</b> State wages 58420.00   <b>17</b> State income tax 1406.11`, 11), { width: 1500, rotate: -0.7 });
  await pdf(c, '1099-INT_Scioto_Valley_CU_2025.pdf', [
    '# SCIOTO VALLEY CREDIT UNION                         2025 Form 1099-INT  Interest Income',
    '4450 Refugee Rd, Columbus OH 43232                  (Copy B for Recipient)',
    '',
    "PAYER'S TIN 00-6120447                         RECIPIENT'S TIN ***-**-4417",
    "RECIPIENT'S name:  MARISOL T VANCE",
    'Street address:    2217 LARKSPUR LANE APT 4C',
    'City, state, ZIP:  COLUMBUS OH 43214',
    'Account number:    S-118204',
    '',
    row(['1  Interest income', 56], ['$184.37', 330]),
    row(['2  Early withdrawal penalty', 56], ['$0.00', 330]),
    row(['3  Interest on U.S. Savings Bonds and Treasury obligations', 56], ['$0.00', 330]),
    row(['4  Federal income tax withheld', 56], ['$0.00', 330]),
  ]);
  txt(c, 'email_taxes_2025.txt', `
From: Marisol Vance <marisol.vance@example.com>
To: Priya Raman <priya.raman@example.net>
Cc: Graciela Ortiz <graciela.ortiz@example.com>
Date: Sat, 7 Feb 2026 10:14
Subject: taxes - everything for my 2025 return

Hi Priya,

Thank you again for helping me with the return (I know you're not charging me, so no preparer
stuff on the form!). Here is everything:

- Filing status: head of household this year. The divorce from Kevin was final in March 2025
  (Kevin Vance, SSN 900-48-7712 - he is filing on his own and claims nobody). Last year we
  filed jointly, that's over.
- We moved in August. New address: 2217 Larkspur Lane, Apt 4C, Columbus, OH 43214. The W-2
  still shows the old Maple Ave address.
- The kids lived with me the whole year:
    my daughter Ava Vance, born 05/09/2016, SSN 900-61-2238
    my son Mateo Vance, born 11/21/2019, SSN 900-61-2290
- My mother (Graciela Ortiz, born 02/14/1957, SSN 900-33-1057) moved in with us in January and lives
  with us. Her only income is about $9,800 of Social Security and I pay most of her support,
  so she should be my dependent too (not for the child credit obviously - the other one).
- My cousin Luis Ortiz stayed with us June to August. He is not a dependent.
- No crypto / digital assets. No estimated tax payments.
- Refund by direct deposit to my checking account at Scioto Valley CU:
  routing 044115553, account 4400218765.
- Occupation: respiratory therapist. Phone (614) 555-0138.

Marisol

-----------------------------------------------------------------------
From: Marisol Vance <marisol.vance@example.com>
To: Priya Raman <priya.raman@example.net>
Date: Sat, 7 Feb 2026 18:02
Subject: RE: taxes - everything for my 2025 return

Priya - sorry, I typed Ava's SSN wrong this morning. From her card it is 900-61-2283
(not ...2238). Everything else is right.
M.
`);
  const p1 = 'topmostSubform[0].Page1[0].';
  const t = p1 + 'Table_Dependents[0].';
  const p2 = 'topmostSubform[0].Page2[0].';
  caseJson(c, 'irs-f1040-2025',
    'Form 1040 (2025) for a divorced head of household with two children and her mother as dependents: scanned W-2 with the old address, a 1099-INT PDF, and an email thread (with the ex-husband\'s SSN, a cousin who is not a dependent, and a corrected SSN).',
    [
      [p1 + 'f1_14[0]', 'Your first name and middle initial', 'Marisol T', 'text'],
      [p1 + 'f1_15[0]', 'Your last name', 'Vance', 'text'],
      [p1 + 'f1_16[0]', 'Your social security number', '900524417', 'digits'],
      [p1 + 'Address_ReadOrder[0].f1_20[0]', 'Home address (number and street)', '2217 Larkspur Lane', 'text'],
      [p1 + 'Address_ReadOrder[0].f1_21[0]', 'Apt. no.', '4C', 'text'],
      [p1 + 'Address_ReadOrder[0].f1_22[0]', 'City, town, or post office', 'Columbus', 'text'],
      [p1 + 'Address_ReadOrder[0].f1_23[0]', 'State', 'OH', 'text'],
      [p1 + 'Address_ReadOrder[0].f1_24[0]', 'ZIP code', '43214', 'digits'],
      [p1 + 'c1_8[0]', 'Filing status: Head of household (HOH)', '4', 'checkbox'],
      [t + 'Row1[0].f1_31[0]', 'Dependent 1: first name', 'Ava', 'text'],
      [t + 'Row1[0].f1_32[0]', 'Dependent 2: first name', 'Mateo', 'text'],
      [t + 'Row1[0].f1_33[0]', 'Dependent 3: first name', 'Graciela', 'text'],
      [t + 'Row2[0].f1_35[0]', 'Dependent 1: last name', 'Vance', 'text'],
      [t + 'Row2[0].f1_36[0]', 'Dependent 2: last name', 'Vance', 'text'],
      [t + 'Row2[0].f1_37[0]', 'Dependent 3: last name', 'Ortiz', 'text'],
      [t + 'Row3[0].f1_39[0]', 'Dependent 1: SSN', '900612283', 'digits'],
      [t + 'Row3[0].f1_40[0]', 'Dependent 2: SSN', '900612290', 'digits'],
      [t + 'Row3[0].f1_41[0]', 'Dependent 3: SSN', '900331057', 'digits'],
      [t + 'Row4[0].f1_43[0]', 'Dependent 1: relationship', 'Daughter', 'text'],
      [t + 'Row4[0].f1_44[0]', 'Dependent 2: relationship', 'Son', 'text'],
      [t + 'Row4[0].f1_45[0]', 'Dependent 3: relationship', 'Mother', 'text'],
      [t + 'Row5[0].Dependent1[0].c1_12[0]', 'Dependent 1: lived with you more than half of 2025 (a) Yes', '1', 'checkbox'],
      [t + 'Row5[0].Dependent2[0].c1_14[0]', 'Dependent 2: lived with you more than half of 2025 (a) Yes', '1', 'checkbox'],
      [t + 'Row5[0].Dependent3[0].c1_16[0]', 'Dependent 3: lived with you more than half of 2025 (a) Yes', '1', 'checkbox'],
      [t + 'Row7[0].Dependent1[0].c1_28[0]', 'Dependent 1: child tax credit', '1', 'checkbox'],
      [t + 'Row7[0].Dependent2[0].c1_29[0]', 'Dependent 2: child tax credit', '1', 'checkbox'],
      [t + 'Row7[0].Dependent3[0].c1_30[1]', 'Dependent 3: credit for other dependents', '2', 'checkbox'],
      [p1 + 'f1_47[0]', '1a Total amount from Form(s) W-2, box 1', '58420.00', 'amount'],
      [p1 + 'f1_59[0]', '2b Taxable interest', '184.37', 'amount'],
      [p2 + 'f2_17[0]', '25a Federal income tax withheld from Form(s) W-2', '5912.40', 'amount'],
      [p2 + 'RoutingNo[0].f2_32[0]', '35b Routing number', '044115553', 'digits'],
      [p2 + 'c2_16[0]', '35c Type: Checking', '1', 'checkbox'],
      [p2 + 'AccountNo[0].f2_33[0]', '35d Account number', '4400218765', 'digits'],
      [p2 + 'f2_40[0]', 'Your occupation', 'Respiratory therapist', 'text'],
      [p2 + 'f2_44[0]', 'Phone no.', '6145550138', 'digits'],
    ],
    [p1 + 'f1_17[0]', p1 + 'f1_18[0]', p1 + 'f1_19[0]', p1 + 'Checkbox_ReadOrder[0].c1_8[1]', p1 + 'Checkbox_ReadOrder[0].f1_28[0]', p1 + 'f1_29[0]',
      t + 'Row1[0].f1_34[0]', t + 'Row2[0].f1_38[0]', t + 'Row3[0].f1_42[0]', p2 + 'c2_1[0]', p2 + 'f2_21[0]', p2 + 'SSN_ReadOrder[0].f2_22[0]', p2 + 'f2_42[0]', p2 + 'f2_37[0]', p2 + 'f2_46[0]'],
    'Form 1040 has no tooltips: every field is f1_NN. Head of household (the widget c1_8[0] outside Checkbox_ReadOrder, on-state 4), not married filing jointly as last year; the ex-husband Kevin Vance and his SSN go nowhere (spouse name/SSN fields, the MFS name field, the former-spouse SSN of line 26 and spouse occupation stay empty). Address: the new Larkspur Lane address (email, 1099-INT), not the W-2\'s Maple Ave; the apartment goes in its own field. The dependents table is by columns (Row1 first names of dependents 1-4, Row2 last names, Row3 SSNs, Row4 relationships, Row5 lived-with boxes, Row7 credit boxes): Ava with the corrected SSN 900-61-2283 from the later email (not 2238), Mateo, and the mother Graciela Ortiz, who gets the credit for other dependents (c1_30[1], on-state 2), not the child tax credit; the cousin Luis is not a dependent, so column 4 stays empty. The HOH qualifying-person name (f1_29) is only for a child who is not a dependent: empty. Nobody else can claim her (12a stays off). No estimated payments: line 26 stays empty (not 0). Priya is an unpaid helper: no paid preparer, no designee. Derived lines (1z, 9, 11, tax) and the in-the-U.S. boxes are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['f8949-rourke-corrected-basis'] = async (c) => {
  txt(c, 'Fidelis_Brokerage_1099-B_2025_acct_7731.csv', `
Account,Description,Symbol,Quantity,Date Acquired,Date Sold,Proceeds,Cost Basis,Wash Sale Loss Disallowed,Term,Basis Reported to IRS,Form
X7731-0442,NORTHWIND ENERGY CORP,NWEC,40,02/03/2025,06/18/2025,3912.80,4410.00,0.00,Short,Yes,1099-B
X7731-0442,HALCYON BIOTECH INC,HLCB,15,03/11/2025,09/02/2025,2145.75,2640.30,212.40,Short,Yes,1099-B
X7731-0442,TRILLIUM REIT,TRLM,100,01/22/2025,11/14/2025,1870.00,1402.55,0.00,Short,Yes,1099-B
X7731-0442,CASCADE RAIL SYSTEMS,CSRL,60,07/08/2021,05/20/2025,6318.60,4020.00,0.00,Long,Yes,1099-B
X7731-0442,ORBITAL FOODS CO,ORBF,25,10/14/2019,10/30/2025,3450.25,2980.10,0.00,Long,Yes,1099-B
`);
  scan(c, 'Fidelis_corrected_1099-B_letter.jpg', pango(`<b>FIDELIS BROKERAGE SERVICES</b>
PO Box 20410, Omaha NE 68120                                        February 20, 2026

DESMOND A ROURKE
3318 N Kedzie Ave, Chicago IL 60618

Re: Account X7731-0442 - <b>CORRECTED</b> 2025 Form 1099-B

Dear Mr. Rourke,

After a corporate-action review, the cost basis reported for one of your 2025 sales has
been revised. The corrected Form 1099-B replaces the one issued on January 31, 2026:

   HALCYON BIOTECH INC (HLCB), 15 shares, acquired 03/11/2025, sold 09/02/2025
   Proceeds 2,145.75 (unchanged)
   Cost or other basis: was 2,640.30   <b>corrected to 2,604.30</b>
   Wash sale loss disallowed 212.40 (unchanged)

All other transactions are unchanged. Basis continues to be reported to the IRS.

Tax Reporting Department`, 11), { width: 1400, rotate: 0.6 });
  txt(c, 'email_from_Nadia.txt', `
From: Nadia Rourke <nadia.rourke@example.com>
To: Desmond Rourke <des.rourke@example.com>
Date: Mon, 2 Mar 2026 21:40
Subject: 8949 stuff

Des,

Since we're filing separately this year (the student loan thing), your Form 8949 is only your
Fidelis account - just your name and SSN (900-71-3306) on it. Use the corrected letter for
Halcyon, the basis changed.

My one sale (50 sh of Lumen Textiles at Brightline, bought 04/02/2025, sold 08/15/2025,
proceeds 1,210.00, basis 1,495.00, basis NOT reported to the IRS) goes on MY 8949, don't put
it on yours. My SSN is 900-71-8840 if the software asks.

The Fidelis 1099-B says all your sales have basis reported, so short-term is box A and
long-term is box D.

N.
`);
  const r1 = (row, col) => `topmostSubform[0].Page1[0].Table_Line1_Part1[0].Row${row}[0].f1_${String(3 + 8 * (row - 1) + col).padStart(2, '0')}[0]`;
  const r2 = (row, col) => `topmostSubform[0].Page2[0].Table_Line1_Part2[0].Row${row}[0].f2_${String(3 + 8 * (row - 1) + col).padStart(2, '0')}[0]`;
  // col: 0 a description, 1 b acquired, 2 c sold, 3 d proceeds, 4 e basis, 5 f code, 6 g adjustment, 7 h gain
  caseJson(c, 'irs-f8949-2025',
    'Form 8949 (2025) for a married-filing-separately investor: broker 1099-B CSV, a scanned corrected-basis letter, and his wife\'s email (her own sale and SSN must not be used).',
    [
      ['topmostSubform[0].Page1[0].f1_01[0]', 'Name(s) shown on return', 'Desmond A Rourke', 'text'],
      ['topmostSubform[0].Page1[0].f1_02[0]', 'Social security number', '900713306', 'digits'],
      ['topmostSubform[0].Page1[0].c1_1[0]', 'Part I: (A) Short-term, basis reported to the IRS', '1', 'checkbox'],
      [r1(1, 1), 'Part I row 1 (b) date acquired', '2025-02-03', 'date'],
      [r1(1, 2), 'Part I row 1 (c) date sold', '2025-06-18', 'date'],
      [r1(1, 3), 'Part I row 1 (d) proceeds', '3912.80', 'amount'],
      [r1(1, 4), 'Part I row 1 (e) cost or other basis', '4410.00', 'amount'],
      [r1(2, 1), 'Part I row 2 (b) date acquired', '2025-03-11', 'date'],
      [r1(2, 2), 'Part I row 2 (c) date sold', '2025-09-02', 'date'],
      [r1(2, 3), 'Part I row 2 (d) proceeds', '2145.75', 'amount'],
      [r1(2, 4), 'Part I row 2 (e) cost or other basis (corrected)', '2604.30', 'amount'],
      [r1(2, 5), 'Part I row 2 (f) code', 'W', 'text'],
      [r1(2, 6), 'Part I row 2 (g) amount of adjustment', '212.40', 'amount'],
      [r1(3, 1), 'Part I row 3 (b) date acquired', '2025-01-22', 'date'],
      [r1(3, 2), 'Part I row 3 (c) date sold', '2025-11-14', 'date'],
      [r1(3, 3), 'Part I row 3 (d) proceeds', '1870.00', 'amount'],
      [r1(3, 4), 'Part I row 3 (e) cost or other basis', '1402.55', 'amount'],
      ['topmostSubform[0].Page2[0].c2_1[0]', 'Part II: (D) Long-term, basis reported to the IRS', '1', 'checkbox'],
      [r2(1, 1), 'Part II row 1 (b) date acquired', '2021-07-08', 'date'],
      [r2(1, 2), 'Part II row 1 (c) date sold', '2025-05-20', 'date'],
      [r2(1, 3), 'Part II row 1 (d) proceeds', '6318.60', 'amount'],
      [r2(1, 4), 'Part II row 1 (e) cost or other basis', '4020.00', 'amount'],
      [r2(2, 1), 'Part II row 2 (b) date acquired', '2019-10-14', 'date'],
      [r2(2, 2), 'Part II row 2 (c) date sold', '2025-10-30', 'date'],
      [r2(2, 3), 'Part II row 2 (d) proceeds', '3450.25', 'amount'],
      [r2(2, 4), 'Part II row 2 (e) cost or other basis', '2980.10', 'amount'],
    ],
    ['topmostSubform[0].Page1[0].c1_1[1]', 'topmostSubform[0].Page2[0].c2_1[1]', r1(1, 5), r1(1, 6), r1(3, 5), r1(3, 6), r1(4, 0), r1(4, 1), r1(4, 2), r1(4, 3), r1(4, 4), r2(3, 0), r2(3, 3), r2(3, 4)],
    'Form 8949 has no tooltips (f1_NN, rows of 8 columns a-h). Rows follow the broker\'s order; short-term sales in Part I (box A: basis reported), long-term in Part II (box D). The HLCB basis is the corrected 2,604.30 from the later letter, not 2,640.30 from the CSV; its wash sale gives code W and adjustment 212.40; the other rows have no code and no adjustment (empty, not 0). Married filing separately: only his name and SSN, and the wife Nadia\'s sale (basis not reported, box B) and SSN stay off his form (Part I row 4 and box B empty). Descriptions (wording free), column (h) gains and the totals (derived) are not judged; the page-2 name/SSN repeat is not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['notice-of-hearing-castellanos-rescheduled'] = async (c) => {
  await filled(c, 'Notice_of_Hearing_filed_2025-06-03.pdf', 'mo-court-notice-of-hearing', {
    case_county: 'Boone', petitioner_name_first: 'Lorena', petitioner_name_middle: 'Beatriz', petitioner_name_last: 'Castellanos',
    // filled by the page's labels: several widget names do not match the boxes they sit on
    case_division_number: 'Gregory', respondent_name_first: 'Alan', respondent_name_middle: 'Whitfield', respondent_name_suffix: 'Jr.',
    case_docket_number: '23BA-DR01472', respondent_name_last: '3', case_matter_type: 'Motion for Contempt',
    case_hearing_date: '06/24/2025', case_hearing_time: '9:00',
    users0_name_last: 'Lorena', users0_name_middle: 'Beatriz', users0_name_first: 'Castellanos',
    users0_address_address: '802 Rangeline St', users0_address_zip: 'Columbia', users0_address_state: 'MO', users0_address_city: '65201',
    users0_fax_number: '573-555-0104', case_notice_date: '06/03/2025',
    other_parties0: 'Gregory Alan Whitfield Jr.', other_parties0_service_address: 'U.S. mail: 4410 Clark Ln, Columbia MO 65202',
  }, { case_hearing_time_am: true });
  txt(c, 'emails_with_circuit_clerk.txt', `
From: Lorena Castellanos <lorena.castellanos@example.com>
To: Boone County Circuit Clerk - Family Division <family.clerk@example.gov>
Date: Tue, 2 Dec 2025 08:51
Subject: 23BA-DR01472 Castellanos v. Whitfield - hearing date for my motion

Good morning,

I filed a Motion to Modify Child Support in case 23BA-DR01472 (Division 3) on November 24.
Could you tell me the hearing date so I can send the Notice of Hearing?

Please note my new contact information (I moved in October):
  1407 Paris Road, Apt 12, Columbia, MO 65202
  cell (573) 555-0119, email lorena.castellanos@example.com

Thank you,
Lorena B. Castellanos, Petitioner (self-represented)

-----------------------------------------------------------------------------
From: Family Division Clerk <family.clerk@example.gov>
Date: Tue, 2 Dec 2025 14:20
Subject: RE: 23BA-DR01472 Castellanos v. Whitfield - hearing date for my motion

Ms. Castellanos, your Motion to Modify Child Support is set for January 14, 2026 at 9:30 a.m.
in Division 3. Respondent is now represented; serve his attorney of record (see the entry of
appearance filed 11/28/2025).

-----------------------------------------------------------------------------
From: Family Division Clerk <family.clerk@example.gov>
Date: Thu, 4 Dec 2025 11:05
Subject: RE: 23BA-DR01472 - RESET

Correction: because of Judge Harmon's trial calendar the hearing on the Motion to Modify Child
Support is RESET to January 21, 2026 at 1:30 p.m., Division 3. Please notice it for that date.
`);
  scan(c, 'Entry_of_Appearance_Whitcomb.jpg', pango(`<b>IN THE CIRCUIT COURT OF BOONE COUNTY, MISSOURI</b>
FAMILY COURT DIVISION

LORENA BEATRIZ CASTELLANOS,              )
                    Petitioner,           )     Case No. 23BA-DR01472
v.                                        )     Division 3
GREGORY ALAN WHITFIELD JR.,               )
                    Respondent.           )

<b>ENTRY OF APPEARANCE</b>

COMES NOW Dana M. Whitcomb and enters her appearance as attorney of record for Respondent
Gregory Alan Whitfield Jr. in the above-captioned matter. All pleadings, notices and
correspondence shall be directed to counsel at the address below.

/s/ Dana M. Whitcomb
Dana M. Whitcomb, MO Bar #68214
Whitcomb Family Law LLC
600 E. Broadway, Suite 210, Columbia, MO 65201
Tel. (573) 555-0187   dwhitcomb@example.law
ATTORNEY FOR RESPONDENT

Filed: November 28, 2025`, 11), { width: 1400, rotate: -0.5 });
  caseJson(c, 'mo-court-notice-of-hearing',
    'Missouri Notice of Hearing for a self-represented petitioner\'s motion to modify child support: the previous notice she filed (old address, old hearing), an email thread with the clerk that resets the hearing, and the scanned entry of appearance of the respondent\'s attorney.',
    [
      ['case_county', 'In the Circuit Court of ___ County', 'Boone', 'text'],
      ['petitioner_name_first', 'In re: petitioner first name', 'Lorena', 'text'],
      ['petitioner_name_middle', 'Petitioner middle name', 'Beatriz', 'text'],
      ['petitioner_name_last', 'Petitioner last name', 'Castellanos', 'text'],
      ['case_division_number', 'Respondent first name (the widget named "case_division_number")', 'Gregory', 'text'],
      ['respondent_name_first', 'Respondent middle name (the widget named "respondent_name_first")', 'Alan', 'text'],
      ['respondent_name_middle', 'Respondent last name (the widget named "respondent_name_middle")', 'Whitfield', 'text'],
      ['respondent_name_suffix', 'Respondent suffix (Jr./Sr./III)', 'Jr', 'text'],
      ['case_docket_number', 'Case number', '23BA-DR01472', 'text'],
      ['respondent_name_last', 'Division number (the widget named "respondent_name_last")', '3', 'text'],
      ['case_matter_type', '2. Type of matter to be heard', 'Motion to Modify Child Support', 'text'],
      ['case_hearing_date', '3. The date of the hearing is (mm/dd/yyyy)', '2026-01-21', 'date'],
      ['case_hearing_time', '4. The time of the hearing is', '1:30', 'text'],
      ['case_hearing_time_pm', '4. p.m.', 'Yes', 'checkbox'],
      ['users0_name_last', 'Person giving notice: first name (the widget named "users0_name_last")', 'Lorena', 'text'],
      ['users0_name_middle', 'Person giving notice: middle name', 'Beatriz', 'text'],
      ['users0_name_first', 'Person giving notice: last name (the widget named "users0_name_first")', 'Castellanos', 'text'],
      ['users0_address_address', 'Person giving notice: street', '1407 Paris Road, Apt 12', 'text'],
      ['users0_address_zip', 'Person giving notice: city (the widget named "users0_address_zip")', 'Columbia', 'text'],
      ['users0_address_state', 'Person giving notice: state', 'MO', 'text'],
      ['users0_address_city', 'Person giving notice: ZIP (the widget named "users0_address_city", 5 characters)', '65202', 'digits'],
      ['users0_fax_number', 'Person giving notice: telephone number with area code (the widget named "users0_fax_number")', '5735550119', 'digits'],
      ['users0_email', 'Person giving notice: e-mail', 'lorena.castellanos@example.com', 'text'],
      ['other_parties0', 'Certificate of service: name (1)', 'Dana M. Whitcomb', 'text'],
    ],
    ['petitioner_name_suffix', 'users0_name_suffix', 'case_hearing_time_am', 'users0_phone', 'case_notice_date', 'other_parties1', 'other_parties1_service_address', 'other_parties2', 'other_parties2_service_address', 'other_parties3'],
    'The widget names lie (the page\'s labels win): on the respondent line the first-name box is named case_division_number, the middle-name box respondent_name_first, the last-name box respondent_name_middle, and the Division Number box respondent_name_last; in the person-giving-notice block the first-name box is users0_name_last, the last-name box users0_name_first, the city box users0_address_zip, the ZIP box users0_address_city and the telephone box users0_fax_number (the fax box, users0_phone, stays empty). Two parties with the same name parts (petitioner / respondent): the respondent has the suffix Jr., the petitioner none. The hearing was set for January 14 at 9:30 a.m. and then reset to January 21, 2026 at 1:30 p.m. (the later clerk email wins; p.m., so the a.m. box of the old notice stays off). The filer is the petitioner herself with her new address and cell (email of 2 December), not the Rangeline St address and 0104 phone of the June notice. Matter type: the motion to modify child support, not the contempt motion of the old notice. The respondent is now represented, so service goes to his attorney Dana M. Whitcomb (other_parties0); the respondent himself (served directly on the old notice) is not a second party to serve. The certificate date is the day she sends it (not in the documents). The service address wording (method + address) is not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['47a-vi-nguyen-daughter-student'] = async (c) => {
  scan(c, 'ho_chieu_Nguyen_Thi_Minh_Chau.jpg', pango(`<b>CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM</b>
SOCIALIST REPUBLIC OF VIET NAM
<b>HỘ CHIẾU / PASSPORT</b>
Loại/Type: P     Mã số/Code: VNM     Số hộ chiếu/Passport No.: <b>C8841207</b>

Họ và tên/Full name:  <b>NGUYỄN THỊ MINH CHÂU</b>
Quốc tịch/Nationality:  VIỆT NAM
Ngày sinh/Date of birth:  14/03/2005          Giới tính/Sex:  Nữ/F
Nơi sinh/Place of birth:  TP. HỒ CHÍ MINH
Số định danh/ID No.:  079305004417
Ngày cấp/Date of issue:  22/07/2023
Có giá trị đến/Date of expiry:  22/07/2033
Cơ quan cấp/Authority:  CỤC QUẢN LÝ XUẤT NHẬP CẢNH`, 12), { width: 1100, rotate: 0.8 });
  txt(c, 'email_gui_dai_ly_di_tru.txt', `
Từ: Nguyễn Văn Thành <thanh.nguyenvan@example.vn>
Gửi: Ms Olivia Pham, Harbourside Migration <olivia.pham@example.com.au>
Cc: Trần Thị Hoa <hoa.tranthi@example.vn>
Ngày: 18/11/2025 21:07
Tiêu đề: Hồ sơ visa - mẫu 47A cho con gái Châu (hồ sơ OSF2025/004417)

Chào chị Olivia,

Tôi gửi chị thông tin để điền mẫu 47A cho con gái lớn của tôi, Nguyễn Thị Minh Châu.
Số hồ sơ của tôi (người nộp đơn chính) là OSF2025/004417. Tôi là Nguyễn Văn Thành, sinh
ngày 02/09/1976, điện thoại +84 28 555 0131 (văn phòng), di động +84 91 555 0120.

Về Châu:
- Cháu chưa bao giờ kết hôn, đang là sinh viên năm 3, không đi làm; gia đình (tôi và vợ tôi)
  chi trả toàn bộ học phí và sinh hoạt phí.
- Cháu sống cùng chúng tôi tại 58 Trần Quang Khải, phường Tân Định, Quận 1, TP. Hồ Chí Minh
  (cùng địa chỉ với tôi).
- Cháu sẽ di cư cùng cả gia đình; chúng tôi dự định sống ở bang Victoria (Melbourne).
- Ngôn ngữ chính: tiếng Việt. Tiếng Anh của cháu ở mức hạn chế (limited).
- Điện thoại di động của cháu: +84 90 555 0142.
- Hộ chiếu cũ của cháu số B9921034 đã hết hạn năm 2023; cháu dùng hộ chiếu mới (tôi đính
  kèm bản chụp). Ngoài căn cước công dân, cháu không có giấy tờ định danh nào khác.
- Học vấn: THPT Lê Quý Đôn (TP.HCM) từ 05/09/2020 đến 31/05/2023; hiện học Đại học Kinh tế
  TP.HCM từ 05/09/2023 (giấy xác nhận sinh viên đính kèm).

Gia đình:
- Bố: Nguyễn Văn Thành, sinh 02/09/1976 - mẹ: Trần Thị Hoa, sinh 19/11/1979 (đã kết hôn).
- Em trai: Nguyễn Minh Khôi, sinh 08/06/2008, độc thân, đang học lớp 12, sống cùng gia đình.
  Khôi dưới 18 tuổi nên không cần mẫu 47A riêng.

Cảm ơn chị,
Thành
`);
  await docx(c, 'Giay_xac_nhan_sinh_vien_UEH.docx', [
    '# TRƯỜNG ĐẠI HỌC KINH TẾ TP. HỒ CHÍ MINH',
    'Phòng Công tác Sinh viên - 59C Nguyễn Đình Chiểu, Phường 6, Quận 3, TP. Hồ Chí Minh',
    '# GIẤY XÁC NHẬN SINH VIÊN',
    'Trường Đại học Kinh tế TP. Hồ Chí Minh xác nhận:',
    [
      ['Họ và tên', 'Nguyễn Thị Minh Châu'],
      ['Ngày sinh', '14/03/2005'],
      ['Mã số sinh viên', '31231024417'],
      ['Ngành học', 'Kinh doanh quốc tế'],
      ['Bậc đào tạo', 'Đại học (Cử nhân), hệ chính quy'],
      ['Ngày nhập học', '05/09/2023'],
      ['Thời gian đào tạo dự kiến', '4 năm (dự kiến tốt nghiệp tháng 6/2027)'],
      ['Ngôn ngữ giảng dạy', 'Tiếng Việt'],
    ],
    'Hiện là sinh viên năm thứ ba, đang theo học tại trường.',
    'TP. Hồ Chí Minh, ngày 10 tháng 11 năm 2025',
    'TL. HIỆU TRƯỞNG - TRƯỞNG PHÒNG CÔNG TÁC SINH VIÊN',
  ]);
  caseJson(c, 'au-homeaffairs-47a-vi',
    'Australian Form 47A (Vietnamese edition) for the main visa applicant\'s 20-year-old daughter, a student who lives with her parents: a scanned Vietnamese passport, the father\'s email to the migration agent (Vietnamese, DD/MM dates, the whole family in it, an expired passport number) and a DOCX student certificate.',
    [
      ['ap.name fam', '1 Họ tên người nộp đơn (main applicant\'s full name)', 'Nguyễn Văn Thành', 'text'],
      ['ap.dob', '2 Ngày sinh của người nộp đơn chính (Day Month Year)', '02091976', 'digits'],
      ['ap.file number', '3 Số hồ sơ của người nộp đơn chính', 'OSF2025/004417', 'text'],
      ['fm.name fam', '4 Họ (family name, as in the passport)', 'Nguyễn', 'text'],
      ['fm.name giv', '4 Tên (given names, as in the passport)', 'Thị Minh Châu', 'text'],
      ['fm.sex2', '8 Giới tính: Nữ (female)', 'female', 'checkbox'],
      ['fm.dob', '9 Ngày sinh (Day Month Year)', '14032005', 'digits'],
      ['fm.age', '9 Tuổi (age)', '20', 'digits'],
      ['fm.cit cntry', '11 Citizen of which country', 'Việt Nam', 'text'],
      ['fm.pass no', '13 Số hộ chiếu (passport number)', 'C8841207', 'text'],
      ['fm.pass cntry', '13 Hộ chiếu quốc gia (country of passport)', 'Việt Nam', 'text'],
      ['fm.pass doi', '13 Ngày cấp (date of issue, Day Month Year)', '22072023', 'digits'],
      ['fm.pass doe', '13 Ngày hết hạn (date of expiry, Day Month Year)', '22072033', 'digits'],
      ['fm.pass place 1', '13 Cơ quan cấp/nơi cấp (issuing authority)', 'Cục Quản lý Xuất nhập cảnh', 'text'],
      ['fm.id no', '14 Số định danh (national identity number)', '079305004417', 'digits'],
      ['fm.id1', '15 Other identity numbers: Không (no)', 'no', 'checkbox'],
      ['m.marital nev', '16 Chưa bao giờ kết hôn (never married)', 'Yes', 'checkbox'],
      ['m.resi ap2', '17 Same residential address as the main applicant: Có (yes)', 'yes', 'checkbox'],
      ['m.mobile pn', '18 ĐT di động (mobile)', '84905550142', 'digits'],
      ['m.mig ap2', '19 Migrating with the main applicant: Có (yes)', 'yes', 'checkbox'],
      ['m.live7', '19 State intended to live in: Victoria', 'vic', 'checkbox'],
      ['m.lang', '20 Ngôn ngữ chính (main language)', 'Tiếng Việt', 'text'],
      ['m.engl2', '21 English: Hạn chế (limited)', 'limited', 'checkbox'],
      ['m.edu name 1', '23 Education 1: Tên tổ chức (institution)', 'Trường Đại học Kinh tế TP. Hồ Chí Minh', 'text'],
      ['m.edu comm 1', '23 Education 1: Ngày bắt đầu (start, Day Month Year)', '05092023', 'digits'],
      ['m.edu lang 1', '23 Education 1: language of instruction', 'Tiếng Việt', 'text'],
      ['m.edu comm 2', '23 Education 2: start (Day Month Year)', '05092020', 'digits'],
      ['m.edu comp 2', '23 Education 2: end (Day Month Year)', '31052023', 'digits'],
      ['m.emp1', '25 Currently employed: No', 'no', 'checkbox'],
      ['fm.par name 1', '27 Parent 1: name', 'Nguyễn Văn Thành', 'text'],
      ['fm.par dob 1', '27 Parent 1: date of birth', '02091976', 'digits'],
      ['fm.par name 2', '27 Parent 2: name', 'Trần Thị Hoa', 'text'],
      ['fm.par dob 2', '27 Parent 2: date of birth', '19111979', 'digits'],
      ['fm.sib name 1', '27 Sibling 1: name', 'Nguyễn Minh Khôi', 'text'],
      ['fm.sib dob 1', '27 Sibling 1: date of birth', '08062008', 'digits'],
    ],
    ['fm.sex1', 'fm.name alias', 'm.as name 1', 'm.as name 2', 'm.resi ap1', 'm.resi str', 'm.resi hap', 'm.office pn', 'm.after pn', 'fm.id cntry 1', 'fm.id no 1', 'm.emp2', 'm.emp name', 'fm.sib name 2', 'fm.dep name 1'],
    'Vietnamese edition of Form 47A (labels in Vietnamese, tooltips absent). Dates: the form asks Day Month Year and the documents write DD/MM/YYYY, so dates are judged as digits in day-month-year order (14032005); a slash date read as US month/day would be wrong. Names: family name Nguyễn and given names Thị Minh Châu as in the passport (with the diacritics the passport prints). The expired passport B9921034 from the email is not the passport of question 13 and is not an "other identity number" (15 = No; the citizen ID card goes in 14). The father\'s office and mobile phones are his, not hers (her mobile only; office/after-hours stay empty). Same address as the main applicant, so question 17 is "Có" and the address lines stay empty. Never married: the fiancé/spouse boxes stay empty. Student, not employed (25 No, employer empty). Parents (father first, mother) and the one brother go in section 27; the brother is under 18 but still a sibling; there are no dependent children. The main applicant\'s name is judged as one string (field 1 has one box). Country of birth, place of birth, own-language name, education places/qualification/type, sex and status codes in section 27 and the financial support section are not judged (free wording).');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['food-stamp-pettaway-household-of-five'] = async (c) => {
  await xlsx(c, 'intake_roster_Pettaway.xlsx', [{
    name: 'Household', width: 20,
    rows: [
      ['Name', 'Relationship to applicant', 'Sex', 'Date of birth', 'SSN', 'Citizen', 'Notes'],
      ['Shauna Lynn Pettaway', 'Self', 'F', '1991-04-27', '900-58-2216', 'Yes', 'applicant'],
      ['Marcus Deandre Bell', 'Partner', 'M', '1988-12-03', '900-47-6631', 'Yes', 'works Gateway Auto Parts'],
      ['Jaylen Pettaway', 'Son', 'M', '2013-07-19', '900-62-0458', 'Yes', ''],
      ['Nia Bell', 'Daughter', 'F', '2022-02-11', 'applied for', 'Yes', 'SSN card not received yet'],
      ['Terrence Pettaway', 'Brother', 'M', '2003-09-30', '900-39-7702', 'Yes', 'student STLCC, no job'],
      ['Andre Pettaway', 'Ex-husband', 'M', '1989-05-14', '900-44-1290', 'Yes', 'moved out 2024 - do not list'],
    ],
  }, {
    name: 'Contact', width: 28,
    rows: [
      ['Item', 'Value'],
      ['Address', '2210 Gravois Ave, St. Louis, MO 63104'],
      ['Phone', '(314) 555-0109 cell'],
      ['Navigator', 'Keisha Moore, (314) 555-0177'],
    ],
  }]);
  scan(c, 'employment_verification_Midwest_Linen.jpg', pango(`<b>MIDWEST LINEN SERVICES, INC.</b>
5520 Manchester Ave, St. Louis, MO 63110  ·  (314) 555-0150

November 17, 2025

<b>VERIFICATION OF EMPLOYMENT</b>

To whom it may concern:

This letter confirms that <b>Shauna L. Pettaway</b> has been employed by Midwest Linen
Services, Inc. as a Production Associate since March 4, 2024. She works about 30 hours
per week at $14.25 per hour and is paid every two weeks.

Average <b>monthly gross income</b> (before taxes and deductions):   <b>$1,852.50</b>

Please contact Human Resources at the number above with any questions.

Rhonda Kessler, HR Manager`, 11), { width: 1400, rotate: 0.5 });
  txt(c, 'emails_Shauna_and_navigator.txt', `
From: Keisha Moore <kmoore@example.org>
To: Shauna Pettaway <shauna.pettaway@example.com>
Date: Mon, 17 Nov 2025 09:12
Subject: Food Stamp application - a few things to confirm

Hi Shauna,

I started your FS-1 from our intake sheet. Before I finish, please confirm:
1) your address and phone (the sheet still has Gravois Ave and the 0109 number),
2) Marcus's monthly pay,
3) whether everyone eats together,
4) anything else I should know.

Keisha Moore, Community Navigator, Southside Food Partners - (314) 555-0177

---------------------------------------------------------------------------
From: Shauna Pettaway <shauna.pettaway@example.com>
To: Keisha Moore <kmoore@example.org>
Date: Mon, 17 Nov 2025 20:45
Subject: RE: Food Stamp application - a few things to confirm

Hi Keisha,

1) We moved in October. New address: 4127 Fairview Ave, Apt 2, St. Louis, MO 63116 (that's
   the City of St. Louis, not the county). Same for mail. The 0109 number is disconnected; my
   cell is now (314) 555-0163. Texting is the best way to reach me.
2) Marcus makes $2,310 a month before taxes at Gateway Auto Parts.
3) Me, Marcus and the kids buy and cook together. My brother Terrence lives with us but buys
   and cooks his own food.
4) Your sheet has Jaylen's birthday wrong - it's 07/09/2013, not 07/19. Nia's social security
   number is still pending. We all speak English at home. Everybody is a U.S. citizen.
   Jaylen's dad Andre pays $250 a month child support.

Thanks so much,
Shauna
`);
  caseJson(c, 'mo-food-stamp',
    'Missouri Food Stamp application (FS-1) for a household of five: a navigator\'s intake roster (XLSX, with an ex-husband who moved out, an old address and phone, and a wrong birthday), a scanned employment verification letter, and the email exchange that corrects them.',
    [
      ['FULL NAME', '1 Your full name (first, middle, last)', 'Shauna Lynn Pettaway', 'text'],
      ['HOME ADDRESS_1', '1 Home address (street)', '4127 Fairview Ave, Apt 2', 'text'],
      ['HOME ADDRESS_2', '1 Home address (city, state, ZIP)', 'St. Louis, MO 63116', 'text'],
      ['COUNTY_1', '1 Home address: County', 'City of St. Louis', 'text'],
      ['PHONE_1', '1 Phone 1', '3145550163', 'digits'],
      ['CHK_PHONE TYPE', '1 Phone 1 type: Cell', 'C', 'checkbox'],
      ['S3_FULL NAME.0', '3 Household member 1 (self): full legal name', 'Shauna Lynn Pettaway', 'text'],
      ['S3_DOB.0', '3 Member 1: date of birth', '1991-04-27', 'date'],
      ['S3_SSN.0', '3 Member 1: SSN', '900582216', 'digits'],
      ['S3_FULL NAME.1', '3 Member 2: full legal name', 'Marcus Deandre Bell', 'text'],
      ['S3_GENDER.0', '3 Member 2: sex (the widget named S3_GENDER.0)', 'M', 'text'],
      ['S3_RELATIONSHIP TO APPLICANT.0', '3 Member 2: relationship to applicant (the widget named ...0)', 'Partner', 'text'],
      ['S3_DOB.1', '3 Member 2: date of birth', '1988-12-03', 'date'],
      ['S3_SSN.1', '3 Member 2: SSN', '900476631', 'digits'],
      ['S3_FULL NAME.2', '3 Member 3: full legal name', 'Jaylen Pettaway', 'text'],
      ['S3_GENDER.1', '3 Member 3: sex', 'M', 'text'],
      ['S3_RELATIONSHIP TO APPLICANT.1', '3 Member 3: relationship', 'Son', 'text'],
      ['S3_DOB.2', '3 Member 3: date of birth', '2013-07-09', 'date'],
      ['S3_SSN.2', '3 Member 3: SSN', '900620458', 'digits'],
      ['S3_FULL NAME.3', '3 Member 4: full legal name', 'Nia Bell', 'text'],
      ['S3_GENDER.2', '3 Member 4: sex', 'F', 'text'],
      ['S3_RELATIONSHIP TO APPLICANT.2', '3 Member 4: relationship', 'Daughter', 'text'],
      ['S3_DOB.3', '3 Member 4: date of birth', '2022-02-11', 'date'],
      ['S3_FULL NAME.4', '3 Member 5: full legal name', 'Terrence Pettaway', 'text'],
      ['S3_GENDER.3', '3 Member 5: sex', 'M', 'text'],
      ['S3_RELATIONSHIP TO APPLICANT.3', '3 Member 5: relationship', 'Brother', 'text'],
      ['S3_DOB.4', '3 Member 5: date of birth', '2003-09-30', 'date'],
      ['S3_SSN.4', '3 Member 5: SSN', '900397702', 'digits'],
      ['CHK_S3_1', '3 Q1 Do you and all the people in your household buy and eat meals together? No', 'N', 'checkbox'],
      ['S3_1', '3 Q1 If no, who does not buy and eat with your household', 'Terrence Pettaway', 'text'],
      ['CHK_INCOME', 'Income Q1 Does anyone earn income from working? Yes', 'Y', 'checkbox'],
      ['INCOME_EMPLOYER.0', 'Income from working, row 1: employer', 'Midwest Linen Services, Inc.', 'text'],
      ['INCOME_MONTHLY.0', 'Income from working, row 1: monthly amount', '1852.50', 'amount'],
      ['INCOME_EMPLOYER.1', 'Income from working, row 2: employer', 'Gateway Auto Parts', 'text'],
      ['INCOME_MONTHLY.1', 'Income from working, row 2: monthly amount', '2310.00', 'amount'],
    ],
    ['MAILING ADDRESS_1', 'MAILING ADDRESS_2', 'PHONE_2', 'CHK_HOMELESS', 'S3_SSN.3', 'S3_FULL NAME.5', 'S3_2', 'S3_4', 'INCOME.2', 'INCOME_EMPLOYER.2', 'INCOME_AMOUNT.1', 'VERIFIED_TELEPHONE'],
    'Household table: row 1 is the applicant (its relationship "Self" is printed and it has no sex box), so from row 2 on the sex and relationship widgets are numbered one lower than the row\'s name, DOB and SSN widgets (S3_FULL NAME.1 goes with S3_GENDER.0 and S3_RELATIONSHIP TO APPLICANT.0). Everyone who lives there is listed, including the brother Terrence who buys and cooks separately (so Q1 is No, and he is named in its follow-up); the ex-husband Andre moved out (roster note) and is not listed (row 6 empty). Nia\'s SSN is pending: her SSN cell stays empty. Jaylen\'s birthday is 07/09/2013 from the later email, not 07/19 from the roster. Address and phone: the new Fairview Ave address and the 0163 cell (the roster\'s Gravois Ave and 0109 are old; mail goes to the same address, so the mailing lines stay empty; no second phone). The navigator\'s phone 0177 is hers, not an identity contact. Earned income: Shauna\'s employer and the letter\'s monthly gross, Marcus\'s employer and his monthly pay; Terrence has no job (row 3 empty); no SSI. The race/Hispanic columns, the preferred-language question, the income rows\' "who" names, child support, the contact preference, e-mail and the resources section are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['209a-farraday-former-partner'] = async (c) => {
  await docx(c, 'my_notes_for_the_clerk.docx', [
    '# Notes for the 209A complaint - Colleen Marie Farraday',
    'Written Sunday 11/16/2025 for the clerk at Quincy District Court.',
    '# About him',
    'Shane Patrick Mulcahy (everybody calls him "Shay"), born 1990. We dated from 2021 and lived together at 45 Beale St, Quincy from 2022 until August 2025, when I moved out. We were never married and we have no children together (he has a son, Liam, 9, with his ex). I have no children.',
    '# What happened',
    'On Saturday night, 11/16, he came to my new apartment, banged on the door until the lock broke, grabbed my phone and smashed it, and shoved me into the wall - my arm is bruised. He said I would "regret it" if I called anyone. I was afraid he would really hurt me. My neighbor called the police.',
    '# What I want',
    [
      ['Order', 'Yes / No'],
      ['Stop abusing me', 'Yes'],
      ['No contact', 'Yes'],
      ['Stay away from my home', 'Yes'],
      ['Stay away from my work (CVS, Hancock St)', 'Yes'],
      ['Keep my new address off the order', 'Yes'],
      ['Keep my work address off the order', 'No - he already knows where I work'],
      ['Pay me for my losses', 'Yes - phone $420, new door lock $220'],
    ],
    'I want the order today, before he is told (I am afraid of what he will do when he hears about it).',
    'Earlier case: I got a 209A against him in 2023 at Quincy District Court (docket 2356RO0112); it was dismissed in 2024 when we got back together.',
  ]);
  scan(c, 'Quincy_PD_incident_report_25-18842.jpg', pango(`<b>QUINCY POLICE DEPARTMENT</b> - INCIDENT REPORT                    No. <b>25-18842</b>
Reported: 11/15/2025 23:52      Occurred: 11/15/2025 approx. 23:40
Offense: Assault and battery on a household member; malicious destruction of property
Location: 118 Copeland St, Apt 3, Quincy MA (victim residence)

<b>VICTIM</b>   FARRADAY, COLLEEN MARIE    F   DOB 02/19/1994
<b>SUSPECT</b>  MULCAHY, SHANE PATRICK     M   DOB 06/08/1990   AKA "SHAY"
         Relationship to victim: former boyfriend, former cohabitant (until 08/2025)
<b>WITNESS</b>  AVILA, DOLORES (neighbor, Apt 4)   (617) 555-0129

Narrative: Victim states suspect forced the door, took and smashed her cell phone and pushed
her against the wall. Visible bruising on left upper arm. Suspect left before officers
arrived. Records check: suspect holds a valid FID card and has one Remington 870 shotgun
registered. Prior 209A (2023, Quincy District Court) noted, dismissed 2024.

Officer: Ptl. K. Nguyen #2210`, 11), { width: 1450, rotate: -0.6 });
  txt(c, 'email_to_advocate.txt', `
From: Colleen Farraday <colleen.farraday@example.com>
To: Marisa Quental <mquental@example.org>
Cc: Erin Farraday <erin.farraday@example.com>
Date: Mon, 17 Nov 2025 07:58
Subject: for the restraining order this morning

Marisa,

Thanks for meeting me at the courthouse (Quincy District Court) at 9. Two fixes to the notes
I sent you: it happened Saturday night the 15th, not the 16th (the police report has it right,
I wrote the notes the next day and mixed it up). And yes, please ask for it without him there
first - I'm scared of what he does when he's served.

My sister Erin is coming with me; she's not filing anything, it's just me.

Colleen
`);
  caseJson(c, 'ma-209a-complaint-p1',
    'Massachusetts 209A complaint (page 1) by a woman against her former live-in boyfriend: her own DOCX notes with a wrong date and a table of requested orders, a scanned police incident report, and her email to the court advocate with corrections (her sister and a witness are in the documents too).',
    [
      ['district_court', 'A: District Court', 'Yes', 'checkbox'],
      ['court_name_short', 'A: Division', 'Quincy', 'text'],
      ['user_name_full', 'B: Name of plaintiff (person seeking protection)', 'Colleen Marie Farraday', 'text'],
      ['defendant', 'F: Name of defendant (person accused of abuse)', 'Shane Patrick Mulcahy', 'text'],
      ['defendant_alias', 'F: Defendant\'s alias, if any', 'Shay', 'text'],
      ['defendant_gender_male', 'F: Defendant\'s sex: M', 'Yes', 'checkbox'],
      ['plaintiff_is_major_yes', 'C: I am 18 or older', 'Yes', 'checkbox'],
      ['defendant_is_major', 'C: The Defendant is 18 or older', 'Yes', 'checkbox'],
      ['defendant_and_plaintiff_used_to_live_together', 'G: Were formerly members of the same household', 'Yes', 'checkbox'],
      ['defendant_and_plaintiff_are_dating_or_dated', 'G: Are or were in a dating or engagement relationship', 'Yes', 'checkbox'],
      ['plaintiff_has_minor_children_no', 'H: Does the Plaintiff have any children under 18? NO', 'Yes', 'checkbox'],
      ['plaintiff_and_defendant_other_case_yes', 'E: Prior or pending actions involving Plaintiff and Defendant? YES', 'Yes', 'checkbox'],
      ['abuse_suffered_date', 'I: On or about (date) I suffered abuse', '2025-11-15', 'date'],
      ['defendant_abuse_caused_physical_harm', 'I: Caused me physical harm', 'Yes', 'checkbox'],
      ['defendant_abuse_caused_fear_of_serious_physical_harm', 'I: Placed me in fear of imminent serious physical harm', 'Yes', 'checkbox'],
      ['order_defendant_stop_abuse_yes', 'J1: order the Defendant to stop abusing me', 'Yes', 'checkbox'],
      ['order_defendant_no_contact_unless_court_authorized_yes', 'J2: order the Defendant not to contact me', 'Yes', 'checkbox'],
      ['order_defendant_remain_away_plaintiff_residence_yes', 'J3a: remain away from my residence', 'Yes', 'checkbox'],
      ['order_defendant_remain_away_plaintiff_workplace_yes', 'J3b: remain away from my workplace', 'Yes', 'checkbox'],
      ['order_impound_plaintiff_address_residential_yes', 'J4a: my residential address not to appear on the order', 'Yes', 'checkbox'],
      ['order_defendant_pay_yes', 'J5: order the Defendant to pay me for losses', 'Yes', 'checkbox'],
      ['order_defendant_pay_amount', 'J5: amount $', '640', 'amount'],
      ['order_relief_ex_parte', 'J9: relief without advance notice to the Defendant', 'Yes', 'checkbox'],
    ],
    ['docket_number', 'municipal_court', 'plaintiff_is_major_no', 'plaintiff_assistant_name', 'defendant_and_plaintiff_relationship_married_to_each_other', 'defendant_and_plaintiff_relationship_formerly_married_to_each_other', 'defendant_and_plaintiff_are_parents_of_child', 'plaintiff_has_minor_children_yes', 'defendant_gender_female', 'defendant_abuse_caused_sexual_assault', 'order_defendant_remain_away_plaintiff_school_yes', 'order_impound_plaintiff_address_work_yes', 'order_defendant_pay_temporary_support_to_plaintiff_yes', 'order_page_two_relief_yes', 'signature_date'],
    'Two parties: the plaintiff Colleen Marie Farraday and the defendant Shane Patrick Mulcahy (alias Shay, male); the sister Erin, the advocate and the neighbor witness are no party. Relationship: formerly lived together and dated, never married, no children together (his son is not hers) and she has no children, so the married/formerly married/parents boxes and the page-2 children relief stay off. The abuse date is 11/15/2025 (police report and her correction), not the 16th of her notes. Orders from her table: stop abuse, no contact, stay away from home and workplace, impound her residential address (not the work address: she says No), pay $420 + $220 = $640, and relief without advance notice (her email). No school, no temporary support (not married). The docket number is given by the court and the date is the day she signs: both stay empty. She is over 18, so the under-18 helper fields stay empty. The weapons description, the prior-case description, the losses text and the "attempted to cause physical harm" box are not judged (free wording or both readings defensible).');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['f1040se-halvorsen-duplex-and-house'] = async (c) => {
  await xlsx(c, 'Halvorsen_rentals_2025.xlsx', [{
    name: 'Summary 2025', width: 26,
    rows: [
      ['Category', '812 W Oak St (duplex)', '1406 E Grove St (house)', 'Note'],
      ['Rent received', 27600, 14250, 'Oak: 2 units x 1,150 x 12; Grove: 1,425 x 10 (vacant Jan-Feb)'],
      ['Advertising', 0, 85, 'Zillow listing'],
      ['Cleaning and maintenance', 960, 240, 'lawn / snow'],
      ['Insurance', 1884, 1236, ''],
      ['Mortgage interest', 6400, 0, 'Oak: estimate from statements - use the 1098 when it comes'],
      ['Repairs', 2310, 780, 'Oak: plumber 1,150 + misc 1,160; Grove: handyman (Dale Pruitt) 780'],
      ['Property taxes', 4106.72, 3105.00, 'Grove: 2024 bill amount, check the 2025 bill'],
      ['Utilities', 1262.40, 0, 'Oak: water/sewer'],
      ['Capital improvement', 14800, 0, 'Oak: new roof (Sept) - NOT a repair, depreciate (ask CPA)'],
    ],
  }]);
  await pdf(c, '1098_Prairie_State_Bank_2025.pdf', [
    '# PRAIRIE STATE BANK                                     Form 1098  Mortgage Interest Statement  2025',
    '300 N Main St, Bloomington IL 61701                     (Copy B for Payer/Borrower)',
    '',
    "RECIPIENT'S/LENDER'S TIN 00-3381904          PAYER'S/BORROWER'S TIN ***-**-1428",
    "PAYER'S/BORROWER'S name:  TOBIAS R HALVORSEN, INGRID L HALVORSEN",
    'Address of property securing mortgage:  812 W OAK ST, BLOOMINGTON IL 61701',
    'Account number: 4471-0098-22',
    '',
    row(['1  Mortgage interest received from payer(s)/borrower(s)', 56], ['$6,412.88', 420]),
    row(['2  Outstanding mortgage principal', 56], ['$171,930.14', 420]),
    row(['5  Mortgage insurance premiums', 56], ['$0.00', 420]),
    row(['6  Points paid on purchase of principal residence', 56], ['$0.00', 420]),
    row(['9  Number of properties securing the mortgage', 56], ['1', 420]),
  ]);
  scan(c, 'McLean_County_tax_bill_1406_E_Grove.jpg', pango(`<b>McLEAN COUNTY TREASURER</b> - 2025 REAL ESTATE TAX BILL (payable 2025)
Parcel 21-04-377-012       Property: 1406 E GROVE ST, BLOOMINGTON IL 61701
Owner: HALVORSEN TOBIAS R AND INGRID L

  1st installment due 06/05/2025      $1,609.23      PAID 06/02/2025
  2nd installment due 09/05/2025      $1,609.23      PAID 09/03/2025
  <b>TOTAL TAX 2025                     $3,218.46      PAID IN FULL</b>`, 11), { width: 1450, rotate: 0.7 });
  txt(c, 'email_Ingrid_rentals.txt', `
From: Ingrid Halvorsen <ingrid.halvorsen@example.com>
To: Tobias Halvorsen <tobias.halvorsen@example.com>
Cc: Mark Feeney CPA <mfeeney@example.com>
Date: Sun, 1 Mar 2026 16:22
Subject: Schedule E 2025 - what Mark asked for

Mark, Tobias -

Name on the return as always: Tobias R. and Ingrid L. Halvorsen, Tobias's SSN 900-66-1428
first (mine is 900-66-1477). Joint return.

- 812 W Oak St, Bloomington, IL 61701 is the duplex (multi-family), both units rented all
  365 days. No personal use.
- 1406 E Grove St, Bloomington, IL 61701 is the single-family house: vacant January and
  February, rented from March 1 - 306 days. No personal use.
- The lake cabin (Clinton Lake) we rented to friends for 10 days and used ourselves the rest
  of the summer - Mark said under 15 days it doesn't go on Schedule E.
- Mortgage interest on Oak: the 1098 came, use it, not my estimate. No mortgage on Grove.
- Property tax on Grove: the 2025 bill is attached (my sheet had last year's number).
- The roof on Oak is a capital improvement - Mark will do the depreciation, leave it off.
- We paid Dale Pruitt (handyman, not incorporated) $780, so we had to file a 1099-NEC, and we
  did in January. The plumber is a corporation.
- We are not a qualified joint venture.

Ingrid
`);
  const p1 = 'topmostSubform[0].Page1[0].';
  const ex = (line, col) => `${p1}Table_Expenses[0].Line${line}[0].f1_${22 + 3 * (line - 5) + col}[0]`;
  caseJson(c, 'irs-f1040se-2025',
    'Schedule E (2025) Part I for a couple with a rented duplex and a rented house: the owners\' XLSX summary (an estimated interest figure, last year\'s tax, a roof that is not a repair), the Form 1098 PDF, the scanned 2025 property tax bill, and the wife\'s email to their CPA (with a lake cabin that must not be reported).',
    [
      [p1 + 'f1_1[0]', 'Name(s) shown on return', 'Tobias R. and Ingrid L. Halvorsen', 'text'],
      [p1 + 'f1_2[0]', 'Your social security number', '900661428', 'digits'],
      [p1 + 'c1_1[0]', 'A Did you make any payments in 2025 that would require you to file Form(s) 1099? Yes', '1', 'checkbox'],
      [p1 + 'c1_2[0]', 'B If "Yes," did you or will you file required Form(s) 1099? Yes', '1', 'checkbox'],
      [p1 + 'Table_Line1a[0].RowA[0].f1_3[0]', '1a Physical address of property A', '812 W Oak St, Bloomington, IL 61701', 'text'],
      [p1 + 'Table_Line1a[0].RowB[0].f1_4[0]', '1a Physical address of property B', '1406 E Grove St, Bloomington, IL 61701', 'text'],
      [p1 + 'Table_Line1b[0].RowA[0].f1_6[0]', '1b Type of property A (code)', '2', 'digits'],
      [p1 + 'Table_Line1b[0].RowB[0].f1_7[0]', '1b Type of property B (code)', '1', 'digits'],
      [p1 + 'Table_Line2[0].RowA[0].f1_9[0]', '2 Fair rental days, A', '365', 'digits'],
      [p1 + 'Table_Line2[0].RowB[0].f1_11[0]', '2 Fair rental days, B', '306', 'digits'],
      [p1 + 'Table_Income[0].Line3[0].f1_16[0]', '3 Rents received, A', '27600', 'amount'],
      [p1 + 'Table_Income[0].Line3[0].f1_17[0]', '3 Rents received, B', '14250', 'amount'],
      [ex(5, 1), '5 Advertising, B', '85', 'amount'],
      [ex(7, 0), '7 Cleaning and maintenance, A', '960', 'amount'],
      [ex(7, 1), '7 Cleaning and maintenance, B', '240', 'amount'],
      [ex(9, 0), '9 Insurance, A', '1884', 'amount'],
      [ex(9, 1), '9 Insurance, B', '1236', 'amount'],
      [ex(12, 0), '12 Mortgage interest paid to banks, A', '6412.88', 'amount'],
      [ex(14, 0), '14 Repairs, A', '2310', 'amount'],
      [ex(14, 1), '14 Repairs, B', '780', 'amount'],
      [ex(16, 0), '16 Taxes, A', '4106.72', 'amount'],
      [ex(16, 1), '16 Taxes, B', '3218.46', 'amount'],
      [ex(17, 0), '17 Utilities, A', '1262.40', 'amount'],
    ],
    [p1 + 'Table_Line1a[0].RowC[0].f1_5[0]', p1 + 'Table_Line1b[0].RowC[0].f1_8[0]', p1 + 'Table_Line2[0].RowC[0].f1_13[0]', p1 + 'Table_Income[0].Line3[0].f1_18[0]',
      p1 + 'Table_Line2[0].RowA[0].c1_3[0]', p1 + 'Table_Line2[0].RowB[0].c1_4[0]', ex(12, 1), ex(18, 0), p1 + 'Table_Expenses[0].Line19[0].f1_65[0]', p1 + 'Table_Expenses[0].Line19[0].f1_64[0]', ex(10, 0), 'topmostSubform[0].Page2[0].Table_Line28a-f[0].RowA[0].f2_3[0]'],
    'Schedule E has no tooltips: each line has three amount widgets (A, B, C) named f1_NN in sequence, line 19 has an extra "Other (list)" text widget first. Property A is the duplex (type 2, multi-family), B the house (type 1): the order follows the email and the sheet. Rental days: 365 and 306, no personal-use days (not judged). The lake cabin (under 15 rental days) is not reported: column C and row C stay empty. Mortgage interest A: 6,412.88 from the Form 1098, not the sheet\'s 6,400 estimate; no mortgage on B. Taxes B: 3,218.46 from the 2025 bill, not the sheet\'s 3,105.00 from 2024. The roof (14,800) is a capital improvement: not in repairs, and the depreciation line is left to the CPA (empty). 1099 questions: Yes / Yes (handyman paid 780, 1099-NEC filed). Not a QJV. Advertising A and utilities B are zero (not judged). Totals (lines 20-26), the second SSN and Part II are not judged or empty.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['or-wfhdc-vasquez-lind-two-providers'] = async (c) => {
  await filled(c, 'OR-WFHDC_2020_copy.pdf', 'or-wfhdc-2021', {
    'or-wfhdc-p1_1': 'Joanna', 'or-wfhdc-p1_2': 'R', 'or-wfhdc-p1_3': 'Vasquez-Lind', 'or-wfhdc-p1_4': '900-58-7713',
    'or-wfhdc-p1_7': 'Eric', 'or-wfhdc-p1_8': 'T', 'or-wfhdc-p1_9': 'Lind', 'or-wfhdc-p1_10': '900-58-7790',
    'or-wfhdc-p1_16': 'Rose City Montessori Inc', 'or-wfhdc-p1_17': '1730 SE Hawthorne Blvd', 'or-wfhdc-p1_18': 'Portland', 'or-wfhdc-p1_19': 'OR',
    'or-wfhdc-p1_20a': '97214', 'or-wfhdc-p1_23': '00-5519302', 'or-wfhdc-p1_24': '503-555-0108', 'or-wfhdc-p1_26': '7,800',
    'or-wfhdc-p3_1': 'Mateo', 'or-wfhdc-p3_3': 'Lind', 'or-wfhdc-p3_4': '900-64-3377', 'or-wfhdc-p3_6': '08/17/2015',
    'or-wfhdc-p3_8': '7,800', 'or-wfhdc-p3_10': '7,800', 'or-wfhdc-p4_4': '4',
  });
  await pdf(c, 'Little_Sprouts_2021_annual_statement.pdf', [
    '# LITTLE SPROUTS LEARNING CENTER LLC',
    '2290 NE Alberta St, Portland, OR 97211   ·   (503) 555-0112   ·   EIN 00-7731846',
    'Director: Amanda Ferreira',
    '',
    '# 2021 Annual Child Care Statement (for your tax records)',
    'Account: VASQUEZ-LIND, Joanna / LIND, Eric',
    'Child enrolled: Lucia Lind (full-time toddler/preschool room), January 4 - December 23, 2021',
    '',
    row(['Tuition charged, 12 months x $780.00', 56], ['$9,360.00', 400]),
    row(['Payments received from Joanna Vasquez-Lind', 56], ['$8,160.00', 400]),
    row(['Payments received from Margaret Lind (grandparent), Jan - Apr', 56], ['$1,200.00', 400]),
    row(['Total payments received in 2021', 56], ['$9,360.00', 400]),
    row(['Balance due', 56], ['$0.00', 400]),
  ]);
  scan(c, 'receipt_Hannah_Brooks_summer_2021.jpg', pango(`<b>CHILD CARE RECEIPT - 2021</b>

Received from: Joanna Vasquez-Lind and Eric Lind
For: care of Mateo Lind (age 5-6), weekdays June 21 - August 27, 2021
Total received in 2021:   <b>$2,850.00</b>   (paid by check, 10 weekly payments)

Provider:  Hannah L. Brooks
SSN:  900-27-5519
Address:  4411 SE Division St, Portland, OR 97206
Phone:  (503) 555-0146   (new number - the 0140 one is gone)

Signed:  Hannah L. Brooks        Date: 01/10/2022`, 12), { width: 1400, rotate: -0.8 });
  txt(c, 'email_to_preparer_2021.txt', `
From: Joanna Vasquez-Lind <joanna.vl@example.com>
To: Sam Whitaker <sam@example-taxprep.com>
Cc: Eric Lind <eric.lind@example.com>
Date: Thu, 3 Feb 2022 19:30
Subject: WFHDC 2021 - kids, daycare, everything

Hi Sam,

For the Oregon working family / dependent care credit this year:

- Us: Joanna R. Vasquez-Lind, SSN 900-58-7713, and Eric T. Lind, SSN 900-58-7790. Eric was a
  full-time student at PCC all of 2021 (nursing program) - I worked full time. Neither of us is
  disabled.
- Kids: Mateo Lind, born 08/17/2015, SSN 900-64-3377; Lucia Lind, born 03/02/2019,
  SSN 900-64-3381. Neither is disabled.
- Care: Lucia went to Little Sprouts (new this year - Mateo's old Rose City Montessori is done,
  he's in school now). Eric's mom Margaret paid the first four months for us, the statement
  shows it. Mateo had a sitter in the summer, Hannah Brooks - her receipt is attached (she
  has a new phone number, my contacts still say 503-555-0140). Grandma also watched the kids
  on Fridays for free - no payment, so I guess she's not a provider.
- On our 2021 OR-40 we claimed 4 exemptions.

Thanks! Joanna
`);
  const f = (n) => `or-wfhdc-${n}`;
  caseJson(c, 'or-wfhdc-2021',
    'Oregon Working Family Household and Dependent Care credit (2021) for a couple with two children and two care providers (a daycare business and an individual sitter): the 2020 copy of the same form (old provider, one child), the daycare\'s annual statement PDF, the sitter\'s scanned receipt, and the mother\'s email to the preparer.',
    [
      [f('p1_1'), 'Your first name', 'Joanna', 'text'],
      [f('p1_2'), 'Your initial', 'R', 'text'],
      [f('p1_3'), 'Your last name', 'Vasquez-Lind', 'text'],
      [f('p1_4'), 'Your SSN', '900587713', 'digits'],
      [f('p1_7'), 'Spouse\'s first name', 'Eric', 'text'],
      [f('p1_9'), 'Spouse\'s last name', 'Lind', 'text'],
      [f('p1_10'), 'Spouse\'s SSN', '900587790', 'digits'],
      [f('p1_11'), 'Spouse: attending school', 'Yes', 'checkbox'],
      [f('p1_16'), '1d Provider 1 business name', 'Little Sprouts Learning Center LLC', 'text'],
      [f('p1_17'), '1e Provider 1 address', '2290 NE Alberta St', 'text'],
      [f('p1_18'), '1f City', 'Portland', 'text'],
      [f('p1_20a'), '1h ZIP code', '97211', 'digits'],
      [f('p1_23'), '1k Provider 1 federal employer identification no.', '007731846', 'digits'],
      [f('p1_24'), '1l Provider 1 phone', '5035550112', 'digits'],
      [f('p1_26'), '1n Amount you paid to provider 1', '9360', 'amount'],
      [f('p2_1'), '2a Provider 2 first name', 'Hannah', 'text'],
      [f('p2_2'), '2b Provider 2 initial', 'L', 'text'],
      [f('p2_3'), '2c Provider 2 last name', 'Brooks', 'text'],
      [f('p2_5'), '2e Provider 2 address', '4411 SE Division St', 'text'],
      [f('p2_6'), '2f City', 'Portland', 'text'],
      [f('p2_8a'), '2h ZIP code', '97206', 'digits'],
      [f('p2_9'), '2i Provider 2 SSN', '900275519', 'digits'],
      [f('p2_12'), '2l Provider 2 phone', '5035550146', 'digits'],
      [f('p2_14'), '2n Amount you paid to provider 2', '2850', 'amount'],
      [f('p3_1'), '5a Qualifying individual 1 (youngest): first name', 'Lucia', 'text'],
      [f('p3_3'), '5c Last name', 'Lind', 'text'],
      [f('p3_4'), '5d SSN', '900643381', 'digits'],
      [f('p3_6'), '5f Date of birth (MM/DD/YYYY)', '2019-03-02', 'date'],
      [f('p3_8'), '5h Total expenses paid for care', '9360', 'amount'],
      [f('p3_9'), '5i Portion of expenses someone else paid on your behalf', '1200', 'amount'],
      [f('p3_10'), '5j Portion of expenses you paid for care', '8160', 'amount'],
      [f('p3_11'), '6a Qualifying individual 2: first name', 'Mateo', 'text'],
      [f('p3_13'), '6c Last name', 'Lind', 'text'],
      [f('p3_14'), '6d SSN', '900643377', 'digits'],
      [f('p3_16'), '6f Date of birth (MM/DD/YYYY)', '2015-08-17', 'date'],
    ],
    [f('p1_5'), f('p1_6'), f('p1_12'), f('p1_13'), f('p1_14'), f('p1_15'), f('p1_21'), f('p1_20b'), f('p2_4'), f('p2_11'), f('p2_15'), f('p3_7'), f('p3_21')],
    'The form has no tooltips (or-wfhdc-pN_M). Provider 1 is the daycare business: business name, EIN and phone, and no individual name (1a-1c) or SSN, even though the statement names a director; provider 2 is the individual sitter: her first name / initial / last name, SSN and the new 0146 phone from her receipt (not the 0140 of the email), no business name or EIN. The grandmother watched the children for free: no third provider. The 2020 copy\'s provider (Rose City Montessori) and amounts are last year\'s. Qualifying individuals go youngest first (Lucia in section 5, Mateo in 6), although the email lists Mateo first; a third row stays empty. Lucia\'s care 9,360, of which the grandmother paid 1,200 directly, so 5i 1,200 and 5j 8,160. The spouse was a full-time student (his attending-school box), neither is disabled. The relationship codes (1m, 5e) come from the instructions, not the documents, and are not judged; neither are the spouse initial, the states, Mateo\'s expense lines, the totals and the household-size lines.');
};

await runCases(root, cases);

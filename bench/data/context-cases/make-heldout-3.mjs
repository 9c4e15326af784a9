// Builds the documents and case.json of the held-out context cases written in session 8 (node, from
// the repository root):   node bench/data/context-cases/make-heldout-3.mjs CASE|all
// The documents are committed; this script records how they were made (scans get new noise on each
// run). The makers are in make-docs.mjs. Everyone is fictional (SSNs 900-xx, EINs 00-, 555-01xx
// phones), and so are the organisations.
import { documentMakers, runCases } from './make-docs.mjs';

const root = 'bench/data/context-cases/tune'; // its cases have rotated into tune/
const { txt, xlsx, docx, pdf, row, filled, scan, pango, caseJson } = documentMakers(root);
const cases = {};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['fw9-delacroix-llc-owner-ssn'] = async (c) => {
  const p = 'topmostSubform[0].Page1[0].';
  const b = p + 'Boxes3a-b_ReadOrder[0].';
  // The form's name fields are widgets outside the AcroForm field tree (pdf-lib cannot fill them),
  // so the old W-9 is a scan of the signed paper copy.
  scan(c, 'W-9_signed_2024-03-11_scan.jpg', pango(`Form <b>W-9</b> (Rev. March 2024)      <b>Request for Taxpayer Identification Number and Certification</b>

<b>1</b> Name of entity/individual:   <b>Renata M. Delacroix</b>
<b>2</b> Business name/disregarded entity name, if different from above:   <b>Delacroix Piano Service</b>
<b>3a</b> [X] Individual/sole proprietor  [ ] C corporation  [ ] S corporation  [ ] Partnership  [ ] Trust/estate
     [ ] LLC. Tax classification (C, S, P) ___      [ ] Other ____________
<b>4</b> Exempt payee code (if any) ____    Exemption from FATCA reporting code (if any) ____
<b>5</b> Address (number, street, and apt. or suite no.):   <b>812 Esplanade Ave, Apt B</b>
<b>6</b> City, state, and ZIP code:   <b>New Orleans, LA 70116</b>
Requester's name and address: Bayou Parish Schools, Purchasing, 1400 Poydras St, New Orleans LA 70112
<b>7</b> List account number(s) here: ____________

<b>Part I  Taxpayer Identification Number (TIN)</b>
Social security number   <b>900</b> - <b>62</b> - <b>4418</b>          Employer identification number  __ - _______

<b>Part II  Certification</b>   Under penalties of perjury, I certify that: ...
Sign Here   Signature of U.S. person:  <i>Renata M. Delacroix</i>          Date:  3/11/2024`, 10), { width: 1500, rotate: -0.4 });
  scan(c, 'IRS_CP575_EIN_letter.jpg', pango(`<b>DEPARTMENT OF THE TREASURY</b>                                   Notice CP 575 G
INTERNAL REVENUE SERVICE                                       Date of this notice: 09-15-2025
CINCINNATI  OH  45999-0023                                     Employer Identification Number:
                                                                  <b>00-7314428</b>
                                                               Form: SS-4
DELACROIX PIANO TUNING LLC
RENATA M DELACROIX SOLE MBR
4471 MAGAZINE ST STE 2
NEW ORLEANS LA  70115

<b>WE ASSIGNED YOU AN EMPLOYER IDENTIFICATION NUMBER</b>

Thank you for applying for an Employer Identification Number (EIN). We assigned you EIN
00-7314428. This EIN will identify you, your business accounts, tax returns, and documents,
even if you have no employees. Please keep this notice in your permanent records.

When filing tax documents, payments, and related correspondence, it is very important that
you use your EIN and complete name and address exactly as shown above.

Based on the information received from you or your representative, you must file the
following forms by the dates shown:   Form 941  04/30/2026

Because this EIN is for a single-member limited liability company (LLC) that is a
disregarded entity, you may be required to file employment and excise tax returns
under the LLC's name and EIN.`, 10), { width: 1500, rotate: 0.7 });
  txt(c, 'email_vendor_setup_W-9.txt', `
From: Marguerite Haynes <ap@crescentcitysymphony.example.org>
To: Renata Delacroix <renata@delacroixpiano.example.com>
Date: Mon, 12 Jan 2026 10:02
Subject: Vendor setup - Crescent City Symphony Association - W-9 needed

Dear Ms. Delacroix,

Thank you for tuning the hall pianos for our spring season. Before we can pay your first invoice
we need a current Form W-9 (Rev. March 2024). Please write your vendor number, V-20417, on line 7
(account numbers) so it reaches the right file.

Our address for the requester box: Crescent City Symphony Association, Accounts Payable,
935 Gravier St, New Orleans, LA 70112.

Marguerite Haynes, Accounts Payable

-----------------------------------------------------------------------
From: Renata Delacroix <renata@delacroixpiano.example.com>
To: Tobias Greer <tgreer@greer-cpa.example.com>
Cc: Julien Delacroix <julien.delacroix@example.com>
Date: Mon, 12 Jan 2026 13:40
Subject: FW: Vendor setup - W-9 needed

Tobias, the Symphony wants a W-9. Since September I'm an LLC (Delacroix Piano Tuning LLC, just
me) and we moved the shop and the house to 4471 Magazine St, Suite 2, New Orleans, LA 70115.
My old W-9 for the school district still has Esplanade Ave and my old trade name. Which boxes
do I tick now, and which number do I give them - the new EIN or my SSN? Julien says I should
put his name on it too since he helps with the moving jobs.

Renata

-----------------------------------------------------------------------
From: Tobias Greer <tgreer@greer-cpa.example.com>
To: Renata Delacroix <renata@delacroixpiano.example.com>
Cc: Julien Delacroix <julien.delacroix@example.com>
Date: Mon, 12 Jan 2026 17:15
Subject: RE: FW: Vendor setup - W-9 needed

Renata,

- Line 1 is you (Renata M. Delacroix); line 2 is the LLC's name exactly as on the CP 575.
- Your LLC has one member and we did not elect corporate treatment, so it is disregarded: tick
  "Individual/sole proprietor", NOT the LLC box, and leave the C/S/P letter empty.
- Give your SSN (900-62-4418) in Part I, not the LLC's EIN - the EIN is only for the payroll
  returns. Leave the EIN boxes empty.
- No exemption codes, and nothing on 3b (no foreign partners).
- Julien is not a member of the LLC. His name (and his SSN, 900-62-7731) does not go anywhere on
  your W-9.

Tobias Greer, CPA
`);
  caseJson(c, 'irs-fw9-2024',
    'Form W-9 (Rev. March 2024) for the sole member of a new single-member LLC: a scan of her signed 2024 W-9 for another requester (old address, old trade name, SSN in pieces), the IRS CP 575 EIN letter as a scan, and an email thread with the requester and her accountant (her husband\'s name and SSN must stay off).',
    [
      [p + 'f1_01[0]', '1 Name of entity/individual', 'Renata M. Delacroix', 'text'],
      [p + 'f1_02[0]', '2 Business name/disregarded entity name', 'Delacroix Piano Tuning LLC', 'text'],
      [b + 'c1_1[0]', '3a Individual/sole proprietor', '1', 'checkbox'],
      [p + 'Address_ReadOrder[0].f1_07[0]', '5 Address (number, street, and apt. or suite no.)', '4471 Magazine St, Suite 2', 'text'],
      [p + 'Address_ReadOrder[0].f1_08[0]', '6 City, state, and ZIP code', 'New Orleans, LA 70115', 'text'],
      [p + 'f1_10[0]', '7 List account number(s) here', 'V-20417', 'text'],
      [p + 'f1_11[0]', 'Part I Social security number (first 3 digits)', '900', 'digits'],
      [p + 'f1_12[0]', 'Part I Social security number (middle 2 digits)', '62', 'digits'],
      [p + 'f1_13[0]', 'Part I Social security number (last 4 digits)', '4418', 'digits'],
    ],
    [b + 'c1_1[1]', b + 'c1_1[2]', b + 'c1_1[3]', b + 'c1_1[4]', b + 'c1_1[5]', b + 'f1_03[0]', b + 'c1_1[6]', b + 'f1_04[0]', b + 'c1_2[0]', p + 'f1_05[0]', p + 'f1_06[0]', p + 'f1_14[0]', p + 'f1_15[0]'],
    'W-9 has no tooltips (f1_NN). The owner of a disregarded single-member LLC: line 1 her own name, line 2 the LLC name as on the CP 575 (not the old trade name of the 2024 W-9); box "Individual/sole proprietor" (c1_1[0], on-state 1), not the LLC box c1_1[5] and no C/S/P letter (f1_03). Address: the new Magazine St address from the email/CP 575, the street with the suite on line 5 and "City, state, ZIP" on line 6 (not Esplanade Ave; the CP 575 prints STE in capitals, the email "Suite 2", which is judged). The SSN goes in three boxes (3/2/4 digits); the LLC\'s EIN 00-7314428 is a distractor and both EIN boxes stay empty, as the accountant says. Line 7: the requester\'s vendor number. The husband\'s name and SSN go nowhere. No exemption codes, 3b off. The requester box (f1_09, optional, free wording) is not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['eoir59-alvarado-reyes-mother-for-minor'] = async (c) => {
  scan(c, 'Notice_to_Appear_Kevin.jpg', pango(`<b>U.S. DEPARTMENT OF HOMELAND SECURITY</b>
<b>NOTICE TO APPEAR</b>                                         DHS-I-862 (copy)

In removal proceedings under section 240 of the Immigration and Nationality Act:
Subject ID: 4471209        FINS: 1092284417        File No: <b>A218 447 903</b>        Event No: HOU2408001552

In the Matter of:
Respondent: <b>ALVARADO REYES, KEVIN JOSUE</b>          AKA: KEVIN REYES
currently residing at:
<b>2210 FONDREN RD APT 87, HOUSTON, TX 77063</b>          (832) 555-0114
                  (Number, street, city, state and ZIP code)         (Area code and phone number)

[X] You are an arriving alien.      [ ] You are an alien present in the United States who has not been admitted.
The Department of Homeland Security alleges that you:
1. You are not a citizen or national of the United States;
2. You are a native of <b>HONDURAS</b> and a citizen of <b>HONDURAS</b>;
3. You were born on <b>03/14/2010</b> in San Pedro Sula, Honduras;
4. You arrived in the United States at or near Hidalgo, Texas, on or about 05/02/2024.

YOU ARE ORDERED to appear before an immigration judge of the United States Department of Justice at:
600 Jefferson St, Suite 900, Houston, TX 77002   on 09/18/2024 at 8:30 AM

Minor served in the presence of his mother, DILCIA REYES MEJIA.`, 10), { width: 1600, rotate: -0.6 });
  await docx(c, 'intake_notes_Reyes_family.docx', [
    '# Gulf Coast Immigrant Legal Aid - intake notes (volunteer: S. Okonkwo)',
    'Date: 19 January 2026. Client: Dilcia Reyes Mejia, mother of the two children below. Spanish speaker; notes taken in English.',
    [
      ['Person', 'Date of birth', 'Place of birth', 'A-number', 'Notes'],
      ['Dilcia Reyes Mejia (mother)', '11/02/1986', 'La Ceiba, Honduras', 'A218 447 890', 'asylum case pending'],
      ['Kevin Josue Alvarado Reyes (son)', '03/14/2010', 'San Pedro Sula, Honduras', 'A218 447 903', 'wants his record of proceeding'],
      ['Brenda Alvarado Reyes (daughter)', '07/30/2013', 'San Pedro Sula, Honduras', 'A218 447 915', 'own case, nothing needed now'],
      ['Josue Alvarado Pineda (father)', '01/21/1984', 'Tela, Honduras', '-', 'lives in Honduras, no contact'],
    ],
    'Current address (all three): 7330 Bellerive Dr, Apt 1214, Houston, TX 77036 (since August 2025). Before that they lived at Fondren Rd (the address on the NTA).',
    'Phone (Dilcia): 713-555-0163. Kevin has his own phone: 832-555-0129. Email (Dilcia): dilcia.reyes@example.com.',
    'Previous attorney: Lucas Brennan (Brennan Immigration Law, EOIR ID NB482117) withdrew in December 2025; the family has no attorney now.',
    'Plan: Dilcia will ask EOIR herself, as Kevin\'s mother, for Kevin\'s record of proceeding (EOIR-59), and attach his birth certificate showing she is his mother.',
  ]);
  txt(c, 'emails_legal_aid_EOIR-59.txt', `
From: Sade Okonkwo <sokonkwo@gulfcoastlegalaid.example.org>
To: Dilcia Reyes <dilcia.reyes@example.com>
Date: Tue, 20 Jan 2026 09:30
Subject: Kevin - records request (EOIR-59)

Hola Dilcia,

As we discussed, you will send the EOIR-59 yourself, as Kevin's mother, and the records will come
to you. A few questions so I can prepare it:
1. Do you want everything in Kevin's file, or only some records?
2. Is the phone for the letter still 713-555-0163?

Sade Okonkwo, Volunteer, Gulf Coast Immigrant Legal Aid

-----------------------------------------------------------------------
From: Dilcia Reyes <dilcia.reyes@example.com>
To: Sade Okonkwo <sokonkwo@gulfcoastlegalaid.example.org>
Date: Tue, 20 Jan 2026 21:12
Subject: RE: Kevin - records request (EOIR-59)

Hi Sade,
1. Only the record of proceeding and the audio of Kevin's hearing of September 18, 2024, please -
   not everything. Mr. Brennan already gave us the rest.
2. My phone changed last week, the new one is 713-555-0172. The 0163 number does not work anymore.
   Kevin's phone is the same (832-555-0129).

Do I put Mr. Brennan's information? He is not our lawyer anymore.

Dilcia

-----------------------------------------------------------------------
From: Sade Okonkwo <sokonkwo@gulfcoastlegalaid.example.org>
To: Dilcia Reyes <dilcia.reyes@example.com>
Date: Wed, 21 Jan 2026 08:05
Subject: RE: Kevin - records request (EOIR-59)

No, nothing about Mr. Brennan goes on the form - you are the recipient, as his parent, and you
have no EOIR ID. I'll fill it in with your new phone number. You will sign and date it when you
come in on Friday.
`);
  caseJson(c, 'us-doj-eoir59',
    'EOIR-59 records request a mother files for her 15-year-old son (Part A the son, Part B and C the mother as recipient and parent): the son\'s Notice to Appear as a scan (old address), the legal-aid intake notes DOCX (the whole family with A-numbers and birth data, the former attorney) and an email thread (only some records, a new phone number).',
    [
      ['users1_a_number', 'A1 Alien Registration Number', '218447903', 'digits'],
      ['users1_name', 'A2 Current legal name (Last, First, Middle)', 'Alvarado Reyes, Kevin Josue', 'text'],
      ['users1_previous_names', 'A3 Other names by which you have been known', 'Kevin Reyes', 'text'],
      ['users1_mailing_address_address', 'A4 Current address: street number and name', '7330 Bellerive Dr', 'text'],
      ['users1_mailing_address_unit', 'A4 Apartment or unit number', '1214', 'text'],
      ['users1_mailing_address_city_state', 'A4 City and state or province', 'Houston, TX', 'text'],
      ['users1_mailing_address_zip', 'A4 Zip code', '77036', 'digits'],
      ['users1_phone_number', 'A4 Telephone number', '8325550129', 'digits'],
      ['users1_previous_address_address', 'A5 Previous address: street number and name', '2210 Fondren Rd', 'text'],
      ['users1_previous_address_unit', 'A5 Apartment or unit number', '87', 'text'],
      ['users1_previous_address_city_state', 'A5 City and state or province', 'Houston, TX', 'text'],
      ['users1_previous_address_zip', 'A5 Zip code', '77063', 'digits'],
      ['users1_previous_phone_number', 'A5 Telephone number', '8325550114', 'digits'],
      ['users1_birthdate', 'A6 Date of birth (mm/dd/yyyy)', '2010-03-14', 'date'],
      ['country_of_citizenship', 'A7 Country of nationality or citizenship', 'Honduras', 'text'],
      ['place_of_birth', 'A8 Place of birth', 'San Pedro Sula, Honduras', 'text'],
      ['release_exact', 'A9 Only release the following records', 'Yes', 'checkbox'],
      ['recipient_name', 'B1 Recipient\'s full name (Last, Middle, First)', 'Reyes Mejia, Dilcia', 'text'],
      ['recipient_mailing_address_address', 'B3 Recipient street number and name', '7330 Bellerive Dr', 'text'],
      ['recipient_mailing_address_unit', 'B3 Recipient apartment or unit number', '1214', 'text'],
      ['recipient_mailing_address_city_state', 'B3 Recipient city and state', 'Houston, TX', 'text'],
      ['recipient_mailing_address_zip', 'B3 Recipient zip code', '77036', 'digits'],
      ['recipient_mailing_phone_number', 'B3 Recipient telephone number', '7135550172', 'digits'],
      ['recipient_email', 'B4 Recipient\'s email address', 'dilcia.reyes@example.com', 'text'],
      ['recipient_parent', 'B5 Parent or guardian', 'Yes', 'checkbox'],
      ['parent_birthdate', 'C1 Parent: date of birth (mm/dd/yyyy)', '1986-11-02', 'date'],
      ['parent_place_of_birth', 'C2 Parent: place of birth', 'La Ceiba, Honduras', 'text'],
      ['parent_address_address', 'C3 Parent: street number and name', '7330 Bellerive Dr', 'text'],
      ['parent_address_unit', 'C3 Parent: apartment or unit number', '1214', 'text'],
      ['parent_address_city_state', 'C3 Parent: city and state', 'Houston, TX', 'text'],
      ['parent_address_zip', 'C3 Parent: zip code', '77036', 'digits'],
      ['parent_relationship', 'C4 Relation to subject of record', 'Mother', 'text'],
      ['proof_relationship', 'C: I attach proof of my relationship', 'Yes', 'checkbox'],
    ],
    ['release_all', 'recipient_org', 'recipient_mailing_care_name', 'recipient_lawyer', 'recipient_other', 'recipient_other_explain', 'recipient_eoir_number', 'signature', 'today_date'],
    'Three parts for two people: Part A is the son (his A-number, not his mother\'s or sister\'s from the intake table; his own phone 832-555-0129), Parts B and C the mother. Name order differs by part: A2 is Last, First, Middle ("Alvarado Reyes, Kevin Josue"), B1 Last, Middle, First (the mother has no middle name). The NTA\'s Fondren Rd address and 0114 phone are the previous address (A5); the current one is Bellerive Dr (intake notes), split into street / apartment / "City and State" / ZIP. The recipient phone is the mother\'s new 0172 number from her later email, not 0163. Only some records: "Only release the following" (release_all off); the wording of the records is not judged. The former attorney (name, firm, EOIR ID) and the father go nowhere: the lawyer box, organisation and EOIR-ID stay empty. The signature and date are hers to write on Friday. The countries (A4/A5/B3/C3, free wording) are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['s11-tremblay-nakamura-foreign-summer-course'] = async (c) => {
  scan(c, 'T2202_2025_Foothills_Institute.jpg', pango(`<b>Tuition and Enrolment Certificate  T2202  2025</b>                 Canada Revenue Agency

Name and address of educational institution:                    Student number: 000418822
FOOTHILLS INSTITUTE OF TECHNOLOGY                                Flying school or club: [ ]
1301 16 AVE NW, CALGARY AB  T2M 0L4

Name and address of student:                                     Social insurance number: ***  ***  417
OWEN TREMBLAY-NAKAMURA
2415 KENSINGTON RD NW APT 301, CALGARY AB  T2N 3R9

<b>21</b> Program name or course:  Diploma - Geomatics Engineering Technology

<b>23</b> Session periods         <b>24</b> Number of months     <b>25</b> Number of months     <b>26</b> Eligible tuition fees,
     From YY/MM  To YY/MM       part-time                full-time                part-time and full-time
     25/01       25/04          4                        0                        1,480.00
     25/09       25/12          0                        4                        4,940.00

<b>Totals</b>                       <b>4</b>                        <b>4</b>                        <b>6,420.00</b>

Information for the student: see the back of this certificate to transfer the current-year
tuition amount to a designated individual.`, 10), { width: 1600, rotate: 0.5 });
  await pdf(c, 'Notice_of_Assessment_2024_Owen.pdf', [
    '# Canada Revenue Agency                                   Notice of assessment',
    'Tax year: 2024          Date issued: April 22, 2025          Social insurance number: *** *** 417',
    'OWEN TREMBLAY-NAKAMURA, 2415 KENSINGTON RD NW APT 301, CALGARY AB  T2N 3R9',
    '',
    'We assessed your 2024 income tax and benefit return and calculated your balance.',
    row(['Total income (line 15000)', 56], ['$41,306.00', 380]),
    row(['Net income (line 23600)', 56], ['$40,118.00', 380]),
    row(['Taxable income (line 26000)', 56], ['$40,118.00', 380]),
    row(['Refund', 56], ['$612.44', 380]),
    '',
    '# Tuition and education amounts',
    'Unused federal tuition, education, and textbook amounts available to carry forward to 2025:  $3,115.00',
    'Unused Alberta tuition and education amounts available to carry forward:  $4,960.00',
    '',
    '# Canada training credit',
    'Your Canada training credit limit for 2024 was $500.00. You claimed $0.00 in 2024.',
    'Your Canada training credit limit for 2025 is $750.00.',
    '',
    '# RRSP deduction limit',
    'Your 2025 RRSP deduction limit is $8,940.00.',
  ]);
  await pdf(c, 'TL11A_2025_Cascadia_State_University.pdf', [
    '# TL11A  Tuition and Enrolment Certificate - University Outside Canada   2025',
    'Name of university: CASCADIA STATE UNIVERSITY, 516 High St, Bellingham WA 98225, United States',
    'Name of student: Owen Tremblay-Nakamura         Address: 2415 Kensington Rd NW Apt 301, Calgary AB T2N 3R9',
    'Name of program or course: Summer field school - GIS and remote sensing (credit course, 6 weeks)',
    '',
    row(['Session', 56], ['A  Period (YY/MM to YY/MM)', 130], ['B  Part-time months', 280], ['C  Full-time months', 380], ['D  Eligible fees', 480]),
    row(['1', 56], ['25/07 to 25/08', 130], ['0', 280], ['2', 380], ['US$1,960.00', 480]),
    '',
    'Eligible tuition fees in Canadian dollars (converted at the Bank of Canada rate on the day paid): CAD 2,684.00',
    'The student was enrolled full-time in a course of at least three consecutive weeks leading to a degree.',
    '',
    'Certified by: Registrar, Cascadia State University            Date: 10/02/2025',
  ]);
  txt(c, 'emails_Owen_and_Mom_tuition.txt', `
From: Keiko Nakamura <keiko.nakamura@example.ca>
To: Owen Tremblay-Nakamura <owen.tn@example.ca>
Cc: Hana Tremblay-Nakamura <hana.tn@example.ca>
Date: Sun, 8 Mar 2026 19:22
Subject: tuition slips

Owen, Hana already signed the back of her T2202 and transferred me her $5,000 (her fees were
$7,200 at U of C). Can you do the same with yours so I can claim it on my return?

Mom

-----------------------------------------------------------------------
From: Owen Tremblay-Nakamura <owen.tn@example.ca>
To: Keiko Nakamura <keiko.nakamura@example.ca>
Cc: Hana Tremblay-Nakamura <hana.tn@example.ca>
Date: Sun, 8 Mar 2026 21:05
Subject: RE: tuition slips

Sorry Mom, not this year - I'm working again and I owe tax, so I'm using my tuition myself and
carrying forward what's left. I left the back of the T2202 blank, nothing is transferred.

For my Schedule 11: the Foothills T2202 (part-time in the winter, full-time in the fall) and the
Cascadia summer course (the TL11A, use the CAD amount). My NOA has the carry-forward and the
training credit limit. I'm not disabled, so that box stays empty.

Owen
`);
  const l = (n, a = 'Amount[0]') => `form1[0].Page1[0].YourTuition[0].Line${n}[0].${a}`;
  const e = 'form1[0].Page2[0].Enrolment[0].';
  caseJson(c, 'ca-t1-sched11-2025',
    'CRA T1 Schedule 11 (2025), federal tuition amount and Canada training credit, for a 29-year-old diploma student who keeps his tuition: a scanned T2202 (two sessions), the 2024 notice of assessment PDF (two training-credit limits, two carry-forwards), a TL11A PDF for a summer course abroad (USD and CAD) and an email thread with his mother, who asks for a transfer he declines (his sister\'s fees in it).',
    [
      [l(1, 'Amount2[0]'), 'Line 32000 / 1 Eligible tuition fees paid to Canadian educational institutions for 2025', '6420.00', 'amount'],
      [l(3), 'Line 3 Your Canada training credit limit from your latest notice of assessment', '750.00', 'amount'],
      [l(7), 'Line 32001 / 7 Eligible tuition fees paid to foreign educational institutions for 2025', '2684.00', 'amount'],
      [l(9), 'Line 9 Unused federal tuition from your 2024 notice of assessment', '3115.00', 'amount'],
      [e + 'Line32010[0].Part_time_months[0]', 'Line 32010 Number of months enrolled part-time (T2202 box 24, TL11A column B)', '4', 'digits'],
      [e + 'Line32020[0].Part_time_months[0]', 'Line 32020 Number of months enrolled full-time (T2202 box 25, TL11A column C)', '6', 'digits'],
    ],
    [e + 'Line32005[0].CheckBox[0]', 'form1[0].Page2[0].Transfer_CF[0].Line24[0].Amount[0]'],
    'Tooltips carry the line numbers; the documents use box numbers (T2202 box 24/25/26, TL11A columns B/C). Line 1 is the T2202 total of box 26 (6,420.00), the TL11A fees go on line 7 in Canadian dollars (2,684.00, not US$1,960.00). From the notice of assessment: the training credit limit for 2025 (750, not the 2024 limit of 500) and the federal carry-forward (3,115, not the Alberta 4,960). Months: part-time 4 (T2202 box 24, TL11A column B 0); full-time 4 from the T2202 plus 2 from the TL11A = 6, as the line asks. He transfers nothing (line 24 empty) although his mother asks, and his sister\'s $7,200 and $5,000 are hers; he is not disabled (box 32005 off). The derived lines (2, 4-6, 8, 10-23, 25), line 5 (his choice of claim) and lines 11/12 (from a return not given) are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['il1040-brandvold-joint-moved'] = async (c) => {
  await pdf(c, '2021_Federal_Return_Summary_Brandvold.pdf', [
    '# 2021 Federal Income Tax Return - Summary (prepared with HomeTax Deluxe)',
    'Taxpayer: Harold J Brandvold   SSN ***-**-4412      Spouse: Sunita R Brandvold   SSN ***-**-4490',
    'Filing status: Married filing jointly          Dependents claimed: none',
    '',
    '# Form 1040 / 1040-SR',
    row(['1    Wages, salaries, tips (Form W-2)', 56], ['46,200', 440]),
    row(['2a   Tax-exempt interest', 56], ['312', 440]),
    row(['2b   Taxable interest', 56], ['1,048', 440]),
    row(['4b   IRA distributions, taxable amount', 56], ['0', 440]),
    row(['5b   Pensions and annuities, taxable amount', 56], ['18,400', 440]),
    row(['6b   Social security benefits, taxable amount', 56], ['14,212', 440]),
    row(['9    Total income', 56], ['79,860', 440]),
    row(['11   Adjusted gross income', 56], ['79,860', 440]),
    row(['12a  Standard deduction (both spouses; taxpayer 65 or older)', 56], ['26,450', 440]),
    row(['15   Taxable income', 56], ['53,410', 440]),
    row(['25a  Federal income tax withheld from Forms W-2', 56], ['4,310', 440]),
    row(['35a  Refund', 56], ['1,208', 440]),
    '',
    'Note: Illinois return (IL-1040) to be prepared separately.',
  ]);
  scan(c, 'W-2_2021_Sunita_Riverfront_Dental.jpg', pango(`<b>Form W-2  Wage and Tax Statement  2021</b>          Copy 2 - To Be Filed With Employee's State Income Tax Return

<b>a</b> Employee's social security number  <b>900-37-4490</b>          <b>b</b> Employer identification number  00-5512093
<b>c</b> Employer's name, address, and ZIP code
     RIVERFRONT DENTAL GROUP PC, 200 SW WATER ST, PEORIA IL 61602
<b>e</b> Employee's first name and initial   Last name
     SUNITA R                            BRANDVOLD
<b>f</b> Employee's address and ZIP code
     919 NE GLEN OAK AVE, PEORIA IL 61603

<b>1</b> Wages, tips, other comp.   46200.00        <b>2</b> Federal income tax withheld   4310.00
<b>3</b> Social security wages      46200.00        <b>4</b> Social security tax withheld  2864.40
<b>5</b> Medicare wages and tips    46200.00        <b>6</b> Medicare tax withheld          669.90
<b>15</b> State  IL   Employer's state ID 4417-0092   <b>16</b> State wages  46200.00   <b>17</b> State income tax  <b>2116.00</b>`, 10), { width: 1600, rotate: -0.6 });
  scan(c, 'voided_check_Heartland_Prairie.jpg', pango(`HAROLD J BRANDVOLD                                                          1042
SUNITA R BRANDVOLD
1408 W MOSS AVE APT 2                                             Date ______________
PEORIA IL 61606

Pay to the order of  ______________<b>V O I D</b>______________________    $ __________

HEARTLAND PRAIRIE BANK - PEORIA, ILLINOIS          JOINT CHECKING
Memo _____________                                  _________________________________

   :071925558:    5540019823"    1042`, 14), { width: 1400, rotate: 0.9 });
  txt(c, 'emails_Meera_IL-1040_2021.txt', `
From: Meera Brandvold <meera.brandvold@example.com>
To: Harold Brandvold <harold.brandvold@example.com>
Cc: Sunita Brandvold <sunita.brandvold@example.com>
Date: Sat, 12 Mar 2022 11:40
Subject: your Illinois return

Dad, Mom - the federal return is done (summary attached). For the IL-1040 I need to confirm:
1) the address - the W-2 still has Glen Oak Ave;
2) refund by direct deposit or paper check?
3) anything about your ages/health the form asks (65 or older, blind)?
4) phone number for the form.
I'm not charging you, so I won't sign as a paid preparer.

Meera

-----------------------------------------------------------------------
From: Harold Brandvold <harold.brandvold@example.com>
To: Meera Brandvold <meera.brandvold@example.com>
Cc: Sunita Brandvold <sunita.brandvold@example.com>
Date: Sat, 12 Mar 2022 16:02
Subject: RE: your Illinois return

1) We moved on December 4: 1408 W Moss Ave, Apt 2, Peoria, IL 61606 (Peoria County).
2) Direct deposit into our joint checking at Heartland Prairie - I attached a voided check.
3) I was born in 1954, so I'm 67; Mom was born in 1958 (63). Neither of us is blind, and nobody
   else can claim us. We made no estimated payments.
4) My cell, (309) 555-0148. Use my email for the form.

Please don't put yourself as the person the Department can call - I'll deal with them myself.
Raj (900-41-2256) filed his own return in Chicago, he's not on ours.

Dad
`);
  caseJson(c, 'il-1040-2021',
    'Illinois IL-1040 (2021) for a married couple filing jointly who moved in December: the federal return summary PDF, the wife\'s W-2 as a scan (old address, Illinois withholding), a scanned voided check, and an email thread with the daughter who prepares it unpaid (their son\'s SSN in it).',
    [
      ['name1', 'A Your first name and middle initial', 'Harold J', 'text'],
      ['name2', 'Your last name', 'Brandvold', 'text'],
      ['YoB', 'Year of birth', '1954', 'digits'],
      ['ssn1', 'Your social security number', '900374412', 'digits'],
      ['name3', 'Spouse\'s first name and middle initial', 'Sunita R', 'text'],
      ['name4', 'Spouse\'s last name', 'Brandvold', 'text'],
      ['SpYoB', 'Spouse\'s year of birth', '1958', 'digits'],
      ['ssn4', 'Spouse\'s social security number', '900374490', 'digits'],
      ['address', 'Mailing address', '1408 W Moss Ave', 'text'],
      ['apt', 'Apartment number', '2', 'text'],
      ['city', 'City', 'Peoria', 'text'],
      ['st', 'State', 'IL', 'text'],
      ['zip', 'ZIP or postal code', '61606', 'digits'],
      ['County', 'County (Illinois only)', 'Peoria', 'text'],
      ['emailadd', 'Email address', 'harold.brandvold@example.com', 'text'],
      ['Check Box1', 'B Filing status: Married filing jointly (the widget whose on-state is named "Single or head of household")', 'Single or head of household', 'choice'],
      ['Check Box3', '10b Check if 65 or older: You', 'Yes', 'checkbox'],
      ['1', 'Line 1 Federal adjusted gross income (federal Form 1040, line 11)', '79860', 'amount'],
      ['2', 'Line 2 Federally tax-exempt interest and dividend income (federal line 2a)', '312', 'amount'],
      ['25', 'Line 25 Illinois Income Tax withheld', '2116', 'amount'],
      ['Refund Method', '38a I choose to receive my refund by direct deposit', 'direct deposit - Complete the information below if you check this box.', 'choice'],
      ['rn1', '38a Routing number', '071925558', 'digits'],
      ['Check Box11', '38a Checking', 'Checking', 'choice'],
      ['ac1', '38a Account number', '5540019823', 'digits'],
      ['DaytimeAreaCode', 'Daytime phone number: area code', '309', 'digits'],
      ['DaytimePhoneNumber', 'Daytime phone number', '5550148', 'digits'],
    ],
    ['month', 'year', 'foreign', 'Check Box1c', 'Check Box1cc', 'Check Box7', 'Check Box4', 'Check Box5', 'Check Box6', '26', 'Check Box8b', 'PreparerName', 'PreparerFirmName', 'PreparerPTIN', 'ThirdPartyName', 'ThirdPartyAreaCode', 'CheckBoxDiscuss'],
    'Filing status is a radio group whose widget names do not say the box: the box printed "Married filing jointly" has the on-state "Single or head of household" (the label wins). The mailing address is split (street / apartment / city / state / ZIP) from the one-line new address of the email, not the W-2\'s Glen Oak Ave; county Peoria. The spouse is on this joint return (spouse name/YoB/SSN expected); the son Raj and his SSN go nowhere. Only the taxpayer is 65 or older (10b You, not Spouse); nobody is blind; nobody can claim them (C boxes off); residents all year (D off). Line 1 is the federal AGI (79,860), line 2 the tax-exempt interest 312 (not the taxable 1,048), line 25 the W-2 box 17 (2,116). Direct deposit to checking with routing/account from the voided check (the check number 1042 is not part of the account number). Phone split into area code and number. The daughter is unpaid and declines to be designee: preparer and third-party fields stay empty; no estimated payments (line 26 empty, not 0). Line 5 (a sum of federal lines), the exemption lines and every derived line are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['888-osullivan-witness-for-couple'] = async (c) => {
  scan(c, 'VicRoads_licence_Brigid.jpg', pango(`<b>VICTORIA  AUSTRALIA</b>                     <b>DRIVER LICENCE</b>

<b>O'SULLIVAN</b>
<b>BRIGID ANN</b>

14 PLEASANT ST SOUTH
SEBASTOPOL VIC 3356

LICENCE No.  0418 227 55          LICENCE EXPIRY  21-06-2029
DATE OF BIRTH  03-02-1968         LICENCE TYPE  CAR
CONDITIONS  S`, 14), { width: 1100, rotate: -0.8 });
  await docx(c, 'Brigid_draft_answers_form_888.docx', [
    '# Form 888 - my draft answers (Brigid O\'Sullivan), for Priscilla to type up',
    [
      ['Question', 'My answer'],
      ['Visa applicant', 'Valentina Ospina Restrepo (Colombian) - family name on her passport is OSPINA RESTREPO'],
      ['How long have I known her', '4 years'],
      ['Her partner', 'Callum James Whitford'],
      ['How long have I known him', '11 years'],
      ['How I know them', 'Callum and I have worked together at Ballarat Base Hospital pharmacy since 2015. I met Valentina in 2022 when Callum brought her to our staff Christmas dinner; since then I see them both most weekends (Sunday lunch at ours, bushwalks) and we message every few days.'],
      ['Genuine and continuing?', 'Yes. They moved in together in March 2023, share the house in Wendouree and all the bills, and looked after each other when Callum had his knee operation. They are planning their wedding for next year.'],
      ['Anything else', 'My husband Declan is doing his own statement.'],
    ],
    'Identity: I will attach a certified copy of my Australian passport (PA4471208) as evidence of my identity and citizenship.',
  ]);
  txt(c, 'emails_Goldfields_Migration_888.txt', `
From: Priscilla Ng <priscilla@goldfieldsmigration.example.com.au>
To: Brigid O'Sullivan <brigid.osullivan@example.com.au>
Cc: Callum Whitford <callum.whitford@example.com.au>
Date: Tue, 3 Feb 2026 09:15
Subject: Form 888 for Valentina and Callum - your supporting statement

Dear Brigid,

Thank you for agreeing to write a Form 888 for Valentina's partner visa (subclass 820/801). I will
type your draft answers into the form for you to check, sign and date. Please confirm your
current residential address - your driver licence copy shows Sebastopol.

Declan's statement is a separate Form 888 with his own details; please don't mix them.

Kind regards,
Priscilla Ng, Registered Migration Agent, Goldfields Migration

-----------------------------------------------------------------------
From: Brigid O'Sullivan <brigid.osullivan@example.com.au>
To: Priscilla Ng <priscilla@goldfieldsmigration.example.com.au>
Cc: Callum Whitford <callum.whitford@example.com.au>
Date: Tue, 3 Feb 2026 20:41
Subject: RE: Form 888 for Valentina and Callum - your supporting statement

Hi Priscilla,

We moved in November and I haven't updated the licence yet. Our address is now
27 Wattle Grove Road, Alfredton VIC 3350.

Yes, I'm attaching the certified copy of my passport with the statement. I'll sign and date it
when I drop it off.

Brigid

-----------------------------------------------------------------------
From: Callum Whitford <callum.whitford@example.com.au>
To: Priscilla Ng <priscilla@goldfieldsmigration.example.com.au>
Date: Tue, 3 Feb 2026 21:03
Subject: RE: Form 888 for Valentina and Callum

Thanks Brigid! Priscilla - Valentina's sister Camila Ospina (in Medellin) is also writing a
statement, but she is not an Australian citizen, so I guess hers is just a letter.
`);
  caseJson(c, 'au-homeaffairs-888',
    'Australian Form 888 (supporting statement for a partner visa) by a friend of the couple: her driver licence as a scan (old address), her draft answers DOCX, and an email thread with the migration agent and the sponsor (her husband and the applicant\'s sister write their own statements).',
    [
      ['hofullname', 'Person making the statement: family name', 'O\'Sullivan', 'text'],
      ['fullname', 'Person making the statement: given names', 'Brigid Ann', 'text'],
      ['address', 'Your residential address', '27 Wattle Grove Road, Alfredton VIC', 'text'],
      ['ap.dec hap', 'Postcode', '3350', 'digits'],
      ['hoduongdon', '1 Visa applicant: family name', 'Ospina Restrepo', 'text'],
      ['duongdon', '1 Visa applicant: given names', 'Valentina', 'text'],
      ['sonamquenbiet', '1 How long have you known this person? (applicant)', '4 years', 'text'],
      ['hobaolanh', '2 Applicant\'s partner: family name', 'Whitford', 'text'],
      ['baolanh', '2 Applicant\'s partner: given names', 'Callum James', 'text'],
      ['sonamquenbietdc', '2 How long have you known this person? (partner)', '11 years', 'text'],
      ['ap.citizen evidence', '6 Have you attached evidence of your identity? Yes', 'yes', 'choice'],
    ],
    ['now'],
    'The field names are Vietnamese abbreviations that say nothing (hofullname/fullname = the witness, hoduongdon/duongdon = the applicant, hobaolanh/baolanh = the partner, sonamquenbiet/-dc = how long known): only the page\'s layout tells the three people apart. Family and given names split; the licence\'s Sebastopol address and postcode are old (the email of 3 February gives the new one), and the postcode has its own box, so the address line is street, suburb and state. The husband Declan and the sister Camila write their own statements: nothing of theirs goes here. Question 6 is Yes (she attaches her passport copy). She signs and dates it herself: the date stays empty. The narrative answers (3-5) and the box beside the postcode ("ap.dec cntry") are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['karate-dan-ferreira-new-club'] = async (c) => {
  await filled(c, 'solicitud_shodan_2025_Tiago.pdf', 'jp-karate-dan-application', {
    nationality: 'Portugal', examination_date: '16/03/2025', family_name: 'Ferreira Alves', first_name: 'Tiago Miguel',
    date_birth: '07/11/1994', club_name: 'Club Shotokan Turia (Valencia)', place_birth: 'Braga',
    address: 'Av. del Port 118, 5a, 46023 Valencia, Spain', height: '178', weight: '79',
    occupation: 'Physiotherapist', current_grade: '1st Kyu',
  });
  scan(c, 'passaporte_Tiago.jpg', pango(`<b>REPÚBLICA PORTUGUESA</b>                        <b>PASSAPORTE / PASSPORT</b>
Tipo/Type  P     Código/Code  PRT     Passaporte n.º/Passport No.  <b>CB418227</b>

Apelido(s)/Surname:  <b>FERREIRA ALVES</b>
Nome(s) próprio(s)/Given names:  <b>TIAGO MIGUEL</b>
Nacionalidade/Nationality:  PORTUGUESA
Data de nascimento/Date of birth:  <b>07 11 1994</b>        Sexo/Sex:  M
Local de nascimento/Place of birth:  <b>BRAGA</b>
Altura/Height:  1,78
Data de emissão/Date of issue:  12 05 2022      Data de validade/Date of expiry:  12 05 2027

P‹PRTFERREIRA‹ALVES‹‹TIAGO‹MIGUEL‹‹‹‹‹‹‹‹‹‹‹‹‹‹
CB418227‹4PRT9411071M2705125‹‹‹‹‹‹‹‹‹‹‹‹‹‹00`, 12), { width: 1600, rotate: 0.7 });
  await xlsx(c, 'candidatos_examen_dan_marzo_2026.xlsx', [{
    name: 'Candidatos', width: 22,
    rows: [
      ['Nombre', 'Apellidos', 'Club', 'Grado actual', 'Grado al que se presenta', 'Fecha nacimiento', 'Peso (kg)', 'Altura (cm)', 'Profesión'],
      ['Lucía', 'Martín Soler', 'Asociación Karate Shotokan Benimaclet', 'Nidan', 'Sandan', '22/04/1988', 58, 164, 'Profesora'],
      ['Tiago Miguel', 'Ferreira Alves', 'Asociación Karate Shotokan Benimaclet', 'Shodan', 'Nidan', '07/11/1994', 74, 178, 'Fisioterapeuta'],
      ['Andreu', 'Ferrer Alvés', 'Club Shotokan Turia', 'Shodan', 'Nidan', '19/01/1996', 81, 183, 'Ingeniero'],
      ['Noa', 'Ibáñez Roig', 'Asociación Karate Shotokan Benimaclet', '1er Kyu', 'Shodan', '03/09/2004', 62, 170, 'Estudiante'],
    ],
  }]);
  txt(c, 'emails_sensei_examen_dan.txt', `
From: Javier Roig <sensei.roig@example.es>
To: Tiago Ferreira <tiago.ferreira@example.pt>; Lucía Martín <lucia.martin@example.es>
Date: Mon, 2 Feb 2026 18:30
Subject: Dan examination - March 2026 - application forms

Hi both,

The SKIF Dan examination in Valencia will be on 22/03/2026. Please send me the SKIF "Application
for Dan registration" (the Japanese/English form, in English) by the end of February. Use the
details from our club list; the club name is "Asociación Karate Shotokan Benimaclet" (Tiago, not
your old club any more). Dates on the form are Day/Month/Year.

Javier

-----------------------------------------------------------------------
From: Tiago Ferreira <tiago.ferreira@example.pt>
To: Javier Roig <sensei.roig@example.es>
Date: Tue, 3 Feb 2026 08:12
Subject: RE: Dan examination - March 2026 - application forms

Thanks sensei. Note I moved in January: Carrer de Sueca 41, pta 6, 46006 Valencia, Spain.
Occupation physiotherapist as before. I copied last year's form, but my weight is 74 now.

Tiago

-----------------------------------------------------------------------
From: Javier Roig <sensei.roig@example.es>
To: Tiago Ferreira <tiago.ferreira@example.pt>; Lucía Martín <lucia.martin@example.es>
Date: Fri, 13 Feb 2026 12:47
Subject: RE: Dan examination - March 2026 - CHANGE OF DATE

Change: the federation has moved the examination one week later, to Sunday 29 March 2026.
Please put the new date on your forms.
`);
  caseJson(c, 'jp-karate-dan-application',
    'SKIF Dan registration form (Japanese/English, scanned page with fields, Day/Month/Year dates; the blank form comes with a nationality already typed in Japanese) for a Portuguese karateka in Spain: his filled form of last year (old club, address, weight, grade, exam date), his passport scan, the club\'s candidate list XLSX (four candidates, one with a similar name) and an email thread with the instructor (new club, new address, exam date moved).',
    [
      ['nationality', 'Nationality (the blank form has "スペイン" typed in)', 'Portugal', 'text'],
      ['examination_date', 'Date of examination (Day/Month/Year)', '29032026', 'digits'],
      ['family_name', 'Family name', 'Ferreira Alves', 'text'],
      ['first_name', 'First name', 'Tiago Miguel', 'text'],
      ['date_birth', 'Date of birth (Day/Month/Year)', '07111994', 'digits'],
      ['club_name', 'Karate organization, name of club', 'Asociación Karate Shotokan Benimaclet', 'text'],
      ['place_birth', 'Place of birth', 'Braga', 'text'],
      ['address', 'Present address', 'Carrer de Sueca 41, pta 6, 46006 Valencia, Spain', 'text'],
      ['height', 'Height (cm)', '178', 'digits'],
      ['weight', 'Weight (kg)', '74', 'digits'],
      ['occupation', 'Occupation', 'Physiotherapist', 'text'],
    ],
    [],
    'Field names are plain English, the page is a scanned image (no text layer for labels) and half bilingual. The blank form already holds "スペイン" (Spain) in the nationality box: he is Portuguese (passport), so the box must be replaced with Portugal. Dates are Day/Month/Year on the form (judged as digits in that order): birth 07/11/1994 is 7 November (passport "07 11 1994", MRZ 941107), not July 11; the exam was moved from 22/03 to 29/03/2026. Last year\'s form has the old club, the old address, 79 kg, 1st Kyu and the 2025 exam date; the new club, address and weight come from the instructor\'s email, the XLSX and his reply. The XLSX row to use is his (Andreu Ferrer Alvés of the old club is another person); its occupation is in Spanish, the form is filled in English as the instructor asks. The present grade (Shodan / 1st Dan, wording free) is not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['ab428-oyelaran-couple-summaries'] = async (c) => {
  const lines = (who, sin, l) => [
    `# 2025 T1 return summary - ${who}`,
    `Social insurance number: ${sin}        Province of residence on December 31, 2025: Alberta`,
    'Marital status: Married (spouse: see the coupled return)',
    '',
    ...l.map(([n, t, v]) => row([n, 56], [t, 110], [v, 470])),
    '',
  ];
  await pdf(c, 'Oyelaran_2025_return_summaries_DRAFT.pdf', [
    'DRAFT - prepared with MapleTax 2025 (coupled return), printed March 14, 2026',
    '',
    ...lines('Marcus A. Oyelaran', '*** *** 208', [
      ['10100', 'Employment income', '88,420.00'], ['15000', 'Total income', '88,420.00'], ['20800', 'RRSP deduction', '3,505.00'],
      ['23600', 'Net income', '84,915.00'], ['26000', 'Taxable income', '84,915.00'], ['30800', 'CPP contributions through employment', '4,034.10'],
      ['31200', 'Employment insurance premiums', '1,077.48'], ['31900', 'Interest paid on your student loans', '412.60'],
      ['33099', 'Medical expenses for self, spouse and dependent children', '3,288.40'], ['S9-13', 'Donations: Schedule 9, line 13', '200.00'],
      ['S9-14', 'Donations: Schedule 9, line 14', '1,140.00'], ['40900', 'Federal political contributions', '100.00'],
    ]),
    '\f',
    ...lines('Ingrid L. Oyelaran', '*** *** 655', [
      ['10100', 'Employment income', '10,250.00'], ['15000', 'Total income', '10,250.00'], ['21200', 'Annual union dues', '380.00'],
      ['23600', 'Net income', '9,870.00'], ['26000', 'Taxable income', '9,870.00'], ['30800', 'CPP contributions through employment', '312.50'],
      ['31200', 'Employment insurance premiums', '166.05'],
    ]),
  ]);
  scan(c, 'political_contribution_receipts_Marcus.jpg', pango(`<b>OFFICIAL RECEIPT - ALBERTA POLITICAL CONTRIBUTION</b>            Receipt No. PCPA-2025-01877
Registered with Elections Alberta.  Prairie Commons Party of Alberta, 10150 100 St NW, Edmonton AB
Contributor: MARCUS A OYELARAN, 88 CRANBERRY WAY SE, CALGARY AB T3M 1K4
Date received: 2025-05-30           Amount of contribution: <b>$250.00</b>
This receipt is for Alberta income tax purposes (Alberta political contributions tax credit).

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -

<b>OFFICIAL RECEIPT FOR FEDERAL POLITICAL CONTRIBUTION</b>            Receipt No. NLP-44918
Northern Lights Party of Canada (registered party)
Contributor: MARCUS A OYELARAN, 88 CRANBERRY WAY SE, CALGARY AB T3M 1K4
Date received: 2025-10-02           Eligible amount of contribution: <b>$100.00</b>
For federal income tax purposes only (line 40900).`, 10), { width: 1500, rotate: 0.6 });
  txt(c, 'email_Ingrid_corrections.txt', `
From: Ingrid Oyelaran <ingrid.oyelaran@example.ca>
To: Marcus Oyelaran <marcus.oyelaran@example.ca>
Cc: Devika Rao <devika.rao@example.ca>
Date: Sun, 15 Mar 2026 10:26
Subject: AB428 - two things before Devika files

Marcus, Devika,

1. The student loan interest in the draft (412.60) is last year's number. The NSLSC statement for
   2025 says interest paid: $481.20. Please use that on the AB428 too.
2. The Alberta receipt is the $250 one; the Northern Lights one is federal only.

Everything else in the draft is right. The medical expenses are all on Marcus's return (my 380
of union dues are on mine). Neither of us is 65, disabled or has pension income, and there is no
split income, no dividends and no adoption.

Ingrid
`);
  const a = (pg, rest) => `form1[0].Page${pg}[0].${rest}`;
  caseJson(c, 'ca-ab428-2025',
    'CRA Form AB428 (2025), Alberta tax and credits, for the higher-income spouse of a couple: the draft coupled-return summary PDF (both spouses\' lines under the same line numbers), a scan of his Alberta and federal political contribution receipts, and his wife\'s email correcting one amount.',
    [
      [a(1, 'Line1[0].Amount[0]'), 'Line 1 Taxable income from line 26000 of your return', '84915.00', 'amount'],
      [a(1, 'Spouse-Net-Income[0].Line19[0].Amount[0]'), 'Line 19 Your spouse\'s net income from line 23600 of their return', '9870.00', 'amount'],
      [a(2, 'CPP-QPP[0].Line27[0].Amount[0]'), 'Line 58240 / 27 CPP or QPP contributions (line 30800 of your return)', '4034.10', 'amount'],
      [a(2, 'EI[0].Line29[0].Amount[0]'), 'Line 58300 / 29 Employment insurance premiums (line 31200 of your return)', '1077.48', 'amount'],
      [a(2, 'Line40[0].Amount[0]'), 'Line 58520 / 40 Interest paid on your student loans (line 31900)', '481.20', 'amount'],
      [a(2, 'Medical-Expenses[0].Line44[0].Amount[0]'), 'Line 58689 / 44 Medical expenses (line 33099 of your return)', '3288.40', 'amount'],
      [a(2, 'Medical-Expenses[0].Line45[0].Amount[0]'), 'Line 45 Amount from line 23600 of your return', '84915.00', 'amount'],
      [a(2, 'Donation-Gift[0].Line55[0].Amount1[0]'), 'Line 55 Amount from line 13 of your federal Schedule 9', '200.00', 'amount'],
      [a(2, 'Donation-Gift[0].Line56[0].Amount1[0]'), 'Line 56 Amount from line 14 of your federal Schedule 9', '1140.00', 'amount'],
      [a(3, 'PartC[0].Line71[0].Amount[0]'), 'Line 60030 / 71 Alberta political contributions made in 2025', '250.00', 'amount'],
    ],
    [a(1, 'Line17[0].Amount[0]'), a(1, 'Eligible-Dependant[0].Line22[0].Amount[0]'), a(1, 'Line24[0].Amount[0]'), a(2, 'CPP-QPP[0].Line28[0].Amount[0]'), a(2, 'EI[0].Line30[0].Amount[0]'), a(2, 'Line31[0].Amount[0]'),
      a(2, 'Line34[0].Amount[0]'), a(2, 'Line37[0].Amount[0]'), a(2, 'Line38[0].Amount[0]'), a(2, 'Line42[0].Amount[0]'), a(3, 'PartC[0].Line60[0].Amount[0]'), a(3, 'PartC[0].Line63[0].Amount[0]'), a(3, 'PartC[0].Line64[0].Amount1[0]')],
    'The fields are described by line numbers of the federal return ("line 26000 of your return"), and the summary lists the lines of both spouses under the same numbers: his lines for his own amounts (26000, 30800, 31200, 33099, 23600 on line 45), hers only for line 19 (her net income 9,870, not her taxable income, CPP or EI). The student loan interest is the corrected 481.20 of the later email, not the draft\'s 412.60. Line 71 takes only the Alberta receipt (250), not the federal 100. Schedule 9 lines 13 and 14 go in the left (amount) boxes of lines 55 and 56, not the percentage results. Nothing for age, eligible dependant, infirm dependants, self-employment CPP/EI, adoption, pension, disability, spouse transfers, split income, dividends or minimum tax: those stay empty. Printed constants (basic personal amount, base amounts, rates) and every derived line are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['hr-nakashima-pryce-new-hire'] = async (c) => {
  txt(c, 'ATS_export_new_hires_2026-02-09.csv', `
req_id,candidate_name,title,department,start_date,home_phone,personal_email,city,state,employee_type
GE-2291,Marcus Webb,Assembly Technician II,Manufacturing,2026-02-16,(503) 555-0117,mwebb@example.com,Gresham,OR,Hourly
GE-2304,Aurelia J. Nakashima-Pryce,Senior RF Engineer,R&D,2026-02-16,(503) 555-0176,aurelia.np@example.com,Tacoma,WA,Salaried
GE-2310,Priya Shah,Buyer,Procurement,2026-02-23,(971) 555-0102,pshah@example.com,Beaverton,OR,Salaried
`);
  await docx(c, 'Offer_letter_Nakashima-Pryce.docx', [
    '# GLOBAL ELECTRONICS - Human Resources',
    '4100 NW Science Park Dr, Hillsboro, OR 97124',
    'January 26, 2026',
    'Dr. Aurelia J. Nakashima-Pryce',
    '5117 N Pearl St, Tacoma, WA 98407',
    'Dear Dr. Nakashima-Pryce,',
    'We are pleased to offer you the position of Senior RF Engineer in our R&D group, reporting to Elena Vasquez, starting Monday, February 16, 2026.',
    [
      ['Position', 'Senior RF Engineer (exempt)'],
      ['Work phone (direct line)', '(503) 555-0193'],
      ['Annual salary', '$148,500'],
      ['Work location', 'Hillsboro campus, Building C'],
    ],
    'On your first day, please bring identification for Form I-9 and complete the HR Management System employee form (name, address, telephones, emergency contact, SSN, sex, date of birth and highest education).',
    'Tomasz Kowal, HR Coordinator',
  ]);
  scan(c, 'WA_drivers_license_and_SS_card.jpg', pango(`<b>WASHINGTON</b>  DRIVER LICENSE                          <b>USA</b>
DL  WDL4N7QP218B                     CLASS  C
<b>NAKASHIMA-PRYCE</b>
<b>AURELIA JOAN</b>
5117 N PEARL ST
TACOMA WA 98407
DOB  <b>09/04/1987</b>         SEX  F         HGT  5'-06"        EYES  BRN
ISS  10/12/2022          EXP  09/04/2030

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -

<b>SOCIAL SECURITY</b>
THIS NUMBER HAS BEEN ESTABLISHED FOR
            <b>900-66-2417</b>
            <b>AURELIA JOAN NAKASHIMA-PRYCE</b>
                                   SIGNATURE  <i>Aurelia Nakashima-Pryce</i>`, 13), { width: 1300, rotate: -0.7 });
  txt(c, 'emails_HR_onboarding.txt', `
From: Tomasz Kowal <tkowal@globalelectronics.example.com>
To: Aurelia Nakashima-Pryce <aurelia.np@example.com>
Date: Wed, 11 Feb 2026 14:05
Subject: Before Monday - HR form details

Hi Aurelia,

I'm pre-filling your HR Management System form. Could you confirm:
- your home address (the system still shows Tacoma),
- your emergency contact (name, relationship, phone),
- your highest level of education?

Thanks, Tomasz (HR Coordinator)

-----------------------------------------------------------------------
From: Aurelia Nakashima-Pryce <aurelia.np@example.com>
To: Tomasz Kowal <tkowal@globalelectronics.example.com>
Cc: Daniel Pryce <dan.pryce@example.com>
Date: Wed, 11 Feb 2026 19:48
Subject: RE: Before Monday - HR form details

Hi Tomasz,

- We moved last week: 1935 SE Salmon St, Unit 14, Portland, OR 97214. My license still has
  the Tacoma address.
- The home phone in your system (503-555-0176) was the movers' temporary line; our home number
  is (503) 555-0181.
- Emergency contact: my husband, Daniel Pryce, cell (503) 555-0158. (If you need a second one,
  my mother Hiroko Nakashima, (206) 555-0133, but she's in Seattle.)
- Education: Ph.D. in Electrical Engineering (Oregon State, 2016); before that an M.S. and a
  B.S. Please use "Dr" as my title.

Aurelia
`);
  caseJson(c, 'hr-sample-form',
    'An HR employee form (Global Electronics HR Management System; the PDF arrives filled with sample values "Foo Bar", "133 Tin Drive" that must be replaced) for a new engineer: the applicant-tracking CSV with three new hires, the offer letter DOCX (old address, work phone), a scan of her driver license and Social Security card, and an email thread with HR (new address, new home phone, husband and mother as contacts).',
    [
      ['Name_Last', 'Name: last', 'Nakashima-Pryce', 'text'],
      ['Name_First', 'Name: first', 'Aurelia', 'text'],
      ['Name_Middle', 'Name: middle', 'Joan', 'text'],
      ['Name_Prefix', 'Name: prefix', 'Dr', 'text'],
      ['Address_1', 'Address: street', '1935 SE Salmon St', 'text'],
      ['Address_2', 'Address: second street line', 'Unit 14', 'text'],
      ['City', 'City', 'Portland', 'text'],
      ['STATE', 'State', 'OR', 'text'],
      ['ZIP', 'ZIP', '97214', 'digits'],
      ['Telephone_Home', 'Telephone: home', '5035550181', 'digits'],
      ['Telephone_Work', 'Telephone: work', '5035550193', 'digits'],
      ['Emergency_Contact', 'Emergency contact: name', 'Daniel Pryce', 'text'],
      ['Emergency_Relationship', 'Emergency contact: relationship', 'Husband', 'text'],
      ['Emergency_Phone', 'Emergency contact: phone', '5035550158', 'digits'],
      ['SSN', 'Social security no.', '900662417', 'digits'],
      ['Sex', 'Sex: female', 'FEMALE', 'choice'],
      ['Birthdate', 'Date of birth (month/day/year)', '1987-09-04', 'date'],
      ['PHD', 'Education (highest level): Ph.D.', 'On', 'checkbox'],
    ],
    ['MASTERS DEGREE', 'TRADE CERTIFICATE', 'ASSOCIATES DEGREE'],
    'The blank form is not blank: its AcroForm holds sample values (Foo Q Bar Jr, Mr, 133 Tin Drive, South Bay, Timbuktu, WA, phones, SSN 111111111, Arch Rival, 08/29/2020, MALE, five education boxes on), so every judged field must be overwritten, and the sex radio changed to FEMALE. Split name (first / middle / last / prefix: "Dr" at her request; the middle name Joan from the license and SS card, the CSV and letter only give J.). The address is the new Portland one of her email, split street / second line / city / state / ZIP, not Tacoma (license, CSV, letter). Home phone is the corrected 0181, not the CSV\'s 0176; work phone from the offer letter. The emergency contact is the husband (primary); the mother is a second contact with no place on the form. Only the highest education (Ph.D.) is judged; the master\'s box, a likely wrong tick, stays off. The CSV\'s other two hires go nowhere. The suffix box and the sample values in boxes the documents do not answer (suffix, the other pre-ticked education boxes) are not judged.');
};

await runCases(root, cases);

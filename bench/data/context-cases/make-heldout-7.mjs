// Builds the documents and case.json of the held-out context cases written in session 20 (node,
// from the repository root):   node bench/data/context-cases/make-heldout-7.mjs CASE|all
// The documents are committed; this script records how they were made (scans get new noise on each
// run). The makers are in make-docs.mjs. Everyone is fictional (SSNs 900-xx-xxxx, 555-01xx phones,
// German 0761 555-01xx), and so are the organisations, brokers, banks and police reports.
import { documentMakers, runCases } from './make-docs.mjs';

const root = 'bench/data/context-cases/tune'; // its cases have rotated into tune/
const { txt, pdf, docx, xlsx, row, filled, scan, pango, caseJson } = documentMakers(root);
const cases = {};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// IRS Form 8949 (2025): a single taxpayer sells shares inherited from her mother (noncovered, basis
// not reported: long-term box E with the date-of-death value) and one short-term covered lot.
cases['f8949-okonkwo-inherited-noncovered'] = async (c) => {
  const p1 = 'topmostSubform[0].Page1[0].';
  const t1 = p1 + 'Table_Line1_Part1[0].';
  const p2 = 'topmostSubform[0].Page2[0].';
  const t2 = p2 + 'Table_Line1_Part2[0].';
  scan(c, '1099-B_2025_Harborview_Brokerage.jpg', pango(`<b>HARBORVIEW BROKERAGE SERVICES</b>        2025 Consolidated Form 1099          Page 3 of 6
PO Box 7720, Hartford CT 06101                       Account 5530-91877 (Individual)

RECIPIENT: <b>ADAEZE N OKONKWO</b>     TIN: ***-**-3318
           412 Quarry Hill Rd, Unit 9, Glastonbury CT 06033

<b>Form 1099-B  Proceeds From Broker and Barter Exchange Transactions</b>

<b>SHORT-TERM TRANSACTIONS FOR COVERED TAX LOTS</b> [Box A - basis reported to the IRS]
1a Description          1b Acquired   1c Sold      1d Proceeds    1e Cost basis   1g Wash
40 sh BRIGHTLINE SOLAR  02/10/2025    08/21/2025     1,284.40        1,510.00        0.00

<b>LONG-TERM TRANSACTIONS FOR NONCOVERED TAX LOTS</b> [Box E - basis NOT reported to the IRS]
1a Description               1b Acquired   1c Sold      1d Proceeds    1e Cost basis
200 sh NORTHFIELD RAIL CORP    VARIOUS     04/15/2025    10,412.50       (blank)
150 sh CASCADE WATER UTIL      VARIOUS     06/09/2025     8,937.00       (blank)
80 sh LAKESHORE MEDICAL DEV    VARIOUS     11/03/2025     9,020.80       (blank)

Noncovered lots: cost basis and acquisition date are not reported to the IRS. Lots transferred
in from Estate of Grace C Okonkwo on 07/22/2024.`, 10), { width: 1500, rotate: 0.5 });
  await pdf(c, 'Estate_appraisal_letter_final.pdf', [
    '# MERRITT & DASGUPTA LLP',
    'Attorneys at Law - 90 State House Square, Hartford, CT 06103 - (860) 555-0162',
    '',
    'January 30, 2026',
    '',
    'Ms. Adaeze N. Okonkwo',
    '412 Quarry Hill Rd, Unit 9',
    'Glastonbury, CT 06033',
    '',
    '# Re: Estate of Grace Chinwe Okonkwo - date-of-death values (final)',
    '',
    'Dear Ms. Okonkwo,',
    '',
    'The estate\'s final valuation of the listed securities at the date of death, March 2, 2024 (mean of',
    'the high and low prices), is below. It replaces the preliminary figures in our letter of May 2024,',
    'which used closing prices. Your tax basis in the shares distributed to you is this value.',
    '',
    row(['Security', 0], ['Shares to you', 220], ['Value per share', 320], ['Your basis', 440]),
    row(['Northfield Rail Corp', 0], ['200', 220], ['$48.125', 320], ['$9,625.00', 440]),
    row(['Cascade Water Utilities', 0], ['150', 220], ['$62.40', 320], ['$9,360.00', 440]),
    row(['Lakeshore Medical Devices', 0], ['80', 220], ['$101.35', 320], ['$8,108.00', 440]),
    '',
    'Your brother Chidi Okonkwo received the same number of shares of each security; his basis is the',
    'same per share. Inherited property is treated as held more than one year; on Form 8949 its',
    'date acquired is entered as "INHERITED".',
    '',
    'Sincerely,',
    'Priya Dasgupta, Esq.',
  ]);
  await xlsx(c, 'Estate_shares_tracker_Chidi.xlsx', [
    { name: 'Distribution', width: 22, rows: [
      ['Heir', 'Security', 'Shares', 'DOD value/share (prelim. May 2024)', 'Basis (prelim.)', 'Note'],
      ['Adaeze', 'Northfield Rail Corp', 200, 47.90, 9580.00, 'update when final appraisal comes'],
      ['Adaeze', 'Cascade Water Utilities', 150, 62.40, 9360.00, ''],
      ['Adaeze', 'Lakeshore Medical Devices', 80, 99.80, 7984.00, ''],
      ['Chidi', 'Northfield Rail Corp', 200, 47.90, 9580.00, ''],
      ['Chidi', 'Cascade Water Utilities', 150, 62.40, 9360.00, ''],
      ['Chidi', 'Lakeshore Medical Devices', 80, 99.80, 7984.00, ''],
    ] },
    { name: 'Sales 2025', width: 22, rows: [
      ['Heir', 'Security', 'Shares', 'Date sold', 'Proceeds', 'Broker'],
      ['Adaeze', 'Northfield Rail Corp', 200, '04/15/2025', 10412.50, 'Harborview'],
      ['Chidi', 'Northfield Rail Corp', 200, '05/02/2025', 10688.00, 'Keystone Direct'],
      ['Adaeze', 'Cascade Water Utilities', 150, '06/09/2025', 8937.00, 'Harborview'],
      ['Adaeze', 'Lakeshore Medical Devices', 80, '11/03/2025', 9020.80, 'Harborview'],
    ] },
  ]);
  txt(c, 'email_Adaeze_to_preparer.txt', `
From: Adaeze Okonkwo <adaeze.okonkwo@example.com>
To: Gil Ferreira, CPA <gil@ferreira-cpa.example.com>
Date: Sun, 8 Feb 2026 16:40
Subject: Mom's shares - 2025 sales for my return

Hi Gil,

Everything for the stock sales on my 2025 return (single, same as last year; name as on my 1040:
"Adaeze N Okonkwo", SSN 900-47-3318).

- Harborview's 1099-B is attached (scan of the page with the sales). The three big sales are the
  shares I inherited from Mom; Harborview left the cost blank because they came from the estate.
- Use the basis from the attorney's final letter of January 30. Chidi's spreadsheet still has the
  May 2024 preliminary numbers, and his own Northfield sale is on it too - that one is his, he files
  his own return (his SSN is 900-52-1460 if you need to tell us apart).
- The Brightline Solar lot was my own purchase this year; I'd like every sale listed on the 8949.
- No wash sales, no other adjustments, nothing from crypto.

Thanks,
Adaeze
(860) 555-0148
`);
  caseJson(c, 'irs-f8949-2025',
    'IRS Form 8949 (2025) for a single taxpayer who sold shares inherited from her mother (noncovered, basis not reported: long-term box E with the date-of-death value as basis) and one short-term covered lot (box A): a scanned page of the broker\'s consolidated 1099-B, the estate attorney\'s final valuation letter PDF, her brother\'s XLSX tracker (superseded preliminary values, his own sale) and her email to the preparer.',
    [
      [p1 + 'f1_01[0]', 'Name(s) shown on return', 'Adaeze N Okonkwo', 'text'],
      [p1 + 'f1_02[0]', 'Social security number', '900473318', 'digits'],
      [p1 + 'c1_1[0]', 'Part I: (A) Short-term, basis reported to the IRS', '1', 'checkbox'],
      [t1 + 'Row1[0].f1_04[0]', 'Part I row 1 (b) date acquired', '2025-02-10', 'date'],
      [t1 + 'Row1[0].f1_05[0]', 'Part I row 1 (c) date sold', '2025-08-21', 'date'],
      [t1 + 'Row1[0].f1_06[0]', 'Part I row 1 (d) proceeds', '1284.40', 'amount'],
      [t1 + 'Row1[0].f1_07[0]', 'Part I row 1 (e) cost or other basis', '1510.00', 'amount'],
      [p2 + 'c2_1[1]', 'Part II: (E) Long-term, basis not reported to the IRS', '2', 'checkbox'],
      [t2 + 'Row1[0].f2_04[0]', 'Part II row 1 (b) date acquired', 'INHERITED', 'text'],
      [t2 + 'Row1[0].f2_05[0]', 'Part II row 1 (c) date sold', '2025-04-15', 'date'],
      [t2 + 'Row1[0].f2_06[0]', 'Part II row 1 (d) proceeds', '10412.50', 'amount'],
      [t2 + 'Row1[0].f2_07[0]', 'Part II row 1 (e) cost or other basis', '9625.00', 'amount'],
      [t2 + 'Row2[0].f2_12[0]', 'Part II row 2 (b) date acquired', 'INHERITED', 'text'],
      [t2 + 'Row2[0].f2_13[0]', 'Part II row 2 (c) date sold', '2025-06-09', 'date'],
      [t2 + 'Row2[0].f2_14[0]', 'Part II row 2 (d) proceeds', '8937.00', 'amount'],
      [t2 + 'Row2[0].f2_15[0]', 'Part II row 2 (e) cost or other basis', '9360.00', 'amount'],
      [t2 + 'Row3[0].f2_20[0]', 'Part II row 3 (b) date acquired', 'INHERITED', 'text'],
      [t2 + 'Row3[0].f2_21[0]', 'Part II row 3 (c) date sold', '2025-11-03', 'date'],
      [t2 + 'Row3[0].f2_22[0]', 'Part II row 3 (d) proceeds', '9020.80', 'amount'],
      [t2 + 'Row3[0].f2_23[0]', 'Part II row 3 (e) cost or other basis', '8108.00', 'amount'],
    ],
    [p1 + 'c1_1[1]', p1 + 'c1_1[2]', p2 + 'c2_1[0]', p2 + 'c2_1[2]', t1 + 'Row1[0].f1_08[0]', t1 + 'Row1[0].f1_09[0]', t1 + 'Row2[0].f1_12[0]', t1 + 'Row2[0].f1_14[0]', t2 + 'Row1[0].f2_08[0]', t2 + 'Row1[0].f2_09[0]', t2 + 'Row4[0].f2_28[0]', t2 + 'Row4[0].f2_30[0]', t2 + 'Row4[0].f2_31[0]'],
    'Written from the documents before the extractor saw them. Single filer: her name and SSN only (the brother Chidi\'s SSN 900-52-1460 and his 05/02/2025 Northfield sale stay off; Part II row 4 stays empty). Part I box A: the Brightline Solar lot as the 1099-B reports it (no code, no adjustment, so (f)/(g) empty, not 0); she asks for every sale on the 8949. Part II box E (long-term, basis not reported): inherited shares are long-term whatever the dates; column (b) "INHERITED" (the 1099-B says VARIOUS, the estate transfer date 07/22/2024 and the date of death 03/02/2024 are not the acquisition date to enter), rows in the broker\'s order. Basis = the attorney\'s FINAL date-of-death values (9,625.00 / 9,360.00 / 8,108.00), not the brother\'s preliminary 9,580.00 / 7,984.00. No code or adjustment in box E rows: the right basis goes straight in (e). Descriptions (free wording), column (h), totals and the page-2 name/SSN repeat are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Massachusetts 209A complaint (page 1): a mother against her ex-husband, the father of her child;
// her earlier 209A complaint (filled PDF, from when they were married) is among the documents.
cases['209a-pacheco-ex-husband-child'] = async (c) => {
  await filled(c, '209A_complaint_2023_copy.pdf', 'ma-209a-complaint-p1', {
    docket_number: '2349RO0112',
    court_name_short: 'Framingham',
    user_name_full: 'Lauren Michelle Pacheco',
    defendant: 'Victor Manuel Pacheco',
    defendant_alias: 'Manny',
    abuse_suffered_date: '03/11/2023',
    order_defendant_pay_amount: '',
    signature_date: '03/12/2023',
  }, {
    district_court: true, defendant_gender_male: true, plaintiff_is_major_yes: true, defendant_is_major: true,
    defendant_and_plaintiff_relationship_married_to_each_other: true, defendant_and_plaintiff_are_parents_of_child: true,
    plaintiff_has_minor_children_yes: true,
    plaintiff_and_defendant_other_case_no: true, defendant_abuse_caused_fear_of_serious_physical_harm: true,
    order_defendant_stop_abuse_yes: true, order_defendant_pay_temporary_support_to_plaintiff_yes: true,
    order_page_two_relief_yes: true,
  });
  scan(c, 'Framingham_PD_incident_report_26-1184.jpg', pango(`<b>FRAMINGHAM POLICE DEPARTMENT</b>                         INCIDENT REPORT  <b>26-1184-OF</b>
1 William Welch Way, Framingham MA 01702

Date/time reported: <b>02/21/2026 22:47</b>      Date/time occurred: <b>02/21/2026 approx. 22:15</b>
Location: parking lot, 560 Waverley St, Framingham (Metrowest Community College, Lot C)
Offense: Assault and battery on a family/household member; malicious destruction of property

VICTIM:  PACHECO, LAUREN MICHELLE     F   DOB 06/17/1992
SUSPECT: PACHECO, VICTOR MANUEL  a/k/a "MANNY"   M   DOB 01/05/1989
         Relationship to victim: ex-husband (divorced 2024), father of victim's daughter (age 8)

NARRATIVE: Victim reports that as she left her evening nursing class the suspect, her ex-husband,
was waiting at her car. He accused her of keeping their daughter from him, grabbed her left arm
and pushed her against the car. Officer observed red marks and bruising on victim's upper left arm.
Suspect struck the driver's side window with a tire iron, shattering it, took victim's phone from
her hand and threw it on the ground (screen broken), and stated "next time it won't be the window."
Victim stated she is afraid he will come to her apartment. Suspect left before officers arrived.
Victim advised of 209A rights; advocate referral made.

Reporting officer: Ptl. D. Okafor #311        Supervisor: Sgt. R. Lindqvist`, 10), { width: 1500, rotate: -0.6 });
  await docx(c, 'Lauren_notes_for_restraining_order.docx', [
    '# What happened and what I want (for the advocate)',
    'Written Sunday night, 2/22.',
    'Date: Friday night 2/20, after my class at Metrowest (Lot C).',
    'Manny grabbed my arm hard and shoved me into the car, I have bruises. He smashed my window with a tire iron and broke my phone. He said next time it won\'t be the window. I am scared he will come to the apartment.',
    'We were married 2015-2024 (divorced at Middlesex Probate and Family Court, 2024). I had a restraining order against him in 2023 (Framingham District Court) that expired.',
    'Our daughter Sofia is 8 and lives with me.',
    '# What I want the court to order',
    [
      ['Order', 'Yes / No'],
      ['Stop abusing me', 'Yes'],
      ['No contact', 'Yes'],
      ['Stay away from my apartment', 'Yes'],
      ['Stay away from my work (St. Brendan Rehab Center)', 'Yes'],
      ['Stay away from my school (Metrowest Community College)', 'Yes'],
      ['Keep my address off the order', 'Yes - I moved in January, he does not know where'],
      ['Keep my work address off the order', 'No - he knows it anyway'],
      ['Pay for the car window and my phone', 'Window $385 (Safelite quote); phone about $300'],
      ['Temporary custody of Sofia (page 2)', 'Yes'],
    ],
  ]);
  txt(c, 'emails_advocate_Pacheco.txt', `
From: Lauren Pacheco <lmpacheco92@example.com>
To: Nadia Ferreira <nferreira@safehaven-metrowest.example.org>
Date: Mon, 23 Feb 2026 08:12
Subject: Re: 209A complaint - corrections

Hi Nadia,

Two corrections to my notes before you type the complaint:

1. The date: it was Saturday the 21st, not Friday. I had the Saturday make-up class. The police
   report says 02/21 too.
2. The phone: I bought the replacement yesterday, the receipt says $229.00. So it's $385 for the
   window and $229 for the phone.

And yes, please ask for all of it without notice to him. I'm 33, he's 37.

Lauren

> From: Nadia Ferreira <nferreira@safehaven-metrowest.example.org>
> Date: Sun, 22 Feb 2026 21:30
> Lauren, I'll prepare the complaint for Framingham District Court tomorrow morning. Your old
> 2023 complaint is a good start, but a lot has changed (you're divorced now and you no longer
> live together), so I'll go by your notes. The custody request goes on page 2, so page 1 just
> asks for the page-2 relief. Temporary support for you isn't possible since you're divorced;
> child support for Sofia is handled in the Probate and Family Court case.
`);
  caseJson(c, 'ma-209a-complaint-p1',
    'Massachusetts 209A complaint (page 1) by a mother against her ex-husband, the father of her 8-year-old daughter, prepared by an advocate: her 2023 209A complaint as a filled PDF (from when they were married and lived together), a scanned police incident report, her DOCX notes with a table of requested orders (a wrong date, an estimated phone cost) and the email thread with the advocate (date and amount corrections, the court, no temporary support).',
    [
      ['district_court', 'A: District Court', 'Yes', 'checkbox'],
      ['court_name_short', 'A: Division', 'Framingham', 'text'],
      ['user_name_full', 'B: Name of plaintiff (person seeking protection)', 'Lauren Michelle Pacheco', 'text'],
      ['defendant', 'F: Name of defendant (person accused of abuse)', 'Victor Manuel Pacheco', 'text'],
      ['defendant_alias', 'F: Defendant\'s alias, if any', 'Manny', 'text'],
      ['defendant_gender_male', 'F: Defendant\'s sex: M', 'Yes', 'checkbox'],
      ['plaintiff_is_major_yes', 'C: I am 18 or older', 'Yes', 'checkbox'],
      ['defendant_is_major', 'C: The Defendant is 18 or older', 'Yes', 'checkbox'],
      ['defendant_and_plaintiff_relationship_formerly_married_to_each_other', 'G: Were formerly married to each other', 'Yes', 'checkbox'],
      ['defendant_and_plaintiff_are_parents_of_child', 'G: Are the parents of one or more children', 'Yes', 'checkbox'],
      ['plaintiff_has_minor_children_yes', 'H: Does the Plaintiff have any children under 18? YES', 'Yes', 'checkbox'],
      ['plaintiff_and_defendant_other_case_yes', 'E: Prior or pending actions involving Plaintiff and Defendant? YES', 'Yes', 'checkbox'],
      ['abuse_suffered_date', 'I: On or about (date) I suffered abuse', '2026-02-21', 'date'],
      ['defendant_abuse_caused_physical_harm', 'I: Caused me physical harm', 'Yes', 'checkbox'],
      ['defendant_abuse_caused_fear_of_serious_physical_harm', 'I: Placed me in fear of imminent serious physical harm', 'Yes', 'checkbox'],
      ['order_defendant_stop_abuse_yes', 'J1: order the Defendant to stop abusing me', 'Yes', 'checkbox'],
      ['order_defendant_no_contact_unless_court_authorized_yes', 'J2: order the Defendant not to contact me', 'Yes', 'checkbox'],
      ['order_defendant_remain_away_plaintiff_residence_yes', 'J3a: remain away from my residence', 'Yes', 'checkbox'],
      ['order_defendant_remain_away_plaintiff_workplace_yes', 'J3b: remain away from my workplace', 'Yes', 'checkbox'],
      ['order_defendant_remain_away_plaintiff_school_yes', 'J3c: remain away from my school', 'Yes', 'checkbox'],
      ['order_impound_plaintiff_address_residential_yes', 'J4a: my residential address not to appear on the order', 'Yes', 'checkbox'],
      ['order_defendant_pay_yes', 'J5: order the Defendant to pay me for losses', 'Yes', 'checkbox'],
      ['order_defendant_pay_amount', 'J5: amount $', '614', 'amount'],
      ['order_page_two_relief_yes', 'J7: order the relief requested on page 2 (minor children)', 'Yes', 'checkbox'],
      ['order_relief_ex_parte', 'J9: relief without advance notice to the Defendant', 'Yes', 'checkbox'],
    ],
    ['docket_number', 'municipal_court', 'probate_court', 'superior_court', 'plaintiff_is_major_no', 'plaintiff_assistant_name', 'defendant_gender_female', 'defendant_and_plaintiff_relationship_married_to_each_other', 'defendant_and_plaintiff_relationship_not_married_but_are_related', 'defendant_and_plaintiff_are_not_related_but_live_together', 'plaintiff_has_minor_children_no', 'plaintiff_and_defendant_other_case_no', 'defendant_abuse_caused_sexual_assault', 'order_impound_plaintiff_address_work_yes', 'order_defendant_pay_temporary_support_to_plaintiff_yes', 'signature_date'],
    'Written from the documents before the extractor saw them. The 2023 complaint (filled PDF) is outdated: then married and living together, no prior case, temporary support asked; now divorced (2024), living apart, and the 2023 209A and the divorce are prior actions (E: YES). Its docket number and signature date are the old case\'s: this complaint\'s docket and date stay empty. G: formerly married + parents of a child, not "currently married" nor "not related but live together"; "formerly members of the same household" and the dating box are not judged. Date: 02/21/2026 (police report and her correction), not the 2/20 of her notes. Abuse: caused physical harm (bruises) and fear (threat); "attempted" is not judged. Orders from her table: 1, 2, 3a, 3b, 3c (her college), 4a (residence impounded) but not 4b (work: she says No); 5: $385 + $229 = $614 (the receipt replaces her "about $300"); 6 temporary support no (divorced, the advocate says so); 7 page-2 relief yes (custody of Sofia); 9 without notice (her email). Municipal / Probate / Superior stay off: Framingham District Court. Weapons, the prior-case description, the losses text and the page-2 fields are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Uni Freiburg P166 (German): a new hire as a student tutor without a degree, a non-EU citizen,
// two employment periods with different hours; the pre-filled start date must be changed.
cases['ufr-tutor-krishnamurthy-neueinstellung'] = async (c) => {
  txt(c, 'Mail_Sekretariat_Tutorien_SoSe26.txt', `
Von: Olga Khadikov <olga.khadikov@math.uni-freiburg.example.de>
An: Prof. Dr. Matthias Reuter <reuter@math.uni-freiburg.example.de>
Datum: Mi, 4. März 2026, 11:05
Betreff: AW: Tutorinnen Analysis II - Anträge P166

Lieber Herr Reuter,

danke, dann stelle ich die Anträge so fertig. Zur Kontrolle:

1) Frau Ananya Krishnamurthy (B.Sc. Mathematik, 4. Fachsemester, noch kein Abschluss):
   Neueinstellung, sie war noch nie bei der Universität Freiburg beschäftigt.
   - Übungsgruppen Analysis II: 15.04.2026 bis 31.07.2026, 40 Stunden im Monat
     (nicht ab 01.04., wie im Formular vorausgefüllt - sie ist erst ab Mitte April in Freiburg).
   - Klausurkorrektur/Nachklausur: 01.08.2026 bis 30.09.2026, 20 Stunden im Monat.
   Sie ist indische Staatsangehörige, die Kopie ihres Aufenthaltstitels liegt bei, ebenso die
   Studienbescheinigung. Sie ist gesetzlich versichert (AOK). Eine UniCard möchte sie gern (P11).

2) Herr Jonas Weber (M.Sc., hat den Bachelor): Wiedereinstellung, 01.04.-31.07.2026, 35 Std.,
   wie im Formular vorausgefüllt. Den Antrag mache ich separat.

Viele Grüße
Olga Khadikov, Sekretariat Reine Mathematik, Tel. 0761 555-0142

> Von: Prof. Dr. Matthias Reuter
> Datum: Di, 3. März 2026, 18:20
> Liebe Frau Khadikov, für Frau Krishnamurthy bitte im Herbst nur 20 statt der besprochenen
> 25 Stunden - die Nachklausur ist kleiner als gedacht. Sonst wie besprochen.
`);
  scan(c, 'Aufenthaltstitel_Krishnamurthy_Scan.jpg', pango(`<b>BUNDESREPUBLIK DEUTSCHLAND</b>          <b>AUFENTHALTSTITEL</b>         Nr. Y7K0T44R2

Name / Surname:              <b>KRISHNAMURTHY</b>
Vornamen / Given names:      <b>ANANYA</b>
Gültig bis / Valid until:    30.09.2027
Art des Titels / Type:       AUFENTHALTSERLAUBNIS
Anmerkungen / Remarks:       § 16b Abs. 1 AufenthG - Studium

Geschlecht / Sex:   W        Staatsangehörigkeit / Nationality:   <b>IND</b>
Geburtsdatum / Date of birth:   <b>07.11.2003</b>
Geburtsort / Place of birth:    CHENNAI

Nebenbestimmungen: Beschäftigung bis zu 140 ganze Tage oder 280 halbe Tage im Jahr
sowie Ausübung studentischer Nebentätigkeiten erlaubt.`, 11), { rotate: 0.6 });
  await pdf(c, 'Studienbescheinigung_SoSe2026.pdf', [
    '# Albert-Ludwigs-Universität Freiburg - Studierendensekretariat',
    '',
    '# Immatrikulationsbescheinigung / Studienbescheinigung Sommersemester 2026',
    '',
    row(['Name:', 0], ['Krishnamurthy, Ananya', 140]),
    row(['Geburtsdatum:', 0], ['07.11.2003', 140]),
    row(['Matrikelnummer:', 0], ['5188203', 140]),
    row(['Anschrift:', 0], ['Sundgauallee 30, Zimmer 412, 79110 Freiburg', 140]),
    '',
    row(['Studiengang:', 0], ['Bachelor of Science Mathematik (Hauptfach)', 140]),
    row(['Fachsemester:', 0], ['4', 140]),
    row(['Hochschulsemester:', 0], ['5', 140]),
    row(['Status:', 0], ['immatrikuliert, Vollzeitstudium', 140]),
    row(['Semesterzeitraum:', 0], ['01.04.2026 - 30.09.2026', 140]),
    '',
    'Frühere Studienzeiten: Pädagogische Hochschule Freiburg (Studiengang Lehramt), 2024.',
    'Diese Bescheinigung wurde maschinell erstellt und ist ohne Unterschrift gültig.',
  ]);
  await docx(c, 'Personalbogen_Krishnamurthy.docx', [
    '# Personalbogen für studentische Hilfskräfte',
    [
      ['Feld', 'Angabe'],
      ['Nachname', 'Krishnamurthy'],
      ['Vorname', 'Ananya'],
      ['Geburtsdatum', '07.11.2003'],
      ['Staatsangehörigkeit', 'indisch'],
      ['Krankenversicherung', 'AOK Baden-Württemberg (gesetzlich)'],
      ['Höchster Abschluss', 'Abitur-Äquivalent (Indian School Certificate, 2021); Hochschulabschluss: keiner'],
      ['Frühere Beschäftigung', 'Hilfskraft an der Pädagogischen Hochschule Freiburg, 01.10.2024 - 31.03.2025'],
      ['Weitere Beschäftigung', 'keine'],
      ['IBAN', 'DE89 3704 0044 0532 0130 00'],
    ],
  ]);
  caseJson(c, 'de-ufr-tutor-application',
    'Uni Freiburg P166 application for a student tutor (new hire, Bachelor student without a degree, non-EU citizen, two periods with different hours; the form comes pre-filled by the institute with another start date and hours): the secretary\'s German email thread (a professor\'s correction of the hours, another tutor\'s re-hire), a scanned residence permit, the enrolment certificate PDF (a previous study at another university) and her Personalbogen DOCX (a previous job at that other university).',
    [
      ['neueins', 'Neueinstellung', 'Yes', 'checkbox'],
      ['Nachname', 'Nachname', 'Krishnamurthy', 'text'],
      ['Vorname', 'Vorname', 'Ananya', 'text'],
      ['Geburtsdatum', 'Geburtsdatum (German DD.MM.YYYY)', '07.11.2003', 'text'],
      ['ohnehoch', 'ohne abgeschlossene Hochschulausbildung', 'Yes', 'checkbox'],
      ['in der Zeit vom', 'in der Zeit vom (row 1)', '15.04.2026', 'text'],
      ['bis', 'bis (row 1)', '31.07.2026', 'text'],
      ['= Beschäftigungszeitraum mit', 'Stunden Arbeitszeit p. Monat (row 1)', '40', 'digits'],
      ['in der Zeit vom_1', 'in der Zeit vom (row 2)', '01.08.2026', 'text'],
      ['bis_1', 'bis (row 2)', '30.09.2026', 'text'],
      ['= Beschäftigungszeitraum mit_1', 'Stunden Arbeitszeit p. Monat (row 2)', '20', 'digits'],
      ['frühernein', 'Weitere / frühere Tätigkeiten bei der Universität Freiburg: nein', 'Yes', 'checkbox'],
      ['42101bs', 'Anlage: Vordruck LBV 42101bs', 'Yes', 'checkbox'],
      ['Studbesch', 'Anlage (studentische Hilfskräfte): Studienbescheinigung', 'Yes', 'checkbox'],
      ['P11', 'Anlage: sofern erwünscht P11 (UniCard)', 'Yes', 'checkbox'],
      ['aufenth', 'Anlage (Nicht-EU): Aufenthalts- und Arbeitserlaubnis', 'Yes', 'checkbox'],
    ],
    ['wiederein', 'verlaenger', 'mithoch', 'bachelor', 'master', 'früherja', 'tätbei', 'tätvonbis', '42101v', 'NachwKK', 'bzeugnis', 'Imma', 'hszeugnis', 'Studbesch2', 'chaufenth'],
    'Written from the documents before the extractor saw them. The form arrives pre-filled by the institute (row 1 01.04.2026-31.07.2026, 35 hours: that was set up for the other tutor Jonas Weber, whose re-hire the email mentions); for Ananya row 1 starts 15.04.2026 with 40 hours, row 2 01.08.2026-30.09.2026 with 20 hours (the professor\'s correction of the earlier 25). Neueinstellung (never employed by the Universität Freiburg: her earlier job and study were at the Pädagogische Hochschule Freiburg, another institution, so "früher: nein" and the "bei"/"von/bis" lines stay empty). Bachelor student without a degree: "ohne abgeschlossene Hochschulausbildung", not Bachelor/Master; attachments: LBV 42101bs (new hire), Studienbescheinigung in the student-HK column (Studbesch, not the Bachelor/Master-column ones), P11 (she wants a UniCard), Aufenthaltserlaubnis (Indian citizen; not the Swiss one). Publicly insured (AOK): no insurance proof. German dates are judged as text in the form\'s DD.MM.YYYY convention, as in the form\'s other case. The IBAN and residence-permit number have no field; the form date, P496 and the pre-filled institute fields are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// USCIS I-90: a permanent resident replaces her card after a legal name change by marriage.
cases['i90-chen-brandt-name-change'] = async (c) => {
  const s0 = 'form1[0].#subform[0].';
  const s1 = 'form1[0].#subform[1].';
  const s2 = 'form1[0].#subform[2].';
  scan(c, 'Green_card_front_back_Chen.jpg', pango(`<b>UNITED STATES OF AMERICA</b>                 <b>PERMANENT RESIDENT</b>

Surname           <b>CHEN</b>
Given Name        <b>XIAOWEN</b>
USCIS#            <b>215-447-903</b>            Category   <b>E21</b>
Country of Birth  <b>China</b>
Date of Birth     <b>09 MAY 1991</b>            Sex   F
Card Expires      <b>03/13/29</b>
Resident Since    <b>03/14/19</b>

────────────────────────────────────────────────────────────
Back: This card is evidence of permanent resident status. If found, return to USCIS.
Card no. SRC1903140123`, 12), { rotate: -0.7 });
  await pdf(c, 'Marriage_certificate_Brandt_Chen.pdf', [
    '# THE COMMONWEALTH OF MASSACHUSETTS',
    '# CERTIFIED COPY OF RECORD OF MARRIAGE - City of Somerville',
    '',
    row(['Registered number:', 0], ['2025-000318', 170]),
    row(['Date of marriage:', 0], ['September 6, 2025', 170]),
    row(['Place of marriage:', 0], ['Somerville, Massachusetts', 170]),
    '',
    '# PARTY A',
    row(['Name before marriage:', 0], ['Daniel Joseph Brandt', 170]),
    row(['Surname after marriage:', 0], ['Brandt', 170]),
    row(['Date of birth:', 0], ['April 2, 1989', 170], ['Birthplace:', 330], ['Portland, Maine', 400]),
    row(['Parents:', 0], ['Richard Brandt, Susan Brandt (Kelley)', 170]),
    '',
    '# PARTY B',
    row(['Name before marriage:', 0], ['Xiaowen Chen', 170]),
    row(['Surname after marriage:', 0], ['Brandt', 170]),
    row(['Middle name after marriage:', 0], ['Chen', 170]),
    row(['Date of birth:', 0], ['May 9, 1991', 170], ['Birthplace:', 330], ['Chengdu, China', 400]),
    row(['Parents:', 0], ['Chen Jianguo, Liu Lihua', 170]),
    '',
    row(['Residence of both parties:', 0], ['51 Elm St, Apt 2, Cambridge MA 02139', 170]),
    '',
    'I certify that this is a true copy of the record. Attest: K. Morales, City Clerk, September 19, 2025.',
  ]);
  await docx(c, 'Clinic_intake_2024_Xiaowen_Chen.docx', [
    '# Cambridge Immigrant Legal Clinic - client intake (N-400 screening)',
    'Intake date: 11/04/2024. Outcome: wait - a 7-month stay in China in 2023 breaks continuous residence; re-check in 2026.',
    [
      ['Item', 'Answer'],
      ['Name', 'Xiaowen Chen (no middle name)'],
      ['A-Number', 'A215447903'],
      ['Date of birth / place', '05/09/1991, Chengdu, Sichuan, China'],
      ['Address', '51 Elm St, Apt 2, Cambridge, MA 02139'],
      ['Phone', '(617) 555-0129'],
      ['SSN', '900-33-5721'],
      ['How LPR was obtained', 'Adjustment of status, employment-based (EB-2), approved at the Boston Field Office'],
      ['Marital status', 'Single (engaged)'],
      ['Height / weight', '5 ft 3 in / 118 lb'],
      ['Parents', 'Mother Liu Lihua, father Chen Jianguo (both in Chengdu)'],
    ],
  ]);
  txt(c, 'email_Xiaowen_to_clinic.txt', `
From: Xiaowen Brandt <xiaowen.brandt@example.com>
To: Rosa Delgado <rdelgado@cambridge-ilc.example.org>
Date: Tue, 13 Jan 2026 20:31
Subject: Green card with my new name - I-90

Hi Rosa,

Thanks for offering to fill in the I-90 for me. Since the wedding in September my legal name is
Xiaowen Chen Brandt: Brandt is my family name now and Chen became my middle name (the marriage
certificate is attached). My card still says CHEN XIAOWEN, it's not lost or damaged, it just has
the old name - it's valid until 2029.

We moved in November. New address (mail and where we live):
77 Linden Street, Apartment 4B, Somerville, MA 02143.
Please don't use Elm St anymore.

Everything else is as in my intake from 2024 (same SSN). Daniel's details in case you need them
for anything: born 04/02/1989, SSN 900-61-2284 - but this application is only for me.
I don't have a USCIS online account.

Best,
Xiaowen
(617) 555-0129
`);
  caseJson(c, 'uscis-i90',
    'USCIS I-90 for a permanent resident who replaces her card after a legal name change by marriage (reason 2.e, name changed: yes): a scan of the card in her former name, the Massachusetts marriage certificate PDF (new family and middle names, the old shared address), the legal clinic\'s 2024 DOCX intake (old name and address, parents, class of admission basis) and her email with the new name split and the new address (her husband\'s SSN in it).',
    [
      [s0 + '#area[1].P1_Line1_AlienNumber[0]', 'A-Number', '215447903', 'digits'],
      [s0 + 'P1_Line3a_FamilyName[0]', 'Family name (current legal name)', 'Brandt', 'text'],
      [s0 + 'P1_Line3b_GivenName[0]', 'Given name', 'Xiaowen', 'text'],
      [s0 + 'P1_Line3c_MiddleName[0]', 'Middle name', 'Chen', 'text'],
      [s0 + 'P1_checkbox4[0]', 'Has your name legally changed since the card was issued? Yes', 'Y', 'checkbox'],
      [s0 + 'P1_Line5a_FamilyName[0]', '5. Name as printed on the card - family name', 'Chen', 'text'],
      [s0 + 'P1_Line5b_GivenName[0]', '5. Name as printed on the card - given name', 'Xiaowen', 'text'],
      [s0 + 'P1_Line6b_StreetNumberName[0]', 'Mailing address - street', '77 Linden Street', 'text'],
      [s0 + 'P1_checkbox6c_Unit[0]', 'Mailing address - Apt. box', ' APT ', 'checkbox'],
      [s0 + 'P1_Line6c_AptSteFlrNumber[0]', 'Mailing address - apt number', '4B', 'text'],
      [s0 + 'P1_Line6d_CityOrTown[0]', 'Mailing address - city', 'Somerville', 'text'],
      [s0 + 'P1_Line6e_State[0]', 'Mailing address - state', 'MA', 'choice'],
      [s0 + 'P1_Line6f_ZipCode[0]', 'Mailing address - ZIP', '02143', 'digits'],
      [s1 + 'P1_Line8_female[0]', 'Gender: female', 'Y', 'checkbox'],
      [s1 + 'P1_Line9_DateOfBirth[0]', 'Date of birth', '1991-05-09', 'date'],
      [s1 + 'P1_Line10_CityTownOfBirth[0]', 'City/town of birth', 'Chengdu', 'text'],
      [s1 + 'P1_Line12_MotherGivenName[0]', 'Mother\'s given name', 'Lihua', 'text'],
      [s1 + 'P1_Line13_FatherGivenName[0]', 'Father\'s given name', 'Jianguo', 'text'],
      [s1 + 'P1_Line14_ClassOfAdmission[0]', 'Class of admission', 'E21', 'text'],
      [s1 + 'P1_Line15_DateOfAdmission[0]', 'Date of admission', '2019-03-14', 'date'],
      [s1 + 'P1_Line16_SSN[0]', 'U.S. Social Security number', '900335721', 'digits'],
      [s1 + 'P2_checkbox1[0]', 'My status is: lawful permanent resident', '1a', 'checkbox'],
      [s1 + 'P2_checkbox2[0]', 'Reason 2.e: name legally changed since the card was issued', '2e', 'checkbox'],
      [s2 + 'P3_Line8_HeightFeet[0]', 'Height - feet', '5', 'choice'],
      [s2 + 'P3_Line8_HeightInches[0]', 'Height - inches', '3', 'choice'],
    ],
    [s0 + 'P1_checkbox4[1]', s0 + 'P1_Line5c_MiddleName[0]', s0 + 'P1_Line6a_InCareofName[0]', s0 + 'P1_Line2_AcctIdentifier[0]', s0 + 'P1_Line7a_StreetNumberName[0]', s0 + 'P1_Line7b_AptSteFlrNumber[0]', s0 + 'P1_Line7c_CityOrTown[0]', s0 + 'P1_Line7e_ZipCode[0]', s1 + 'P1_Line8_male[0]', s1 + 'P2_checkbox2[1]', s1 + 'P2_checkbox2[5]', s1 + 'P2_checkbox2[8]', s1 + 'P2_checkbox1[2]'],
    'Written from the documents before the extractor saw them. New legal name Xiaowen Chen Brandt split as the email and the marriage certificate say: family Brandt, given Xiaowen, middle Chen (not "Chen" as family name). Item 4 Yes; item 5 is the name exactly as on the card: CHEN / XIAOWEN, no middle name (5c stays empty). Reason 2.e (name changed), not 2.f (the card is valid until 2029) nor 2.a (not lost) nor 2.j. Address: 77 Linden Street, Apartment 4B, Somerville MA 02143 (email, mail and home the same, so item 7 and in-care-of stay empty); the Cambridge Elm St address of the intake and the marriage record is outdated. A-Number 215447903 (card, intake). Class E21 from the card (the intake\'s "EB-2" is the category\'s name, not the code); admission 03/14/2019 ("Resident Since 03/14/19"); DOB 05/09/1991 ("09 MAY 1991"). Parents: the Chinese family-name-first order "Chen Jianguo, Liu Lihua" gives the given names Jianguo and Lihua. Her SSN 900-33-5721, not the husband\'s 900-61-2284. No USCIS online account. Height 5 ft 3 in (the intake) is a pair of drop-downs. Not judged: the country of birth (China, easy), weight, eye/hair colour, race and the processing locations (free wording).');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Official Form 106H (Schedule H: codebtors) for a married couple filing jointly in Ohio: three
// codebtors; the co-borrowing spouse and a paid-off co-signer are no codebtors.
cases['b106h-holloway-joint-three-codebtors'] = async (c) => {
  await xlsx(c, 'Holloway_creditor_worksheet_draft_schedules.xlsx', [
    { name: 'Creditors', width: 26, rows: [
      ['Schedule / line', 'Creditor', 'Debt', 'Owed by', 'Other person liable', 'Status'],
      ['D 2.1', 'Cuyahoga Federal Credit Union - mortgage', 148220.00, 'Terrence and Nadine (joint)', '', 'open'],
      ['D 2.2', 'Lakeshore Auto Finance - 2022 Chevrolet Equinox', 14385.12, 'Terrence', 'Deborah Ann Holloway (co-signer)', 'open'],
      ['E/F 4.1', 'Capital Horizon Visa', 8912.44, 'Nadine', '', 'open'],
      ['E/F 4.2', 'Buckeye Medical Billing', 2205.00, 'Terrence', '', 'open'],
      ['E/F 4.3', 'Sallie Crest private student loan (for Jasmine)', 21840.77, 'Nadine', 'Jasmine Holloway (borrower)', 'open'],
      ['E/F 4.4', 'Great Lakes Equipment Leasing - food truck equipment loan', 36500.00, 'Terrence', 'Kevin Marsh (co-borrower)', 'open'],
      ['E/F 4.5', 'Rust Belt Furniture - store card', 0.00, 'Terrence', 'Anthony Reyes (co-signer)', 'PAID OFF 2024 - do not list'],
      ['G 1.1', 'Westgate Storage - unit lease', '', 'Terrence', '', 'month to month'],
    ] },
    { name: 'Codebtor addresses', width: 26, rows: [
      ['Name', 'Street', 'City', 'State', 'ZIP', 'Source'],
      ['Deborah Ann Holloway', '5512 Ridgewood Dr', 'Parma', 'OH', '44134', 'loan co-signer page'],
      ['Jasmine Holloway', '1890 E 115th St, Apt 6', 'Cleveland', 'OH', '44106', 'Jasmine by text, 01/2026'],
      ['Kevin Marsh', '2740 Fulton Rd', 'Cleveland', 'OH', '44113', 'equipment loan agreement (2023)'],
    ] },
  ]);
  scan(c, 'Lakeshore_Auto_cosigner_page.jpg', pango(`<b>LAKESHORE AUTO FINANCE</b>  -  Retail Installment Contract No. LAF-22-083317      Page 4 of 5

<b>CO-SIGNER ADDENDUM</b>

Buyer:       TERRENCE JAMES HOLLOWAY, 3318 W 130th St, Cleveland OH 44111
Co-Signer:   <b>DEBORAH ANN HOLLOWAY</b>
             <b>5512 Ridgewood Dr, Parma, OH 44134</b>
Vehicle:     2022 Chevrolet Equinox LT, VIN 2GNAXKEV4N6100218

NOTICE TO CO-SIGNER: You are being asked to guarantee this debt. If the buyer does not
pay the debt, you will have to. The creditor can collect this debt from you without
first trying to collect from the buyer.

Dealer: Northcoast Chevrolet, 14400 Brookpark Rd, Brook Park OH 44142

Co-signer signature: <i>Deborah A. Holloway</i>          Date: 06/11/2022`, 11), { width: 1500, rotate: 0.7 });
  await docx(c, 'Holloway_intake_questionnaire.docx', [
    '# Brennan & Oduya Bankruptcy Law - Intake questionnaire (joint filing)',
    [
      ['Question', 'Debtor 1', 'Debtor 2'],
      ['Full name', 'Terrence James Holloway', 'Nadine Renee Holloway'],
      ['Address', '3318 W 130th St, Cleveland, OH 44111', 'same'],
      ['Places lived in the last 8 years', 'Cleveland, Ohio only', 'Cleveland, Ohio; Erie, Pennsylvania (2018-2019)'],
      ['Has anyone co-signed or guaranteed a debt, or do you owe a debt together with someone?', 'My mother co-signed the car loan. Kevin Marsh (my old partner in the food truck) is on the equipment loan with me. Nadine is on the mortgage with me. Anthony co-signed the furniture card years ago.', 'I co-signed our daughter Jasmine\'s private student loan (she is the borrower). Terrence is on the mortgage with me.'],
    ],
    'Filing: Chapter 7, jointly, in the Northern District of Ohio (Cleveland). Case number to be assigned at filing.',
  ]);
  txt(c, 'emails_paralegal_Holloway_Schedule_H.txt', `
From: Marisa Oduya <moduya@brennan-oduya.example.com>
To: Terrence Holloway <tj.holloway@example.net>
Cc: Nadine Holloway <nadine.holloway@example.net>
Date: Thu, 29 Jan 2026 10:18
Subject: Re: Schedule H - codebtors

Terrence, Nadine,

Thanks, this settles Schedule H:
- You two file together, so you don't list each other as codebtors for the mortgage.
- Anthony Reyes drops out: the furniture card was paid off in 2024, nothing is owed.
- Neither of you lived in a community property state (Pennsylvania isn't one), so line 2 is No.
- Order on the form: your mother (car loan, D 2.2), Jasmine (student loan, E/F 4.3), Kevin
  (equipment loan, E/F 4.4).

Marisa Oduya, Paralegal, (216) 555-0137

> From: Terrence Holloway <tj.holloway@example.net>
> Date: Wed, 28 Jan 2026 21:02
> Marisa - Kevin moved last summer. His address now is 4407 Bridge Ave, Unit 2, Cleveland, OH
> 44113 (the Fulton Rd one on the loan papers is old). Jasmine's address on the sheet is right.
`);
  caseJson(c, 'us-bankr-b106h',
    'Official Form 106H (Schedule H: your codebtors) for a married couple filing a joint Chapter 7 in Ohio with three codebtors (the husband\'s mother on the car loan, their daughter on a student loan the wife co-signed, the husband\'s former business partner on an equipment loan): the firm\'s XLSX creditor worksheet with schedule line numbers and a codebtor-address tab (an old address, a paid-off co-signed card, the spouses\' joint mortgage), a scanned co-signer addendum, the DOCX intake questionnaire and the paralegal\'s email thread.',
    [
      ['debtor1_name_1', 'Debtor 1 name (page 1)', 'Terrence James Holloway', 'text'],
      ['debtor2_name_1', 'Debtor 2 name (page 1)', 'Nadine Renee Holloway', 'text'],
      ['bankruptcy_district', 'United States Bankruptcy Court district', 'Northern District of Ohio', 'choice'],
      ['hasCodebtors', '1. Do you have any codebtors? Yes', 'yes', 'checkbox'],
      ['noCommunityProperty', '2. Lived in a community property state in last 8 years? No', 'not', 'checkbox'],
      ['name1', '3.1 Codebtor name', 'Deborah Ann Holloway', 'text'],
      ['address1', '3.1 Codebtor number, street', '5512 Ridgewood Dr', 'text'],
      ['city1', '3.1 City', 'Parma', 'text'],
      ['zip1', '3.1 ZIP', '44134', 'digits'],
      ['isD1', '3.1 Schedule D box', 'yes', 'checkbox'],
      ['dLine1', '3.1 Schedule D line', '2.2', 'text'],
      ['name2', '3.2 Codebtor name', 'Jasmine Holloway', 'text'],
      ['address2', '3.2 Codebtor number, street', '1890 E 115th St, Apt 6', 'text'],
      ['city2', '3.2 City', 'Cleveland', 'text'],
      ['zip2', '3.2 ZIP', '44106', 'digits'],
      ['isEF2', '3.2 Schedule E/F box', 'yes', 'checkbox'],
      ['efLine2', '3.2 Schedule E/F line', '4.3', 'text'],
      ['name3', '3.3 Codebtor name', 'Kevin Marsh', 'text'],
      ['address3', '3.3 Codebtor number, street', '4407 Bridge Ave, Unit 2', 'text'],
      ['city3', '3.3 City', 'Cleveland', 'text'],
      ['zip3', '3.3 ZIP', '44113', 'digits'],
      ['isEF3', '3.3 Schedule E/F box', 'yes', 'checkbox'],
      ['efLine3', '3.3 Schedule E/F line', '4.4', 'text'],
    ],
    ['case_number_1', 'isAmended', 'noCodebtors', 'hasCommunityProperty', 'hasSpouse', 'primaryState', 'spousename', 'spouseAddress', 'isEF1', 'isG1', 'isD2', 'isD3', 'name4', 'address4', 'dLine4'],
    'Written from the documents before the extractor saw them. Joint case: Debtor 2 is Nadine; the spouses are not each other\'s codebtors (the joint mortgage D 2.1 gives no row). Anthony Reyes co-signed a card paid off in 2024: not a codebtor, so no 4th row. Line 2 No: Ohio only, Pennsylvania is not a community property state (the email confirms), so the line-2 follow-ups (the spouse-lived-with-you Yes box, the state, the spouse\'s name and address) stay empty; the No box of that follow-up is not judged. Rows in the paralegal\'s order: 3.1 Deborah Ann Holloway (the husband\'s mother; car loan D 2.2, not the mortgage line 2.1), 3.2 Jasmine Holloway (student loan E/F 4.3), 3.3 Kevin Marsh at his NEW address 4407 Bridge Ave, Unit 2, Cleveland 44113 (the worksheet\'s Fulton Rd is from the 2023 loan papers; the ZIP happens to be the same). The buyer and dealer addresses on the addendum are not the codebtor\'s. No case number yet (assigned at filing). Codebtor states (OH), the page-2 header repeats and the row labels are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// SSA-634 filed by a mother, parent and representative payee, for her adult son's SSI
// overpayment (his part-time wages); the answers are about him, not about her.
cases['ssa634-delgado-rep-payee-son-ssi'] = async (c) => {
  scan(c, 'SSA_notice_of_overpayment_Tomas.jpg', pango(`<b>SOCIAL SECURITY ADMINISTRATION</b>
Supplemental Security Income - Notice of Overpayment            Date: <b>November 18, 2025</b>

MARIA E DELGADO
FOR TOMAS A DELGADO
2716 S Kolin Ave, Chicago IL 60623

Recipient: <b>TOMAS ANDRES DELGADO</b>        SSN: <b>900-58-1207</b>

We paid you <b>$3,186.00</b> too much in SSI from March 2025 through August 2025 because your
son's wages from his job were higher than we counted. You are the representative payee.

To recover the overpayment we plan to withhold <b>$97.40</b> a month (10 percent of the monthly
SSI payment) starting January 2026.

If you cannot afford this, ask us for a lower rate on Form SSA-634, Request for Change in
Overpayment Recovery Rate. You may also ask for a waiver (Form SSA-632).

Social Security Administration, 2444 W Lawrence Ave, Chicago IL 60625   1-800-772-1213`, 11), { rotate: 0.6 });
  await pdf(c, 'Northside_CU_statement_Jan2026_rep_payee.pdf', [
    '# Northside Community Credit Union',
    '3900 W 26th St, Chicago, IL 60623 - (773) 555-0193',
    '',
    '# Statement period: January 1 - January 31, 2026',
    row(['Account:', 0], ['Representative Payee Checking', 120]),
    row(['Account number:', 0], ['0007731955', 120]),
    row(['Account title:', 0], ['MARIA E DELGADO, REP PAYEE FOR TOMAS A DELGADO', 120]),
    '',
    row(['Date', 0], ['Description', 80], ['Amount', 360], ['Balance', 450]),
    row(['01/01', 0], ['Opening balance', 80], ['', 360], ['1,024.17', 450]),
    row(['01/02', 0], ['SSA TREAS 310 XXSUPP SEC', 80], ['+876.60', 360], ['1,900.77', 450]),
    row(['01/09', 0], ['Payroll - Pilsen Fresh Market (Tomas)', 80], ['+285.60', 360], ['2,186.37', 450]),
    row(['01/12', 0], ['Transfer to M. Delgado - room and board', 80], ['-350.00', 360], ['1,836.37', 450]),
    row(['01/15', 0], ['T-Mobile autopay', 80], ['-45.00', 360], ['1,791.37', 450]),
    row(['01/20', 0], ['CTA Ventra - monthly reduced fare pass', 80], ['-38.00', 360], ['1,753.37', 450]),
    row(['01/23', 0], ['Payroll - Pilsen Fresh Market (Tomas)', 80], ['+285.60', 360], ['2,038.97', 450]),
    row(['01/26', 0], ['Walgreens #4402 copays', 80], ['-27.24', 360], ['2,011.73', 450]),
    row(['01/28', 0], ['Withdrawal - dental work, Dr. Ramos (cash)', 80], ['-800.00', 360], ['1,211.73', 450]),
    row(['01/31', 0], ['Closing balance', 80], ['', 360], ['1,211.73', 450]),
    '',
    'Interest earned this period: 0.00',
  ]);
  txt(c, 'Tomas_paychecks_2025-2026.csv', `
pay_date,employer,hours,gross,net,frequency
2025-11-28,Pilsen Fresh Market,38,608.00,551.30,biweekly
2025-12-12,Pilsen Fresh Market,20,320.00,285.60,biweekly
2025-12-26,Pilsen Fresh Market,20,320.00,285.60,biweekly
2026-01-09,Pilsen Fresh Market,20,320.00,285.60,biweekly
2026-01-23,Pilsen Fresh Market,20,320.00,285.60,biweekly
`);
  txt(c, 'emails_benefits_counselor_Delgado.txt', `
From: Maria Delgado <mariaedelgado@example.com>
To: Kwame Mensah <kmensah@access-living-benefits.example.org>
Date: Tue, 10 Feb 2026 19:05
Subject: Re: SSA-634 for Tomas

Hi Kwame,

Answers to your list, so you can fill in the 634 for Tomas (I sign it as his mom and payee - I am
not his legal guardian, he makes his own decisions):

- Balance: I paid $750 back in December from his payee account, and SSA's letter from January
  says he still owes $2,436. We can manage $20 a month, not $97.40.
- His only account is the payee checking at Northside (statement attached). He has about $40 cash
  in his wallet. My own savings account at Chase and my car are mine, not his - he doesn't drive.
- His hours went down to 20 every two weeks since December, net $285.60 each payday. Pilsen Fresh
  Market, 1820 S Blue Island Ave, Chicago, (312) 555-0171.
- He lives with me. He pays me $350 a month: $250 rent and $100 food. His phone is $45, his bus
  pass $38, and his copays are about $27 a month.
- He gets only SSI. I get widow's benefits from Social Security, but that's my own.
- No other property, no business, no inheritance coming.

Thanks so much,
Maria
(773) 555-0154
`);
  caseJson(c, 'ssa-634',
    'SSA-634 (request for a lower overpayment recovery rate) filed by a mother who is her adult son\'s parent and representative payee for his SSI overpayment; every answer is about the son: a scanned SSI overpayment notice (original amount, proposed rate), the payee checking statement PDF, a CSV of his paychecks (an older full-time check) and her email to the benefits counselor (balance after recovery, her own account, car and Social Security, the expenses).',
    [
      ['requestor_name', '1A Name of the overpaid person', 'Tomas Andres Delgado', 'text'],
      ['requestor_ssn', '1A SSN', '900581207', 'digits'],
      ['is_overpaid_person_no', '1B Are you the overpaid person? No', 'Yes', 'checkbox'],
      ['am_overpaid_parent', '1C I am the overpaid person\'s parent', 'Yes', 'checkbox'],
      ['am_overpaid_rep_payee', '1C I am the overpaid person\'s representative payee', 'Yes', 'checkbox'],
      ['filer_name', '1D Your name (if not the overpaid person)', 'Maria E Delgado', 'text'],
      ['receiving_ssi', '2 Receiving SSI', 'Yes', 'checkbox'],
      ['total_amount_owed', '3 Total amount owed', '2436', 'amount'],
      ['overpayment_affordable_amount', '4 Amount that can be paid each month', '20', 'amount'],
      ['cash_amount', '5A Cash in possession', '40', 'amount'],
      ['balance_value_1', '5B account row 1 balance (whole dollars)', '1212', 'amount'],
      ['account_number_1', '5B account row 1 account number', '0007731955', 'digits'],
      ['more_than_one_vehicle_no', '6A More than one vehicle? No', 'Yes', 'checkbox'],
      ['hold_any_real_estate_no', '6B Real estate other than where you live? No', 'Yes', 'checkbox'],
      ['has_interest_business_prop_no', '6C Interest in business, property or valuables? No', 'Yes', 'checkbox'],
      ['user_employed', '7 Employed? Yes', 'Yes', 'checkbox'],
      ['net_earnings_two_weeks', '7 Take-home pay: every 2 weeks', 'Yes', 'checkbox'],
      ['user_wages_net', '7 Take-home pay (net, whole dollars)', '286', 'amount'],
      ['expense_rent', '10A Rent', '250', 'amount'],
      ['expense_food', '10B Food', '100', 'amount'],
      ['expense_utilities', '10C Utilities (telephone)', '45', 'amount'],
      ['expense_transportation', '10L Other transportation (bus)', '38', 'amount'],
    ],
    ['is_overpaid_person', 'am_overpaid_spouse', 'am_overpaid_guardian', 'overpaid_other_relationship', 'receiving_ss', 'not_receiving_benefits', 'account_type_2', 'balance_value_2', 'account_number_2', 'more_than_one_vehicle', 'vehicle_year_make_model_1', 'user_employed_no', 'user_net_earnings_weekly', 'net_earnings_monthly'],
    'Written from the documents before the extractor saw them. The mother fills it for her son, so 1B No, 1C parent AND representative payee (check all that apply), not legal guardian (her email says so), 1D her name as on the notice and the account title ("Maria E Delgado"). All answers are about Tomas: he gets only SSI (2: SSI, not "Social Security benefits" - that is her widow\'s benefit); her Chase savings and her car are not his, so one account row and 6A No with an empty vehicle table. Amount owed: the notice\'s $3,186 less the $750 she repaid in December = $2,436 (her email quoting SSA\'s January letter); she can pay $20, not the proposed $97.40. Cash $40. Account: the payee checking 0007731955, closing balance 1,211.73 -> 1212 (whole dollars, the form says to round). Employed (7 Yes), every 2 weeks, net 285.60 -> 286 (the CSV\'s November full-time 551.30 is older). Expenses from her email: rent 250 and food 100 (the $350 room and board split), phone 45 under utilities, bus pass 38 under other transportation. Not judged: the claim number, the employer line (free wording), 5B type/institution/owner wording, the medical line (about 27, rounding of an estimate), question 8 (whether living with his mother is support is debatable), question 9 totals and the other expense lines.');
};

await runCases(root, cases);

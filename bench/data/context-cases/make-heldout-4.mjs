// Builds the documents and case.json of the held-out context cases written in session 10 (node,
// from the repository root):   node bench/data/context-cases/make-heldout-4.mjs CASE|all
// The documents are committed; this script records how they were made (scans get new noise on each
// run). The makers are in make-docs.mjs. Everyone is fictional (SINs 900 555 0xx, 555-01xx phones),
// and so are the organisations.
import { documentMakers, runCases } from './make-docs.mjs';

const root = 'bench/data/context-cases/tune'; // its cases have rotated into tune/
const { txt, pdf, row, scan, pango, caseJson } = documentMakers(root);
const cases = {};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['cwb-ferraz-couple-advance-paid'] = async (c) => {
  const p2 = 'form1[0].Page2[0].';
  const q = p2 + 'Step1_tickboxes[0].Questions[0].';
  const a = p2 + 'PartA[0].Chart[0].';
  const b = 'form1[0].Page3[0].PartB[0].Chart[0].';
  const s4 = 'form1[0].Page5[0].Step4[0].';
  scan(c, 'T4_2025_Daniela_Maplewood.jpg', pango(`<b>T4</b>   Statement of Remuneration Paid / État de la rémunération payée        <b>2025</b>

Employer's name / Nom de l'employeur:   <b>MAPLEWOOD GROCERS LTD</b>
412 Queen St E, Sault Ste. Marie ON  P6A 1Z5

<b>12</b> Social insurance number:   900 555 014          <b>10</b> Province of employment:  ON
<b>14</b> Employment income:   <b>18,420.55</b>              <b>22</b> Income tax deducted:   612.00
<b>16</b> Employee's CPP contributions:   894.11        <b>18</b> Employee's EI premiums:   300.25
<b>24</b> EI insurable earnings:   18,420.55            <b>44</b> Union dues:   440.00

Employee's name and address / Nom et adresse de l'employé
Last name:  <b>FERRAZ</b>        First name:  <b>DANIELA</b>
88 Wellington St W, Apt 3, Sault Ste. Marie ON  P6A 3B4`, 10), { width: 1500, rotate: -0.5 });
  await pdf(c, 'T4_2025_Tomas_Northline.pdf', [
    '# T4 Statement of Remuneration Paid - 2025',
    'Employer: NORTHLINE COURIERS INC, 77 Trunk Rd, Sault Ste. Marie ON P6A 3S5',
    '',
    row(['Employee:', 0], ['FERRAZ, TOMAS', 150]),
    row(['Social insurance number (box 12):', 0], ['900 555 022', 220]),
    row(['Box 14 Employment income', 0], ['14,210.00', 260]),
    row(['Box 22 Income tax deducted', 0], ['285.40', 260]),
    row(['Box 16 CPP contributions', 0], ['664.25', 260]),
    row(['Box 18 EI premiums', 0], ['231.62', 260]),
    '',
    'Employee address: 88 Wellington St W, Apt 3, Sault Ste. Marie ON P6A 3B4',
  ]);
  await pdf(c, 'RC210_2025_Daniela.pdf', [
    '# RC210 Working Income Tax Benefit Advance Payments Statement - 2025',
    'Canada Revenue Agency',
    '',
    row(['Recipient:', 0], ['Daniela Ferraz', 120]),
    row(['Social insurance number:', 0], ['900 555 014', 180]),
    '',
    row(['Box 10 Basic Canada workers benefit advance payments', 0], ['642.00', 360]),
    row(['Box 11 Disability supplement advance payments', 0], ['', 360]),
    '',
    'Report the amount in box 10 on line 38120 of Schedule 6 of your return.',
  ]);
  txt(c, 'email_Daniela_to_preparer.txt', `
From: Daniela Ferraz <dani.ferraz@example.ca>
To: Gurpreet Sandhu <gsandhu@sandhu-tax.example.ca>
Date: Tue, 10 Mar 2026 20:41
Subject: Canada workers benefit - Ferraz 2025

Hi Gurpreet,

Here are the slips for the workers benefit schedule. Tomás and I were together all year (married
since 2019) and our son Leo, who is 4, lives with us, so we have a spouse and a dependant.

- My T4 from Maplewood is attached (scan). Last year's T4 was 17,960.00 but that was 2024.
- Tomás's T4 from Northline is attached.
- Tomás also did deliveries on his own in the summer: his net self-employment income (T2125) is
  $2,150.00. He also got a $1,200.00 artists' project grant from the city arts council (T4A box 105).
  I had no self-employment income and no grants.
- Neither of us is eligible for the disability tax credit. We don't have any tax-exempt income
  (nothing earned on a reserve), so no, don't include tax-exempt income.
- From the returns you prepared: my net income on line 23600 is $17,980.55 and Tomás's is $17,560.00.
- I got advance payments of the workers benefit (RC210 attached). Tomás did not get any advance
  payments and has no RC210. I did not get any disability supplement.

I'm claiming the basic benefit this year (Tomás is not claiming it separately).

Thanks!
Daniela
`);
  caseJson(c, 'ca-t1-sched6-2025',
    'CRA T1 Schedule 6 (2025), Canada workers benefit, for a married woman with a spouse and a dependant who claims the basic benefit: her scanned T4, her husband\'s T4 PDF, her RC210 (advance payments) PDF and an email with his self-employment income, a grant, both net incomes, last year\'s T4 amount as a distractor and the no-DTC / no-exempt-income answers.',
    [
      [q + 'Line38100[0].Line38100_CheckBoxGroup[0].Line38100_CheckBox_EN[0]', 'Line 38100 Eligible dependant? Yes', '1', 'checkbox'],
      [q + 'Line38101[0].Line38101_CheckBoxGroup[0].Line38101_CheckBox_EN[0]', 'Line 38101 Eligible spouse? Yes', '1', 'checkbox'],
      [q + 'Line38102[0].Line38102_CheckBoxGroup[0].Line38102_CheckBox_EN[0]', 'Line 38102 Claiming the basic CWB? Yes', '1', 'checkbox'],
      [q + 'Line38103[0].Line38103_CheckBoxGroup[0].Line38103_CheckBox_EN[1]', 'Line 38103 Eligible for the DTC? No', '2', 'checkbox'],
      [q + 'Line38104[0].Line38104_CheckBoxGroup[0].Line38104_CheckBox_EN[1]', 'Line 38104 Spouse eligible for the DTC? No', '2', 'checkbox'],
      [q + 'Line38105[0].Line38105_CheckBoxGroup[0].Line38105_CheckBox_EN[1]', 'Line 38105 Include tax-exempt income? No', '2', 'checkbox'],
      [a + 'Line1[0].Amount1[0].Amount[0]', 'Line 1 Column 1 (you) employment income', '18420.55', 'amount'],
      [a + 'Line1[0].Amount2[0].Amount[0]', 'Line 1 Column 2 (spouse) employment income', '14210.00', 'amount'],
      [a + 'Line2[0].Amount2[0].Amount[0]', 'Line 2 Column 2 (spouse) scholarships, bursaries, artists\' project grants', '1200.00', 'amount'],
      [a + 'Line3[0].Amount2[0].Amount[0]', 'Line 3 Column 2 (spouse) self-employment income', '2150.00', 'amount'],
      [a + 'Line5_Sub[0].Amount1[0].Amount[0]', 'Line 5 Column 1 (you) working income (lines 1 to 4)', '18420.55', 'amount'],
      [a + 'Line5_Sub[0].Amount2[0].Amount[0]', 'Line 5 Column 2 (spouse) working income (lines 1 to 4)', '17560.00', 'amount'],
      [p2 + 'PartA[0].Line6[0].Amount[0]', 'Line 6 Family working income', '35980.55', 'amount'],
      [b + 'Line7[0].Amount1[0].Amount[0]', 'Line 7 Column 1 (you) net income, line 23600', '17980.55', 'amount'],
      [b + 'Line7[0].Amount2[0].Amount[0]', 'Line 7 Column 2 (spouse) net income, line 23600', '17560.00', 'amount'],
      [s4 + 'Line44[0].Amount[0]', 'Line 38120 / 44 Basic advanced CWB paid to you (RC210 box 10)', '642.00', 'amount'],
    ],
    [
      q + 'Line38100[0].Line38100_CheckBoxGroup[0].Line38100_CheckBox_EN[1]',
      q + 'Line38101[0].Line38101_CheckBoxGroup[0].Line38101_CheckBox_EN[1]',
      q + 'Line38103[0].Line38103_CheckBoxGroup[0].Line38103_CheckBox_EN[0]',
      q + 'Line38104[0].Line38104_CheckBoxGroup[0].Line38104_CheckBox_EN[0]',
      q + 'Line38105[0].Line38105_CheckBoxGroup[0].Line38105_CheckBox_EN[0]',
      a + 'Line2[0].Amount1[0].Amount[0]',
      a + 'Line3[0].Amount1[0].Amount[0]',
      a + 'line4[0].Amount1[0].Amount[0]',
      a + 'line4[0].Amount2[0].Amount[0]',
      s4 + 'Line45[0].Amount[0]',
      s4 + 'Line47[0].Amount[0]',
    ],
    'Written from the documents before the extractor saw them. Lines 5 and 6 are sums a person writes; line 7 comes from the email (the returns). Tomás has no RC210 (line 45 stays empty); no disability supplement advance (line 47 empty); Daniela has no grant or self-employment income (column 1 of lines 2 and 3 empty).');
};

await runCases(root, cases);

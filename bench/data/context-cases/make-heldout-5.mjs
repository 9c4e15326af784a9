// Builds the documents and case.json of the held-out context cases written in session 11 (node,
// from the repository root):   node bench/data/context-cases/make-heldout-5.mjs CASE|all
// The documents are committed; this script records how they were made (scans get new noise on each
// run). The makers are in make-docs.mjs. Everyone is fictional (SSNs 900-xx-xxxx, 555-01xx and
// 07700 900xxx phones), and so are the organisations.
import { documentMakers, runCases } from './make-docs.mjs';

const root = 'bench/data/context-cases/tune'; // its cases have rotated into tune/
const { txt, pdf, docx, row, scan, pango, caseJson } = documentMakers(root);
const cases = {};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['w4-brennan-joint-two-jobs'] = async (c) => {
  const p1 = 'topmostSubform[0].Page1[0].';
  const s1 = p1 + 'Step1a[0].';
  const s3 = p1 + 'Step3_ReadOrder[0].';
  scan(c, 'social_security_card_Tobias.jpg', pango(`<b>SOCIAL SECURITY</b>
          THIS NUMBER HAS BEEN ESTABLISHED FOR

                       <b>900-41-2270</b>

                 <b>TOBIAS KEANE BRENNAN</b>

   ____________________________
   SIGNATURE`, 13), { width: 1100, rotate: 0.8 });
  await pdf(c, 'paystub_Lakeshore_Freight_2025-10-24.pdf', [
    '# Lakeshore Freight Services Inc - Earnings Statement',
    '5100 S Tacoma Way, Tacoma WA 98409',
    '',
    row(['Employee:', 0], ['Tobias K. Brennan', 110], ['Pay date:', 330], ['10/24/2025', 400]),
    row(['SSN:', 0], ['XXX-XX-2270', 110], ['Pay period:', 330], ['10/11/2025 - 10/24/2025', 400]),
    row(['Address:', 0], ['6024 S Alaska St, Tacoma WA 98408', 110]),
    '',
    row(['Earnings', 0], ['Hours', 200], ['Current', 300], ['YTD', 420]),
    row(['Regular', 0], ['80.00', 200], ['2,480.00', 300], ['49,600.00', 420]),
    row(['Federal income tax', 0], ['', 200], ['214.37', 300], ['4,287.40', 420]),
    '',
    'This is your last pay statement from Lakeshore Freight. Final pay includes accrued PTO.',
  ]);
  txt(c, 'email_Tobias_to_HR.txt', `
From: Tobias Brennan <tk.brennan@example.com>
To: Onboarding <onboarding@puget-sound-millwork.example.com>
Date: Thu, 30 Oct 2025 18:12
Subject: W-4 info for my start on Monday

Hi Renee,

Thanks for sending the onboarding packet. You asked me to send what you need to fill in my W-4,
so here it is:

- Legal name: Tobias Keane Brennan (I go by Toby, but please use my legal name; middle initial K).
- SSN is on the card I scanned (attached).
- We moved last weekend. The new address is 3318 N Proctor St, Tacoma, WA 98407. The address on my
  old pay stub (S Alaska St) is the old apartment, please don't use it.
- My wife Ines and I file jointly. She works full time too, at about the same pay as me, so the
  IRS calculator told me to check the box for two jobs in Step 2.
- Kids: our two boys are 6 and 9, and my father-in-law lives with us and we claim him as a
  dependent. So two kids under 17 and one other dependent.
- No other income, no deductions worksheet. Please withhold an extra $40 every paycheck.

See you Monday!
Toby
(253) 555-0164
`);
  await docx(c, 'New_Hire_Setup_Brennan.docx', [
    '# Puget Sound Millwork Co - New hire setup (HR use)',
    [
      ['Employee', 'Tobias K. Brennan'],
      ['Position', 'CNC Operator II'],
      ['First day of work', 'November 3, 2025'],
      ['Pay frequency', 'Biweekly'],
    ],
    '# Employer information for tax forms',
    [
      ['Legal employer name', 'Puget Sound Millwork Co'],
      ['Address', '2201 E 11th St, Tacoma, WA 98421'],
      ['Federal EIN', '00-5826114'],
    ],
    'Note: the offer letter said an October 27 start; the start moved to November 3 at the candidate\'s request.',
  ]);
  caseJson(c, 'irs-fw4-2025',
    'IRS Form W-4 (2025) prepared by HR for a new hire who files jointly with a working spouse (Step 2(c) box), two children under 17 and one other dependent, extra withholding: a scanned Social Security card, the last pay stub of the previous job (old address), the employee\'s email with the new address and answers, and HR\'s DOCX setup sheet with the employer block and a moved start date.',
    [
      [s1 + 'f1_01[0]', 'Step 1(a) First name and middle initial', 'Tobias K', 'text'],
      [s1 + 'f1_02[0]', 'Step 1(a) Last name', 'Brennan', 'text'],
      [p1 + 'f1_05[0]', 'Step 1(b) Social security number', '900412270', 'digits'],
      [s1 + 'f1_03[0]', 'Address', '3318 N Proctor St', 'text'],
      [s1 + 'f1_04[0]', 'City or town, state, and ZIP code', 'Tacoma, WA 98407', 'text'],
      [p1 + 'c1_1[1]', 'Step 1(c) Married filing jointly', '2', 'checkbox'],
      [p1 + 'c1_2[0]', 'Step 2(c) two jobs total', '1', 'checkbox'],
      [s3 + 'f1_06[0]', 'Step 3: qualifying children under 17 × $2,000', '4000', 'amount'],
      [s3 + 'f1_07[0]', 'Step 3: other dependents × $500', '500', 'amount'],
      [p1 + 'f1_09[0]', 'Step 3 total', '4500', 'amount'],
      [p1 + 'f1_12[0]', 'Step 4(c) Extra withholding each pay period', '40', 'amount'],
      [p1 + 'f1_13[0]', "Employers only: employer's name and address", 'Puget Sound Millwork Co, 2201 E 11th St, Tacoma, WA 98421', 'text'],
      [p1 + 'f1_14[0]', 'Employers only: first date of employment', '2025-11-03', 'date'],
      [p1 + 'f1_15[0]', 'Employers only: EIN', '005826114', 'digits'],
    ],
    [p1 + 'c1_1[0]', p1 + 'c1_1[2]', p1 + 'f1_10[0]', p1 + 'f1_11[0]', 'topmostSubform[0].Page3[0].f3_07[0]', 'topmostSubform[0].Page3[0].f3_11[0]'],
    'Written from the documents before the extractor saw them. The pay stub\'s address is the old one; the start date is the moved one (Nov 3); Step 4(a)/(b) and the deductions worksheet stay empty (no other income, no deductions).');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['n1-macaskill-deposit-claim'] = async (c) => {
  await pdf(c, 'Tenancy_agreement_extract.pdf', [
    '# Assured Shorthold Tenancy Agreement (extract: parties and deposit)',
    '',
    row(['Landlord:', 0], ['Corbin Lettings Ltd (company no. 08812345)', 130]),
    row(['Landlord address:', 0], ['88 Gloucester Road, Bristol BS7 8BN', 130]),
    row(['Tenant:', 0], ['Eilidh Morag MacAskill', 130]),
    row(['Property:', 0], ['Flat 2, 41 Cotham Brow, Bristol BS6 6AR', 130]),
    row(['Term:', 0], ['12 months from 1 September 2024', 130]),
    row(['Rent:', 0], ['£1,175.00 per calendar month', 130]),
    row(['Deposit:', 0], ['£1,450.00, to be protected in an approved scheme within 30 days', 130]),
  ]);
  scan(c, 'letter_from_Corbin_Lettings.jpg', pango(`<b>CORBIN LETTINGS LTD</b>
88 Gloucester Road, Bristol BS7 8BN  ·  0117 496 0711

Ms E. MacAskill
Flat 3, 14 Rosebery Avenue
Bristol BS2 9TN

29 September 2025

Dear Ms MacAskill,

<b>Re: Flat 2, 41 Cotham Brow - deposit</b>

We have inspected the property following the end of your tenancy on 31 August 2025.
We will be retaining the full deposit of £1,450.00 for cleaning and redecoration.

Yours sincerely,
Gareth Corbin, Director`, 11), { rotate: -0.7 });
  txt(c, 'emails_with_Corbin.txt', `
From: Eilidh MacAskill <eilidh.macaskill@example.co.uk>
To: Gareth Corbin <lettings@corbin-lettings.example.co.uk>
Date: Mon, 6 Oct 2025 09:30
Subject: Deposit - Flat 2, 41 Cotham Brow

Dear Mr Corbin,

I left the flat clean and in the condition I received it (check-out photos attached). The deposit was
never protected in a scheme. Please return my £1,450.00 deposit within 14 days, or I will issue a
claim in the County Court without further notice.

Eilidh MacAskill

From: Gareth Corbin <lettings@corbin-lettings.example.co.uk>
Date: Fri, 17 Oct 2025 16:02
Subject: RE: Deposit - Flat 2, 41 Cotham Brow

We stand by our letter of 29 September. No refund will be made.
`);
  txt(c, 'notes_for_Callum.txt', `
Callum - thanks for helping me with the N1. Here is everything you asked for:

* I'm the claimant, claiming for myself, no solicitor. I'll sign the statement of truth myself.
* Claim against Corbin Lettings Ltd (the company, not Gareth personally), at their office address.
* My address now: Flat 3, 14 Rosebery Avenue, Bristol BS2 9TN. Phone 07700 900458,
  email eilidh.macaskill@example.co.uk. Use the same address for documents to be sent to me.
* Amount claimed: just the deposit, £1,450.00. No interest, I don't want to complicate it.
* Court fee for a paper claim of this size is £115.00, so the total is £1,565.00.
  I'm paying the fee myself (no Help with Fees).
* Preferred hearing centre: Bristol Civil Justice Centre.
* I don't need any support or adjustments at a hearing, and there are no Human Rights Act issues.
* Particulars of claim: I've written them up on a separate sheet, so they will be attached.
`);
  caseJson(c, 'uk-hmcts-n1',
    'HMCTS N1 money claim by a former tenant for her unprotected deposit against a letting company: a tenancy agreement extract PDF (her old flat, the landlord\'s address), a scanned letter from the landlord to her new address, an email exchange, and her notes to the friend filling the form (amounts, fee, hearing centre, answers).',
    [
      ['Text21', 'Claimant name and address', 'Eilidh Morag MacAskill, Flat 3, 14 Rosebery Avenue, Bristol BS2 9TN', 'text'],
      ['Text22', 'Defendant name and address', 'Corbin Lettings Ltd, 88 Gloucester Road, Bristol BS7 8BN', 'text'],
      ['Text24', 'Value', '1450.00', 'amount'],
      ['Text25', 'Amount claimed', '1450.00', 'amount'],
      ['Text26', 'Court fee', '115.00', 'amount'],
      ['Text28', 'Total amount', '1565.00', 'amount'],
      ['Text Field 28', 'Preferred County Court Hearing Centre', 'Bristol Civil Justice Centre', 'text'],
      ['Check Box40', 'Support or adjustments needed? No', 'Yes', 'checkbox'],
      ['Check Box42', 'Human Rights Act issues? No', 'Yes', 'checkbox'],
      ['Check Box43', 'Particulars of Claim attached', 'Yes', 'checkbox'],
      ['Check Box47', 'Signed by: Claimant', 'Yes', 'checkbox'],
      ['Text Field 46', 'Full name (of the person signing)', 'Eilidh Morag MacAskill', 'text'],
      ['Text Field 10', "Claimant's address for documents: building and street", 'Flat 3, 14 Rosebery Avenue', 'text'],
      ['Text Field 8', "Claimant's address for documents: town or city", 'Bristol', 'text'],
      ['Text34', "Claimant's address for documents: postcode", 'BS2 9TN', 'text'],
      ['Text Field 6', "Claimant's phone number", '07700900458', 'digits'],
      ['Text Field 2', "Claimant's email", 'eilidh.macaskill@example.co.uk', 'text'],
    ],
    ['Text27', 'Text37', 'Text38', 'Check Box39', 'Check Box41', 'Check Box44', 'Check Box48', 'Check Box49', 'Text Field 45', 'Text Field 44', 'Text Field 4'],
    'Written from the documents before the extractor saw them. The old flat (Cotham Brow) is the property, not her address; the defendant is the company at its office; no legal representative (costs, firm, position, DX stay empty); no Help with Fees reference. The claimant\'s full name is the tenancy agreement\'s (with her middle name).');
};

await runCases(root, cases);

// Builds the documents and case.json of the held-out context cases written blind in session 23
// (node, from the repository root):   node bench/data/context-cases/make-heldout-8.mjs CASE|all
// They were written into heldout-next/ and rotated into heldout/ by the lead. The documents are
// committed; this script records how they were made (scans get new noise on each run). The makers
// are in make-docs.mjs. Everyone is fictional (SSNs 900-xx-xxxx, EINs 00-, 555-01xx phones, French
// 04 76 55 50 1x numbers), and so are the organisations, firms, courts' staff and payroll services.
import { documentMakers, runCases } from './make-docs.mjs';

const root = 'bench/data/context-cases/heldout';
const { txt, pdf, docx, xlsx, row, scan, pango, caseJson } = documentMakers(root);
const cases = {};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Cerfa 11580 (French): a receipt for a volunteer who gives up the refund of her mileage costs
// ("abandon de frais") to an association recognised of public utility (decree and JO dates).
cases['cerfa11580-carrel-abandon-frais-benevole'] = async (c) => {
  scan(c, 'Declaration_abandon_frais_Carrel_signee.jpg', pango(`<b>DÉCLARATION D'ABANDON DE REMBOURSEMENT DE FRAIS</b>
<b>(bénévole)</b>

Je soussignée <b>Bénédicte Anne CARREL</b>, demeurant <b>3 chemin des Buclos, 38240 Meylan</b>,
bénévole de l'association <b>Lumière d'Automne</b> (visites aux aînés isolés),

déclare renoncer expressément au remboursement des frais que j'ai engagés en 2025 pour
les activités de l'association et en faire don à l'association :

   Déplacements (véhicule personnel) : 1 160 km x 0,335 €/km  =  388,60 €
        (1er trimestre 410 km, 2e trimestre 388 km, 4e trimestre 362 km)
   Frais de stationnement (justificatifs joints)                  =    9,60 €
   <b>TOTAL ABANDONNÉ                                               =  398,20 €</b>

Les frais du 3e trimestre (455 km) m'ont été remboursés et ne sont pas concernés.

Fait à Meylan, le <b>15 décembre 2025</b>
Signature :  <i>B. Carrel</i>`, 10), { width: 1500, rotate: -0.6 });
  await pdf(c, 'Lumiere_Automne_statuts_extrait_RUP.pdf', [
    '# LUMIÈRE D\'AUTOMNE - Visites aux aînés isolés',
    'Association régie par la loi du 1er juillet 1901',
    '',
    '# Extrait des statuts (version approuvée par l\'assemblée générale du 14 juin 2019)',
    '',
    'Article 1 - Dénomination. L\'association a pour nom « Lumière d\'Automne ».',
    'Article 2 - Objet. L\'association a pour objet de rompre l\'isolement des personnes âgées par des',
    'visites à domicile, des sorties accompagnées et des appels réguliers assurés par des bénévoles.',
    'Article 3 - Siège social. Le siège est fixé au 9 place Notre-Dame, 38000 Grenoble.',
    'Le courrier peut être adressé à la boîte postale : BP 214, 38043 Grenoble Cedex 9.',
    '',
    '# Reconnaissance d\'utilité publique',
    'L\'association a été reconnue d\'utilité publique par décret en date du 17 octobre 1994,',
    'publié au Journal officiel du 23 octobre 1994.',
    '',
    'Article 11 - Ressources. Les ressources comprennent les cotisations, les dons manuels, les',
    'subventions et les frais engagés par les bénévoles dont ceux-ci renoncent au remboursement.',
    '',
    'Certifié conforme, Grenoble, le 20 janvier 2025. Le président : Hervé Dumoulin',
  ]);
  await xlsx(c, 'Suivi_frais_benevoles_2025.xlsx', [
    { name: 'Frais 2025', width: 20, rows: [
      ['Bénévole', 'Adresse (fichier)', 'Trimestre', 'Km', 'Barème €/km', 'Montant km', 'Parking', 'Remboursé ?', 'Abandon ?'],
      ['Bénédicte Carrel', '14 rue Lesdiguières, 38000 Grenoble', 'T1', 410, 0.335, 137.35, 0, 'non', 'oui'],
      ['Bénédicte Carrel', '14 rue Lesdiguières, 38000 Grenoble', 'T2', 388, 0.335, 129.98, 0, 'non', 'oui'],
      ['Bénédicte Carrel', '14 rue Lesdiguières, 38000 Grenoble', 'T3', 455, 0.335, 152.43, 0, 'à voir', 'à voir'],
      ['Bénédicte Carrel', '14 rue Lesdiguières, 38000 Grenoble', 'T4', 362, 0.335, 121.27, 0, 'non', 'oui'],
      ['Olivier Carrel', '14 rue Lesdiguières, 38000 Grenoble', 'T1-T4', 980, 0.335, 328.30, 12.00, 'non', 'oui'],
      ['Yvette Roux', '22 avenue Jean Perrot, 38100 Grenoble', 'T1-T4', 1420, 0.335, 475.70, 0, 'non', 'oui'],
      ['', '', '', '', '', '', '', '', ''],
      ['Total provisoire B. Carrel (T1-T4)', '', '', 1615, '', 541.03, '', '', ''],
    ] },
    { name: 'Reçus émis', width: 20, rows: [
      ['N° reçu', 'Donateur', 'Montant', 'Date du don', 'Émis le'],
      ['AF-2025-010', 'Gérard Mounier', 212.40, '30/11/2025', '05/12/2025'],
      ['AF-2025-011', 'Olivier Carrel', 340.30, '15/12/2025', '08/01/2026'],
    ] },
  ]);
  txt(c, 'Mail_tresoriere_recus_abandon_frais.txt', `
De : Martine Guillot <tresorerie@lumiere-automne.example.fr>
À : Sophie Ben Saïd <secretariat@lumiere-automne.example.fr>
Date : ven. 9 janv. 2026 17:42
Objet : Reçus fiscaux abandons de frais 2025 - Bénédicte

Bonjour Sophie,

J'ai fait le reçu d'Olivier hier (AF-2025-011). Peux-tu préparer celui de Bénédicte, le
suivant dans la série ? Celui d'Yvette Roux viendra après, elle n'a pas encore signé.

Pour Bénédicte :
- Le T3 lui a finalement été remboursé (virement du 15/10/2025), il ne compte pas. Le
  « total provisoire » du tableau (541,03 €) est donc faux : on prend le montant de sa
  déclaration signée, 398,20 € (km des T1, T2 et T4 + 9,60 € de parking).
- Attention, elle a déménagé en septembre : 3 chemin des Buclos, 38240 Meylan. L'adresse du
  tableau (rue Lesdiguières) est l'ancienne, c'est encore celle d'Olivier dans le fichier
  mais elle n'y habite plus.
- Date du don : la date de sa déclaration d'abandon, le 15 décembre 2025.
- Bénéficiaire : notre nom et le siège (9 place Notre-Dame), pas la BP. Cochez uniquement
  la case « reconnue d'utilité publique » avec les dates du décret et du JO (pas
  « intérêt général » en plus). Article 200 seulement : c'est un particulier.
- Forme du don : « Autres » ; nature du don : « Autres » (abandon de frais, voir le renvoi 4).
  Ce n'est pas un don en numéraire : rien pour le mode de versement.

Merci !
Martine Guillot, trésorière - 04 76 55 50 17
`);
  caseJson(c, 'fr-cerfa-11580-dons',
    'Cerfa 11580 donation receipt for a volunteer who gives up the refund of her 2025 mileage and parking costs (abandon de frais) to an association recognised of public utility: her signed declaration as a scan, the statutes extract PDF with the decree and Journal officiel dates and a PO box, the treasurer\'s XLSX of volunteers\' costs (a provisional total with a reimbursed quarter, her old address, her husband\'s and another volunteer\'s costs, the receipts already issued) and the treasurer\'s French email with the instructions.',
    [
      ['Numéro dordre du reçu', 'Numéro d\'ordre du reçu', 'AF-2025-012', 'text'],
      ['Adresse', 'Bénéficiaire: Nom ou dénomination (the widget is named "Adresse")', 'Lumière d\'Automne', 'text'],
      ['N', 'Bénéficiaire adresse: N°', '9', 'digits'],
      ['Rue', 'Bénéficiaire adresse: Rue', 'place Notre-Dame', 'text'],
      ['Code Postal', 'Bénéficiaire: Code postal', '38000', 'digits'],
      ['Commune', 'Bénéficiaire: Commune', 'Grenoble', 'text'],
      ['Association ou fondation reconnue dutilité publique par décret en date du', 'Association reconnue d\'utilité publique par décret', 'On', 'checkbox'],
      ['date1', 'RUP: décret en date du', '1994-10-17', 'date'],
      ['date2', 'RUP: publié au Journal officiel du', '1994-10-23', 'date'],
      ['Nom', 'Donateur: Nom', 'Carrel', 'text'],
      ['Prénoms', 'Donateur: Prénoms', 'Bénédicte Anne', 'text'],
      ['Adresse_2', 'Donateur: Adresse', '3 chemin des Buclos', 'text'],
      ['Code Postal_2', 'Donateur: Code postal', '38240', 'digits'],
      ['Commune_2', 'Donateur: Commune', 'Meylan', 'text'],
      ['Euros', 'Somme (euros)', '398.20', 'amount'],
      ['date4', 'Date du versement ou du don', '2025-12-15', 'date'],
      ['200 du CGI', 'Réduction d\'impôt: article 200 du CGI', 'On', 'checkbox'],
      ['Autres', 'Forme du don: Autres', 'On', 'checkbox'],
      ['Autres 4', 'Nature du don: Autres (4) (frais des bénévoles)', 'On', 'checkbox'],
    ],
    ['Oeuvre ou organisme dintérêt général', 'Autres organisme', 'undefined', 'date3', '238 bis du CGI', '978 du CGI', 'Déclaration de don manuel', 'Acte sous seing privé', 'Numéraire', 'Remise despèces', 'Chèque', 'Virement prélèvement carte bancaire', 'date5'],
    'Written blind (session 23) from the documents only. Beneficiary name in the widget named "Adresse" (the "Nom ou dénomination" line): "Lumière d\'Automne" as statutes art. 1 names it (the heading\'s tagline "Visites aux aînés isolés" is not part of the name); address split N° 9 / Rue "place Notre-Dame" / 38000 Grenoble: the registered office, not the BP 214 / 38043 Grenoble Cedex 9 postal box. Receipt number: the XLSX "Reçus émis" tab ends at AF-2025-011 (her husband Olivier\'s), the email asks for the next one: AF-2025-012 (Yvette Roux\'s comes later). Only the RUP box with the decree date 17 October 1994 (date1) and the Journal officiel date 23 October 1994 (date2); the Alsace-Moselle arrêté date (date3), "intérêt général" (the email says not in addition) and "Autres organismes" stay empty. Donor: Bénédicte Anne Carrel at her NEW address (3 chemin des Buclos, 38240 Meylan: declaration and email), not the XLSX\'s 14 rue Lesdiguières (old; still her husband\'s). Amount 398.20 (her signed declaration: T1+T2+T4 km 388.60 + parking 9.60), not the XLSX provisional 541.03 (includes the reimbursed T3) nor Olivier\'s 340.30. Date du don 15 December 2025 (the declaration), not the receipt dates. Article 200 only (individual). Forme du don "Autres" and nature "Autres (4)" (abandon de frais, footnote 4) as the treasurer says; not numéraire, so no mode de versement box. SCORER CAVEAT (as in the form\'s other case): French DD/MM/YYYY dates in a slash form are read month/day by the scorer, so "17/10/1994" scores wrong while "1994-10-17" or "17 October 1994" score right; "398,20" loses its comma and scores wrong, "398.20" scores right. Objet lines, Somme en toutes lettres, the "Nature du don" text line and the signature date/box are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// IRS Form 941 (Rev. 3-2024), Q4 2024, a cafe with tipped staff that closed in December (final
// return, line 17), prepared by a paid preparer who is also the third-party designee.
cases['f941-q4-final-cafe-tips-preparer'] = async (c) => {
  const h = 'topmostSubform[0].Page1[0].Header[0].';
  const e = h + 'EntityArea[0].';
  const p1 = 'topmostSubform[0].Page1[0].';
  const p2 = 'topmostSubform[0].Page2[0].';
  scan(c, 'Gulf_Coast_Payroll_Q4_2024_register_REVISED.jpg', pango(`<b>GULF COAST PAYROLL SERVICES</b>                 Quarterly Payroll Tax Summary
Client: <b>CRESCENT STREET PROVISIONS LLC</b>  dba MAGNOLIA CORNER CAFE        FEIN 00-5820417
Quarter: <b>Oct 1 - Dec 31, 2024</b>                <b>REVISED 01/08/2025</b> (void of check #4471 reversed)

Employees paid for the pay period including October 12 ..............   7
Employees paid for the pay period including December 12 .............   <b>6</b>
Gross wages (excluding tips) ..........................................   74,345.40
Tips reported by employees ............................................    9,870.00
<b>Total wages, tips and other compensation</b> ...........................   <b>84,215.40</b>
<b>Federal income tax withheld</b> .......................................    <b>7,942.18</b>
Social security taxable wages .........................................   74,345.40
Social security taxable tips ..........................................    9,870.00
Medicare taxable wages and tips .......................................   84,215.40
Additional Medicare wages (over $200,000) .............................        0.00

Deposit schedule: MONTHLY
Tax liability   October   7,315.42     November   6,902.07     December   6,609.65
<b>Total liability for quarter                                     20,827.14</b>

Last payroll date: 12/20/2024 (final)        Prepared by: K. Thibodeaux`, 10), { width: 1500, rotate: 0.5 });
  await xlsx(c, 'Magnolia_payroll_tracker_2024.xlsx', [
    { name: 'Q3 2024', width: 22, rows: [
      ['Item', 'Jul', 'Aug', 'Sep', 'Q3 total'],
      ['Employees (pay period incl. Sep 12)', '', '', 9, 9],
      ['Wages excl. tips', 27102.10, 26880.55, 27411.90, 81394.55],
      ['Tips reported', 3980.00, 4105.50, 3862.00, 11947.50],
      ['Federal income tax withheld', 2990.14, 2951.77, 3012.60, 8954.51],
      ['Tax liability', 7906.22, 7861.48, 8120.55, 23888.25],
    ] },
    { name: 'Q4 2024 (Dec prelim)', width: 22, rows: [
      ['Item', 'Oct', 'Nov', 'Dec (prelim, before void)', 'Q4 total'],
      ['Employees (pay period incl. Oct 12)', 7, '', '', 7],
      ['Wages excl. tips', 26011.30, 24602.85, 24151.25, 74765.40],
      ['Tips reported', 3410.00, 3312.00, 3148.00, 9870.00],
      ['Federal income tax withheld', 2788.20, 2604.91, 2595.29, 7988.40],
      ['Tax liability', 7315.42, 6902.07, 6719.15, 20936.64],
    ] },
    { name: 'Deposits', width: 22, rows: [
      ['Date', 'Amount', 'For liability month', 'Confirmation'],
      ['2024-10-15', 8120.55, 'Sep 2024', 'EFT 27810042'],
      ['2024-11-15', 7315.42, 'Oct 2024', 'EFT 28133517'],
      ['2024-12-16', 6902.07, 'Nov 2024', 'EFT 28455102'],
      ['2025-01-15', 6609.65, 'Dec 2024', 'EFT 28790366'],
    ] },
  ]);
  await pdf(c, 'Asset_purchase_closing_statement_Magnolia.pdf', [
    '# ASSET PURCHASE - CLOSING STATEMENT',
    'Closing date: December 31, 2024 - Closing agent: Delachaise Title & Escrow, New Orleans',
    '',
    row(['Seller:', 0], ['Crescent Street Provisions LLC (d/b/a Magnolia Corner Cafe), EIN 00-5820417', 90]),
    row(['', 0], ['3301 Magazine St, New Orleans, LA 70115', 90]),
    row(['Buyer:', 0], ['Bayou Bean Co. LLC, EIN 00-6611842', 90]),
    row(['', 0], ['700 Tchoupitoulas St, New Orleans, LA 70130', 90]),
    '',
    row(['Furniture, fixtures and equipment', 0], ['$ 38,500.00', 380]),
    row(['Inventory', 0], ['$ 4,120.00', 380]),
    row(['Assignment of lease, 3301 Magazine St', 0], ['$ 0.00', 380]),
    row(['Purchase price', 0], ['$ 42,620.00', 380]),
    '',
    'The Seller has ceased operations as of December 21, 2024 and terminated all employees; the Buyer',
    'hires none of the Seller\'s employees and assumes no payroll liabilities. The Seller remains',
    'responsible for its final payroll tax returns.',
    '',
    'Seller: Etienne L. Marchand, Managing Member          Buyer: Renee Arceneaux, Member',
  ]);
  txt(c, 'emails_Marchand_Batiste_final_941.txt', `
From: Etienne Marchand <etienne@magnoliacornercafe.example.com>
To: Lorraine Batiste <lorraine@batistetax.example.com>
Date: Thu, 9 Jan 2025 11:26
Subject: Re: Final 941 for Q4

Lorraine,

Yes, please prepare and sign the Q4 941 as the paid preparer, and put yourself down as the
person the IRS can talk to - use 27514 as the PIN.

- Use Gulf Coast's REVISED register from yesterday. My spreadsheet still has the December
  numbers from before they reversed the duplicate check #4471, so don't take December from it.
- The October 15 deposit on my Deposits tab was for September; the three after it are Q4.
- Last paychecks went out December 20. We closed for good on the 21st and the sale closed on
  the 31st, so this is our final return.
- All IRS mail to my home from now on: 1127 Pauger St, New Orleans, LA 70116. The Magazine St
  space belongs to Bayou Bean now.
- I sign as Managing Member; best number is my cell, (504) 555-0123. (The cafe line 555-0150
  is disconnected.)

Etienne

> From: Lorraine Batiste <lorraine@batistetax.example.com>
> Date: Wed, 8 Jan 2025 16:05
> Etienne - I can file the final 941 and the W-2s. For the preparer block: Lorraine Batiste,
> PTIN P00917342, Batiste Tax & Payroll LLC, EIN 00-7733190, 1420 Magazine St, Suite 3,
> New Orleans, LA 70130, (504) 555-0188. I'm an employee of the firm, not self-employed.
> Kendra Thibodeaux at Gulf Coast says the revised register is final.
`);
  caseJson(c, 'irs-f941-2024',
    'Form 941 for Q4 2024 (final return) of a cafe with tipped employees that closed and sold its assets in December, prepared by a paid preparer who is also the third-party designee: the payroll service\'s revised quarterly register as a scan, the owner\'s XLSX tracker (Q3, a pre-correction December, a deposit for September), the asset purchase closing statement PDF (the buyer\'s EIN and the old cafe address) and the owner-preparer email thread (new mailing address, designee PIN, final wage date).',
    [
      [e + 'f1_1[0]', 'EIN, first 2 digits', '00', 'digits'],
      [e + 'f1_2[0]', 'EIN, last 7 digits', '5820417', 'digits'],
      [e + 'f1_3[0]', 'Name (not your trade name)', 'Crescent Street Provisions LLC', 'text'],
      [e + 'f1_4[0]', 'Trade name', 'Magnolia Corner Cafe', 'text'],
      [e + 'f1_5[0]', 'Address: number, street', '1127 Pauger St', 'text'],
      [e + 'f1_6[0]', 'City', 'New Orleans', 'text'],
      [e + 'f1_7[0]', 'State', 'LA', 'text'],
      [e + 'f1_8[0]', 'ZIP code', '70116', 'digits'],
      [h + 'ReportForQuarter[0].c1_1[3]', 'Quarter 4: October, November, December', '4', 'checkbox'],
      [p1 + 'f1_12[0]', 'Line 1 number of employees (pay period incl. Dec. 12 for Q4)', '6', 'digits'],
      [p1 + 'f1_13[0]', 'Line 2 wages, tips, other compensation (dollars)', '84215', 'amount'],
      [p1 + 'f1_14[0]', 'Line 2 cents', '40', 'digits'],
      [p1 + 'f1_15[0]', 'Line 3 federal income tax withheld (dollars)', '7942', 'amount'],
      [p1 + 'f1_16[0]', 'Line 3 cents', '18', 'digits'],
      [p1 + 'f1_17[0]', 'Line 5a col 1 taxable social security wages (dollars)', '74345', 'amount'],
      [p1 + 'f1_21[0]', 'Line 5b col 1 taxable social security tips (dollars)', '9870', 'amount'],
      [p1 + 'f1_25[0]', 'Line 5c col 1 taxable Medicare wages & tips (dollars)', '84215', 'amount'],
      [p1 + 'f1_51[0]', 'Line 13 total deposits for this quarter (dollars)', '20827', 'amount'],
      [p1 + 'f1_52[0]', 'Line 13 cents', '14', 'digits'],
      [p2 + 'c2_1[1]', 'Line 16: monthly schedule depositor for the entire quarter', '2', 'checkbox'],
      [p2 + 'f2_5[0]', 'Line 16 Month 3 liability (dollars)', '6609', 'amount'],
      [p2 + 'c2_2[0]', 'Line 17: business closed or stopped paying wages', '1', 'checkbox'],
      [p2 + 'f2_9[0]', 'Line 17 final date you paid wages', '2024-12-20', 'date'],
      [p2 + 'c2_4[0]', 'Part 4 third-party designee: Yes', '1', 'checkbox'],
      [p2 + 'f2_10[0]', 'Designee\'s name', 'Lorraine Batiste', 'text'],
      [p2 + 'f2_12[0]', 'Designee PIN', '27514', 'digits'],
      [p2 + 'f2_13[0]', 'Print your name here', 'Etienne L. Marchand', 'text'],
      [p2 + 'f2_14[0]', 'Print your title here', 'Managing Member', 'text'],
      [p2 + 'f2_15[0]', 'Best daytime phone', '5045550123', 'digits'],
      [p2 + 'f2_17[0]', 'Paid preparer PTIN', 'P00917342', 'text'],
    ],
    [h + 'ReportForQuarter[0].c1_1[2]', p1 + 'c1_2[0]', p1 + 'f1_29[0]', p1 + 'f1_39[0]', e + 'f1_9[0]', p2 + 'c2_1[0]', p2 + 'c2_1[2]', p2 + 'c2_3[0]', p2 + 'c2_4[1]', p2 + 'c2_5[0]'],
    'Written blind (session 23) from the documents only. Q4 2024 (box 4), not Q3 (the XLSX\'s first tab). Figures from the payroll service\'s REVISED register (scan): line 1 employees 6 (the form asks for the pay period including Dec. 12 in Q4; the register\'s 7 for October 12 and the XLSX\'s 7 are the wrong pay period), line 2 84,215.40, line 3 7,942.18, 5a 74,345.40, 5b tips 9,870.00, 5c 84,215.40; the XLSX Q4 tab is pre-correction (wages 74,765.40, FITW 7,988.40, December liability 6,719.15) and must not be used for December or the totals. Month 3 liability 6,609.65 (register), not 6,719.15. Line 13 deposits: the three Q4 deposits 7,315.42 + 6,902.07 + 6,609.65 = 20,827.14 (the 10/15/2024 deposit of 8,120.55 is for September, Q3). Monthly depositor (register and the months filled); not semiweekly. Address: the owner\'s home 1127 Pauger St, New Orleans, LA 70116 (email: all IRS mail there), not the cafe\'s 3301 Magazine St (closing statement, sold) nor the buyer\'s. The EIN is the seller\'s 00-5820417, not the buyer Bayou Bean\'s 00-6611842 nor the preparer firm\'s 00-7733190. Line 17: closed, final wages 12/20/2024 (not the closing 12/31 nor 12/21). Line 18 seasonal stays off. Part 4 Yes: the preparer Lorraine Batiste, PIN 27514 (her phone 504-555-0188 in f2_11 is right but not judged). Signer Etienne L. Marchand (his full name as the closing statement gives it), Managing Member, his cell 504-555-0123 (not the disconnected cafe line). Preparer block: name, firm, address, phone and the firm\'s EIN 00-7733190 are right from her email but only the PTIN is judged (free wording); "self-employed" stays off (she says she is an employee of the firm). Derived lines (5a-5c column 2, 5e, 6, 10, 12, 14), the cents boxes not listed, months 1-2 and the total liability are not judged. No 5d, no line 7 adjustment.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Official Form 106J (Schedule J) for a married couple filing jointly in one household, with three
// dependents (the wife's mother, a daughter in a college dorm, a son) and child support paid for the
// husband's son who lives with his mother and is not their dependent.
cases['b106j-abernathy-joint-three-generations'] = async (c) => {
  await xlsx(c, 'Abernathy_budget_for_attorney.xlsx', [
    { name: 'Monthly budget', width: 30, rows: [
      ['Expense', 'Monthly $', 'Note'],
      ['Mortgage - Hoosier Home Lending', 1184.00, 'includes escrow for property taxes and homeowner insurance'],
      ['Home repairs / upkeep', 75.00, ''],
      ['Electric + gas - Central Indiana Power', 210.00, 'my guess, winter is higher'],
      ['Water / sewer / trash - Citizens', 64.00, ''],
      ['Cell phones (Desmond + Lucia + Jalen)', 120.00, ''],
      ['Internet', 45.00, ''],
      ['Groceries and household supplies', 920.00, 'incl. Mom'],
      ['Jalen school fees and lunches', 60.00, ''],
      ['Clothing / laundry', 110.00, ''],
      ['Haircuts, toiletries', 55.00, ''],
      ['Medical / dental / Mom\'s prescriptions', 140.00, 'after insurance'],
      ['Gas, oil changes, bus pass', 290.00, ''],
      ['Streaming, movies', 40.00, ''],
      ['Church', 25.00, ''],
      ['Life insurance - Desmond', 38.00, 'paid by us directly'],
      ['Health insurance', 312.00, 'taken out of Lucia\'s paycheck'],
      ['Car insurance (both cars)', 148.00, ''],
      ['Car payment - 2021 Honda Pilot (Hoosier Auto Credit)', 389.00, ''],
      ['Child support - Kayden', 350.00, 'paid directly to Tasha, not withheld'],
      ['Spending money for Imani at IU', 150.00, 'stopped in January'],
    ] },
    { name: 'Household (Mar 2025)', width: 24, rows: [
      ['Name', 'Relationship', 'Age (as of 03/2025)', 'Lives with us'],
      ['Desmond Abernathy', 'self', 46, 'yes'],
      ['Lucia Abernathy', 'wife', 44, 'yes'],
      ['Gloria Medina', 'Lucia\'s mother', 80, 'yes'],
      ['Imani Abernathy', 'daughter', 19, 'no - dorm at IU Bloomington'],
      ['Jalen Abernathy', 'son', 14, 'yes'],
      ['Kayden Abernathy', 'Desmond\'s son', 8, 'no - with his mom Tasha Greene'],
      ['Mateo Medina', 'nephew', 22, 'yes (staying with us)'],
    ] },
  ]);
  scan(c, 'Central_Indiana_Power_bill_Jan2026.jpg', pango(`<b>CENTRAL INDIANA POWER AND GAS</b>                              Account 4471-20958-03
PO Box 6620, Indianapolis IN 46206

Service address: <b>DESMOND R ABERNATHY</b>, 5309 Kessler Ridge Dr, Indianapolis IN 46228
Bill date: 01/14/2026        Service period: 12/09/2025 - 01/08/2026

Electric service   1,012 kWh .............................   $ 142.37
Natural gas         118 therms ...........................   $ 131.90
Actual charges this period ...............................   $ 274.27

<b>BUDGET BILLING PLAN</b> - you pay the same amount every month.
Your monthly budget amount (reviewed 10/2025):            <b>$ 186.00</b>
<b>AMOUNT DUE 02/04/2026:                                     $ 186.00</b>

Deferred balance carried on budget plan: $ 212.54`, 11), { rotate: 0.6 });
  await docx(c, 'Abernathy_intake_notes_2026-01-22.docx', [
    '# Kessler & Moye Bankruptcy Clinic - intake notes (joint Chapter 7)',
    'Clients: Desmond Ray Abernathy and Lucia Marisol Abernathy, 5309 Kessler Ridge Dr, Indianapolis, IN 46228.',
    'District: Southern District of Indiana (Indianapolis Division).',
    [
      ['Topic', 'Notes'],
      ['Household', 'Both debtors live together. Lucia\'s mother Gloria (81) lives with them and they support her. Daughter Imani (20) is at IU, lives in the dorm; they still support her. Son Jalen (15) at home.'],
      ['Other people', 'Nephew Mateo stayed with them until August 2025 - moved to Fort Wayne. Nobody else in the house now.'],
      ['Desmond\'s son Kayden (9)', 'Lives with his mother Tasha Greene in Carmel. Desmond pays $350/month child support directly (not through payroll).'],
      ['Expected changes', 'Gloria moves to Meadow Lane assisted living in June 2026 (Medicaid waiver approved) - food and medical will go down.'],
    ],
  ]);
  txt(c, 'emails_attorney_Abernathy_schedule_J.txt', `
From: Renata Moye <rmoye@kessler-moye.example.com>
To: Desmond Abernathy <dabernathy77@example.net>
Cc: Lucia Abernathy <lucia.m.abernathy@example.net>
Date: Tue, 3 Feb 2026 09:40
Subject: Re: Schedule J - last questions

Desmond, Lucia,

Thanks - this is how I'll do Schedule J:

1. Joint case, one household (Lucia does not live separately).
2. Dependents, oldest first, relationship only (no names): "Mother of Debtor 2", 81, lives with
   you; "Daughter", 20, does not live with you (dorm); "Son", 15, lives with you. Your
   spreadsheet's household tab is from last March, so its ages are a year old.
   Kayden is not your dependent here (he lives with Tasha, who claims him); your $350 goes on
   line 18 as support you pay.
3. Mateo moved out in August, so line 3 (expenses of other people) is No.
4. Electric and gas: use the budget amount on the January bill, $186, not your $210 guess.
5. Phones and internet together on 6c: $165.
6. The mortgage payment includes escrow, so 4a and 4b stay blank. Health insurance comes out of
   Lucia's pay (it's on Schedule I), so 15b stays blank too.
7. Imani's spending money stopped in January - leave it out.
8. Line 24: yes, Gloria's move in June will change food and medical.

Renata Moye, Attorney at Law, (317) 555-0166

> From: Desmond Abernathy <dabernathy77@example.net>
> Date: Mon, 2 Feb 2026 21:15
> Renata - attached the budget and the power bill. Everything else on the sheet is current.
`);
  caseJson(c, 'us-bankr-b106j',
    'Schedule J for a married couple filing a joint Chapter 7 in one household, with three dependents (the wife\'s mother, a daughter in a college dorm, a son) and child support paid for the husband\'s son from an earlier relationship: the couple\'s XLSX budget (an electricity guess, expenses paid through escrow and payroll, a stopped allowance) with a year-old household tab, a scanned power bill with the budget-billing amount, the clinic\'s DOCX intake notes and the attorney\'s email with the decisions.',
    [
      ['debtor1_name_1', 'Debtor 1 name', 'Desmond Ray Abernathy', 'text'],
      ['debtor2_name_1', 'Debtor 2 name', 'Lucia Marisol Abernathy', 'text'],
      ['bankruptcy_district', 'United States Bankruptcy Court district', 'Southern District of Indiana', 'choice'],
      ['isJoint', '1. Is this a joint case? Yes', 'yes', 'checkbox'],
      ['notSameHouse', '1. Does Debtor 2 live in a separate household? No (the widget named notSameHouse)', 'not', 'checkbox'],
      ['hasDependents', '2. Do you have dependents? Yes', 'yes', 'checkbox'],
      ['relation1', '2. Dependent 1 relationship', 'Mother of Debtor 2', 'text'],
      ['age1', '2. Dependent 1 age', '81', 'digits'],
      ['yesLivesWith1', '2. Dependent 1 lives with you: Yes', 'yes', 'checkbox'],
      ['relation2', '2. Dependent 2 relationship', 'Daughter', 'text'],
      ['age2', '2. Dependent 2 age', '20', 'digits'],
      ['noLivesWith2', '2. Dependent 2 lives with you: No', 'no', 'checkbox'],
      ['relation3', '2. Dependent 3 relationship', 'Son', 'text'],
      ['age3', '2. Dependent 3 age', '15', 'digits'],
      ['yesLivesWith3', '2. Dependent 3 lives with you: Yes', 'yes', 'checkbox'],
      ['noOtherExpense', '3. Expenses of people other than you and your dependents? No', 'not', 'checkbox'],
      ['rentExpense', '4. Rental or home ownership expenses (mortgage)', '1184', 'amount'],
      ['homeMaint', '4c. Home maintenance, repair and upkeep', '75', 'amount'],
      ['electric', '6a. Electricity, heat, natural gas', '186', 'amount'],
      ['water', '6b. Water, sewer, garbage collection', '64', 'amount'],
      ['telephone', '6c. Telephone, cell phone, Internet...', '165', 'amount'],
      ['food', '7. Food and housekeeping supplies', '920', 'amount'],
      ['medical', '11. Medical and dental expenses', '140', 'amount'],
      ['transport', '12. Transportation', '290', 'amount'],
      ['lifeIns', '15a. Life insurance', '38', 'amount'],
      ['vehicleIns', '15c. Vehicle insurance', '148', 'amount'],
      ['car1', '17a. Car payments for Vehicle 1', '389', 'amount'],
      ['alimony', '18. Payments of alimony, maintenance and support', '350', 'amount'],
      ['yesDelta', '24. Expect an increase or decrease in expenses within the year? Yes', 'yes', 'checkbox'],
    ],
    ['notJoint', 'isSameHouse', 'noDependents', 'hasOtherExpenses', 'relation4', 'age4', 'noLivesWith4', 'yesLivesWith4', 'taxes', 'propInsurance', 'healthIns', 'otherOutsiderPayAmount', 'car2', 'isSupplement', 'case_number_1', 'noDelta'],
    'Written blind (session 23) from the documents only. Line 1: joint, and Debtor 2 does NOT live separately: the "No" box is the widget named notSameHouse (export "not"); isSameHouse is the "Yes, separate household" box and stays off. Dependents in the attorney\'s order and wording (oldest first, relationship only): Mother of Debtor 2 / 81 / yes; Daughter / 20 / no (dorm); Son / 15 / yes. The XLSX household tab (March 2025) gives last year\'s ages 80/19/14 and lists Kayden and the nephew Mateo: Kayden (Desmond\'s son, lives with his mother, who claims him) is not a dependent, so there is no 4th row; his $350 support is line 18. Mateo moved out in August 2025, so line 3 is No. Line 4 1,184 mortgage with escrow: 4a taxes and 4b insurance stay empty; 15b health insurance stays empty (payroll deduction, Schedule I). 6a is the bill\'s budget amount 186, not the XLSX guess 210 nor the bill\'s actual charges 274.27; 6c = 120 + 45 = 165. Imani\'s $150 spending money stopped: nothing on line 19. Line 24 Yes (the mother moves to assisted living in June); its explanation text, lines 8/9/10/13/14 (line 8 school fees and lunches could be split with food; all from the XLSX, not judged), totals and the income lines are not judged. The case number is not known yet (intake).');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Missouri Notice of Hearing filed by the RESPONDENT (self-represented) on his own motion; the
// petitioner has a lawyer and a guardian ad litem was appointed, so two people are served.
cases['notice-of-hearing-hartsfield-respondent-motion'] = async (c) => {
  await pdf(c, 'Motion_to_Modify_Parenting_Plan_filed_2025-12-04.pdf', [
    '# IN THE CIRCUIT COURT OF JACKSON COUNTY, MISSOURI',
    '# FAMILY COURT DIVISION',
    '',
    row(['In re the Marriage of:', 0]),
    row(['CAMILLE DENISE HARTSFIELD,', 0], ['Case No. 2416-DR03387', 330]),
    row(['Petitioner,', 40], ['Division 15', 330]),
    row(['and', 0]),
    row(['JEROME ANTHONY HARTSFIELD III,', 0]),
    row(['Respondent.', 40]),
    '',
    '# MOTION TO MODIFY PARENTING PLAN',
    '',
    'Comes now Respondent, Jerome Anthony Hartsfield III, pro se, and moves the Court to modify the',
    'parenting plan of the Judgment of Dissolution entered May 20, 2024, as to the parenting time of',
    'the parties\' children. In support Respondent states that his work schedule has changed ...',
    '',
    'Respectfully submitted,',
    'Jerome Anthony Hartsfield III, Respondent pro se',
    '2207 E 71st Terrace, Kansas City, MO 64132',
    'Telephone (816) 555-0145 - jerome.hartsfield3@example.com',
    '',
    'Certificate of service: a copy was mailed on December 4, 2025 to Camille D. Hartsfield,',
    '6120 Wornall Rd, Kansas City, MO 64113.',
  ]);
  scan(c, 'Order_transfer_GAL_and_setting_2026-02-10.jpg', pango(`<b>IN THE CIRCUIT COURT OF JACKSON COUNTY, MISSOURI</b>
Case No. <b>2416-DR03387</b>      Camille Denise Hartsfield, Petitioner, v. Jerome Anthony Hartsfield III, Respondent

<b>ORDER</b>  (February 10, 2026)

1. Entry of appearance of Alicia M. Brandvold (MO Bar 61874), Brandvold Family Law LLC,
   911 Main St, Suite 1400, Kansas City, MO 64105, for Petitioner, is noted.
2. This cause is transferred from Division 15 to <b>Division 42</b>.
3. Owen T. Pruett, 1100 Walnut St, Suite 500, Kansas City, MO 64106, is appointed guardian
   ad litem for the minor children. All pleadings and notices shall be served on the
   guardian ad litem.
4. Petitioner's Motion for Contempt is set for hearing on 03/20/2026 at 9:00 a.m.
5. The Motion to Modify Parenting Plan filed by Respondent is set for hearing on
   <b>04/08/2026 at 1:30 p.m.</b> in Division 42. Respondent shall give notice of the hearing.

SO ORDERED.                              <i>M. Okonjo-Barnes</i>, Judge, Division 42`, 10), { width: 1500, rotate: -0.5 });
  txt(c, 'emails_Jerome_self_help_center.txt', `
From: Jerome Hartsfield <jerome.hartsfield3@example.com>
To: Family Court Self-Help Center <selfhelp@jacksoncounty-courts.example.gov>
Date: Wed, 18 Feb 2026 20:04
Subject: Re: Notice of Hearing for my motion

Thank you, Ms. Delacroix. So I fill out the Notice of Hearing for MY motion (the parenting plan
one), not for Camille's contempt motion, and I keep the caption the way the case is filed:
Camille is the petitioner, I'm the respondent.

My details changed since I filed the motion:
- I moved in January: 4120 NE Vivion Rd, Apt 3C, Kansas City, MO 64119. Please don't use
  71st Terrace anymore. My brother Marcus offered his address (2815 Prospect Ave) for my mail,
  but I'd rather use my own.
- Phone: my cell (816) 555-0172. The 0145 number on the motion was my old work line.
- No fax. Same email.

I'll send copies to Camille's lawyer and to the guardian ad litem, in that order, like the
order says.

Jerome

> From: Family Court Self-Help Center
> Date: Wed, 18 Feb 2026 10:31
> Mr. Hartsfield, since Ms. Hartsfield now has an attorney, serve her attorney instead of her;
> the order also requires service on the guardian ad litem. Use the new division number.
> Staff: Irene Delacroix
`);
  caseJson(c, 'mo-court-notice-of-hearing',
    'Missouri Notice of Hearing filed by the self-represented RESPONDENT on his own motion to modify the parenting plan, in a case where the petitioner now has a lawyer and a guardian ad litem was appointed: his motion as filed (PDF, old address and work phone, the old division, served on the petitioner herself), the court\'s scanned order (transfer to a new division, the petitioner\'s attorney, the GAL, two hearings) and his email thread with the self-help center.',
    [
      ['case_county', 'In the Circuit Court of ___ County', 'Jackson', 'text'],
      ['petitioner_name_first', 'Petitioner first name', 'Camille', 'text'],
      ['petitioner_name_middle', 'Petitioner middle name', 'Denise', 'text'],
      ['petitioner_name_last', 'Petitioner last name', 'Hartsfield', 'text'],
      ['case_division_number', 'Respondent first name (the widget named "case_division_number")', 'Jerome', 'text'],
      ['respondent_name_first', 'Respondent middle name (the widget named "respondent_name_first")', 'Anthony', 'text'],
      ['respondent_name_middle', 'Respondent last name (the widget named "respondent_name_middle")', 'Hartsfield', 'text'],
      ['respondent_name_suffix', 'Respondent suffix (Jr./Sr./III)', 'III', 'text'],
      ['case_docket_number', 'Case number', '2416-DR03387', 'text'],
      ['respondent_name_last', 'Division number (the widget named "respondent_name_last")', '42', 'text'],
      ['case_matter_type', '2. Type of matter to be heard', 'Motion to Modify Parenting Plan', 'text'],
      ['case_hearing_date', '3. The date of the hearing is', '2026-04-08', 'date'],
      ['case_hearing_time', '4. The time of the hearing is', '1:30', 'text'],
      ['case_hearing_time_pm', '4. p.m.', 'Yes', 'checkbox'],
      ['users0_name_last', 'Person giving notice: first name (the widget named "users0_name_last")', 'Jerome', 'text'],
      ['users0_name_middle', 'Person giving notice: middle name', 'Anthony', 'text'],
      ['users0_name_first', 'Person giving notice: last name (the widget named "users0_name_first")', 'Hartsfield', 'text'],
      ['users0_name_suffix', 'Person giving notice: suffix', 'III', 'text'],
      ['users0_address_address', 'Person giving notice: street', '4120 NE Vivion Rd, Apt 3C', 'text'],
      ['users0_address_zip', 'Person giving notice: city (the widget named "users0_address_zip")', 'Kansas City', 'text'],
      ['users0_address_state', 'Person giving notice: state', 'MO', 'text'],
      ['users0_address_city', 'Person giving notice: ZIP (the widget named "users0_address_city")', '64119', 'digits'],
      ['users0_fax_number', 'Person giving notice: telephone (the widget named "users0_fax_number")', '8165550172', 'digits'],
      ['users0_email', 'Person giving notice: e-mail', 'jerome.hartsfield3@example.com', 'text'],
      ['other_parties0', 'Certificate of service: name (1)', 'Alicia M. Brandvold', 'text'],
      ['other_parties1', 'Certificate of service: name (2)', 'Owen T. Pruett', 'text'],
    ],
    ['petitioner_name_suffix', 'case_hearing_time_am', 'users0_phone', 'case_notice_date', 'other_parties2', 'other_parties2_service_address', 'other_parties3', 'other_parties3_service_address'],
    'Written blind (session 23) from the documents only. The filer is the RESPONDENT: the caption stays as the case is filed (petitioner Camille Denise Hartsfield, no suffix; respondent Jerome Anthony Hartsfield III), although the form\'s petitioner line says "enter your full legal name" (his email settles it). Widget names lie as on the form\'s other case: respondent first/middle/last are case_division_number / respondent_name_first / respondent_name_middle, the Division box is respondent_name_last; the person-giving-notice first and last names are users0_name_last / users0_name_first, city users0_address_zip, ZIP users0_address_city, telephone users0_fax_number (the fax box users0_phone stays empty: no fax). Division 42 (the order\'s transfer), not 15 (his motion). Matter: his Motion to Modify Parenting Plan, 04/08/2026 at 1:30 p.m. (not the petitioner\'s contempt motion at 03/20/2026 9:00 a.m., so the a.m. box stays off). His new address 4120 NE Vivion Rd, Apt 3C, Kansas City, MO 64119 and cell 816-555-0172 (not 71st Terrace and the old work line 0145 of the motion, nor his brother\'s Prospect Ave address). Service: the petitioner\'s attorney Alicia M. Brandvold, then the GAL Owen T. Pruett (the order and his email); not Camille herself (served directly on the old motion), so rows 3-4 stay empty. Service addresses (free wording of method + address) and the certificate date (the day he sends it, not in the documents) are not judged except row 3/4 emptiness.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Illinois Proof of Delivery completed by the DEFENDANTS' lawyer, serving the plaintiffs' new
// counsel (after a substitution of attorneys) through an e-filing service provider.
cases['il-proof-of-delivery-greer-defendants-efsp'] = async (c) => {
  scan(c, 'Complaint_first_page_Kowalczyk_v_Prairie_Crest.jpg', pango(`<b>IN THE CIRCUIT COURT OF THE EIGHTEENTH JUDICIAL CIRCUIT
DUPAGE COUNTY, ILLINOIS</b>

HAROLD KOWALCZYK and BERNADETTE KOWALCZYK,          )
                    Plaintiffs,                      )
        v.                                           )     Case No. <b>2025-L-000417</b>
PRAIRIE CREST BUILDERS, INC. and DALE R. FENWICK,    )
                    Defendants.                      )

<b>COMPLAINT AT LAW</b>  (breach of contract - residential construction)

Plaintiffs, by their attorney, Gerald P. Moynihan, complain of Defendants as follows:
1. Plaintiffs reside at 418 Hawthorne Ln, Wheaton, Illinois 60187.
2. Prairie Crest Builders, Inc. is an Illinois corporation, 2900 Ogden Ave, Lisle, IL 60532;
   Dale R. Fenwick is its president ...

Gerald P. Moynihan (ARDC 6201553), Moynihan Law Office, 120 E Liberty Dr, Wheaton IL 60187
(630) 555-0131 - gmoynihan@moynihanlaw.example.com`, 10), { width: 1500, rotate: 0.6 });
  await pdf(c, 'Order_substitution_of_attorneys_2025-L-000417.pdf', [
    '# IN THE CIRCUIT COURT OF THE EIGHTEENTH JUDICIAL CIRCUIT, DUPAGE COUNTY, ILLINOIS',
    '',
    'Harold Kowalczyk and Bernadette Kowalczyk, Plaintiffs, v. Prairie Crest Builders, Inc. and',
    'Dale R. Fenwick, Defendants.                                            Case No. 2025-L-000417',
    '',
    '# ORDER - SUBSTITUTION OF ATTORNEYS',
    '',
    'This matter coming on the motion of Plaintiffs, IT IS ORDERED:',
    '1. Gerald P. Moynihan and Moynihan Law Office are granted leave to withdraw as counsel for',
    '   Plaintiffs.',
    '2. Priya Nandakumar (ARDC 6340118) of Sutter & Vance LLP, 55 W Wacker Dr, Suite 900, Chicago,',
    '   IL 60601, is substituted as counsel for both Plaintiffs. Her service email for e-filing:',
    '   pnandakumar@suttervance.example.com.',
    '3. Defendants shall answer or otherwise plead by February 13, 2026.',
    '',
    'Entered: January 16, 2026                                   Judge R. Castellano-Ibsen',
  ]);
  await docx(c, 'Greer_Halvorsen_matter_sheet_GH-2025-118.docx', [
    '# Greer Halvorsen LLC - matter sheet',
    [
      ['Item', 'Details'],
      ['Matter', 'GH-2025-118 - Kowalczyk v. Prairie Crest Builders, Inc. (DuPage 2025-L-000417)'],
      ['Clients', 'Prairie Crest Builders, Inc. and Dale R. Fenwick (both defendants)'],
      ['Responsible attorney', 'Thomas E. Greer, ARDC 6329041, tgreer@greerhalvorsen.example.com, direct (630) 555-0116'],
      ['Associate', 'Hannah Vo, ARDC 6412207, hvo@greerhalvorsen.example.com'],
      ['Paralegal', 'Dominic Ruiz, druiz@greerhalvorsen.example.com, (630) 555-0124'],
      ['Firm address', '1 Tower Ln, Suite 2100, Oakbrook Terrace, IL 60181 (since Nov 2025; formerly 400 E Diehl Rd, Naperville)'],
      ['EFSP', 'Odyssey eFileIL'],
    ],
  ]);
  txt(c, 'emails_Greer_Ruiz_answer_service.txt', `
From: Thomas Greer <tgreer@greerhalvorsen.example.com>
To: Dominic Ruiz <druiz@greerhalvorsen.example.com>
Cc: Hannah Vo <hvo@greerhalvorsen.example.com>
Date: Thu, 5 Feb 2026 18:12
Subject: Re: Kowalczyk - Answer and proof of delivery

Dominic,

Change of plan: I want to review the affirmative defenses once more, so we file and serve on
Monday, February 9, at 4:00 PM, not tomorrow morning.

For the Proof of Delivery (I'm completing it for our clients, I sign it):
- Name of documents: Answer and Affirmative Defenses
- To: Priya Nandakumar - she replaced Moynihan, so nothing goes to him anymore (his email is
  still on the complaint). The Kowalczyks are represented, so nothing goes to them directly.
- Serve her through eFileIL at her service email from the substitution order; no separate
  plain email, no mail.
- Client name on page 2: Prairie Crest Builders, Inc. and Dale R. Fenwick.
- My direct line and email, and our new Oakbrook Terrace address - the Diehl Rd address on the
  old letterhead is gone.

Tom

> From: Dominic Ruiz <druiz@greerhalvorsen.example.com>
> Date: Thu, 5 Feb 2026 14:40
> Tom, the Answer is ready to file tomorrow, Friday 2/6, at 10:00 AM. Shall I prepare the
> Proof of Delivery with you as the signing attorney, or Hannah?
`);
  caseJson(c, 'il-court-proof-of-delivery',
    'Illinois Proof of Delivery completed by the defendants\' lawyer for his two clients, serving the two plaintiffs\' NEW counsel through an e-filing service provider after a substitution of attorneys: a scan of the complaint\'s first page (the caption, the plaintiffs\' home address, their former lawyer and his email), the substitution order PDF (the new lawyer\'s service email), the firm\'s DOCX matter sheet (the associate, the paralegal, the old firm address) and the attorney-paralegal email thread (a postponed filing date and time, the instructions).',
    [
      ['trial_court_county', 'County where you are filing the case', 'DuPage', 'text'],
      ['plaintiffs', 'Plaintiff/Petitioner', 'Harold Kowalczyk and Bernadette Kowalczyk', 'text'],
      ['defendants', 'Defendants/Respondents', 'Prairie Crest Builders, Inc. and Dale R. Fenwick', 'text'],
      ['case_number__1', 'Case number (page 1)', '2025-L-000417', 'text'],
      ['document_name', 'A. Name of documents', 'Answer and Affirmative Defenses', 'text'],
      ['delivery_party1_name_full', 'To: full name or law firm name', 'Priya Nandakumar', 'text'],
      ['is_delivery_party1_efm_yes', 'B. Through an approved e-filing website (EFSP)', 'Yes', 'checkbox'],
      ['delivery_party1_email_efsp', 'B. EFSP: to this email address', 'pnandakumar@suttervance.example.com', 'text'],
      ['delivery_party1_date', 'C. Documents will be sent on: date', '2026-02-09', 'date'],
      ['delivery_party1_time', 'C. Time (include AM or PM)', '4:00 PM', 'text'],
      ['case_number__2', 'Case number (page 2)', '2025-L-000417', 'text'],
      ['user__2', 'Print name', 'Thomas E. Greer', 'text'],
      ['Last - Lawyer completing the form checkbox2', 'I am a lawyer completing this form on behalf of a client', 'Yes', 'checkbox'],
      ['Last - Client Name2', 'Client name', 'Prairie Crest Builders, Inc. and Dale R. Fenwick', 'text'],
      ['Last - Lawyer Name2', 'Lawyer name', 'Thomas E. Greer', 'text'],
      ['Last - Attorney Number2', 'Attorney number', '6329041', 'digits'],
      ['Last - Lawyer Phone Number2', 'Lawyer phone number', '6305550116', 'digits'],
      ['Last - Law Firm2', 'Law firm', 'Greer Halvorsen LLC', 'text'],
      ['Last - Lawyer Email2', 'Lawyer email', 'tgreer@greerhalvorsen.example.com', 'text'],
      ['Last - Lawyer Address2', 'Lawyer address (street, suite, city, state, ZIP)', '1 Tower Ln, Suite 2100, Oakbrook Terrace, IL 60181', 'text'],
    ],
    ['is_delivery_party1_email_yes', 'delivery_party1_email', 'is_delivery_party1_not_electronic', 'delivery_party1_mail_address_on_one_line', 'is_delivery_party1_hand_yes', 'is_delivery_party1_mail_yes', 'delivery_party1_mail_location', 'is_delivery_party1_jail_yes', 'for_self', 'user_phone_number__1', 'user_email', 'user_mail_address_one_line__1'],
    'Written blind (session 23) from the documents only. The filer is the DEFENDANTS\' lawyer: "I am a lawyer completing this form" with Thomas E. Greer\'s ARDC 6329041, direct line, email and the firm\'s NEW Oakbrook Terrace address (not the former Naperville address, not the associate Hannah Vo\'s ARDC/email, not the paralegal\'s phone/email); the "for myself" box and its phone/email/address stay empty. Caption as on the complaint: both plaintiffs, both defendants. To: the plaintiffs\' substituted lawyer Priya Nandakumar, not their former lawyer Moynihan (his email is on the scanned complaint) and not the plaintiffs at their Wheaton home. Method: EFSP only, at her service email from the substitution order; the plain-email box and line, the address line and the hand/mail/jail boxes stay empty. Date and time: Monday 02/09/2026 at 4:00 PM (the attorney\'s change), not the paralegal\'s Friday 2/6 10:00 AM, nor the 02/13/2026 deadline or the 01/16/2026 order date. Print name = the signing lawyer; the "/s/" signature line is not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// USCIS I-765 (03/11/16 edition): a pending asylum applicant renews his (c)(8) work permit; his
// wife, a derivative on his asylum case, has her own card and numbers in the same documents.
cases['i765-rojas-asylum-c8-renewal'] = async (c) => {
  const s0 = 'form1[0].#subform[0].';
  scan(c, 'EAD_card_and_I797_approval_Rojas.jpg', pango(`<b>UNITED STATES OF AMERICA</b>             <b>EMPLOYMENT AUTHORIZATION</b>
Surname         <b>ROJAS PINEDA</b>
Given Name      <b>ANDRES EDUARDO</b>
USCIS#          <b>219-884-301</b>           Category   <b>C08</b>        Card#  IOE0918827341
Country of Birth  Venezuela                  Sex  M
Date of Birth     <b>23 JUL 1990</b>
Valid From  04/02/2024            Card Expires  <b>04/01/2026</b>
NOT VALID FOR REENTRY TO U.S.

──────────────────────────────────────────────────────────────
<b>I-797 NOTICE OF ACTION</b> - Approval Notice        Receipt IOE0918827341
Case type: I-765 Application for Employment Authorization     Class: (c)(8)
Received: 01/09/2024    Notice date: 04/02/2024
Applicant: ROJAS PINEDA, ANDRES E     A219 884 301
Mailing address: 7410 Bellaire Blvd, Apt 218, Houston TX 77036
Office: <b>Nebraska Service Center</b>    Result: application APPROVED (granted)`, 10), { width: 1500, rotate: -0.6 });
  await pdf(c, 'I-94_record_Rojas_Pineda.pdf', [
    '# Most Recent I-94',
    '',
    row(['Admission I-94 Record Number:', 0], ['582049173A4', 200]),
    row(['Most Recent Date of Entry:', 0], ['2022 September 14', 200]),
    row(['Class of Admission:', 0], ['B2', 200]),
    row(['Admit Until Date:', 0], ['03/13/2023', 200]),
    '',
    row(['Last/Surname:', 0], ['ROJAS PINEDA', 200]),
    row(['First (Given) Name:', 0], ['ANDRES EDUARDO', 200]),
    row(['Birth Date:', 0], ['1990 July 23', 200]),
    row(['Document Number:', 0], ['154209871', 200]),
    row(['Country of Citizenship:', 0], ['Venezuela', 200]),
    '',
    '# Travel History',
    row(['Date', 0], ['Type', 120], ['Location', 220]),
    row(['2022-09-14', 0], ['Arrival', 120], ['MIA (Miami, FL)', 220]),
    row(['2019-12-20', 0], ['Departure', 120], ['IAH (Houston, TX)', 220]),
    row(['2019-12-02', 0], ['Arrival', 120], ['IAH (Houston, TX)', 220]),
  ]);
  await docx(c, 'Puente_intake_Rojas_family.docx', [
    '# Puente Immigrant Services - family intake (asylum, I-589 filed 10/2023)',
    [
      ['', 'Principal applicant', 'Spouse (derivative)'],
      ['Name', 'Andres Eduardo Rojas Pineda', 'Mariela Josefina Gutierrez de Rojas (maiden name Gutierrez Leal)'],
      ['A-Number', 'A219-884-301', 'A219-884-302'],
      ['Date of birth', '23/07/1990', '05/11/1992'],
      ['Place of birth', 'Maracaibo, Zulia, Venezuela', 'Cabimas, Zulia, Venezuela'],
      ['Citizenship', 'Venezuela', 'Venezuela'],
      ['SSN', '900-71-4406', '900-71-5530'],
      ['Phone', '(713) 555-0183', '(713) 555-0179'],
      ['Marital status', 'Married (2015)', 'Married (2015)'],
      ['Other names', 'none', 'Mariela Josefina Gutierrez Leal'],
    ],
    'Address at intake: 7410 Bellaire Blvd, Apt 218, Houston, TX 77036.',
  ]);
  txt(c, 'emails_Puente_EAD_renewal.txt', `
From: Martha Iglesias <miglesias@puente-immigrant.example.org>
To: Andres Rojas <andres.rojas.p@example.com>
Date: Tue, 3 Feb 2026 15:22
Subject: Re: renovar permiso de trabajo / EAD renewal

Andres,

I'll prepare your I-765 renewal this week (I'm the preparer, so my name goes in the preparer
box). Your card expires April 1, so we file now. Mariela's card runs until August - we'll do
hers in May, so this form is only for you.

Please confirm what I have:
- Category (c)(8), pending asylum. Current status: Asylum Applicant.
- Status at last entry: B-2 Visitor (Miami, 09/14/2022 per your I-94).
- You had one earlier EAD: approved by the Nebraska Service Center in April 2024 (granted).
- New address since December: 9120 Westpark Dr, Apt 1407, Houston, TX 77063.

Martha Iglesias, Accredited Representative, Puente Immigrant Services, (713) 555-0160

> From: Andres Rojas <andres.rojas.p@example.com>
> Date: Mon, 2 Feb 2026 22:10
> Hola Martha, yes, we moved on December 6 to 9120 Westpark Dr, Apt 1407, Houston 77063 -
> all mail there now. I never used another name. My phone is the same, 713-555-0183
> (Mariela's is 0179). Gracias!
`);
  caseJson(c, 'uscis-i765-2016',
    'USCIS I-765 (2016 edition) renewal of a (c)(8) work permit for a pending asylum applicant, prepared by an accredited representative: a scan of his current EAD card with the earlier I-797 approval notice (the old address), his I-94 record PDF (last entry and an older trip), the organisation\'s DOCX family intake with his wife\'s (a derivative\'s) numbers, maiden name and a foreign day/month birth date, and the email thread with the new address and the status wording.',
    [
      [s0 + 'applying[2]', 'I am applying for: renewal of my permission to accept employment', 'C', 'checkbox'],
      [s0 + 'Line1_FamilyName[0]', '1. Full name (family, first, middle)', 'ROJAS PINEDA Andres Eduardo', 'text'],
      [s0 + 'Line3_StreetNumberName[0]', '3. Mailing address - street number and name', '9120 Westpark Dr', 'text'],
      [s0 + 'apt_number[0]', '3. Mailing address - apt number', '1407', 'text'],
      [s0 + 'Line3_CityOrTown[0]', '3. Mailing address - city', 'Houston', 'text'],
      [s0 + 'Line3_State[0]', '3. Mailing address - state', 'TX', 'choice'],
      [s0 + 'Line3_ZipCode[0]', '3. Mailing address - ZIP code', '77063', 'digits'],
      [s0 + 'county_of_citizenship[0]', '4. Country of citizenship', 'Venezuela', 'text'],
      [s0 + 'place_of_birth[0]', '5. Place of birth (town, state/province, country)', 'Maracaibo, Zulia, Venezuela', 'text'],
      [s0 + 'Date_of_Birth[0]', '6. Date of birth', '1990-07-23', 'date'],
      [s0 + 'Gender[0]', '7. Gender: male', 'M', 'checkbox'],
      [s0 + 'Line8_Marital[0]', '8. Marital status: married', 'M', 'checkbox'],
      [s0 + 'ssn_s[0]', '9. Social Security number', '900714406', 'digits'],
      [s0 + 'alien_re_number[0]', '10. A-Number', '219884301', 'digits'],
      [s0 + 'Line11[1]', '11. Applied for employment authorization before? Yes', 'Y', 'checkbox'],
      [s0 + '#area[0].ins_office[0]', '11. Which USCIS office?', 'Nebraska Service Center', 'text'],
      [s0 + '#area[0].results[0]', '11. Results (granted or denied)', 'Granted', 'text'],
      [s0 + 'Date_of_last_entry[0]', '12. Date of last entry into the U.S.', '2022-09-14', 'date'],
      [s0 + 'place_entry[0]', '13. Place of last entry', 'Miami, FL', 'text'],
      [s0 + 'manner[0]', '14. Status at last entry', 'B-2 Visitor', 'text'],
      [s0 + 'status[0]', '15. Current immigration status', 'Asylum Applicant', 'text'],
      [s0 + '#area[1].section_1[0]', '16. Eligibility category - letter', 'c', 'text'],
      [s0 + '#area[1].section_2[0]', '16. Eligibility category - number', '8', 'text'],
      [s0 + 'telephone4[0]', 'Applicant telephone number', '7135550183', 'digits'],
      [s0 + 'print_name[0]', 'Person preparing form: printed name', 'Martha Iglesias', 'text'],
    ],
    [s0 + 'applying[0]', s0 + 'applying[1]', s0 + 'Line11[0]', s0 + 'other_names[0]', s0 + 'Gender[1]', s0 + 'Line8_Marital[2]', s0 + '#area[1].section_3[0]', s0 + 'section_1[1]', s0 + 'section_1[2]', s0 + 'section_1[3]', s0 + 'section_1[4]'],
    'Written blind (session 23) from the documents only. Renewal (box C), not the initial "permission to accept employment" (the card expires 04/01/2026). Item 1 is ONE field: family name first, as on the form\'s other case ("ROJAS PINEDA Andres Eduardo"; the documents spell Andres without an accent); his wife Mariela\'s names (married and maiden) go nowhere, and item 2 stays empty (he never used another name - her maiden name is hers). New address 9120 Westpark Dr, Apt 1407, Houston, TX 77063 (email), not the Bellaire Blvd address of the I-797 and the intake. Birth date 23/07/1990 in the intake is day/month: July 23, 1990 (the card and I-94 confirm). His SSN 900-71-4406 and A219-884-301, not the wife\'s 900-71-5530 / A219-884-302 (one digit apart). Item 11 Yes: Nebraska Service Center, Granted (the "Dates" box is not judged). Last entry 09/14/2022 at Miami, FL as a B-2 visitor (the 2019 Houston trip is older). Status wording as the preparer confirms: "Asylum Applicant"; category (c)(8): letter c, number 8, third box empty; the (c)(3)(C) and (c)(26) boxes stay empty. His phone 713-555-0183, not the wife\'s 0179 nor the preparer\'s 0160. Preparer printed name Martha Iglesias; her address block, the signatures and dates are not judged.');
};

await runCases(root, cases);

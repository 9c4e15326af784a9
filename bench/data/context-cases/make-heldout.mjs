// Builds the documents of the held-out context cases written in session 5 (node, from the repo root):
//   node bench/data/context-cases/make-heldout.mjs CASE
// The documents are committed; this script only records how they were made (the cases have since
// moved to tune/). The makers are in make-docs.mjs.
import { documentMakers, runCases } from './make-docs.mjs';

const root = 'bench/data/context-cases/tune';
const { txt, xlsx, docx, pdf, row, filled, scan, pango, caseJson } = documentMakers(root);
const cases = {};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['unp-travel-quinones-temp-escort'] = async (c) => {
  txt(c, 'correo_solicitud_desplazamiento.txt', `
De: Luz Marina Quiñones Cárdenas <luzmarina.quinones@example.org>
Para: Coordinación Desplazamientos UNP <desplazamientos@example.gov.co>
Fecha: lun, 24 nov 2025, 08:12
Asunto: Solicitud de desplazamiento Popayán - Bogotá (diciembre)

Buenos días,

De manera atenta solicito el trámite del desplazamiento de mi esquema individual para asistir a la
Mesa Nacional de Garantías en Bogotá. Viajaré por vía aérea desde Popayán del domingo 14 al
miércoles 17 de diciembre de 2025.

Mi escolta fijo, Jhon Fredy Mosquera Palacios, sale a vacaciones el 10 de diciembre, así que me
acompañará el escolta temporal que lo releva durante esas fechas:
  Wilmer Andrés Ocoró Valencia, C.C. 1.059.886.204, celular 318 555 0172.

Adjunto el itinerario, mi cédula y el extracto de la resolución del CERREM.
Les informo además que cambié de número: mi celular ahora es el 315 555 0147 (el 300 555 0123
ya no está en servicio).

Cordialmente,
Luz Marina Quiñones Cárdenas
C.C. 1.061.734.582

---------------------------------------------------------------------------
De: Luz Marina Quiñones Cárdenas
Fecha: lun, 24 nov 2025, 15:40
Asunto: RE: Solicitud de desplazamiento Popayán - Bogotá (diciembre)

Corrección: la Mesa se extendió un día, así que el regreso es el jueves 18 de diciembre, no el 17.
La aerolínea ya reexpidió los tiquetes (adjunto el itinerario nuevo). El resto de datos no cambia.
Es un viaje de ida y regreso directo, sin conexiones.

Luz Marina
`);
  await pdf(c, 'Itinerario_Avianca_QCKR7T.pdf', [
    '# AVIANCA - Itinerario y recibo de pasaje electrónico',
    'Código de reserva: QCKR7T          Reexpedido: 24 NOV 2025',
    '',
    '# Pasajeros',
    row(['QUIÑONES CARDENAS / LUZ MARINA', 56], ['Tiquete 134 2190 553 817', 330]),
    row(['OCORO VALENCIA / WILMER ANDRES', 56], ['Tiquete 134 2190 553 818', 330]),
    '',
    '# Vuelos',
    row(['Vuelo', 56], ['Fecha', 110], ['Sale', 232], ['Desde', 280], ['Llega', 395], ['Hasta', 445]),
    row(['AV 8491', 56], ['DOM 14 DIC 2025', 110], ['06:10', 232], ['Popayán (PPN)', 280], ['07:25', 395], ['Bogotá (BOG)', 445]),
    row(['AV 8496', 56], ['JUE 18 DIC 2025', 110], ['16:45', 232], ['Bogotá (BOG)', 280], ['18:00', 395], ['Popayán (PPN)', 445]),
    '',
    'Operado por Avianca. Clase económica (S). Equipaje: 1 pieza de 23 kg por pasajero.',
    'Vuelos directos. Presentarse en el aeropuerto 1 hora y 30 minutos antes de la salida.',
    '',
    '# Pago',
    'Tarifa total 2 pasajeros: COP 1.486.400   Forma de pago: Convenio UNP',
  ]);
  scan(c, 'cedula_Luz_Marina_Quinones.jpg', pango(`<b>REPÚBLICA DE COLOMBIA</b>
IDENTIFICACIÓN PERSONAL
<b>CÉDULA DE CIUDADANÍA</b>

NÚMERO   <b>1.061.734.582</b>

<b>QUIÑONES CÁRDENAS</b>
APELLIDOS

<b>LUZ MARINA</b>
NOMBRES

FECHA DE NACIMIENTO   03-MAY-1979
LUGAR DE NACIMIENTO   POPAYÁN (CAUCA)
ESTATURA 1.61   G.S. RH O+   SEXO F
FECHA Y LUGAR DE EXPEDICIÓN   22-JUN-1997 POPAYÁN`, 13), { width: 1100, rotate: -0.9 });
  scan(c, 'resolucion_CERREM_extracto.jpg', pango(`<b>UNIDAD NACIONAL DE PROTECCIÓN</b>
Comité de Evaluación de Riesgo y Recomendación de Medidas - CERREM
<b>RESOLUCIÓN No. 4417 DE 2025</b> (extracto)

ARTÍCULO PRIMERO. Adoptar las medidas de protección recomendadas a favor de:
   Beneficiaria:   LUZ MARINA QUIÑONES CÁRDENAS, C.C. 1.061.734.582
   Población:      Defensores de Derechos Humanos
   Ciudad de origen:   Popayán        Departamento:   Cauca
   Nivel de riesgo:    Extraordinario

ARTÍCULO SEGUNDO. Implementar un esquema de protección INDIVIDUAL compuesto por:
   un (1) vehículo convencional, un (1) hombre de protección, un (1) medio de comunicación.
   Persona de protección fija asignada: JHON FREDY MOSQUERA PALACIOS, C.C. 76.334.918

ARTÍCULO TERCERO. Las medidas NO son extensivas al núcleo familiar de la beneficiaria.

Dada en Bogotá D.C., a los 12 días del mes de marzo de 2025.`, 11), { rotate: 0.8 });
  await filled(c, 'Formato_desplazamiento_agosto_2025.pdf', 'co-unp-travel-form', {
    Ciudad: 'Popayán', Fecha: '28/07/2025', Individual: 'X', Esquema_extensivo_No: 'X',
    'Nombre bnf': 'Luz Marina Quiñones Cárdenas', 'Cedula bnf': '1061734582', 'Celular bnf': '300 555 0123', 'Poblacion CERREM bnf': 'Defensores de Derechos Humanos',
    Terrestre: 'X', Ciudad_origen_CERREM: 'Popayán', Departamento_origen_CERREM: 'Cauca', Ciudades_municipios_destino: 'Cali, Jamundí',
    Dia_inicio: '04', Mes_inicio: '08', Anio_inicio: '2025', Dia_fin: '06', Mes_fin: '08', Anio_fin: '2025',
    Nombre_pdp1: 'Jhon Fredy', Apellido_pdp1: 'Mosquera Palacios', Cedula_pdp1: '76334918', Telefono_pdp1: '312 555 0166', Fija_pdp1: 'X',
  });
  caseJson(c, 'co-unp-travel-form',
    'Colombian UNP travel request (Formato de desplazamiento) for a protected human-rights defender flying Popayán-Bogotá with a temporary escort: email thread with a date correction, airline itinerary PDF, scanned ID card and CERREM resolution, and her previous (road trip) request form.',
    [
      ['Individual', 'Tipo de esquema: esquema individual (box)', 'X', 'text'],
      ['Esquema_extensivo_No', 'Esquema extensivo a mi núcleo familiar: NO', 'X', 'text'],
      ['Nombre bnf', 'Nombre del beneficiario(a) que viaja', 'Luz Marina Quiñones Cárdenas', 'text'],
      ['Cedula bnf', 'Beneficiario: CC o NIT', '1061734582', 'digits'],
      ['Celular bnf', 'Beneficiario: celular', '3155550147', 'digits'],
      ['Poblacion CERREM bnf', 'Beneficiario: población CERREM', 'Defensores de Derechos Humanos', 'text'],
      ['Aereo', 'Tipo de requerimiento: aéreo (box)', 'X', 'text'],
      ['Ciudad_origen_CERREM', 'Ciudad de origen según CERREM', 'Popayán', 'text'],
      ['Departamento_origen_CERREM', 'Departamento', 'Cauca', 'text'],
      ['Ciudades_municipios_destino', 'Ciudades y/o municipios de destino', 'Bogotá', 'text'],
      ['Dia_inicio', 'Fecha inicio del desplazamiento: DD', '14', 'digits'],
      ['Mes_inicio', 'Fecha inicio del desplazamiento: MM', '12', 'digits'],
      ['Anio_inicio', 'Fecha inicio del desplazamiento: AAAA', '2025', 'digits'],
      ['Dia_fin', 'Fecha terminación del desplazamiento: DD', '18', 'digits'],
      ['Mes_fin', 'Fecha terminación del desplazamiento: MM', '12', 'digits'],
      ['Anio_fin', 'Fecha terminación del desplazamiento: AAAA', '2025', 'digits'],
      ['Nombre_pdp1', 'Persona de protección (PDP) 1: nombres', 'Wilmer Andrés', 'text'],
      ['Apellido_pdp1', 'PDP 1: apellidos', 'Ocoró Valencia', 'text'],
      ['Cedula_pdp1', 'PDP 1: cédula', '1059886204', 'digits'],
      ['Telefono_pdp1', 'PDP 1: teléfono de contacto', '3185550172', 'digits'],
      ['Temporal_pdp1', 'PDP 1: PDP temporal (box)', 'X', 'text'],
      ['Fecha_ida', 'Ida: fecha', '2025-12-14', 'date'],
      ['Hora_ida', 'Ida: hora', '06:10', 'text'],
      ['Aereolinea_ida', 'Ida: aerolínea', 'Avianca', 'text'],
      ['Vuelo_ida', 'Ida: vuelo', '8491', 'digits'],
      ['Fecha_regreso', 'Regreso: fecha', '2025-12-18', 'date'],
      ['Hora_regreso', 'Regreso: hora', '16:45', 'text'],
      ['Aereolinea_regreso', 'Regreso: aerolínea', 'Avianca', 'text'],
      ['Vuelo_regreso', 'Regreso: vuelo', '8496', 'digits'],
    ],
    ['Corporacion', 'Colectivo', 'Esquema_extensivo_Si', 'Nombre corp', 'NIT corp', 'Celular corp', 'Nombre rep', 'Cedula rep', 'Terrestre', 'Fluvial', 'Fija_pdp1', 'Nombre_pdp2', 'Cedula_pdp2', 'Fecha_conexion1', 'Vuelo_conexion1'],
    'The form\'s tick boxes are text fields (an "X" is written in them). Return date: the first email says 17 December, the later correction and the reissued itinerary say 18 December. Phone: the new 315 555 0147, not the 300 555 0123 on the August form. PDP row 1 is the temporary escort Wilmer Andrés Ocoró Valencia (Temporal X), not the fixed escort Jhon Fredy Mosquera Palacios named in the resolution and the old form (Fija_pdp1 and a second PDP row stay empty). Air travel, not Terrestre as on the August form; direct flights, so the connection rows stay empty; the individual scheme leaves the corporation and legal-representative rows empty (the form says to leave them blank), and the measures are not extensive to the family (NO). Destination Bogotá, not Cali/Jamundí from the old form. Dates in the documents are DD/MM or "DOM 14 DIC 2025". Flight numbers judged by digits (AV 8491 / AV 8496). Passenger rows (ticket for the escort, not the beneficiary) and Ciudad/Fecha of the letter and the itinerary origin/destination wording are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['oxygen-favre-copd-discharge'] = async (c) => {
  await pdf(c, 'Lettre_de_sortie_Favre_Monique.pdf', [
    '# Hôpital de Montbrillant - Service de médecine interne',
    'Route de Montbrillant 8, 1018 Lausanne        Tél. 021 555 01 10',
    '',
    'Lausanne, le 21.11.2025',
    '',
    'Concerne : Madame FAVRE Monique, née le 09.02.1946',
    'Séjour du 12.11.2025 au 21.11.2025 (cas : maladie)',
    '',
    '# Diagnostic principal',
    'Exacerbation aiguë de bronchopneumopathie chronique obstructive (BPCO) stade GOLD 3,',
    'emphysème centrolobulaire.',
    '# Diagnostics secondaires',
    'Hypertension artérielle traitée. Ostéoporose.',
    '',
    '# Évolution',
    'Évolution favorable sous corticothérapie et antibiothérapie. Désaturation persistante à l\'effort.',
    'Première mise sous oxygène : la patiente n\'a jamais bénéficié d\'une oxygénothérapie à domicile.',
    '',
    '# Proposition pour la sortie (à confirmer par le pneumologue traitant)',
    'Oxygénothérapie de courte durée dès la sortie, le 21.11.2025 :',
    '   au repos 2 l/min, la nuit 1 l/min, à l\'effort 3 l/min, 16 heures par jour,',
    '   concentrateur fixe à domicile.',
    '',
    'Médecin de famille : Dre Sophie Rochat, Prilly.',
    'Dr Pascal Jaquier, chef de clinique',
  ]);
  scan(c, 'ordonnance_pneumologue_20-11-2025.jpg', pango(`<b>Dr méd. Laurent Bétrix</b>
Spécialiste FMH en pneumologie
Rue Centrale 12, 1003 Lausanne · Tél. 021 555 01 29 · RCC Z 4417.21

<b>ORDONNANCE</b>                                    Lausanne, le 20.11.2025

Patiente : FAVRE Monique, 09.02.1946

Oxygénothérapie de courte durée (3 mois), première prescription.
Après gazométrie du 19.11 : <b>débit au repos 1,5 l/min</b> (et non 2 l/min comme
proposé dans la lettre de l'hôpital), la nuit 1 l/min, à l'effort 3 l/min.
Durée : 16 heures/jour.
Fixe : concentrateur.
Mobile : gaz comprimé avec valve économiseuse et détendeur,
    mobilité hors du domicile env. 3 heures/jour.
Début du traitement : 21.11.2025, jour de la sortie.
Conseils et soins ambulatoires à domicile par la Ligue : oui.

Envoyer à : Ligue pulmonaire vaudoise, Avenue de Chailly 23, 1012 Lausanne (VD)`, 11), { rotate: -0.7 });
  scan(c, 'carte_assurance_Favre.jpg', pango(`<b>MUTUELLE ROMANDE SANTÉ</b>
Carte d'assuré · Assurance obligatoire des soins (LAMal)

Nom                 <b>FAVRE</b>
Prénom              <b>MONIQUE</b>
Date de naissance   09.02.1946          Sexe   F
N° AVS              756.9312.4478.06
N° d'assuré         412 887 305
N° de la carte      80756 00061 41288730 5
Échéance            31.12.2027`, 13), { width: 1150, rotate: 1.1 });
  txt(c, 'email_fille_nouvelle_adresse.txt', `
From: Nathalie Favre Kessler <nathalie.kessler@example.ch>
To: Secrétariat Dr Bétrix <secretariat.betrix@example.ch>
Date: Thu, 20 Nov 2025 17:02:11 +0100
Subject: Ma mère Monique Favre - oxygène à domicile

Bonjour,

Suite à la consultation de ce matin, voici les informations pour le formulaire de la Ligue
pulmonaire concernant ma mère, Monique Favre.

Elle ne retourne pas à son appartement de l'avenue de Morges 57, 1004 Lausanne : depuis sa
sortie elle habite chez nous, à l'adresse suivante (c'est là qu'il faut livrer l'appareil) :
   Chemin des Glycines 14
   1008 Prilly

Son natel : 079 555 01 42. Elle n'a pas d'adresse e-mail, vous pouvez m'écrire à moi
(nathalie.kessler@example.ch) ou m'appeler au 078 555 01 88.

Sa carte d'assurance est en pièce jointe. Elle n'a jamais eu d'oxygène auparavant.

Meilleures salutations,
Nathalie Favre Kessler (fille)
`);
  caseJson(c, 'ch-oxygen-prescription',
    'Swiss Ligue pulmonaire short-term oxygen prescription for a COPD patient leaving hospital: hospital discharge letter PDF, the pneumologist\'s scanned prescription that corrects the resting flow, a scanned insurance card, and the daughter\'s email with the new address.',
    [
      ['NomPrénom 1', 'Nom/Prénom', 'Favre Monique', 'text'],
      ['NomPrénom 2', 'Adresse', 'Chemin des Glycines 14', 'text'],
      ['NPALieu', 'NPA/Lieu', '1008 Prilly', 'text'],
      ['2', 'Date de naissance', '1946-02-09', 'date'],
      ['TéléphoneNatel', 'Téléphone/Natel', '0795550142', 'digits'],
      ['N dassurance sociale', 'N° d\'assurance sociale', '7569312447806', 'digits'],
      ['MaladieAccidentAl 1', 'Maladie/Accident/AI', 'Maladie', 'text'],
      ['B Diagnostic principal', 'Assureur (the widget beside the printed "Assureur")', 'Mutuelle Romande Santé', 'text'],
      ['MaladieAccidentAl 2', 'N° d\'assuré', '412887305', 'digits'],
      ['s.v.pl. reporter le code', 'B) Diagnostic principal: code', '01 bronchite chronique, emphysème', 'choice'],
      ['Première prescription', 'Première prescription (not renouvellement)', 'Ja', 'checkbox'],
      ['Concentrateur', 'Fixe: concentrateur', 'On', 'checkbox'],
      ['Gaz comprimé_2', 'Mobile: gaz comprimé', 'On', 'checkbox'],
      ['Débit O2 au repos', 'Débit O2 au repos (l/min)', '1.5', 'text'],
      ['Débit O2 la nuit', 'Débit O2 la nuit (l/min)', '1', 'text'],
      ['Débit O2 à leffort', 'Débit O2 à l\'effort (l/min)', '3', 'text'],
      ['Durée', 'Durée (heures/jour)', '16', 'text'],
      ['Mobilité', 'Mobilité (heures/jour, avec O2 hors du domicile)', '3', 'text'],
      ['Valve économiseuse', 'Pour gaz comprimé: valve économiseuse', 'On', 'checkbox'],
      ['Détendeur', 'Pour gaz comprimé: détendeur', 'On', 'checkbox'],
      ['oui', 'D) Prescription de conseils et soins ambulatoire ou à domicile: oui', 'Ja', 'checkbox'],
      ['DatumBehandlung', 'Date de début du traitement', '2025-11-21', 'date'],
      ['DatumVerordnung', 'Date de prescription', '2025-11-20', 'date'],
      ['Ct 2', 'Prescription à envoyer à: canton', 'VD', 'choice'],
    ],
    ['3', 'Gaz comprimé', 'Concentrateur_2', 'LiMA', 'OPAS7', 'Autres'],
    'Field names mislead: "B Diagnostic principal" is the Assureur line, "MaladieAccidentAl 2" is N° d\'assuré, "1"/"2"/"3" are Sexe/Date de naissance/E-Mail, "NomPrénom 2" is Adresse; the D) oui box is the "oui" field\'s Ja widget (its On widget is the refill-system oui in C). Resting flow 1.5 l/min from the pneumologist\'s later prescription, not 2 l/min proposed in the hospital letter (judged as text: "1,5" and "1.5" both count). Address: the daughter\'s home in Prilly, not the old flat at avenue de Morges 57, 1004 Lausanne. E-mail stays empty: the patient has none, the address in the email is the daughter\'s; her phone 078 555 01 88 is not the patient\'s. Fixe = concentrateur only; mobile = gaz comprimé only. Dates are Swiss DD.MM.YYYY. LiMA/OPAS 7 are for the Ligue. Sexe, profession, doctors\' names and the send-to address wording are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['w4-okafor-hoh-new-hire'] = async (c) => {
  const P1 = 'topmostSubform[0].Page1[0].';
  const P3 = 'topmostSubform[0].Page3[0].';
  await docx(c, 'New_Hire_Information_Okafor.docx', [
    '# Cascade Ridge Dental Group - New Hire Information Sheet',
    'Please complete and return to HR before your first day. HR prepares your Form W-4 from this sheet.',
    '# Employee',
    [['Legal name', 'Danielle Renée Okafor'], ['Social Security number', '900-52-6631'], ['Date of birth', '07/19/1988'],
      ['Current home address', '2715 N Puget View Ln Apt 4C, Tacoma, WA 98407 (moved here in October 2025)'],
      ['Previous address', '1190 S Cedar St Apt 12, Tacoma, WA 98405'], ['Mobile', '(253) 555-0136'], ['Position', 'Dental Hygienist']],
    '# Tax information for Form W-4 (2025)',
    [['Filing status', 'Head of household (divorced in 2023, I keep a home for my children)'],
      ['Other jobs', 'None - this will be my only job. I do not file jointly.'],
      ['Total income expected', 'Under $200,000']],
    '# Dependents living with me',
    [['Name', 'Relationship', 'Date of birth', 'Note'],
      ['Tobenna Okafor', 'Son', '02/14/2007', 'Full-time student at Tacoma CC'],
      ['Adaora Okafor', 'Daughter', '05/03/2012', ''],
      ['Chidi Okafor', 'Son', '09/21/2016', '']],
    '# Other income (not from jobs)',
    'Private math tutoring on weekends: about $200 per month, no tax withheld on it.',
    '# Deductions I expect for 2025',
    [['Mortgage interest (Form 1098)', '$9,400'], ['Property tax', '$4,900'], ['Charitable gifts', '$1,900'],
      ['Student loan interest', '$1,850 for the year']],
    '# Extra withholding',
    'Please withhold an extra $25 from each paycheck.',
  ]);
  await pdf(c, 'Offer_Letter_Okafor.pdf', [
    '# CASCADE RIDGE DENTAL GROUP, PLLC',
    '4410 Alder Crest Way, Suite 200, Tacoma, WA 98409   ·   (253) 555-0110',
    '',
    'October 27, 2025',
    '',
    'Danielle R. Okafor',
    '1190 S Cedar St Apt 12',
    'Tacoma, WA 98405',
    '',
    'Dear Danielle,',
    '',
    'We are pleased to offer you the position of Dental Hygienist at Cascade Ridge Dental Group, PLLC.',
    'Your first day of employment will be Monday, December 1, 2025. Your starting salary is $71,500',
    'per year, paid biweekly (26 pay periods). You will be eligible for benefits after 30 days.',
    '',
    'Please bring your identity documents and the enclosed New Hire Information Sheet on your first day.',
    '',
    'Sincerely,',
    'Marisol Ventura, Practice Manager',
    '',
    '',
    'Cascade Ridge Dental Group, PLLC  ·  Employer Identification Number 00-4417285',
  ], { size: [612, 792] });
  txt(c, 'email_start_date_change.txt', `
From: Marisol Ventura <mventura@cascaderidgedental.example>
To: Payroll <payroll@cascaderidgedental.example>
Cc: Danielle Okafor <dani.okafor@example.com>
Date: Tue, 18 Nov 2025 09:31:05 -0800
Subject: Danielle Okafor - start date moved + W-4

Hi team,

Danielle's start date has moved: the Puyallup office remodel slipped a week, so her first day
will be Monday, December 8, 2025 (not December 1 as in the offer letter). Please use Dec 8 as her
first date of employment everywhere.

She sent her new hire sheet. Please prepare her W-4 from it (she will review and sign on day one).
Note she has moved since the offer letter went out - use the address on the sheet. Her driver's
license still shows the old one.

Thanks,
Marisol
`);
  scan(c, 'drivers_license_Okafor.jpg', pango(`<b>WASHINGTON</b>   DRIVER LICENSE
DL  WDL9K2M4P7QX          CLASS  C

<b>OKAFOR</b>
<b>DANIELLE RENEE</b>
1190 S CEDAR ST APT 12
TACOMA, WA 98405

DOB   07/19/1988          EXP   07/19/2030
SEX F   HGT 5-06   EYES BRN
ISS   08/02/2022`, 14), { width: 1000, rotate: -1.2, noise: 0.4 });
  scan(c, 'social_security_card_Okafor.jpg', pango(`                 <b>SOCIAL SECURITY</b>
           UNITED STATES OF AMERICA

  THIS NUMBER HAS BEEN ESTABLISHED FOR

                 <b>900-52-6631</b>

           <b>DANIELLE RENEE OKAFOR</b>

  ________________________________
                   SIGNATURE`, 14), { width: 1000, rotate: 0.8 });
  caseJson(c, 'irs-fw4-2025',
    'IRS Form W-4 (2025) prepared by HR for a new hire (head of household, three dependents, tutoring income, deductions worksheet): new-hire sheet DOCX, offer letter PDF, email moving the start date, scanned driver\'s license and Social Security card.',
    [
      [P1 + 'Step1a[0].f1_01[0]', 'Step 1(a) First name and middle initial', 'Danielle R', 'text'],
      [P1 + 'Step1a[0].f1_02[0]', 'Step 1(a) Last name', 'Okafor', 'text'],
      [P1 + 'f1_05[0]', 'Step 1(b) Social security number', '900526631', 'digits'],
      [P1 + 'Step1a[0].f1_03[0]', 'Address', '2715 N Puget View Ln Apt 4C', 'text'],
      [P1 + 'Step1a[0].f1_04[0]', 'City or town, state, and ZIP code', 'Tacoma, WA 98407', 'text'],
      [P1 + 'c1_1[2]', 'Step 1(c) Head of household', '3', 'checkbox'],
      [P1 + 'Step3_ReadOrder[0].f1_06[0]', 'Step 3: qualifying children under 17 × $2,000', '4000', 'amount'],
      [P1 + 'Step3_ReadOrder[0].f1_07[0]', 'Step 3: other dependents × $500', '500', 'amount'],
      [P1 + 'f1_09[0]', 'Step 3 line 3 total', '4500', 'amount'],
      [P1 + 'f1_10[0]', 'Step 4(a) Other income (not from jobs), for the year', '2400', 'amount'],
      [P1 + 'f1_11[0]', 'Step 4(b) Deductions (from the Deductions Worksheet line 5)', '1850', 'amount'],
      [P1 + 'f1_12[0]', 'Step 4(c) Extra withholding each pay period', '25', 'amount'],
      [P1 + 'f1_13[0]', 'Employers only: employer\'s name and address', 'Cascade Ridge Dental Group, PLLC\n4410 Alder Crest Way, Suite 200\nTacoma, WA 98409', 'text'],
      [P1 + 'f1_14[0]', 'Employers only: first date of employment', '2025-12-08', 'date'],
      [P1 + 'f1_15[0]', 'Employers only: EIN', '004417285', 'digits'],
      [P3 + 'f3_07[0]', 'Deductions Worksheet line 1: estimated 2025 itemized deductions', '16200', 'amount'],
      [P3 + 'f3_08[0]', 'Deductions Worksheet line 2: $22,500 (head of household)', '22500', 'amount'],
      [P3 + 'f3_10[0]', 'Deductions Worksheet line 4: student loan interest and other adjustments', '1850', 'amount'],
      [P3 + 'f3_11[0]', 'Deductions Worksheet line 5: lines 3 + 4', '1850', 'amount'],
    ],
    [P1 + 'c1_1[0]', P1 + 'c1_1[1]', P1 + 'c1_2[0]', P3 + 'f3_01[0]', P3 + 'f3_02[0]', P3 + 'f3_05[0]', P3 + 'f3_06[0]'],
    'No AcroForm /Fields on this W-4: the widgets are reached only from the pages (orphan widgets); names are qpdf\'s full names and the filing-status boxes are three separate check boxes with on-states 1/2/3. Address: the current 2715 N Puget View Ln Apt 4C, Tacoma, WA 98407 from the sheet, not the old Cedar St address on the offer letter and the driver\'s license. First date of employment December 8, 2025 (email), not December 1 (offer letter). Step 3: of three dependents only two are under 17 at the end of 2025 (born 2012 and 2016) → 2 × 2,000 = 4,000; the 18-year-old student is an other dependent → 500; total 4,500. Tutoring is $200 per month → 4(a) is the yearly 2,400. Deductions Worksheet: line 1 = 9,400 + 4,900 + 1,900 = 16,200; line 2 = 22,500 (printed head-of-household figure); line 3 = 0 (not judged, "-0-" wording); line 4 = 1,850; line 5 = 1,850 = Step 4(b). Middle initial only ("Danielle R"), not the full middle name. One job, not married: Step 2(c) and the Multiple Jobs Worksheet stay empty; single/MFJ boxes stay off. Signature date not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['b122a1-paredes-six-month-window'] = async (c) => {
  txt(c, 'email_paralegal_means_test.txt', `
From: Tomás Ulibarri <tulibarri@mesalaw.example>
To: Gloria Paredes <gloria.paredes@example.com>
Date: Mon, 24 Nov 2025 11:05:42 -0700
Subject: Your Chapter 7 - means test (Form 122A-1)

Hi Gloria,

We plan to file your Chapter 7 petition in the District of New Mexico on December 10, 2025, so
the six-month look-back for the means test is June 1 through November 30, 2025. Only those six
months count; we average them.

What I have from you so far:
 - payroll export from Sandia Valley Home Health (all of 2025 to date)
 - your Etsy shop bookkeeping spreadsheet
 - the divorce decree (child support from Rodrigo)

You also mentioned the unemployment benefits you got earlier this year: $412 a week for the
weeks ending February 8 through March 29, 2025, stopping when you went back to work full time
on March 31.

You told me you are divorced, not remarried, and that your household is you and your two kids.
The case number will be assigned when we file, so leave it blank for now. You will sign and date
the form at our office.

Tomás Ulibarri, Paralegal
Mesa Law Group
`);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'];
  const gross = [3700, 3700, 3700, 3700, 3700, 3850, 3850, 4120, 3850, 3850, 4000];
  const csv = ['pay_month,gross_pay,federal_tax,state_tax,fica,health_ins,net_pay'];
  gross.forEach((g, i) => {
    const fed = Math.round(g * 0.082), st = Math.round(g * 0.031), fica = Math.round(g * 0.0765 * 100) / 100, hi = 184;
    csv.push(`2025-${String(i + 1).padStart(2, '0')},${g.toFixed(2)},${fed.toFixed(2)},${st.toFixed(2)},${fica.toFixed(2)},${hi.toFixed(2)},${(g - fed - st - fica - hi).toFixed(2)}`);
  });
  txt(c, 'SandiaValley_payroll_2025_Paredes.csv', `employee,Gloria Ines Paredes\nemployer,Sandia Valley Home Health LLC\n\n${csv.join('\n')}\n`);
  const eg = [310, 280, 450, 390, 520, 540, 610, 480, 700, 650, 620];
  const ee = [140, 120, 190, 160, 210, 230, 260, 210, 280, 270, 250];
  await xlsx(c, 'Etsy_shop_books_2025.xlsx', [{
    name: 'Monthly',
    rows: [['Month (2025)', 'Gross sales receipts', 'Materials', 'Etsy & shipping fees', 'Total expenses', 'Net'],
      ...months.map((m, i) => [m, eg[i], Math.round(ee[i] * 0.6), ee[i] - Math.round(ee[i] * 0.6), ee[i], eg[i] - ee[i]]),
      ['Total', eg.reduce((a, b) => a + b), null, null, ee.reduce((a, b) => a + b), eg.reduce((a, b) => a + b) - ee.reduce((a, b) => a + b)]],
  }, { name: 'Notes', rows: [['Shop', 'Paredes Clay Studio (handmade pottery)'], ['Owner', 'Gloria Paredes'], ['Bank', 'all receipts deposited to my checking account']] }]);
  scan(c, 'divorce_decree_page3_scan.jpg', pango(`STATE OF NEW MEXICO, COUNTY OF BERNALILLO, SECOND JUDICIAL DISTRICT COURT
No. D-202-DM-2022-01873
IN THE MATTER OF THE PETITION FOR DISSOLUTION OF MARRIAGE OF
<b>GLORIA INES PAREDES</b>, Petitioner, and <b>RODRIGO ANDRES PAREDES</b>, Respondent.

<b>FINAL DECREE OF DISSOLUTION OF MARRIAGE</b> (page 3 of 7)

7. The marriage of the parties is dissolved as of the date of entry of this Decree.
8. Child support. Based on Respondent's gross monthly income of $6,200.00 and Petitioner's gross
   monthly income of $3,500.00, Respondent shall pay to Petitioner child support of
   <b>$450.00 per month</b> ($5,400.00 per year) for the two minor children, payable on the
   first day of each month through the Child Support Enforcement Division.
9. Neither party shall pay spousal support (alimony) to the other.

Entered: March 14, 2023                          /s/ Hon. Patricia L. Vigil, District Judge`, 10.5), { rotate: 0.7 });
  await pdf(c, 'Median_family_income_table_Nov2025.pdf', [
    '# Median Family Income by Family Size (excerpt)',
    'For bankruptcy cases filed on or after November 1, 2025',
    '',
    row(['State', 56], ['1 earner', 200], ['2 people', 290], ['3 people', 380], ['4 people *', 470]),
    row(['Nevada', 56], ['$64,580', 200], ['$80,115', 290], ['$87,430', 380], ['$101,702', 470]),
    row(['New Hampshire', 56], ['$78,644', 200], ['$103,020', 290], ['$122,916', 380], ['$146,283', 470]),
    row(['New Jersey', 56], ['$82,190', 200], ['$101,558', 290], ['$122,604', 380], ['$150,376', 470]),
    row(['New Mexico', 56], ['$58,214', 200], ['$71,030', 290], ['$71,842', 380], ['$86,955', 470]),
    row(['New York', 56], ['$69,907', 200], ['$89,461', 290], ['$107,248', 380], ['$131,584', 470]),
    '',
    '* Add $11,100 for each individual in excess of 4.',
  ]);
  caseJson(c, 'us-bankr-b122a1',
    'Official Form 122A-1 (Chapter 7 means test) for a divorced debtor with wages, a small Etsy business and child support: paralegal email, payroll CSV for all of 2025, shop bookkeeping XLSX, scanned divorce decree page, median-income table PDF.',
    [
      ['debtor1_name_1', 'Debtor 1 name (page 1 header)', 'Gloria Ines Paredes', 'text'],
      ['debtor1_name_2', 'Debtor 1 name (page 2 header)', 'Gloria Ines Paredes', 'text'],
      ['debtor1_name_3', 'Debtor 1 name (page 3 header)', 'Gloria Ines Paredes', 'text'],
      ['bankruptcy_district', 'United States Bankruptcy Court for the District of', 'District of New Mexico', 'choice'],
      ['noPresumedAbuse', 'Box 1: There is no presumption of abuse', 'No Abuse', 'checkbox'],
      ['notMarried', 'Line 1: Not married', 'Not married', 'checkbox'],
      ['wages1', 'Line 2 Column A: gross wages (monthly average)', '3920.00', 'amount'],
      ['amounts1', 'Line 4 Column A: amounts regularly paid for household expenses, incl. child support', '450.00', 'amount'],
      ['grossBusReceipts1', 'Line 5 Debtor 1: gross receipts', '600.00', 'amount'],
      ['ordinaryBus1', 'Line 5 Debtor 1: ordinary and necessary operating expenses', '250.00', 'amount'],
      ['netIncomeBus1', 'Line 5 Debtor 1: net monthly income from the business', '350.00', 'amount'],
      ['netIncomeBus1-1', 'Line 5 Column A (copied)', '350.00', 'amount'],
      ['totalMonthly1', 'Line 11 Column A total', '4720.00', 'amount'],
      ['overallTotalMonthly', 'Line 11 total current monthly income', '4720.00', 'amount'],
      ['overallTotalMonthly-1', 'Line 12a copy of line 11', '4720.00', 'amount'],
      ['overallTotalYear', 'Line 12b annual income', '56640.00', 'amount'],
      ['state', 'Line 13 state in which you live', 'New Mexico', 'text'],
      ['dependents', 'Line 13 number of people in your household', '3', 'digits'],
      ['medianIncome', 'Line 13 median family income', '71842.00', 'amount'],
      ['lessThan', 'Line 14a: line 12b is less than or equal to line 13', '12b less or equal to 13', 'checkbox'],
    ],
    ['debtor2_name_1', 'case_number_1', 'meansTest', 'noMeansTest', 'isAmended', 'marriedFiling', 'marriedNotFiling', 'sameHouse', 'separateHouse', 'wages2', 'amounts2', 'alimony1', 'unemployment1', 'unemploymentForYou', 'totalMonthly2', 'moreThan', 'Debtor2.sig', 'Debtor1.Date signed'],
    'Six-month window June-November 2025 (filing December 10): wages average (3,850+3,850+4,120+3,850+3,850+4,000)/6 = 3,920.00 from gross pay, not net and not the January-May months at 3,700 or the year-to-date average. Etsy: June-November gross 3,600 and expenses 1,500 from the spreadsheet (which also totals January-November) → monthly 600 / 250 / net 350. Child support $450 per month (the decree also says $5,400 per year) goes on line 4, not line 3 alimony (the decree says no alimony). Unemployment was paid February-March 2025, outside the window: line 8 stays empty. The ex-husband Rodrigo\'s $6,200 monthly income in the decree must not go to Column B: she is not married, so Column B, Debtor 2 and the married boxes stay empty. Median income: the New Mexico row, 3 people (her and two children) = 71,842, not the 2-person 71,030 or another state; 56,640 ≤ 71,842 → box 1 and line 14a. Case number not yet assigned; signature date left for the office.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['n260-harlow-costs-relisted'] = async (c) => {
  txt(c, 'email_partner_statement_of_costs.txt', `
From: Priya Raman <p.raman@ramanwhitfield.example.co.uk>
To: Tom Ashworth <t.ashworth@ramanwhitfield.example.co.uk>
Date: Tue, 9 Dec 2025 08:47:12 +0000
Subject: Harlow v Brightwater - N260 for Friday

Tom,

Please prepare our client's statement of costs (N260) for the summary judgment application in
Harlow Fabrication Ltd v Brightwater Logistics Ltd. We act for the Claimant. The hearing was
relisted - see the court's notice - so it is now Friday.

 - Time: take it from the ledger export, matter HAR/0047 only. The ledger also picked up my
   attendance on the directors for HAR/0052 (their lease dispute) - that is not this matter.
 - Fee earners: (a) me, Grade A, £295 per hour; (b) you, Grade D, £140 per hour.
 - Do NOT claim your attendance at the hearing: you are coming to note, and we will not recover
   two fee earners at a one-hour application. My own attendance and travel/waiting go in.
 - Counsel: Daniel Fortune (call 2012), hearing fee per his fee note. No separate advice fee.
 - Court fee: the £303 application fee (receipt attached). No other disbursements.
 - VAT at 20% on our fees and counsel's fee; there is no VAT on the court fee.

I will sign it as the partner. Firm name as usual: Raman Whitfield LLP.

Priya
`);
  const L = [['Date', 'Matter', 'Fee earner', 'Activity', 'Narrative', 'Units (6 min)', 'Rate £/h']];
  const e = (d, m, fe, act, nar, u) => L.push([d, m, fe, act, nar, u, fe === 'PR' ? 295 : 140]);
  e('03/11/2025', 'HAR/0047', 'PR', 'Attendance on client - personal', 'Meeting with M. Harlow re defence and SJ strategy', 6);
  e('05/11/2025', 'HAR/0052', 'PR', 'Attendance on client - personal', 'Meeting with directors re Unit 7 lease renewal', 7);
  e('06/11/2025', 'HAR/0047', 'TA', 'Letters/emails - client', 'Email to client re documents for witness statement', 7);
  e('07/11/2025', 'HAR/0047', 'PR', 'Letters/emails - client', 'Advice email re prospects of SJ', 5);
  e('10/11/2025', 'HAR/0047', 'PR', 'Telephone - client', 'Call with M. Harlow', 3);
  e('12/11/2025', 'HAR/0047', 'PR', 'Letters/emails - opponent', 'Letter to Brightwater solicitors enclosing application', 6);
  e('13/11/2025', 'HAR/0047', 'TA', 'Documents', 'Drafting witness statement of M. Harlow', 30);
  e('14/11/2025', 'HAR/0047', 'PR', 'Documents', 'Settling application notice and draft order', 18);
  e('18/11/2025', 'HAR/0047', 'TA', 'Letters/emails - client', 'Email to client with draft statement', 5);
  e('20/11/2025', 'HAR/0047', 'PR', 'Attendance on client - personal', 'Meeting with M. Harlow to finalise statement', 4);
  e('21/11/2025', 'HAR/0047', 'PR', 'Telephone - client', 'Call re relisting', 2);
  e('24/11/2025', 'HAR/0047', 'TA', 'Documents', 'Preparing hearing bundle and index', 25);
  e('25/11/2025', 'HAR/0047', 'PR', 'Documents', 'Reviewing bundle, instructions to counsel', 14);
  e('26/11/2025', 'HAR/0047', 'PR', 'Letters/emails - client', 'Email to client re new hearing date', 3);
  e('12/12/2025', 'HAR/0047', 'PR', 'Attendance at hearing (estimate)', 'Attending SJ hearing with counsel', 15);
  e('12/12/2025', 'HAR/0047', 'PR', 'Travel and waiting (estimate)', 'Travel to and waiting at court', 10);
  e('12/12/2025', 'HAR/0047', 'TA', 'Attendance at hearing (estimate)', 'Attending hearing to take a note', 20);
  await xlsx(c, 'Ledger_export_Harlow_HAR-0047.xlsx', [{ name: 'Time', rows: L, width: 22 }]);
  await pdf(c, 'Fee_note_Daniel_Fortune.pdf', [
    '# FEE NOTE',
    'Daniel Fortune (Call 2012)            Riverside Chambers, 4 Temple Walk, London EC4Y 7AB',
    'VAT registration no. GB 0041 7729 18',
    '',
    'Instructing solicitors: Raman Whitfield LLP (ref PR/HAR/0047)',
    'Case: Harlow Fabrication Ltd v Brightwater Logistics Ltd - J01CL482',
    '',
    row(['Item', 56], ['Fee £', 400], ['VAT £', 470]),
    row(['Brief fee: hearing of the Claimant\'s summary judgment application, 12 December 2025', 56]),
    row(['', 56], ['1,250.00', 400], ['250.00', 470]),
    '',
    row(['# Total due', 56], ['1,500.00', 400]),
    '',
    'Payment within 30 days of the hearing, please.',
  ]);
  scan(c, 'Notice_of_relisting_J01CL482.jpg', pango(`<b>In the County Court at Central London</b>
Thomas More Building, Royal Courts of Justice, Strand, London WC2A 2LL

Claim No.  <b>J01CL482</b>

<b>HARLOW FABRICATION LTD</b>                      Claimant
                          -v-
<b>BRIGHTWATER LOGISTICS LTD</b>                   Defendant

<b>NOTICE OF HEARING (RELISTED)</b>

TAKE NOTICE that the hearing of the Claimant's application for summary judgment, listed
for 28 November 2025, has been vacated owing to lack of judicial availability and is
relisted before <b>District Judge Okereke</b> on

        <b>12 December 2025 at 10:30 am</b>   (time estimate: 1 hour)

Dated 21 November 2025`, 11), { rotate: -0.5 });
  scan(c, 'court_fee_receipt_scan.jpg', pango(`<b>HM Courts and Tribunals Service</b>
County Court at Central London - Fee receipt

Receipt no.   CCCL-25-118204
Date          14/11/2025
Claim no.     J01CL482
Paid by       Raman Whitfield LLP (PBA)

Application on notice (fee 2.5)           £303.00
                              TOTAL       £303.00`, 12), { width: 1000, rotate: 1.0 });
  caseJson(c, 'uk-hmcts-n260',
    'UK N260 statement of costs (summary assessment) for the claimant\'s summary judgment hearing: partner\'s instructions email, time-ledger XLSX (with another matter\'s entries), counsel\'s fee note PDF, scanned notice of relisting and court-fee receipt.',
    [
      ['Court name', 'In the ... Court', 'County Court at Central London', 'text'],
      ['Case reference', 'Case reference', 'J01CL482', 'text'],
      ['Judge/Master', 'Judge/Master', 'District Judge Okereke', 'text'],
      ['Case Title', 'Case title', 'Harlow Fabrication Ltd v Brightwater Logistics Ltd', 'text'],
      ['Parties', '[Party]\'s (statement of costs of)', 'Claimant\'s', 'text'],
      ['Hearing date', 'Statement of costs for the hearing on (date)', '2025-12-12', 'date'],
      ['Attendances on: Party', 'Attendances on (party)', 'Claimant', 'text'],
      ['Personal attendances hours - \'A\'', 'Attendances on client, personal: (a) hours', '1.0', 'amount'],
      ['Personal attendances hourly rate - \'A\'', 'Attendances on client, personal: (a) rate £', '295', 'amount'],
      ['Personal attendances amount - \'A\'', 'Attendances on client, personal: (a) £', '295.00', 'amount'],
      ['Letters out/emails hours - \'A\'', 'Attendances on client, letters out/emails: (a) hours', '0.8', 'amount'],
      ['Letters out/emails amount - \'A\'', 'Attendances on client, letters out/emails: (a) £', '236.00', 'amount'],
      ['Letters out/emails hours - \'B\'', 'Attendances on client, letters out/emails: (b) hours', '1.2', 'amount'],
      ['Letters out/emails hourly rate - \'B\'', 'Attendances on client, letters out/emails: (b) rate £', '140', 'amount'],
      ['Letters out/emails amount - \'B\'', 'Attendances on client, letters out/emails: (b) £', '168.00', 'amount'],
      ['Telephone amount - \'A\'', 'Attendances on client, telephone: (a) £ (0.5 h)', '147.50', 'amount'],
      ['Letters out/emails with opponents amount - \'A\'', 'Attendances on opponents, letters out/emails: (a) £ (0.6 h)', '177.00', 'amount'],
      ['Total of all items', 'Schedule of work done on documents: total', '1714.00', 'amount'],
      ['Work done on all documents', 'Work done on documents, as set out in schedule', '1714.00', 'amount'],
      ['Attendance at hearing hours - \'A\'', 'Attendance at hearing: (a) hours', '1.5', 'amount'],
      ['Attendance at hearing amount - \'A\'', 'Attendance at hearing: (a) £', '442.50', 'amount'],
      ['Travel to and waiting at hearing amount - \'A\'', 'Travel and waiting time: (a) £ (1.0 h)', '295.00', 'amount'],
      ['Subtotal 1', 'Sub Total £ (and brought forward)', '3475.00', 'amount'],
      ['Fee for hearing', 'Counsel\'s fee for hearing', '1250.00', 'amount'],
      ['Other expenses - court fees', 'Other expenses: court fees', '303.00', 'amount'],
      ['Total A', 'Total', '5028.00', 'amount'],
      ['VAT claimed - on solicitor\'s and counsel\'s fees', 'VAT on solicitors\' and counsel\'s fees', '945.00', 'amount'],
      ['Grand Total B', 'Grand Total £', '5973.00', 'amount'],
      ['Nature of party - sign-off', 'The costs do not exceed the costs which the (party) is liable to pay', 'Claimant', 'text'],
      ['Name of firm of solicitors', 'Name of firm of solicitors', 'Raman Whitfield LLP', 'text'],
    ],
    ['Personal attendances hours - \'B\'', 'Attendance at hearing hours - \'B\'', 'Description of fee earners - \'C\'', 'Fee for [advice/conference/documents]', 'Other expenses - other', 'VAT claimed - on other expenses', 'Signed - signature box', 'Dated - date of signature'],
    'Time is in 6-minute units in the ledger: only matter HAR/0047 counts (the 0.7 h personal attendance on HAR/0052 is another matter): partner (a) personal 0.6+0.4 = 1.0 h × £295 = 295.00; letters/emails to client 0.5+0.3 = 0.8 h = 236.00; telephone 0.3+0.2 = 0.5 h = 147.50; letter to opponents 0.6 h = 177.00; documents 1.8+1.4 = 3.2 h = 944.00; trainee (b) emails 0.7+0.5 = 1.2 h × £140 = 168.00, documents 3.0+2.5 = 5.5 h = 770.00; documents schedule total 1,714.00. Hearing: partner 1.5 h = 442.50 and travel/waiting 1.0 h = 295.00; the trainee\'s 2.0 h at the hearing is in the ledger but must not be claimed (partner\'s email), so the (b) hearing hours stay empty (its calculated amount always shows 0 and is not judged). Sub total 3,475.00. Counsel\'s fee note shows 1,250.00 + 250.00 VAT = 1,500.00: the hearing fee is 1,250.00, and no advice fee. Court fee 303.00, no other expenses. Total 5,028.00; VAT 20% on 3,475 + 1,250 = 945.00 (none on the court fee); grand total 5,973.00. Hearing date 12 December 2025 after relisting, not 28 November. Parties "Claimant\'s" (apostrophe removed by normalisation). The form pre-fills placeholders ("Judge/Master", "[Party]\'s", "Date", "(party)") and calculated amount fields show 0: left as they are they count as wrong. Fee-earner descriptions, counsel\'s name line, the schedule items and the partner\'s name (signing) are not judged; signature and date stay empty.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['ma-finstmt-thibodeau-weekly'] = async (c) => {
  scan(c, 'Temporary_Order_p1_scan.jpg', pango(`<b>COMMONWEALTH OF MASSACHUSETTS</b>
<b>THE TRIAL COURT · PROBATE AND FAMILY COURT</b>
Worcester Division                                   Docket No. <b>WO25D1187DR</b>

<b>AMANDA L. THIBODEAU</b>, Plaintiff
                                  v.
<b>KEVIN J. THIBODEAU</b>, Defendant

<b>TEMPORARY ORDER</b>

1. The parties' two minor children shall reside primarily with the Plaintiff at
   14 Birchwood Drive, Worcester, MA 01606.
2. The Defendant shall pay to the Plaintiff child support of <b>$250.00 per week</b>,
   by income assignment through the Department of Revenue, beginning October 3, 2025.
3. Each party shall file a Financial Statement (Short Form) within 30 days.

Date: September 26, 2025                       Hon. Celia M. Fitzgerald, Justice`, 11), { rotate: 0.6 });
  await pdf(c, 'Paystub_2025-11-14_Thibodeau.pdf', [
    '# QUINSIG MECHANICAL SERVICES, INC.',
    '310 Grafton Street, Worcester, MA 01604     Payroll questions: (508) 555-0163',
    '',
    row(['Employee: KEVIN J THIBODEAU', 56], ['Pay date: 11/14/2025', 360]),
    row(['14 Birchwood Dr, Worcester, MA 01606', 56], ['Pay period: 11/01/2025 - 11/14/2025 (biweekly)', 360]),
    row(['Job title: HVAC Service Technician', 56], ['Employee ID: 20417', 360]),
    '',
    row(['# Earnings', 56], ['Hours', 250], ['Rate', 310], ['Current', 380], ['YTD', 470]),
    row(['Regular', 56], ['80.00', 250], ['36.00', 310], ['2,880.00', 380], ['66,240.00', 470]),
    row(['Overtime', 56], ['6.00', 250], ['54.00', 310], ['324.00', 380], ['7,176.00', 470]),
    row(['Gross pay', 56], ['3,204.00', 380], ['73,416.00', 470]),
    '',
    row(['# Deductions', 56], ['Current', 380], ['YTD', 470]),
    row(['Federal income tax', 56], ['358.20', 380], ['7,882.10', 470]),
    row(['MA state income tax', 56], ['150.17', 380], ['3,303.95', 470]),
    row(['Social Security', 56], ['198.65', 380], ['4,373.23', 470]),
    row(['Medicare', 56], ['46.46', 380], ['1,022.77', 470]),
    row(['Health insurance (pre-tax)', 56], ['142.00', 380], ['3,266.00', 470]),
    row(['Union dues - Local 4', 56], ['24.00', 380], ['552.00', 470]),
    row(['401(k) employee deferral', 56], ['144.00', 380], ['3,312.00', 470]),
    row(['Child support - DOR income assignment', 56], ['500.00', 380], ['2,000.00', 470]),
    '',
    row(['# Net pay', 56], ['1,640.52', 380]),
  ], { size: [612, 792], fs: 10 });
  txt(c, 'email_to_attorney_financial_statement.txt', `
From: Kevin Thibodeau <kthibodeau84@example.com>
To: Rachel Szymanski <rszymanski@szymanskilaw.example>
Date: Sun, 16 Nov 2025 21:14:09 -0500
Subject: Stuff for my financial statement

Hi Rachel,

Here is what you asked for. My latest paystub is attached (payroll still has me at the old
Birchwood address - that's where Amanda and the kids live now, please don't use it).

- New address since September: 88 Lantern Hill Rd, Apt 2, Shrewsbury, MA 01545
- Cell: 508-555-0114
- Date of birth: April 22, 1984
- SSN: 900-61-2285
- The kids live with Amanda per the temporary order, not with me.
- Health insurance: yes, through work - Blue Harbor Health Plan (family plan).
- I'm paid hourly, $36/hour, 40 hours a week. Overtime goes up and down; over the year it
  averages about $312 per paycheck (we're paid every two weeks).
- Payroll told me my total gross pay for 2024 was $75,064.00.
- Truck: 2021 Ford F-150, Kelley Blue Book private-party value about $31,000. Loan statement
  attached.
- Budget and debts are in the spreadsheet (monthly numbers, sorry - I know the form is weekly).
- I don't own any real estate; Birchwood was always a rental.

Thanks,
Kevin
`);
  await xlsx(c, 'Thibodeau_budget_and_debts.xlsx', [
    { name: 'Monthly budget', rows: [['Expense', 'Per month ($)'], ['Rent (Lantern Hill Rd)', 1560], ['Electricity (Eversource)', 130], ['Phone + internet', 91], ['Groceries / food', 520], ['Truck loan payment', 390], ['Truck gas + insurance', 260], ['Clothing', 65], ['Total', 3016]] },
    { name: 'Debts', rows: [['Creditor', 'Type', 'Opened', 'Balance ($)', 'Minimum payment ($/month)', 'Note'],
      ['Capital Harbor Visa', 'Credit card', '2019', 3240.18, 104, ''],
      ['Merrimack Auto Finance', 'Truck loan (2021 F-150)', '2021', 18400, 390, 'payment already in monthly budget']] },
  ]);
  scan(c, 'auto_loan_statement_scan.jpg', pango(`<b>MERRIMACK AUTO FINANCE</b>
Monthly Statement                          Statement date: 11/15/2025

Borrower:     KEVIN J THIBODEAU
Account:      ****6620
Collateral:   2021 FORD F-150 XLT   VIN ending 48213

Monthly payment amount          $390.00
Next payment due                12/05/2025
Payoff amount as of 11/15/2025  <b>$18,400.00</b>`, 12), { width: 1100, rotate: -0.9 });
  caseJson(c, 'ma-fin-stmt-short',
    'Massachusetts Probate and Family Court Financial Statement (Short Form) for a divorcing father who pays child support by wage assignment: scanned temporary order, biweekly paystub PDF, his email to his lawyer, monthly budget/debts XLSX and a scanned truck-loan statement.',
    [
      ['trial_court_division', 'Division', 'Worcester', 'text'],
      ['docket_number', 'Docket No.', 'WO25D1187DR', 'text'],
      ['plaintiff_petitioner_name', 'Plaintiff/Petitioner', 'Amanda L. Thibodeau', 'text'],
      ['defendant_petitioner_name', 'Defendant/Petitioner', 'Kevin J. Thibodeau', 'text'],
      ['user_name', 'Your name', 'Kevin J. Thibodeau', 'text'],
      ['user_ssn', 'Social Security No.', '900612285', 'digits'],
      ['user_address_street', 'Address: street', '88 Lantern Hill Rd, Apt 2', 'text'],
      ['user_address_city', 'Address: city/town', 'Shrewsbury', 'text'],
      ['user_address_zip', 'Address: zip', '01545', 'digits'],
      ['user_phone', 'Tel. No.', '5085550114', 'digits'],
      ['user_birthdate', 'Date of birth', '1984-04-22', 'date'],
      ['children_living_count', 'No. of children living with you', '0', 'digits'],
      ['user_employer_name', 'Employer', 'Quinsig Mechanical Services, Inc.', 'text'],
      ['health_insurance_yes', 'Health insurance coverage? Yes', 'Yes', 'checkbox'],
      ['health_insurance_provider', 'Name of health insurance provider', 'Blue Harbor Health Plan', 'text'],
      ['income_check_wages', '2a) Base pay from: Wages', 'Yes', 'checkbox'],
      ['income_base_pay', '2a) Base pay (weekly)', '1440.00', 'amount'],
      ['income_overtime', '2b) Overtime (weekly)', '156.00', 'amount'],
      ['income_total', '2r) Total gross weekly income', '1596.00', 'amount'],
      ['deduction_medical', '3d) Medical insurance (weekly)', '71.00', 'amount'],
      ['other_deduction_retirement', '5c) Retirement (weekly)', '72.00', 'amount'],
      ['other_deduction_other', '5d) Other - child support (weekly)', '250.00', 'amount'],
      ['prior_year_gross', '7. Gross yearly income from prior year', '75064.00', 'amount'],
      ['expense_rent', '8a) Rent (weekly)', '360.00', 'amount'],
      ['expense_food', '8h) Food (weekly)', '120.00', 'amount'],
      ['expense_motor_payment', '8q) Motor vehicle payment (weekly)', '90.00', 'amount'],
      ['expense_total', '8t) Total weekly expenses', '696.00', 'amount'],
      ['asset_vehicle1_fmv', '10b) Motor vehicle: fair market value', '31000', 'amount'],
      ['asset_vehicle1_loan', '10b) Motor vehicle loan', '18400', 'amount'],
      ['liability1_amount_due', '11a) Liability: amount due', '3240.18', 'amount'],
    ],
    ['income_check_salary', 'health_insurance_no', 'income_check_child_support', 'income_child_support', 'income_check_alimony', 'income_part_time', 'asset_real_estate_location', 'asset_real_estate_fmv', 'liability2_creditor', 'liability2_amount_due', 'cert_date', 'attorney_date'],
    'Everything on the form is WEEKLY: base pay $36 × 40 = 1,440.00; overtime "about $312 per paycheck" every two weeks = 156.00 (not this stub\'s 324.00 / 2 = 162.00); biweekly stub deductions halved (health 142.00 → 71.00, 401(k) 144.00 → 72.00, child support by DOR income assignment 500.00 → 250.00 in 5(d), matching the order\'s $250 per week); monthly budget × 12 / 52 (rent 1,560 → 360.00, food 520 → 120.00, truck payment 390 → 90.00, total 3,016 → 696.00). Address: the new Shrewsbury address from his email, not the Birchwood Dr address on the paystub (where the plaintiff and the children live). Children living with him: 0. Child support is paid, not received: line 2(m) and its box stay empty; base pay is wages (hourly), not salary. Prior-year gross 75,064.00 from payroll via his email (the stub\'s YTD 73,416.00 is this year). No real estate. The truck loan is already an expense in item 8, so item 11 lists only the Visa card (balance 3,240.18; weekly payment 104 × 12 / 52 = 24.00, not judged); the truck loan must not be a second liability. The widgets for the 2(f)-(h) check boxes are named one row off (not used here). Federal/state exemptions and withholding, union dues, employer address, occupation and signature dates are not judged.');
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
cases['et1-llewellyn-summary-dismissal'] = async (c) => {
  await pdf(c, 'Acas_EC_certificate_R218407-25-61.pdf', [
    '# Acas',
    '# Early Conciliation Certificate',
    '',
    'This certificate is issued under section 18A of the Employment Tribunals Act 1996.',
    '',
    row(['Early Conciliation number:', 56], ['R218407/25/61', 230]),
    row(['Prospective claimant:', 56], ['Bethan Llewellyn', 230]),
    row(['Address:', 56], ['41 Heol Isaf, Radyr, Cardiff, CF15 8AJ', 230]),
    row(['Prospective respondent:', 56], ['Tafwys Logistics Ltd', 230]),
    row(['Address:', 56], ['Ty Tafwys, 88 Newport Road, Cardiff, CF24 0DF', 230]),
    '',
    row(['Date of receipt by Acas of the EC notification:', 56], ['02 September 2025', 300]),
    row(['Date of issue by Acas of this certificate:', 56], ['16 October 2025', 300]),
    '',
    'Method of issue: Email',
  ]);
  scan(c, 'dismissal_letter_scan.jpg', pango(`<b>TAFWYS LOGISTICS LTD</b>
Wentloog Distribution Park, Unit 12, Cardiff CF3 2EE · Tel 029 2018 0650
Registered office: Ty Tafwys, 88 Newport Road, Cardiff CF24 0DF

PRIVATE AND CONFIDENTIAL
Ms B Llewellyn

14 August 2025

Dear Bethan,

<b>Outcome of disciplinary hearing</b>

I write to confirm the outcome of the disciplinary hearing held on 13 August 2025.
Having considered the evidence, I have concluded that the allegation of gross
misconduct is upheld. You are therefore summarily dismissed with effect from
today, 14 August 2025, without notice or pay in lieu of notice.

Your employment as Warehouse Shift Supervisor at our Wentloog depot began
on 12/04/2019. You have the right to appeal within 5 working days.

Yours sincerely,
Gareth Pryce, Operations Manager`, 11), { rotate: 0.9 });
  scan(c, 'payslip_July_2025_scan.jpg', pango(`<b>TAFWYS LOGISTICS LTD</b>              PAYSLIP
Employee: B LLEWELLYN        Payroll no. 00714        Tax code 1257L
Pay date: 31/07/2025         Period: July 2025 (monthly)
Contracted hours: 37.5 per week

<b>Payments</b>                                   <b>Deductions</b>
Basic salary          2,470.00           PAYE tax                 243.10
                                         National Insurance        91.04
                                         Pension (employee 5%)    123.50

Gross pay             <b>2,470.00</b>           Total deductions         457.64
                                         <b>NET PAY                2,012.36</b>

Employer pension contribution (3%): 74.10 per month
Year to date: gross 9,880.00   tax 972.40   NI 364.16`, 11), { width: 1300, rotate: -0.8 });
  txt(c, 'email_from_sister_ET1.txt', `
From: Carys Llewellyn-Hart <carys.hart@example.co.uk>
To: Bethan Llewellyn <bethan.llewellyn@example.co.uk>
Date: Mon, 3 Nov 2025 19:22:40 +0000
Subject: ET1 - details I've got so far

Beth,

I'm typing up your tribunal claim form for you (just helping - you're bringing the claim
yourself, I'm not your representative). Check these are right:

- You: Ms Bethan Llewellyn, born 7 November 1990 (07/11/1990).
- You moved in September, so NOT the Radyr address on the Acas certificate. New address:
  Flat 2, 19 Conway Road, Cardiff, CF11 9NT.
- Contact by email please, to your own address (bethan.llewellyn@example.co.uk), not mine.
  Your mobile is 07700 900317 - you don't have a landline any more.
- Hearings: you're fine with video, but not phone (your hearing makes calls hard).
- You were in the company pension. Your normal month is the July payslip - the final one
  for 1-14 August was only £1,140.00 plus holiday pay, so don't use that.
- New job: you started at Penarth Marine Supplies on 6 October 2025, £24,960 a year.
- Claims: unfair dismissal, plus notice pay - they sacked you on the spot with no notice.
- Against Tafwys Logistics Ltd only (not Gareth personally).

Carys
07700 900544
`);
  caseJson(c, 'uk-et1-claim',
    'UK Employment Tribunal ET1 claim by a warehouse supervisor summarily dismissed: Acas EC certificate PDF (old address), scanned dismissal letter and payslip, and her sister\'s email with the current details.',
    [
      ['1.1 Title Ms', '1.1 Title: Ms', 'Miz', 'checkbox'],
      ['1.2 first names', '1.2 First name (or names)', 'Bethan', 'text'],
      ['1.3 surname', '1.3 Surname or family name', 'Llewellyn', 'text'],
      ['1.4 DOB day', '1.4 Date of birth: day', '07', 'digits'],
      ['1.4 DOB month', '1.4 Date of birth: month', '11', 'digits'],
      ['1.4 DOB year', '1.4 Date of birth: year', '1990', 'digits'],
      ['1.5 sex female', '1.5 Sex: Female', 'female', 'checkbox'],
      ['1.5 number', '1.6 Address (the widget named "1.5 number")', 'Flat 2, 19 Conway Road, Cardiff', 'text'],
      ['1.5 postcode', '1.6 Postcode', 'CF11 9NT', 'text'],
      ['1.6 phone number', '1.7 Phone number (the widget named "1.6 phone number")', '07700900317', 'digits'],
      ['1.8 How should we contact you - Email', '1.9 Contact by: Email', 'Email', 'checkbox'],
      ['1.9 email', '1.10 Email address', 'bethan.llewellyn@example.co.uk', 'text'],
      ['1.11 video', '1.11 Yes, I can take part in video hearings', 'Yes', 'checkbox'],
      ['2.1 Give the name of your employer or the person or organisation you are claiming against', '2.1 Respondent name', 'Tafwys Logistics Ltd', 'text'],
      ['2.2 number', '2.2 Respondent address', 'Ty Tafwys, 88 Newport Road, Cardiff', 'text'],
      ['2.3 Do you have an Acas early conciliation certificate number? Yes', '2.3 Acas EC certificate number? Yes', 'Yes', 'checkbox'],
      ['2.3 please give the Acas early conciliation certificate number', '2.3 Acas EC certificate number', 'R218407/25/61', 'text'],
      ['2.4 Full, different working address - postcode', '2.4 Different working address: postcode', 'CF3 2EE', 'text'],
      ['5.1 employment start', '5.1 When did your employment start?', '2019-04-12', 'date'],
      ['5.1 Is your employment continuing? No', '5.1 Is your employment continuing? No', 'no', 'checkbox'],
      ['5.1 employment end', '5.1 If your employment has ended, when did it end?', '2025-08-14', 'date'],
      ['5.2 Please say what job you do or did', '5.2 Job', 'Warehouse Shift Supervisor', 'text'],
      ['6.1 How many hours on average do, or did you work each week in the job this claim is about?', '6.1 Hours each week', '37.5', 'text'],
      ['6.2 pay before tax', '6.2 Pay before tax £', '2470.00', 'amount'],
      ['6.2 pay before tax - monthly', '6.2 Pay before tax: Monthly', 'Monthly', 'checkbox'],
      ['6.2 normal pay', '6.2 Normal take-home pay £', '2012.36', 'amount'],
      ['6.4 employers weekly contributions', '6.4 Employer\'s weekly pension contributions £', '17.10', 'amount'],
      ['7.2 Please say when you started (or will start) work', '7.2 When you started the new job', '2025-10-06', 'date'],
      ['7.3 Please say how much you are now earning (or will earn)', '7.3 How much you are now earning £', '24960', 'amount'],
      ['8.1 I was unfairly dismissed (including constructive dismissal)', '8.1 I was unfairly dismissed', 'Yes', 'checkbox'],
    ],
    ['1.7 mobile number', '1.8 How should we contact you - Post', '1.11 phone', '1.11 no', '5.1 Is your employment continuing? Yes', '5.1 not ended', '6.3 If Yes, how many weeks’ notice did you work, or were you paid for?', '7.1 Have you got another job? No', '8.1 I was discriminated against on the grounds of', '2.5 If there are other respondents please tick this box and put their names and addresses here', '11.1 Name of representative', '11.8 Email address', 'tribunal office', 'case number'],
    'Most widgets on this form are orphans (reached from the pages, not from /AcroForm /Fields), and their names are one number behind the printed questions on page 1: "1.5 number" is the 1.6 address box, "1.6 phone number" is 1.7 phone, "1.7 mobile number" is 1.8 mobile, "1.8 How should we contact you" is 1.9, "1.9 email" is 1.10. Address: the new Flat 2, 19 Conway Road, Cardiff, CF11 9NT (email), not the Radyr address on the Acas certificate (the address box excludes the postcode, which has its own field). Only a mobile: it goes in 1.7 and 1.8 "(if different)" stays empty. Email: hers, not the sister Carys\'s (whose mobile 07700 900544 is also in the email). The sister is not a representative: section 11 stays empty. Respondent address: the registered office (Acas certificate and letterhead), the Wentloog depot is the 2.4 different working address (postcode CF3 2EE). Start date 12/04/2019 is UK day/month = 12 April 2019. Pay: the July monthly payslip (2,470.00 gross, 2,012.36 net, Monthly), not the partial final payslip of 1,140.00; employer pension 74.10 per month → weekly 74.10 × 12 / 52 = 17.10. Summarily dismissed without notice: 6.3 weeks stays empty (the 6.3 Yes/No box itself is not judged). New job from 6 October 2025 at 24,960 a year (the 7.1 Yes and 7.3 period boxes not judged). Video yes, phone no. Claims: unfair dismissal (judged) and notice pay (not judged); no discrimination. DOB boxes are two-digit combs ("07"). Job title and the Title "Ms" on-state "Miz" come from the documents and the form.');
};

await runCases(root, cases);

// Identity cards print the holder's date of birth beside their sex ("Date of Birth   Sex" over
// "14 MAR 1990   F"). OCR sometimes loses the word "Birth" from that label row ("Date of Sex"):
// a date standing before the sex letter, under a row that labels a date and the sex and names no
// other kind of date (issue, expiry, since…), is still the date of birth.
import type { ReadDocument } from '../types.ts';
import type { Fact } from './facts.ts';
import { findDates } from './recognizers.ts';

const OTHER_DATE_KIND = /\b(birth|iss(ued?)?|exp(ires?|iry|iration)?|since|valid|effective|filed|registered|class|dd)\b/i;

export function dobBesideSex(facts: Fact[], docs: ReadDocument[]): void {
  const added: Fact[] = [];
  for (const doc of docs) {
    if (doc.kind !== 'image' && doc.kind !== 'scanned_pdf') continue;
    doc.lines.forEach((line, i) => {
      const label = i > 0 && doc.lines[i - 1].page === line.page ? doc.lines[i - 1].text : '';
      if (!/\bdate\b/i.test(label) || !/\bsex\b/i.test(label) || OTHER_DATE_KIND.test(label) || OTHER_DATE_KIND.test(line.text)) return;
      const dates = findDates(line.text);
      if (dates.length !== 1) return;
      const after = line.text.slice(dates[0].index + dates[0].raw.length);
      if (!/^\s+(F|M|FEMALE|MALE)\b/i.test(after)) return;
      const f = facts.find((x) => x.doc === doc && x.location === line.location && x.concept === 'other_date' && x.key === dates[0].iso);
      if (f && !facts.some((x) => x.doc === doc && x.concept === 'dob' && x.key === f.key)) added.push({ ...f, concept: 'dob', method: 'card_layout', strength: Math.min(f.strength, 0.7) });
    });
  }
  facts.push(...added);
}

// Stage 3 (assembly): candidates + their labels → FormFields in model space. Applies what the
// label says: signature blanks, "office use only" areas dropped, data type, required.
import type { FormField, Rect } from '../types.ts';
import type { Candidate } from './candidate.ts';
import { captionLabel, captionLines, captionRaw, settlePageLabels, type Caption } from '../labels/index.ts';
import type { TextLine } from './model.ts';
import { groupRadios, slug } from './radios.ts';
import { namesNothing, signatureCaptionBeside } from './signature-lines.ts';
import { dataTypeFor, isDoNotFill, isRequiredLabel, isRequiredLegend, isSignatureLabel } from '../labels/words.ts';

export function assembleFields(page: number, cands: readonly Candidate[], labels: readonly Caption[], lines: readonly TextLine[] = []): FormField[] {
  const out: FormField[] = [];
  const legend = lines.some((l) => isRequiredLegend(l.text));
  cands.forEach((c, i) => {
    const choice = labels[i];
    const raw = captionRaw(choice);
    const label = captionLabel(choice);
    // Text right next to the blank that says "office use only" / "do not write" disqualifies it.
    if (choice.side !== 'none' && choice.side !== 'below' && isDoNotFill(raw)) return;
    let type = c.type;
    if (type === 'text' && (isSignatureLabel(label) || (namesNothing(raw) && signatureCaptionBeside(c.rect, lines)))) type = 'signature';
    let confidence = c.confidence;
    if (choice.side === 'none') confidence *= 0.7; // unexplained boxes are less sure
    const field: FormField = {
      type,
      page,
      rect: c.rect,
      label,
      data_type: dataTypeFor(label, type),
      required: isRequiredLabel(raw, legend),
      confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100,
    };
    if (c.max_len) {
      field.max_len = c.max_len;
      field.comb = true;
    }
    if (c.multiline) field.multiline = true;
    out.push(field);
  });
  settlePageLabels(out, lines, new Set(labels.flatMap(captionLines)));
  nameRadioGroups(out, page);
  return out;
}

/** Give each radio group a shared `group` name (from its first button's label when possible). */
function nameRadioGroups(fields: FormField[], page: number): void {
  const radios = fields.filter((f) => f.type === 'radio');
  const groups = groupRadios(radios.map((f) => f.rect as Rect));
  groups.forEach((g, n) => {
    const name = `p${page + 1}_radio${n + 1}`;
    for (const i of g) radios[i].group = name;
    const options = g.map((i) => radios[i].label || `option${g.indexOf(i) + 1}`);
    g.forEach((i, k) => {
      radios[i].export_value = slug(options[k]);
    });
  });
}

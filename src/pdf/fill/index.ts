// fillPdf: sets AcroForm values in any PDF (ours or third-party) and writes the result as an
// incremental update appended to the original bytes, with appearance streams for every touched
// widget. See ./template.ts (parsing, cache), ./apply.ts (values and appearances), ./flatten.ts.

import { PDFArray, PDFName } from '@cantoo/pdf-lib';
import { getDejaVu } from '../fonts.ts';
import { Session, drawsState } from './apply.ts';
import { FillValidationError, type FillIssue } from './errors.ts';
import { acroFormForWrite, flattenAll } from './flatten.ts';
import { isPlaceholder } from './placeholders.ts';
import { FF, arrayOf, dictOf, loadTemplate, resolve, type Template, type TemplateCache, type TemplateField, type TemplateWidget } from './template.ts';
import { nameOf, textOf } from './writer.ts';

export { FillValidationError, PdfPasswordError, PdfStructureError, UnsupportedEncryptionError } from './errors.ts';
export type { FillIssue, FillReason } from './errors.ts';
export { TemplateCache, templateCache, loadTemplate } from './template.ts';
export type { Template, TemplateField, FieldKind } from './template.ts';

export interface FillOptions {
  /** Bake every value into the page content and remove the form. */
  flatten?: boolean;
  /** Where parsed forms are kept between fills (default: the engine's templateCache). */
  templates?: TemplateCache;
  /** Write empty the text fields given no value that ship a placeholder (./placeholders.ts). */
  clearPlaceholders?: boolean;
}

const N = (s: string) => PDFName.of(s);

type Action =
  | { kind: 'text'; field: TemplateField; text: string }
  | { kind: 'choice'; field: TemplateField; value: string }
  | { kind: 'buttons'; field: TemplateField; value: string; states: string[] }
  | { kind: 'none' };

const TRUE_WORDS = new Set(['true', 'yes', 'on', '1', 'x', 'checked', 'y']);
const FALSE_WORDS = new Set(['false', 'no', 'off', '0', '', 'unchecked', 'n']);

function cleanText(s: string, multiline: boolean): string {
  let t = s.normalize('NFC').replace(/\t/g, ' ');
  // control characters other than line breaks are dropped
  t = t.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
  if (!multiline) t = t.replace(/\r\n|\r|\n/g, ' ');
  return t;
}

function plan(field: TemplateField, value: string | boolean, key: string, issues: FillIssue[]): Action {
  const bad = (issue: Omit<FillIssue, 'field'>): Action => {
    issues.push({ field: key, ...issue });
    return { kind: 'none' };
  };
  switch (field.kind) {
    case 'text': {
      if (typeof value !== 'string') {
        return bad({ reason: 'invalid_type', message: 'a text field takes a string' });
      }
      const text = cleanText(value, !!(field.flags & FF.Multiline));
      const len = [...text].length;
      if (field.maxLen !== undefined && field.maxLen > 0 && len > field.maxLen) {
        return bad({
          reason: 'max_len_exceeded',
          message: `${len} characters, at most ${field.maxLen} allowed`,
          max_len: field.maxLen,
          length: len,
        });
      }
      const missing = getDejaVu().missing(text);
      if (missing.length) {
        return bad({
          reason: 'unsupported_characters',
          message: `characters no embedded font can show: ${missing.join(' ')}`,
          characters: missing,
        });
      }
      return { kind: 'text', field, text };
    }
    case 'combo':
    case 'list': {
      if (typeof value !== 'string') return bad({ reason: 'invalid_type', message: 'a choice field takes a string' });
      const v = cleanText(value, false);
      if (v === '') return { kind: 'choice', field, value: '' };
      const opts = field.options;
      const hit =
        opts.find((o) => o.value === v) ??
        opts.find((o) => o.label === v) ??
        opts.find((o) => o.value.toLowerCase() === v.toLowerCase() || o.label.toLowerCase() === v.toLowerCase());
      if (hit) return { kind: 'choice', field, value: hit.value };
      if (field.kind === 'combo' && field.flags & FF.Edit) {
        const missing = getDejaVu().missing(v);
        if (missing.length) {
          return bad({
            reason: 'unsupported_characters',
            message: `characters no embedded font can show: ${missing.join(' ')}`,
            characters: missing,
          });
        }
        return { kind: 'choice', field, value: v };
      }
      return bad({
        reason: 'not_an_option',
        message: `"${v}" is not one of the field's options`,
        allowed: opts.map((o) => o.value),
      });
    }
    case 'checkbox': {
      const widgets = field.widgets;
      const onStates = [...new Set(widgets.map((w) => w.onStates[0] ?? w.exportValue ?? 'Yes'))];
      const off = (): Action => ({ kind: 'buttons', field, value: 'Off', states: widgets.map(() => 'Off') });
      const on = (state: string): Action => ({
        kind: 'buttons',
        field,
        value: state,
        states: widgets.map((w) => ((w.onStates[0] ?? w.exportValue ?? 'Yes') === state ? state : 'Off')),
      });
      if (typeof value === 'string') {
        const v = value.trim();
        // exact on-state (or export value) first: a state may be called "1", "On", "No"…
        const byState = widgets.find((w) => w.onStates.includes(v) || w.exportValue === v);
        if (byState) return on(byState.onStates[0] ?? byState.exportValue ?? v);
        if (v === 'Off') return off();
        const lower = v.toLowerCase();
        const byStateCi = widgets.find(
          (w) => w.onStates.some((s) => s.toLowerCase() === lower) || w.exportValue?.toLowerCase() === lower,
        );
        if (byStateCi) return on(byStateCi.onStates[0] ?? byStateCi.exportValue ?? v);
        if (FALSE_WORDS.has(lower)) return off();
        if (TRUE_WORDS.has(lower)) {
          if (onStates.length === 1) return on(onStates[0]);
          return bad({
            reason: 'invalid_checkbox_value',
            message: 'this check box has several on-states; name one',
            allowed: onStates,
          });
        }
        return bad({
          reason: 'invalid_checkbox_value',
          message: `"${value}" is not a check box value (use true/false or an on-state)`,
          allowed: [...onStates, 'Off'],
        });
      }
      if (value === false) return off();
      if (onStates.length === 1) return on(onStates[0]);
      return bad({
        reason: 'invalid_checkbox_value',
        message: 'this check box has several on-states; name one',
        allowed: onStates,
      });
    }
    case 'radio': {
      const widgets = field.widgets;
      const off = (): Action => ({ kind: 'buttons', field, value: 'Off', states: widgets.map(() => 'Off') });
      if (value === false) return off();
      if (typeof value === 'string') {
        const v = value.trim();
        if (v === '' || v === 'Off') return off();
        let idx = widgets.findIndex((w) => w.exportValue === v);
        if (idx < 0) idx = widgets.findIndex((w) => w.onStates.includes(v));
        if (idx < 0) idx = widgets.findIndex((w) => w.exportValue?.toLowerCase() === v.toLowerCase());
        if (idx < 0) idx = widgets.findIndex((w) => w.onStates.some((s) => s.toLowerCase() === v.toLowerCase()));
        if (idx >= 0) {
          const sel = widgets[idx];
          const state = sel.onStates[0] ?? sel.exportValue ?? String(idx);
          const unison = !!(field.flags & FF.RadiosInUnison);
          return {
            kind: 'buttons',
            field,
            value: state,
            states: widgets.map((w, i) =>
              i === idx || (unison && (w.onStates[0] ?? w.exportValue) === state) ? state : 'Off',
            ),
          };
        }
      }
      return bad({
        reason: 'not_an_option',
        message: `"${String(value)}" is not one of the radio group's values`,
        allowed: [...new Set(widgets.map((w) => w.exportValue ?? w.onStates[0]).filter((x): x is string => !!x))],
      });
    }
    case 'signature':
    case 'pushbutton':
      if (value === '' || value === false) return { kind: 'none' };
      return bad({
        reason: 'not_fillable',
        message:
          field.kind === 'signature'
            ? 'signature fields are signed, not filled; leave them empty'
            : 'push buttons carry no value',
      });
  }
}

/** Validates `values` against the form; throws FillValidationError listing every problem. */
export function validateValues(tpl: Template, values: Record<string, string | boolean>): Action[] {
  const issues: FillIssue[] = [];
  const actions: Action[] = [];
  for (const [key, value] of Object.entries(values)) {
    const field = tpl.fields.get(key);
    if (!field) {
      issues.push({ field: key, reason: 'unknown_field', message: 'no such field in this form' });
      continue;
    }
    if (typeof value !== 'string' && typeof value !== 'boolean') {
      issues.push({ field: key, reason: 'invalid_type', message: 'values are strings or booleans' });
      continue;
    }
    actions.push(plan(field, value, key, issues));
  }
  if (issues.length) throw new FillValidationError(issues);
  return actions;
}

/** Empty text for every text field `values` leaves out whose current value is a placeholder. */
function placeholderClears(tpl: Template, values: Record<string, string | boolean>): Action[] {
  const out: Action[] = [];
  for (const field of tpl.fieldList) {
    if (field.kind !== 'text' || Object.hasOwn(values, field.name)) continue;
    const current = currentText(tpl, field);
    const tooltips = field.nodes.map((n) => textOf(resolve(tpl.ctx, n.dict.get(N('TU')))) ?? '');
    if (current !== undefined && isPlaceholder(current, [field.name, ...tooltips])) out.push({ kind: 'text', field, text: '' });
  }
  return out;
}

/** Current text value of a field (for regenerating appearances). */
function currentText(tpl: Template, field: TemplateField): string | undefined {
  const v = field.value;
  const t = textOf(v) ?? nameOf(v);
  return t === undefined || t === '' ? undefined : t;
}

function hasNormalAp(s: Session, w: TemplateWidget): boolean {
  const ap = dictOf(s.tpl.ctx, w.dict.get(N('AP')));
  return !!ap?.get(N('N'));
}

/**
 * Draws the values of fields this fill did not touch. With `all` (the form had NeedAppearances:
 * other writers relied on the viewer) every valued field is redrawn so the flag can be cleared;
 * otherwise (before flattening) only widgets that have no appearance at all.
 */
function drawUntouched(s: Session, all: boolean) {
  for (const field of s.tpl.fieldList) {
    if (s.touched.has(field.name)) continue;
    const widgets = all ? field.widgets : field.widgets.filter((w) => !hasNormalAp(s, w));
    if (!widgets.length) continue;
    if (field.kind === 'checkbox' || field.kind === 'radio') {
      const v = nameOf(field.value);
      // with NeedAppearances, only buttons showing an on-state that draws nothing need help
      const todo = all
        ? widgets.filter((w) => {
            const as = nameOf(resolve(s.tpl.ctx, w.dict.get(N('AS')))) ?? v;
            return !!as && as !== 'Off' && w.onStates.includes(as) && !drawsState(s.tpl, w, as);
          })
        : widgets;
      for (const w of todo) {
        const state = w.onStates[0] ?? w.exportValue ?? v ?? 'Yes';
        const d = s.up.patch(w.ref);
        d.set(N('AP'), s.buttonAps(field, w, state));
        if (!d.has(N('AS'))) d.set(N('AS'), N(v === state ? state : 'Off'));
      }
      continue;
    }
    const t = currentText(s.tpl, field);
    if (t === undefined) continue;
    if (field.kind === 'text') {
      if (getDejaVu().missing(t).length) continue;
      for (const w of widgets) s.setNormalAp(w, s.textAp(field, w, t));
    } else if (field.kind === 'combo' || field.kind === 'list') {
      const idx = field.options.findIndex((o) => o.value === t);
      for (const w of widgets) {
        if (field.kind === 'combo') s.setNormalAp(w, s.textAp(field, w, idx >= 0 ? field.options[idx].label : t));
        else s.setNormalAp(w, s.listAp(field, w, idx));
      }
    }
  }
}

function fixFormLevel(s: Session) {
  const { tpl } = s;
  if (tpl.hasXfa || tpl.needAppearances) {
    const af = acroFormForWrite(s);
    if (af) {
      // XFA would make Acrobat show the (unfilled) XFA data instead of our fields.
      af.delete(N('XFA'));
      af.delete(N('NeedAppearances'));
    }
  }
  const cat = tpl.catalog;
  const perms = dictOf(tpl.ctx, cat.get(N('Perms')));
  if (cat.has(N('NeedsRendering')) || perms?.has(N('UR3')) || perms?.has(N('UR'))) {
    // Usage rights signatures break as soon as anyone but Adobe writes the file; drop them (and the
    // dynamic-XFA rendering flag) rather than leave the viewer with a broken-rights warning.
    const c = s.up.patch(tpl.catalogRef);
    c.delete(N('NeedsRendering'));
    if (perms) {
      const p = perms.clone(tpl.ctx);
      p.delete(N('UR3'));
      p.delete(N('UR'));
      if (p.keys().length) c.set(N('Perms'), p);
      else c.delete(N('Perms'));
    }
  }
}

/**
 * Appends the top-level fields of orphan widgets (see buildFields in ./template.ts) to /AcroForm
 * /Fields, creating the AcroForm when the document has none, so that readers which go by /Fields
 * alone (pdftk, pdf.js's getFieldObjects) see those fields and the values we fill in.
 */
function repairFields(s: Session) {
  const { tpl, up } = s;
  if (!tpl.orphanFields.length) return;
  let af = acroFormForWrite(s);
  if (!af) {
    af = up.dict({});
    up.patch(tpl.catalogRef).set(N('AcroForm'), up.add(af));
  }
  const fields = PDFArray.withContext(tpl.ctx);
  for (const f of arrayOf(tpl.ctx, af.get(N('Fields')))?.asArray() ?? []) fields.push(f);
  for (const f of tpl.orphanFields) fields.push(f);
  af.set(N('Fields'), fields);
}

/** Fills a form from an already-loaded template; returns the bytes of the update to append. */
export async function fillTemplate(
  tpl: Template,
  values: Record<string, string | boolean>,
  opts: FillOptions = {},
): Promise<{ update: Uint8Array; overflow: string[] }> {
  const actions = validateValues(tpl, values);
  if (opts.clearPlaceholders) actions.push(...placeholderClears(tpl, values));
  const s = new Session(tpl);
  for (const a of actions) {
    if (a.kind === 'text') s.setText(a.field, a.text);
    else if (a.kind === 'choice') s.setChoice(a.field, a.value);
    else if (a.kind === 'buttons') s.setButtons(a.field, a.value, a.states);
  }
  if (tpl.needAppearances) drawUntouched(s, true);
  if (!opts.flatten) repairFields(s); // flattening empties /Fields anyway
  fixFormLevel(s);
  if (opts.flatten) {
    drawUntouched(s, false);
    flattenAll(s);
  }
  await s.fonts.finish();
  if (s.up.isEmpty) return { update: new Uint8Array(0), overflow: s.overflow };
  return { update: s.up.serialize(tpl.length, tpl.endsWithEol), overflow: s.overflow };
}

/**
 * Fills AcroForm fields by fully qualified name. Text takes strings; check boxes take booleans,
 * "true"/"false"-like words or an on-state name; radio groups and choice fields take one of their
 * values. Throws FillValidationError (→ 422) naming the offending field and a reason code.
 */
export async function fillPdf(
  pdfBytes: Uint8Array,
  values: Record<string, string | boolean>,
  opts: FillOptions = {},
): Promise<Uint8Array> {
  const tpl = await loadTemplate(pdfBytes, opts.templates);
  const { update } = await fillTemplate(tpl, values, opts);
  if (!update.length) return pdfBytes;
  const out = Buffer.allocUnsafeSlow(pdfBytes.length + update.length); // own ArrayBuffer, fully overwritten below
  out.set(pdfBytes, 0);
  out.set(update, pdfBytes.length);
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}


// How many buttons of each radio group show as "on" (/AS other than Off). pdf.js reports only
// the group's value, so a PDF whose widgets disagree with it (two buttons drawn on) is caught here.
// The form reader's fast path counts them as it reads the widgets; a file only pdf.js could read
// is counted with the fill engine's parser (@cantoo/pdf-lib).
import { PDFDocument, PDFName, PDFRadioGroup } from '@cantoo/pdf-lib';
import type { AcroFormRead } from './acroform.ts';

export async function radioButtonsOn(read: AcroFormRead, bytes: Uint8Array): Promise<Map<string, number>> {
  if (read.radio_buttons_on) return read.radio_buttons_on;
  const counts = new Map<string, number>();
  try {
    // preserveXFA: nothing is saved, and without it the parser announces the XFA's removal on the console.
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false, preserveXFA: true });
    for (const field of doc.getForm().getFields()) {
      if (!(field instanceof PDFRadioGroup)) continue;
      const on = field.acroField.getWidgets().filter((w) => {
        const state = w.getAppearanceState();
        return state !== undefined && state !== PDFName.of('Off');
      }).length;
      counts.set(field.getName(), on);
    }
  } catch {
    // A PDF the parser cannot read still gets every other check; it just misses this one.
  }
  return counts;
}

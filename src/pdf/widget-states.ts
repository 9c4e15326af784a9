// How many buttons of each radio group show as "on" (/AS other than Off). pdf.js reports only
// the group's value, so a PDF whose widgets disagree with it (two buttons drawn on) is caught here.
import { PDFDocument, PDFName, PDFRadioGroup } from 'pdf-lib';

export async function radioButtonsOn(bytes: Uint8Array): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    for (const field of doc.getForm().getFields()) {
      if (!(field instanceof PDFRadioGroup)) continue;
      const on = field.acroField.getWidgets().filter((w) => {
        const state = w.getAppearanceState();
        return state !== undefined && state !== PDFName.of('Off');
      }).length;
      counts.set(field.getName(), on);
    }
  } catch {
    // A PDF pdf-lib cannot parse still gets every other check; it just misses this one.
  }
  return counts;
}

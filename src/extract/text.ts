// Plain text, Markdown and saved emails: one TextLine per non-blank line, "Key: value" pairs.
import { colonPairs } from './pairs.ts';
import { checkSize, type ReadResult, type TextLine } from './types.ts';

export function readText(text: string, maxChars: number, name: string): ReadResult {
  checkSize(text.length, maxChars, name);
  const lines: TextLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const t = raw.replace(/\f/g, '').trimEnd();
    if (t.trim()) lines.push({ text: t.trim(), page: 1, location: `l${i + 1}` });
  });
  return { kind: 'text', pages: 1, lines, pairs: colonPairs(lines, 'label_colon') };
}

// Form numbers as people type them: "I-765", "i765", "Form 1040-SR", "SF 86", "ss5", "DS 11".
// Case, spaces, hyphens, dots and the word "form" (even glued on: "form1040") carry no meaning in a number, so a number is
// compared by its letters and digits alone.

/** "Form I-765" → "i765"; "SF 86" → "sf86"; "Schedule C (Form 1040)" → "schedulec1040". */
export function formNumberKey(raw: string): string {
  return raw.toLowerCase().replace(/\bform(?=\b|\d)/g, ' ').replace(/[^a-z0-9]+/g, '');
}

const hasDigit = (s: string) => /\d/.test(s);

/**
 * The number keys a query may be spelling: each run of up to three adjacent words joined, when the
 * run holds a digit ("sf 86" → "sf86", "1040 sr" → "1040sr", "ds 11" → "ds11").
 */
export function numberKeysInQuery(query: string): string[] {
  const words = query.toLowerCase().replace(/\bforms?(?=\b|\d)/g, ' ').split(/[^a-z0-9]+/).filter(Boolean);
  const keys = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= 3 && i + n <= words.length; n++) {
      const run = words.slice(i, i + n);
      if (run.some(hasDigit)) keys.add(run.join(''));
    }
  }
  return [...keys];
}

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

// "Schedule C", "sched a", "sch. SE", "schedule k-1": a schedule's letter or number is too short to
// be a word worth indexing ("a" is a stop word), so schedules get keys of their own.
const SCHEDULE_IN_QUERY = /\b(?:schedules?|sched|sch)\b\.?\s*([a-z]{1,2}(?:-?\d{1,2})?|\d{1,2})\b/g;
const SCHEDULE_NUMBER = /^schedules?\s+([a-z]{1,2}(?:-?\d{1,2})?|\d{1,2})\b(?:.*\(forms?\s+([^)]+)\))?/i;

/** "Schedule C (Form 1040)" → ["schedc", "schedc1040", "c1040"] (the last for "K-1 1041", "SE 1040"); not a schedule → []. */
export function scheduleKeys(number: string): string[] {
  const m = SCHEDULE_NUMBER.exec(number.trim());
  if (!m) return [];
  const letter = formNumberKey(m[1]);
  const parents = (m[2] ?? '').split(/\s+or\s+|,\s*/i).map(formNumberKey).filter(Boolean);
  return [`sched${letter}`, ...parents.flatMap((p) => [`sched${letter}${p}`, `${letter}${p}`])];
}

/** The schedule keys a query spells: "sched a 1040" → ["scheda", "scheda1040"]. */
export function scheduleKeysInQuery(query: string): string[] {
  const text = query.toLowerCase();
  const numbers = text.replace(/\bforms?(?=\b|\d)/g, ' ').split(/[^a-z0-9-]+/).filter((w) => /\d{3}/.test(w)).map(formNumberKey);
  const keys = new Set<string>();
  for (const m of text.matchAll(SCHEDULE_IN_QUERY)) {
    const letter = formNumberKey(m[1]);
    keys.add(`sched${letter}`);
    for (const n of numbers) keys.add(`sched${letter}${n}`);
  }
  return [...keys];
}

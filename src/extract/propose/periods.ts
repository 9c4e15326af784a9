// Amounts are per some period: a budget sheet's "Monthly amount ($)", a financial statement's
// weekly income and expenses. A monthly figure written into a weekly form is wrong, so facts and
// forms that name their period are only matched when the periods agree.
export type Period = 'week' | 'month' | 'year';

const PERIOD_WORDS: [Period, RegExp][] = [
  ['week', /\b(?:weekly|per week|a week|each week)\b|\/\s?(?:wk|week)\b/gi],
  ['month', /\b(?:monthly|per month|a month|each month)\b|\/\s?(?:mo|month)\b/gi],
  ['year', /\b(?:annual|annually|yearly|per year|a year|each year)\b|\/\s?(?:yr|year)\b/gi],
];

function counts(text: string): Map<Period, number> {
  return new Map(PERIOD_WORDS.map(([p, re]) => [p, text.match(re)?.length ?? 0]));
}

/** The one period a short text (a column header, a sheet's name) names: "Monthly amount ($)" → month. */
export function periodNamed(text: string): Period | null {
  const named = [...counts(text.replace(/_/g, ' '))].filter(([, n]) => n > 0);
  return named.length === 1 ? named[0][0] : null;
}

/** The period a form's printed text names at least 3 times and 3 times as often as any other. */
export function mainPeriod(text: string): Period | null {
  const ranked = [...counts(text)].sort((a, b) => b[1] - a[1]);
  return ranked[0][1] >= 3 && ranked[0][1] >= 3 * ranked[1][1] ? ranked[0][0] : null;
}

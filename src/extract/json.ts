// JSON: every scalar under its path; the key is the last path segments, humanised.
import { humanise } from './pairs.ts';
import { checkSize, type KeyValue, type ReadResult, type TextLine } from './types.ts';

export function readJson(value: unknown, maxChars: number, name: string): ReadResult {
  const lines: TextLine[] = [];
  const pairs: KeyValue[] = [];
  let chars = 0;
  // `whose`: the relationship an object states for itself ({"relationship": "son", "name": …}),
  // which says whose its other values are better than the path ("members name") does.
  const walk = (v: unknown, path: (string | number)[], whose?: string) => {
    if (v !== null && typeof v === 'object') {
      if (Array.isArray(v)) v.forEach((item, i) => walk(item, [...path, i]));
      else {
        const rel = Object.entries(v).find(([k, x]) => RELATIONSHIP_KEY.test(k) && typeof x === 'string' && x.length <= 30)?.[1] as string | undefined;
        for (const [k, item] of Object.entries(v)) walk(item, [...path, k], rel && !RELATIONSHIP_KEY.test(k) ? rel : undefined);
      }
      return;
    }
    if (v === null || v === undefined || v === '') return;
    const text = String(v);
    const location = `json ${pathString(path)}`;
    const key = whose ? humanise(`${whose} ${path[path.length - 1]}`) : keyOf(path);
    chars += key.length + text.length + 2;
    checkSize(chars, maxChars, name);
    lines.push({ text: `${key}: ${text}`, page: 1, location });
    pairs.push({ key, value: text, page: 1, location, method: 'json_path' });
  };
  walk(value, []);
  return { kind: 'json', pages: 1, lines, pairs };
}

const RELATIONSHIP_KEY = /^relation(ship)?([ _-]?to[ _-]?(the[ _-]?)?(applicant|subject|insured|member))?$/i;

/** $.applicant.addresses[0].street */
export function pathString(path: (string | number)[]): string {
  let s = '$';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`;
  return s;
}

/**
 * The last two named segments, so "applicant.address.city" reads "Address city" and
 * "spouse.name" stays apart from "applicant.name". Array indices are skipped.
 */
function keyOf(path: (string | number)[]): string {
  const named = path.filter((p): p is string => typeof p === 'string');
  if (!named.length) return 'Value';
  return humanise(named.slice(-2).join(' '));
}

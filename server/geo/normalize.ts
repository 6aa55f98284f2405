/**
 * Text normalisation for address search: lower case, no accents or apostrophes, and the usual
 * Italian street abbreviations expanded ('c.so' → 'corso', 'p.za' → 'piazza', 'v.le' → 'viale').
 */

const ABBREVIATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bc\s*[./]\s*so\b/g, ' corso '],
  [/\bcso\b/g, ' corso '],
  [/\bp\s*\.?\s*z{1,2}a\b/g, ' piazza '],
  [/\bp\s*\.?\s*le\b/g, ' piazzale '],
  [/\bv\s*\.?\s*le\b/g, ' viale '],
  [/\bl\s*\.?\s*go\b/g, ' largo '],
  [/\blgt\b/g, ' lungotevere '],
  [/\bl\s*\.?\s*mare\b/g, ' lungomare '],
  [/\bv\s*\.?\s*lo\b/g, ' vicolo '],
  [/\bstr\s*\./g, ' strada '],
  [/\bsta\s*\./g, ' santa '],
  [/\./g, '. '],
  [/(^|[\s,])v\s*\.?(?=\s|$)/g, '$1 via '],
  [/(^|[\s,])c\s*\.(?=\s|$)/g, '$1 corso '],
  [/(^|[\s,])p\s*\.(?=\s|$)/g, '$1 piazza '],
  [/(^|[\s,])s\s*\.(?=\s|$)/g, '$1 san '],
];

/** Lower case, accents and apostrophes removed, abbreviations expanded, punctuation → spaces. */
export function normalizeText(input: string): string {
  let s = input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’‘'`´]/g, ' ');
  for (const [re, replacement] of ABBREVIATIONS) s = s.replace(re, replacement);
  return s
    .replace(/[^a-z0-9,/\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words split on spaces and commas. */
export function tokenize(input: string): string[] {
  return normalizeText(input)
    .split(/[\s,]+/)
    .filter((t) => t !== '');
}

/** 'Corso Vittorio Emanuele II' → 'corso-vittorio-emanuele-ii'. */
export function slugify(input: string): string {
  return normalizeText(input)
    .replace(/[,/\s]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Optimal string alignment distance capped at `max` (returns max + 1 when further). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    let rowMin = Infinity;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      }
      d[i * cols + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
  }
  return d[rows * cols - 1]!;
}

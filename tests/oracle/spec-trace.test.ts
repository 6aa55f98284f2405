/**
 * docs/spec-trace.md held against SPEC (issue 25): SPEC §2, §4, §5 and §9 sentence by sentence, each
 * sentence with a row that names the check(s) judging it and the events exercising it, or says
 * 'none yet' (no check judges it: a gap) or 'no behaviour: <why>'.
 *
 * How SPEC is split, deterministically:
 * - a section is the text from its `## N.` heading to the next `## ` heading;
 * - every non-empty line is a unit: a heading (`##`, `###`) is one sentence; a bullet loses its `- `;
 * - a unit splits after `.`, `!` or `?` followed by a space and a capital letter, a digit, `/` or a
 *   quote, unless inside a single-quoted copy ('…': a quote opens after a space or `(`, and closes
 *   before a space or punctuation, so 'L'ultima …:' stays one quote);
 * - a piece of fewer than 4 words joins the piece before it ('On blur.', 'Hotkey Alt+T.').
 *
 * Which sentences are behavioural: every one, unless its row says 'no behaviour' with the reason (a
 * heading, a constant the code reads elsewhere, a look SPEC describes…). So every sentence needs a row.
 *
 * A row quotes SPEC verbatim (a code span): a whole sentence, or a part of one when a sentence holds
 * several rules and its parts have rows of their own. A quote must be found in exactly one sentence;
 * a sentence is covered when its rows' quotes cover every letter and digit of it.
 *
 * A check is a backticked file path followed by one or more double-quoted strings (a failure string
 * of the oracle, a test's title, an assertion): each must occur in that file. An event is a backticked
 * event type the machines handle (`step.back`), or `effect.settle <call>` / `timer.elapse <delay>`
 * naming a call or a delay of machines/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The CI lays shared/ beside the clone. */
const SPEC_PATH = path.resolve(repoRoot, '../shared/spec/SPEC.md');
const TRACE_PATH = path.resolve(repoRoot, 'docs/spec-trace.md');
const SECTIONS = ['2', '4', '5', '9'];

interface Sentence {
  section: string;
  text: string;
}

/** SPEC's sentences of §2, §4, §5 and §9, by the rule above. */
function sentencesOf(spec: string): Sentence[] {
  const sentences: Sentence[] = [];
  let section: string | null = null;
  for (const raw of spec.split('\n')) {
    const line = raw.trim();
    const heading = /^## (\d+)\./.exec(line);
    if (heading) section = SECTIONS.includes(heading[1]!) ? heading[1]! : null;
    else if (line.startsWith('## ')) section = null;
    if (section === null || line === '' || /^\|[-| :]+\|$/.test(line)) continue;
    if (line.startsWith('#')) {
      sentences.push({ section, text: line.replace(/^#+\s+/, '') });
      continue;
    }
    for (const text of splitUnit(line.replace(/^[-*]\s+/, ''))) sentences.push({ section, text });
  }
  return sentences;
}

function splitUnit(unit: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < unit.length; i++) {
    const char = unit[i]!;
    const before = i === 0 ? ' ' : unit[i - 1]!;
    const after = unit[i + 1] ?? ' ';
    if (char === "'") {
      if (!quoted && /[\s(]/.test(before) && /\S/.test(after)) quoted = true;
      else if (quoted && /[\s.,;:)!?]/.test(after)) quoted = false;
    } else if (!quoted && /[.!?]/.test(char) && after === ' ' && /[A-ZÀ-Ý0-9/'"]/.test(unit[i + 2] ?? '')) {
      pieces.push(unit.slice(start, i + 1).trim());
      start = i + 2;
    }
  }
  pieces.push(unit.slice(start).trim());
  const sentences: string[] = [];
  for (const piece of pieces.filter(Boolean)) {
    if (sentences.length > 0 && piece.split(/\s+/).length < 4) sentences[sentences.length - 1] += ` ${piece}`;
    else sentences.push(piece);
  }
  return sentences;
}

interface Row {
  line: number;
  quote: string;
  checks: string;
  events: string;
}

/** The rows of docs/spec-trace.md's tables: | `SPEC quote` | checks | events |. */
function rowsOf(trace: string): { rows: Row[]; malformed: string[] } {
  const rows: Row[] = [];
  const malformed: string[] = [];
  trace.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line.startsWith('|') || /^\|[-| :]+\|$/.test(line)) return;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
    if (cells[0] === 'SPEC') return; // the header
    const quote = /^`([^`]+)`$/.exec(cells[0] ?? '');
    if (cells.length !== 3 || !quote) {
      malformed.push(`line ${index + 1}: ${line.slice(0, 80)}`);
      return;
    }
    rows.push({ line: index + 1, quote: quote[1]!.replace(/\\\|/g, '|'), checks: cells[1]!, events: cells[2]! });
  });
  return { rows, malformed };
}

/** The checks a row cites: `path` "string", "string"… */
function citationsOf(checks: string): { file: string; strings: string[] }[] {
  const citations: { file: string; strings: string[] }[] = [];
  const pattern = /`([\w./-]+\.(?:ts|tsx|mjs|js))`((?:\s*,?\s*"[^"]+")*)/g;
  for (const match of checks.matchAll(pattern)) {
    const strings = [...match[2]!.matchAll(/"([^"]+)"/g)].map((quoted) => quoted[1]!);
    citations.push({ file: match[1]!, strings });
  }
  return citations;
}

function sourcesUnder(dir: string): string {
  let text = '';
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) text += sourcesUnder(full);
    else if (name.endsWith('.ts')) text += readFileSync(full, 'utf8');
  }
  return text;
}

const specFound = existsSync(SPEC_PATH);
/**
 * Issue 41: SPEC is not part of the repository; CI lays it beside the clone. A bare clone (a new
 * user's) leaves out the checks that read it, saying so in one line; `.ci/run` sets SPEC_REQUIRED=1,
 * so there a missing SPEC fails the run.
 */
const specRequired = process.env.SPEC_REQUIRED === '1';
if (!specFound && !specRequired)
  console.warn(
    `SPEC trace: the checks that read SPEC are left out: ${SPEC_PATH} is not beside this clone (CI lays it there and runs them).`,
  );

describe('docs/spec-trace.md traces SPEC §2, §4, §5 and §9 sentence by sentence', () => {
  const spec = specFound ? readFileSync(SPEC_PATH, 'utf8') : '';
  const sentences = sentencesOf(spec);
  const { rows, malformed } = rowsOf(readFileSync(TRACE_PATH, 'utf8'));
  const sentencesOfQuote = (quote: string) => sentences.filter((sentence) => sentence.text.includes(quote));
  /** Each row's sentence, when its quote is in exactly one. */
  const sentenceOfRow = new Map(
    rows.flatMap((row) => {
      const found = sentencesOfQuote(row.quote);
      return found.length === 1 ? [[row, found[0]!] as const] : [];
    }),
  );

  it.runIf(specFound || specRequired)(
    'reads SPEC where the CI lays it (../shared/spec/SPEC.md) and finds its four sections',
    () => {
      expect(specFound, `${SPEC_PATH} is missing`).toBe(true);
      expect([...new Set(sentences.map((sentence) => sentence.section))]).toEqual(SECTIONS);
    },
  );

  it('has only rows of three cells whose first one quotes SPEC in a code span', () => {
    expect(malformed).toEqual([]);
    expect(rows.length).toBeGreaterThan(0);
  });

  it.runIf(specFound || specRequired)('quotes SPEC verbatim: each quote is in exactly one sentence', () => {
    const wrong = rows.flatMap((row) => {
      const found = sentencesOfQuote(row.quote).length;
      if (found === 1) return [];
      return [`line ${row.line}: "${row.quote}" is ${found === 0 ? 'not in SPEC' : `in ${found} sentences`}`];
    });
    expect(wrong).toEqual([]);
  });

  it.runIf(specFound || specRequired)('has a row for every sentence (every letter of it quoted by its rows)', () => {
    const missing: string[] = [];
    for (const sentence of sentences) {
      const covered = new Array<boolean>(sentence.text.length).fill(false);
      for (const row of rows) {
        if (sentenceOfRow.get(row) !== sentence) continue;
        for (let at = sentence.text.indexOf(row.quote); at >= 0; at = sentence.text.indexOf(row.quote, at + 1))
          covered.fill(true, at, at + row.quote.length);
      }
      const left = [...sentence.text]
        .map((char, index) => (covered[index] || !/[\p{L}\p{N}]/u.test(char) ? ' ' : char))
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
      if (left) missing.push(`§${sentence.section}: "${sentence.text}" (no row for: ${left})`);
    }
    expect(missing).toEqual([]);
  });

  it('each row cites a check, says none yet, or says why there is no behaviour', () => {
    const bare = rows.filter((row) => {
      if (/^no behaviour: \S/.test(row.checks)) return false;
      if (/^none yet\b/.test(row.checks)) return false;
      return citationsOf(row.checks).every((citation) => citation.strings.length === 0);
    });
    expect(bare.map((row) => `line ${row.line}: ${row.quote}`)).toEqual([]);
  });

  it('cites only checks that exist: each string is in the file cited', () => {
    const wrong: string[] = [];
    for (const row of rows) {
      for (const { file, strings } of citationsOf(row.checks)) {
        const full = path.resolve(repoRoot, file);
        if (!existsSync(full)) {
          wrong.push(`line ${row.line}: ${file} does not exist`);
          continue;
        }
        const source = readFileSync(full, 'utf8');
        for (const string of strings)
          if (!source.includes(string)) wrong.push(`line ${row.line}: ${file} has no "${string}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names only events the machines know', () => {
    const machines = sourcesUnder(path.resolve(repoRoot, 'machines'));
    const wrong: string[] = [];
    for (const row of rows) {
      for (const [, event] of row.events.matchAll(/`([^`]+)`/g)) {
        const [type, name] = event!.split(' ');
        const known =
          type === 'effect.settle' || type === 'timer.elapse'
            ? name !== undefined && machines.includes(type === 'effect.settle' ? `'${name}'` : name)
            : /^[a-z][\w.]*\.[a-zA-Z]+$/.test(type!) && name === undefined && machines.includes(`'${type}'`);
        if (!known) wrong.push(`line ${row.line}: ${event}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

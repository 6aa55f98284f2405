import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimitAction, type RateLimitRule } from '../../server/config/config';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A rule as the table writes it: '30 / 15 min', '5 / hour', '2 / 3 hours'. */
function written({ limit, windowMs }: RateLimitRule): string {
  if (windowMs % HOUR === 0) return `${limit} / ${windowMs === HOUR ? 'hour' : `${windowMs / HOUR} hours`}`;
  return `${limit} / ${windowMs / MINUTE} min`;
}

/** The rows of the table under '## Rate limits' in docs/api.md: key → [per IP, per e-mail]. */
function documentedTable(): Map<string, { perIp: string; perEmail: string }> {
  const doc = readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Rate limits'), doc.indexOf('## Routes'));
  const rows = new Map<string, { perIp: string; perEmail: string }>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const key = /^`(\w+)`$/.exec(cells[2] ?? '')?.[1];
    if (key) rows.set(key, { perIp: cells[3] ?? '', perEmail: cells[4] ?? '' });
  }
  return rows;
}

/** Every `enforceRateLimit(c, '<action>'…)` of the rooms' routes (server/), with whether it passes an e-mail. */
function routeCalls(): Array<{ action: string; withEmail: boolean }> {
  const found: Array<{ action: string; withEmail: boolean }> = [];
  const dir = path.join(ROOT, 'server');
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    for (const match of source.matchAll(/enforceRateLimit\(c, '(\w+)'(,)?/g))
      found.push({ action: match[1]!, withEmail: match[2] === ',' });
  }
  return found;
}

/**
 * docs/api.md's rate-limit table is the config's (issue 26: it said 10 logins per e-mail while the
 * config said 100): one row per action of DEFAULT_RATE_LIMITS, each limit as configured; '—' per
 * e-mail only where no route passes an e-mail to that action's limit.
 */
describe('the rate-limit table of docs/api.md', () => {
  const table = documentedTable();
  const actions = Object.keys(DEFAULT_RATE_LIMITS) as RateLimitAction[];

  it('has one row per limited action, no more', () => {
    expect([...table.keys()].sort()).toEqual([...actions].sort());
  });

  it.each(actions)('%s: the limits of server/config/config.ts', (action) => {
    const row = table.get(action);
    const rules = DEFAULT_RATE_LIMITS[action];
    expect(row?.perIp).toBe(written(rules.perIp));
    const emailCounted = routeCalls().some((call) => call.action === action && call.withEmail);
    if (emailCounted) expect(row?.perEmail.startsWith(written(rules.perEmail)), row?.perEmail).toBe(true);
    else expect(row?.perEmail.startsWith('—'), row?.perEmail).toBe(true);
  });

  it('finds the routes’ limits (the check above reads them)', () => {
    expect(routeCalls().map((call) => call.action)).toEqual(expect.arrayContaining(actions));
  });
});

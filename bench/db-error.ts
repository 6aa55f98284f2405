/**
 * What a bench prints when the database refused a statement (issue 44). Drizzle wraps the driver's
 * error in a DrizzleQueryError whose message is only the statement and its parameters ("Failed
 * query: INSERT INTO booking_assignments … FROM bench_gen g"); the database's own answer (its
 * message, SQLSTATE, constraint, key detail) is on `cause`, as PGlite's and node-postgres' errors
 * carry it. This walks the chain and says all of it.
 */

/** The fields PGlite's and node-postgres' `DatabaseError` share (each may be absent). */
const DATABASE_FIELDS = ['code', 'constraint', 'table', 'column', 'detail', 'hint', 'where'] as const;

/** The longest statement quoted: enough to recognise it, not the 40 lines of a generated insert. */
const STATEMENT_CHARS = 160;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** A statement on one line, cut to its first `STATEMENT_CHARS` characters. */
const statement = (query: string) => {
  const line = query.replace(/\s+/g, ' ').trim();
  return line.length > STATEMENT_CHARS ? `${line.slice(0, STATEMENT_CHARS)}…` : line;
};

/**
 * The error and its causes, outermost first, one per line: a wrapper's message (e.g. the world's
 * step), the failed statement (Drizzle's, shortened, without its parameters), then the database's
 * message with its SQLSTATE, constraint, table and detail.
 */
export function databaseErrorText(error: unknown, depth = 8): string {
  const lines: string[] = [];
  const seen = new Set<unknown>();
  for (let e: unknown = error, level = 0; e !== undefined && e !== null && level < depth; level++) {
    if (seen.has(e)) break;
    seen.add(e);
    if (typeof e !== 'object') {
      lines.push(String(e));
      break;
    }
    const fields = e as Record<string, unknown>;
    const query = text(fields.query);
    const message = text(fields.message);
    // A driver's error has a SQLSTATE (five characters) or names a constraint: the database's answer.
    // (PGlite's also carries the statement, as Drizzle's wrapper does: it is said once.)
    const fromDatabase = /^[0-9A-Z]{5}$/.test(text(fields.code) ?? '') || text(fields.constraint) !== undefined;
    if (query && !lines.includes(`query: ${statement(query)}`)) lines.push(`query: ${statement(query)}`);
    if (fromDatabase) {
      const facts = DATABASE_FIELDS.flatMap((name) => {
        const value = text(fields[name]);
        return value ? [`  ${name}: ${value}`] : [];
      });
      lines.push(`database: ${message ?? '(no message)'}`, ...facts);
    } else if (message && !query) {
      const code = text(fields.code);
      lines.push(code ? `${message} (${code})` : message);
    }
    e = fields.cause;
  }
  return lines.join('\n') || String(error);
}

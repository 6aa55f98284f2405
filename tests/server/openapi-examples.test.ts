import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/openapi/document';

const doc = openApiDocument();
const ROOT = path.resolve(import.meta.dirname, '../..');

type MediaType = { schema?: unknown; example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = {
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required: boolean; schema: unknown; example?: unknown }>;
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { $ref?: string; content?: Record<string, MediaType> }>;
};

/** `#/components/...` references replaced by what they point at. */
function deref(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deref);
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/'))
    return deref(
      ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc),
    );
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, deref(inner)]));
}

const operations = Object.entries(doc.paths).flatMap(([template, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({
    name: `${method.toUpperCase()} ${template}`,
    operation: operation as unknown as Operation,
  })),
);

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
/** What is wrong with `value` against `schema`, or null. */
function violation(schema: unknown, value: unknown): string | null {
  const validate = ajv.compile(deref(schema) as object);
  return validate(value) ? null : ajv.errorsText(validate.errors);
}
const examplesIn = (media: MediaType): unknown[] => [
  ...(media.example !== undefined ? [media.example] : []),
  ...Object.values(media.examples ?? {}).map((e) => e.value),
];

/**
 * Issue 26: the published document is not bare. Every operation says its security (`[]` when
 * public), lists its 4xx replies, and carries an example request and reply recorded from the API
 * on the seed data (server/openapi/examples.ts), each valid against the operation's own schemas;
 * Redocly's recommended rules find no error.
 */
describe('GET /openapi.json: security, 4xx replies and examples of every operation', () => {
  it('has more than 30 operations', () => expect(operations.length).toBeGreaterThan(30));

  it.each(operations)('$name says its security: none ([]), the bearer scheme, or either', ({ operation }) => {
    expect(operation.security).toBeDefined();
    expect([[], [{ bearer: [] }], [{}, { bearer: [] }]]).toContainEqual(operation.security);
  });

  it.each(operations)('$name lists a 4xx reply', ({ operation }) => {
    expect(Object.keys(operation.responses).some((status) => /^4(\d\d|XX)$/.test(status))).toBe(true);
  });

  it.each(operations)('$name: an example request, valid against its parameters and body', ({ operation }) => {
    for (const parameter of operation.parameters ?? []) {
      if (parameter.required) expect(parameter.example, parameter.name).toBeDefined();
      if (parameter.example !== undefined)
        expect(violation(parameter.schema, parameter.example), parameter.name).toBeNull();
    }
    const body = operation.requestBody?.content['application/json'];
    if (operation.requestBody) {
      const examples = examplesIn(body!);
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) expect(violation(body!.schema, example)).toBeNull();
    }
  });

  it.each(operations)('$name: an example reply for its success, valid against its schema', ({ operation }) => {
    const successes = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
    const examples = successes.flatMap(([, response]) => {
      // JSON in the envelope, or the one other media a route answers in (the calendar feed's text/calendar).
      const media = response.content?.['application/json'] ?? Object.values(response.content ?? {})[0];
      return media ? examplesIn(media).map((example) => ({ schema: media.schema, example })) : [];
    });
    expect(examples.length).toBeGreaterThan(0);
    for (const { schema, example } of examples) expect(violation(schema, example)).toBeNull();
  });

  describe('Redocly CLI, recommended rules', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'musa-redocly-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('finds no error', () => {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      let output: string;
      try {
        output = execFileSync(
          path.join(ROOT, 'node_modules/.bin/redocly'),
          ['lint', file, '--extends', 'recommended', '--format', 'json'],
          {
            encoding: 'utf8',
            env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? error);
      }
      const report = JSON.parse(output.slice(output.indexOf('{'))) as {
        totals: { errors: number };
        problems: Array<{ ruleId: string; severity: string; message: string }>;
      };
      const errors = report.problems.filter((p) => p.severity === 'error');
      expect(errors.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals.errors).toBe(0);
    }, 60_000);
  });
});

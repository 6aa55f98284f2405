import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { openApiDocument, type OpenApiDocument } from '../../../server/openapi/document';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Operation = OpenApiDocument['paths'][string][string];

/** `#/components/...` references replaced by what they point at (the document has no cycles). */
function deref(doc: OpenApiDocument, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => deref(doc, item));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')],
        doc,
      );
    return deref(doc, target);
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, deref(doc, inner)]));
}

/** The documented operation serving `method path` (query ignored), with its path template. */
export function findOperation(
  method: string,
  path: string,
  doc: OpenApiDocument = openApiDocument(),
): { template: string; operation: Operation } | undefined {
  const bare = path.split('?')[0]!;
  for (const [template, operations] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const operation = operations[method.toLowerCase()];
    if (operation && pattern.test(bare)) return { template, operation };
  }
  return undefined;
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();

/**
 * Checks a reply against the document: its status is one the operation lists and its body fits
 * that status's JSON schema. Returns what is wrong, or null.
 */
export function replyViolation(method: string, path: string, status: number, body: unknown): string | null {
  const doc = openApiDocument();
  const found = findOperation(method, path, doc);
  if (!found) return `${method} ${path}: not in the document`;
  const response = deref(doc, found.operation.responses[String(status)]) as
    { content?: { 'application/json'?: { schema: Json } } } | undefined;
  if (!response) return `${method} ${found.template}: status ${status} not documented`;
  const schema = response.content?.['application/json']?.schema;
  if (schema === undefined) return `${method} ${found.template} ${status}: no JSON schema`;
  const key = `${method} ${found.template} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema as object);
    compiled.set(key, validate);
  }
  if (validate(body)) return null;
  return `${method} ${found.template} ${status}: ${ajv.errorsText(validate.errors)}`;
}

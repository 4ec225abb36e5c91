/**
 * The CEL expressions of the corpus policies (kyverno/policies and the kyverno/kyverno CLI test suites) that call
 * a Kyverno library compile in an environment with the libraries, the way each kind declares them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createCelEnvironment } from '../../../../src/lang/cel/environment.js';
import { kyvernoLibraries } from '../../../../src/lang/cel/kyverno/index.js';

const CORPUS_DIR = path.resolve(import.meta.dirname, '../../../..', '../shared/corpus');
const corpusAvailable = existsSync(CORPUS_DIR);

const CEL_KINDS = /^(Namespaced)?(Validating|Mutating|Generating|Deleting)Policy$|^ImageValidatingPolicy$/;
const EXPRESSION_KEYS = new Set(['expression', 'messageExpression', 'valueExpression']);
/** A call of a Kyverno library function or handle. */
const LIBRARY_CALL =
  /(?<![.\w])(resource|http|globalContext|image|hash|user|json|yaml|math|time|transform|gzip|random)\.\w+\(|(?<![.\w])(parseImageReference|isImage|image|parseServiceAccount|sha1|sha256|md5|random|listObjToMap)\(/;

/** The variables of the CEL kinds (all dyn here; the families type some of them). */
const VARIABLES = ['object', 'oldObject', 'request', 'namespaceObject', 'variables', 'params', 'exceptions', 'images', 'attestors', 'attestations'];

interface CorpusExpression {
  file: string;
  kind: string;
  namespace: string;
  expression: string;
}

function yamlFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yamlFiles(full, out);
    else if (entry.endsWith('.yaml') || entry.endsWith('.yml')) out.push(full);
  }
  return out;
}

function collect(value: unknown, key: string, out: string[]): void {
  if (typeof value === 'string') {
    if (EXPRESSION_KEYS.has(key)) out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, key, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, item] of Object.entries(value)) collect(item, k, out);
  }
}

function corpusExpressions(): CorpusExpression[] {
  const found: CorpusExpression[] = [];
  for (const file of yamlFiles(CORPUS_DIR)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('policies.kyverno.io')) continue;
    for (const doc of parseAllDocuments(text)) {
      const value = doc.toJS() as {
        apiVersion?: unknown;
        kind?: unknown;
        metadata?: { namespace?: unknown };
        spec?: { evaluation?: { mode?: unknown } };
      } | null;
      if (value === null || typeof value !== 'object') continue;
      // HTTP and Envoy modes have their own `http` library (request and response), not Kyverno's handle.
      const mode = value.spec?.evaluation?.mode;
      if (mode === 'HTTP' || mode === 'Envoy') continue;
      if (typeof value.apiVersion !== 'string' || !value.apiVersion.startsWith('policies.kyverno.io/')) continue;
      if (typeof value.kind !== 'string' || !CEL_KINDS.test(value.kind)) continue;
      const namespace = value.kind.startsWith('Namespaced') ? String(value.metadata?.namespace ?? 'default') : '';
      const expressions: string[] = [];
      collect(value.spec, '', expressions);
      for (const expression of expressions) {
        if (LIBRARY_CALL.test(expression)) found.push({ file: path.relative(CORPUS_DIR, file), kind: value.kind, namespace, expression });
      }
    }
  }
  return found;
}

describe.skipIf(!corpusAvailable)('corpus expressions calling Kyverno libraries', () => {
  const expressions = corpusAvailable ? corpusExpressions() : [];

  it('finds the library calls of the corpus', () => {
    expect(expressions.length).toBeGreaterThanOrEqual(40);
  });

  it.each(expressions.map((e) => [e.file, e.expression.replace(/\s+/g, ' '), e] as const))('%s: %s', (file, _text, e) => {
    const kyverno = kyvernoLibraries({ namespace: e.namespace });
    const env = createCelEnvironment({
      variables: Object.fromEntries(VARIABLES.map((name) => [name, 'dyn'])),
      libraries: kyverno.libraries,
      homogeneousAggregateLiterals: e.kind !== 'GeneratingPolicy',
    });
    const compiled = env.compile(e.expression);
    expect(compiled.ok ? 'compiles' : `${file}: ${compiled.error.message}`).toBe('compiles');
  });
});

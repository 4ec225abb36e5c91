/**
 * @file `$( ... )` references to other fields of the same document (Kyverno `vars.go`
 * `substituteReferencesIfAny`, `resolveReference`): the reference path, relative to the field's own
 * path, is looked up among the document's leaves (anchors ignored); an operator prefix (`>=`, `<=`,
 * `>`, `<`, `!`) is kept in front of the value. `\$(...)` is an escape.
 */
import type { JsonValue } from '../../../../types.js';
import { formatGoValue } from '../../../../lang/jmespath/index.js';
import { goCleanPath } from '../../../../util/go-path.js';
import { SubstitutionError } from './errors.js';
import { dropPrefix, findAll } from './patterns.js';
import { type LeafAction, traverse, visitLeavesAndKeys } from './traverse.js';

/** Kyverno `RegexReferences` (Go `.` never matches `\n`). */
const REFERENCES = /^\$\([^\n][^ ]*\)|[^\\]\$\([^\n][^ ]*\)/g;
/**
 * Escaped references `\$(...)`, each up to the first space or `)` (Kyverno `RegexEscpReferences`,
 * pkg/engine/variables/regex/vars.go; `Test_EscpReferenceSubstitution` in pkg/engine/variables/vars_test.go:
 * `\$(A)/b/\$(B)` gives `$(A)/b/$(B)`).
 */
const ESCAPED_REFERENCES = /\\\$\([^\n][^ )]*\)/g;

const NOT_IN_RANGE = /^(\d+(\.\d+)?)([^-]*)!-(\d+(\.\d+)?)([^-]*)$/;
const IN_RANGE = /^(\d+(\.\d+)?)([^-]*)-(\d+(\.\d+)?)([^-]*)$/;

/** Kyverno `operator.GetOperatorFromStringPattern` (`''` is Equal). */
function operatorPrefix(pattern: string): string {
  if (pattern.length < 2) return '';
  for (const op of ['>=', '<=', '>', '<', '!']) if (pattern.startsWith(op)) return op;
  if (NOT_IN_RANGE.test(pattern)) return '!-';
  if (IN_RANGE.test(pattern)) return '-';
  return '';
}

/** Go `path.Join`. */
function joinPath(...elements: string[]): string {
  const joined = elements.filter((e) => e !== '').join('/');
  return joined === '' ? '' : goCleanPath(joined);
}

/** Kyverno anchor syntax: `(k)`, `^(k)`, `=(k)`, `X(k)`, `+(k)`, `<(k)`. */
const ANCHOR = /^([+<=X^])?\((.+)\)$/;

/** Kyverno `anchor.RemoveAnchorsFromPath`. */
function removeAnchorsFromPath(path: string): string {
  let components = path.split('/');
  if (components[0] === '') components = components.slice(1);
  const keys = components.map((component) => ANCHOR.exec(component.trim())?.[2] ?? component);
  const joined = joinPath(...keys);
  return path.startsWith('/') ? `/${joined}` : joined;
}

/** Kyverno `getValueFromReference`: the last leaf (or key) whose anchor-free path is `path`. */
function valueAtReference(document: JsonValue, path: string): unknown {
  let found: unknown;
  visitLeavesAndKeys(document, (value, leafPath) => {
    if (removeAnchorsFromPath(leafPath) === path) found = value;
  });
  return found;
}

/** Go `%f` of a float64. */
function formatFixed6(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (Math.abs(value) < 1e21) return value.toFixed(6);
  return `${BigInt(value).toString()}.000000`;
}

/** Kyverno `resolveReference`. */
function resolveReference(document: JsonValue, reference: string, absolutePath: string): unknown {
  let path = reference.replace(/^[$()]+|[$()]+$/g, '');
  const operator = operatorPrefix(path);
  path = path.slice(operator.length);
  if (path.length === 0) throw new Error('expected path, found empty reference');
  path = path.startsWith('/') ? path : joinPath(absolutePath, path);
  const value = valueAtReference(document, path);
  if (operator === '') return value;
  if (typeof value === 'string') return operator + value;
  if (typeof value === 'bigint') return operator + value.toString();
  if (typeof value === 'number') return operator + formatFixed6(value);
  throw new Error(`incorrect expression: operator ${operator} does not match with value ${formatGoValue(value)}`);
}

/** Resolves the references of one string leaf at `path`. */
function substituteReferencesInString(value: string, path: string, document: JsonValue): string {
  const source = value;
  for (const found of findAll(REFERENCES, source)) {
    const match = found.text;
    const initial = match.startsWith('$(');
    const reference = initial ? match : dropPrefix(found, source);
    let resolved: unknown;
    try {
      resolved = resolveReference(document, reference, path);
    } catch (err) {
      throw new SubstitutionError(`failed to resolve ${reference} at path ${path}: ${(err as Error).message}`);
    }
    if (resolved === null || resolved === undefined) {
      throw new SubstitutionError(`got nil resolved variable ${reference} at path ${path}: <nil>`);
    }
    if (typeof resolved !== 'string') {
      throw new SubstitutionError(`NotResolvedReferenceErr,reference ${reference} not resolved at path ${path}`);
    }
    const replacement = (initial ? '' : match[0]) + resolved;
    const at = value.indexOf(match);
    if (at >= 0) value = value.slice(0, at) + replacement + value.slice(at + match.length);
  }
  for (const escaped of value.match(ESCAPED_REFERENCES) ?? []) value = value.split(escaped).join(escaped.slice(1));
  return value;
}

/** The `$( )` pass of substitution over a whole document. Throws `SubstitutionError`. */
export function substituteReferences(document: JsonValue): JsonValue {
  return traverse(document, '', new ReferenceSubstituter(document)) as JsonValue;
}

/** The traversal action of the reference pass: strings with `$(` have their references resolved. */
class ReferenceSubstituter implements LeafAction {
  constructor(private readonly document: JsonValue) {}

  leaf(value: unknown, path: string): unknown {
    return typeof value === 'string' && value.includes('$(') ? substituteReferencesInString(value, path, this.document) : value;
  }
}

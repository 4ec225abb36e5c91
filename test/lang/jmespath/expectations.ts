/**
 * @file Comparing an evaluation with an expected outcome of the JMESPath vectors, and telling which
 * vectors need Kyverno's custom functions (registered by a later module).
 */
import {
  BUILTIN_FUNCTIONS,
  JmesPathError,
  type JmesPathErrorKind,
  compileJmesPath,
  lookupFunction,
} from '../../../src/lang/jmespath/index.js';
import { goJsonStringify } from '../../../src/util/go-json.js';

/** What an evaluation gave. */
export type Outcome =
  | { result: unknown }
  | { error: string; kind: JmesPathErrorKind };

export function evaluate(expression: string, data: unknown): Outcome {
  try {
    return { result: compileJmesPath(expression).search(data) };
  } catch (err) {
    if (err instanceof JmesPathError) return { error: err.message, kind: err.kind };
    throw err;
  }
}

/** Go-JSON equality of results (numbers as float64, object key order irrelevant); NaN equals NaN. */
export function sameResult(actual: unknown, expected: unknown): boolean {
  if (typeof expected === 'number' && Number.isNaN(expected)) return typeof actual === 'number' && Number.isNaN(actual);
  try {
    return goJsonStringify(actual) === goJsonStringify(expected);
  } catch {
    return false;
  }
}

/** Kyverno's 51 custom JMESPath functions (`GetFunctions`, kyverno/kyverno pkg/engine/jmespath/functions.go). */
const KYVERNO_FUNCTIONS = new Set(
  `compare equal_fold replace replace_all to_upper to_lower trim trim_prefix split regex_replace_all
  regex_replace_all_literal regex_match pattern_match label_match to_boolean add sum subtract multiply divide modulo
  round base64_decode base64_encode time_since time_now time_now_utc path_canonicalize truncate semver_compare
  parse_json parse_yaml lookup items object_from_lists random x509_decode time_to_cron time_add time_parse time_utc
  time_diff time_before time_after time_between time_truncate image_normalize is_external_url sha256 sha1 md5`.split(/\s+/),
);

/**
 * The Kyverno functions an expression calls that are not registered yet (or, for `sum`, still
 * the go-jmespath built-in Kyverno replaces). Vectors calling them wait for the custom functions.
 */
export function pendingKyvernoFunctions(expression: string): string[] {
  const called = new Set(Array.from(expression.matchAll(/([a-z_0-9]+)\s*\(/g), (m) => m[1]!));
  return [...called].filter((name) => {
    if (!KYVERNO_FUNCTIONS.has(name)) return false;
    const registered = lookupFunction(name);
    return registered === undefined || BUILTIN_FUNCTIONS.includes(registered);
  });
}

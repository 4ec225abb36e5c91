/**
 * @file `{{ }}` variable substitution (Kyverno `pkg/engine/variables/vars.go`
 * `substituteVariablesIfAny`, spec 20 §1.3–1.8): innermost variables first with re-scans, a string
 * that is exactly one variable takes the query result with its type, other results are rendered
 * with Go's JSON encoder, `\{{` escapes, shallow `{{- x }}`, `{{@}}`, and the DELETE rewrite of
 * `request.object` into `request.oldObject`.
 */
import type { JsonValue } from '../../types.js';
import { GoJsonError, goJsonStringify } from '../../util/go-json.js';
import { ContextQueryError, type JsonContext } from '../context/json-context.js';
import { goTrimSpace } from '../context/go-trim-space.js';
import { formatGoValue, goTypeName } from '../jmespath/index.js';
import { SubstitutionError } from './errors.js';
import { atVariablePath } from './json-pointer.js';
import { substituteReferences } from './references.js';
import { VARIABLES, VARIABLE_AT_START, dropPrefix, findAll } from './patterns.js';
import { traverse } from './traverse.js';

export interface SubstituteOptions {
  /**
   * `request.operation`, when the caller knows it; otherwise it is read from the context, as
   * Kyverno's `IsDeleteRequest` does. `DELETE` rewrites `request.object` to `request.oldObject`.
   */
  operation?: string;
}

/** Kyverno `replaceBracesAndTrimSpaces`. */
function variableText(v: string): string {
  return goTrimSpace(v.replaceAll('{{', '').replaceAll('}}', ''));
}

/** Replaces the first occurrence of `search` in `text` (Go `strings.Replace(text, search, with, 1)`). */
function replaceFirst(text: string, search: string, replacement: string): string {
  const at = text.indexOf(search);
  return at < 0 ? text : text.slice(0, at) + replacement + text.slice(at + search.length);
}

/** Substitutes the variables of strings leaves and keys against one context. */
class VariableSubstituter {
  private isDelete: boolean | undefined;

  constructor(
    private readonly context: JsonContext,
    private readonly operation: string | undefined,
  ) {}

  /** The traversal action: strings are substituted, Go integers become numbers. */
  readonly action = (value: unknown, path: string): unknown => {
    if (typeof value === 'string') return this.substituteString(value, path);
    return typeof value === 'bigint' ? Number(value) : value;
  };

  private deleteRequest(): boolean {
    if (this.isDelete === undefined) {
      if (this.operation !== undefined) {
        this.isDelete = this.operation === 'DELETE';
      } else {
        try {
          this.isDelete = this.context.search('request.operation') === 'DELETE';
        } catch (err) {
          if (!(err instanceof ContextQueryError)) throw err;
          this.isDelete = false;
        }
      }
    }
    return this.isDelete;
  }

  /** `{{@}}`: the same field in the mutate target, or else in `request.object`. */
  private atPath(path: string): string {
    let prefix = 'target';
    try {
      this.context.search('target');
    } catch (err) {
      if (!(err instanceof ContextQueryError)) throw err;
      prefix = 'request.object';
    }
    return atVariablePath(path, prefix);
  }

  private resolve(variable: string, path: string): unknown {
    try {
      return this.context.search(variable);
    } catch (err) {
      if (err instanceof ContextQueryError) {
        throw new SubstitutionError(`failed to resolve ${variable} at path ${path}: ${err.message}`);
      }
      throw err;
    }
  }

  private substituteString(input: string, path: string): unknown {
    if (!input.includes('{{')) return input;
    let value = input;
    let matches = findAll(VARIABLES, value);
    while (matches.length > 0) {
      const originalPattern = value;
      let lastShallow = false;
      for (const match of matches) {
        const initial = VARIABLE_AT_START.test(match.text);
        const v = initial ? match.text : dropPrefix(match, originalPattern);
        let variable = variableText(v);
        const shallow = variable.startsWith('-');
        if (shallow) variable = goTrimSpace(variable.slice(1));
        if (variable === '@') variable = this.atPath(path);
        if (this.deleteRequest()) variable = variable.replaceAll('request.object', 'request.oldObject');

        const result = this.resolve(variable, path);
        if (originalPattern === v) return typeof result === 'bigint' ? Number(result) : result;

        let text: string;
        if (typeof result === 'string') {
          text = result;
        } else {
          try {
            text = goJsonStringify(result);
          } catch (err) {
            if (!(err instanceof GoJsonError)) throw err;
            throw new SubstitutionError(
              `failed to resolve ${variable} at path ${path}: failed to marshal ${goTypeName(result)}: ${formatGoValue(result)}`,
            );
          }
        }
        if (shallow && result !== null) {
          if (typeof result !== 'string') {
            throw new SubstitutionError(
              `failed to resolve ${variable} at path ${path}: interface conversion: interface {} is ${goTypeName(result)}, not string`,
            );
          }
          text = text.replaceAll('{{', '\\{{');
        }
        const prefix = initial ? '' : match.text[0]!;
        value = replaceFirst(value, prefix + v, prefix + text);
        lastShallow = shallow;
      }
      if (lastShallow) break;
      matches = findAll(VARIABLES, value);
    }
    return value.replaceAll('\\{{', '{{');
  }
}

/** The `{{ }}` pass alone over a document. Throws `SubstitutionError`. */
export function substituteVariables(document: JsonValue, context: JsonContext, options: SubstituteOptions = {}): JsonValue {
  const substituter = new VariableSubstituter(context, options.operation);
  return traverse(document, '', substituter.action) as JsonValue;
}

/**
 * Kyverno `SubstituteAll`: the `$( )` reference pass, then the `{{ }}` variable pass. The input is
 * never mutated; the result may share unchanged parts with it (or be it). Throws
 * `SubstitutionError` with Kyverno's message.
 */
export function substituteAll(document: JsonValue, context: JsonContext, options: SubstituteOptions = {}): JsonValue {
  const referenced = containsText(document, '$(') ? substituteReferences(document) : document;
  return containsText(referenced, '{{') ? substituteVariables(referenced, context, options) : referenced;
}

/** Whether a string or key of `document` contains `text`. */
function containsText(document: JsonValue, text: string): boolean {
  if (typeof document === 'string') return document.includes(text);
  if (Array.isArray(document)) return document.some((item) => containsText(item, text));
  if (document !== null && typeof document === 'object') {
    for (const key of Object.keys(document)) {
      if (key.includes(text) || containsText(document[key]!, text)) return true;
    }
  }
  return false;
}

/**
 * Whether any string or key of `document` contains `{{` or `$(`, i.e. whether substitution can
 * change it; documents without either are returned unchanged by `substituteAll`.
 */
export function hasVariables(document: JsonValue): boolean {
  return containsText(document, '{{') || containsText(document, '$(');
}

/**
 * @file Everything a validate handler needs while evaluating one rule on one resource: the JSON context,
 * the target (resource or foreach element), variable substitution and context loading, with Kyverno's
 * values-file injection order (spec 20 §3.7).
 */
import type { ContextEntry, Rule } from '../policy/types.js';
import type { JsonObject, JsonValue, NumberMode } from '../types.js';
import type { JsonContext } from './context/json-context.js';
import { registerContextEntries } from './context/loaders.js';
import type { InjectedValues } from './types.js';
import { hasVariables, substituteAll } from './variables/index.js';

export interface RuleEnvironmentInit {
  rule: Rule;
  context: JsonContext;
  /** `request.operation` as given (CREATE when absent). */
  operation: string;
  numberMode: NumberMode;
  /** The new resource; for DELETE requests the old one (then `isDelete` is true). */
  resource: JsonObject;
  isDelete: boolean;
  values?: InjectedValues;
}

export class RuleEnvironment {
  readonly rule: Rule;
  readonly context: JsonContext;
  readonly operation: string;
  readonly numberMode: NumberMode;
  readonly resource: JsonObject;
  readonly isDelete: boolean;
  /** The foreach element that patterns apply to, when element-scoped. */
  readonly element: JsonObject | undefined;
  /**
   * Where the current foreach element sits in the resource (`/spec/containers/1`), when the list
   * expression is a plain path into `request.object` or the enclosing element; used to locate findings.
   */
  readonly elementPointer: string | undefined;
  private readonly values: InjectedValues | undefined;

  constructor(init: RuleEnvironmentInit, element?: JsonObject, elementPointer?: string) {
    this.rule = init.rule;
    this.context = init.context;
    this.operation = init.operation;
    this.numberMode = init.numberMode;
    this.resource = init.resource;
    this.isDelete = init.isDelete;
    this.values = init.values;
    this.element = element;
    this.elementPointer = elementPointer;
  }

  /** The resource path of a failure found at `path` of the current validation target. */
  resourcePath(path: string): string | undefined {
    if (this.element === undefined) return path;
    return this.elementPointer === undefined ? undefined : this.elementPointer + path;
  }

  /** Substitutes `$( )` references and `{{ }}` variables; throws Kyverno's substitution error. */
  substitute(document: JsonValue): JsonValue {
    if (!hasVariables(document)) return document;
    return substituteAll(document, this.context, { operation: this.operation });
  }

  /** Substitution callback for condition keys and values. */
  readonly substituteCondition = (value: JsonValue): JsonValue => this.substitute(value);

  /**
   * Runs a context loader for this rule: rule values (and element [0] of foreach values) are injected
   * first, as Kyverno's CLI initializer does every time, then the entries are registered.
   */
  loadContext(entries: ContextEntry[] | undefined): void {
    const ruleValues = this.values?.rule?.(this.rule.name);
    if (ruleValues) for (const [key, value] of Object.entries(ruleValues)) this.context.addAtPath(key, value);
    const foreachValues = this.values?.foreach?.(this.rule.name);
    if (foreachValues) {
      for (const [key, list] of Object.entries(foreachValues)) {
        if (list.length > 0) this.context.addAtPath(key, list[0] as JsonValue);
      }
    }
    if (entries && entries.length > 0) registerContextEntries(this.context, entries, { operation: this.operation });
  }

  /** Evaluates a foreach `list` expression: a list gives its elements, anything else one element. */
  evaluateList(expression: string): JsonValue[] {
    const value = this.context.query(expression);
    return Array.isArray(value) ? value : [value];
  }

  /**
   * Adds a foreach element to the context and returns the environment its body runs in
   * (Kyverno `AddElementToContext`): map elements are the validation target unless `elementScope: false`.
   */
  withElement(
    element: JsonValue,
    index: number,
    nesting: number,
    elementScope: boolean | undefined,
    listExpression: string,
  ): RuleEnvironment {
    this.context.addElement(element, index, nesting);
    const isMap = element !== null && typeof element === 'object' && !Array.isArray(element);
    let scoped = isMap;
    if (elementScope !== undefined) {
      if (elementScope && !isMap) {
        throw new Error(
          `cannot use elementScope=true foreach rules for elements that are not maps, expected type=map got type=${goTypeOf(element)}`,
        );
      }
      scoped = elementScope;
    }
    const init: RuleEnvironmentInit = {
      rule: this.rule,
      context: this.context,
      operation: this.operation,
      numberMode: this.numberMode,
      resource: this.resource,
      isDelete: this.isDelete,
      values: this.values,
    };
    if (!scoped) return new RuleEnvironment(init, this.element, this.elementPointer);
    const base = listPointer(listExpression, this.elementPointer);
    return new RuleEnvironment(init, element as JsonObject, base === undefined ? undefined : `${base}/${index}`);
  }
}

const PLAIN_PATH = /^\s*(request\.object|element)((?:\.(?:[A-Za-z_][A-Za-z0-9_]*|"[^"\\]*"))*)\s*$/;
const SEGMENT = /\.(?:([A-Za-z_][A-Za-z0-9_]*)|"([^"\\]*)")/g;

/**
 * The resource pointer a foreach `list` expression designates, when it is a plain field path from
 * `request.object` (or from the current element, whose pointer is known); undefined otherwise.
 */
function listPointer(expression: string, elementPointer: string | undefined): string | undefined {
  const match = PLAIN_PATH.exec(expression);
  if (!match) return undefined;
  let pointer: string;
  if (match[1] === 'element') {
    if (elementPointer === undefined) return undefined;
    pointer = elementPointer;
  } else {
    pointer = '';
  }
  for (const segment of (match[2] ?? '').matchAll(SEGMENT)) pointer += `/${segment[1] ?? segment[2]}`;
  return pointer;
}

function goTypeOf(value: JsonValue): string {
  if (value === null) return '<nil>';
  if (Array.isArray(value)) return '[]interface {}';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'float64';
    case 'boolean':
      return 'bool';
    default:
      return 'map[string]interface {}';
  }
}

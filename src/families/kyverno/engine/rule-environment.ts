/**
 * @file Everything a validate handler needs while evaluating one rule on one resource: the JSON context,
 * the target (resource or foreach element), variable substitution and context loading, with Kyverno's
 * values-file injection order (rule values re-injected each time a context loader runs, by the initializer
 * of kyverno/kyverno cmd/cli/kubectl-kyverno/store/contextloader.go `ContextLoaderFactory`).
 */
import { goTypeName } from './pattern/go-value.js';
import type { ContextEntry, Rule } from '../policy/types.js';
import type { JsonObject, JsonValue, NumberMode } from '../../../types.js';
import { type JsonContext, QueryFailure } from './context/json-context.js';
import { type ConditionSubstitute, SubstituteFailure } from './conditions/index.js';
import { toPlainJson } from '../../../lang/jmespath/index.js';
import { registerContextEntries } from './context/loaders.js';
import {
  enterOfflineScope,
  hasExternalEntries,
  leaveOfflineScope,
  OFFLINE_LOADER_FACTORIES,
  resolveOfflineEagerly,
  type ExternalData,
  type OfflineScope,
  UnresolvedEntries,
} from './context/external/index.js';
import { type RulePlan, rulePlan } from './rule-plan.js';
import type { InjectedValues, RequestUserInfo } from '../../../evaluate/types.js';
import { SubstitutionError, SubstitutionFailure, trySubstituteAll } from './variables/index.js';

interface RuleEnvironmentInit {
  rule: Rule;
  context: JsonContext;
  /** `request.operation` as given (CREATE when absent). */
  operation: string;
  numberMode: NumberMode;
  /** The new resource; for DELETE requests the old one (then `isDelete` is true). */
  resource: JsonObject;
  isDelete: boolean;
  values?: InjectedValues;
  /** Data for `configMap`, `apiCall` and `globalReference` context entries. */
  external?: ExternalData;
  /** The namespace of a namespaced Policy (undefined for a ClusterPolicy). */
  policyNamespace?: string;
  /** Admission user info (the `request.userInfo` of `validate.cel` expressions); absent means none. */
  userInfo?: RequestUserInfo;
  /** Find the resource field a failed `validate.cel` expression blames (the scan asks for it). */
  explainFailures?: boolean;
  /** Evaluate with the reference interpreter (`EvaluationRequest.reference`). */
  reference?: boolean;
}

/** Kyverno's error for `elementScope: true` on a foreach element that is not a map. */
export class ElementScopeFailure {
  constructor(readonly message: string) {}
}

export class RuleEnvironment {
  readonly rule: Rule;
  /** What is read of the rule, read once. */
  readonly plan: RulePlan;
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
  readonly values: InjectedValues | undefined;
  readonly external: ExternalData | undefined;
  readonly policyNamespace: string | undefined;
  readonly userInfo: RequestUserInfo | undefined;
  readonly explainFailures: boolean;
  /** Evaluate with the reference interpreter rather than compiled code (`EvaluationRequest.reference`). */
  readonly reference: boolean;
  /** The rule's environment, for the environment of a foreach element. */
  readonly #root: RuleEnvironment | undefined;
  /** Created on the first external context entry of the rule (on the rule's environment). */
  #offline: OfflineScope | undefined;

  /** A rule's environment, or (given another environment) the environment of a foreach element in it. */
  constructor(init: RuleEnvironmentInit | RuleEnvironment, element?: JsonObject, elementPointer?: string) {
    this.rule = init.rule;
    this.plan = init instanceof RuleEnvironment ? init.plan : rulePlan(init.rule);
    this.context = init.context;
    this.operation = init.operation;
    this.numberMode = init.numberMode;
    this.resource = init.resource;
    this.isDelete = init.isDelete;
    this.values = init.values;
    this.external = init.external;
    this.policyNamespace = init.policyNamespace;
    this.userInfo = init.userInfo;
    this.explainFailures = init.explainFailures === true;
    this.reference = init.reference === true;
    this.#root = init instanceof RuleEnvironment ? (init.#root ?? init) : undefined;
    this.element = element;
    this.elementPointer = elementPointer;
    // Substitution depends only on the context and the operation, which element environments share.
    // It returns values without variables or references as they are: conditions may skip those.
    this.substituteCondition =
      init instanceof RuleEnvironment ? init.substituteCondition : Object.assign(this.#substituteCondition.bind(this), { keepsConstants: true });
  }

  /** The resource path of a failure found at `path` of the current validation target. */
  resourcePath(path: string): string | undefined {
    if (this.element === undefined) return path;
    return this.elementPointer === undefined ? undefined : this.elementPointer + path;
  }

  /** Substitutes `$( )` references and `{{ }}` variables; throws Kyverno's substitution error. */
  substitute(document: JsonValue): JsonValue {
    const result = this.trySubstitute(document);
    if (result instanceof SubstitutionFailure) throw new SubstitutionError(result.message);
    return result;
  }

  /** As `substitute`, but an unresolved variable comes back as a `SubstitutionFailure`. */
  trySubstitute(document: JsonValue): JsonValue | SubstitutionFailure {
    // A document without variables or references comes back as it is.
    return trySubstituteAll(document, this.context, { operation: this.operation });
  }

  /** Substitution callback for condition keys and values. */
  readonly substituteCondition: ConditionSubstitute;

  #substituteCondition(document: JsonValue): JsonValue | SubstituteFailure {
    const result = this.trySubstitute(document);
    return result instanceof SubstitutionFailure ? new SubstituteFailure(result.message) : result;
  }

  /**
   * Runs a context loader for this rule: rule values (and element [0] of foreach values) are injected
   * first, as Kyverno's CLI initializer does every time, then the entries are registered.
   */
  loadContext(entries: ContextEntry[] | undefined): void {
    const ruleValues = this.values?.rule?.(this.plan.name);
    if (ruleValues) for (const [key, value] of Object.entries(ruleValues)) this.context.addAtPath(key, value);
    const foreachValues = this.values?.foreach?.(this.plan.name);
    if (foreachValues) {
      for (const [key, list] of Object.entries(foreachValues)) {
        if (list.length > 0) this.context.addAtPath(key, list[0] as JsonValue);
      }
    }
    if (entries && entries.length > 0) {
      if (!hasExternalEntries(entries)) {
        registerContextEntries(this.context, entries, { operation: this.operation });
        return;
      }
      const root = this.#root ?? this;
      root.#offline ??= {
        data: this.external,
        operation: this.operation,
        policyNamespace: this.policyNamespace,
        unresolved: new UnresolvedEntries(),
      };
      const previous = enterOfflineScope(root.#offline);
      try {
        registerContextEntries(this.context, entries, {
          operation: this.operation,
          externalLoaders: OFFLINE_LOADER_FACTORIES,
          resolveEagerly: resolveOfflineEagerly,
        });
      } finally {
        leaveOfflineScope(previous);
      }
    }
  }

  /** The external context entries of the rule that could not be resolved, when the rule has any. */
  get unresolved(): UnresolvedEntries | undefined {
    return (this.#root ?? this).#offline?.unresolved;
  }

  /**
   * Evaluates a foreach `list` expression: a list gives its elements, anything else one element. A
   * failed query comes back as a `QueryFailure` (with the `ContextQueryError` message).
   */
  tryEvaluateList(expression: string): JsonValue[] | QueryFailure {
    const result = this.context.trySearch(expression);
    if (result instanceof QueryFailure) return result;
    // `EvaluateList` takes the query result as is (no JSON round trip): int64 values beyond 2^53 stay exact.
    const value = toPlainJson(result, true) as JsonValue;
    return Array.isArray(value) ? value : [value];
  }

  /**
   * Adds a foreach element to the context and returns the environment its body runs in
   * (Kyverno `AddElementToContext`): map elements are the validation target unless `elementScope: false`.
   * `elementScope: true` on an element that is not a map gives an `ElementScopeFailure`.
   */
  withElement(
    element: JsonValue,
    index: number,
    nesting: number,
    elementScope: boolean | undefined,
    listExpression: string,
  ): RuleEnvironment | ElementScopeFailure {
    this.context.addElement(element, index, nesting);
    const isMap = element !== null && typeof element === 'object' && !Array.isArray(element);
    let scoped = isMap;
    if (elementScope !== undefined) {
      if (elementScope && !isMap) {
        return new ElementScopeFailure(
          `cannot use elementScope=true foreach rules for elements that are not maps, expected type=map got type=${goTypeName(element, 'float64')}`,
        );
      }
      scoped = elementScope;
    }
    if (!scoped) return new RuleEnvironment(this, this.element, this.elementPointer);
    const base = listPointer(listExpression, this.elementPointer);
    return new RuleEnvironment(this, element as JsonObject, base === undefined ? undefined : `${base}/${index}`);
  }
}

const PLAIN_PATH = /^\s*(request\.object|element)((?:\.(?:[A-Za-z_][A-Za-z0-9_]*|"[^"\\]*"))*)\s*$/;
const SEGMENT = /\.(?:([A-Za-z_][A-Za-z0-9_]*)|"([^"\\]*)")/g;

/**
 * The resource pointer a foreach `list` expression designates, when it is a plain field path from
 * `request.object` (or from the current element, whose pointer is known); undefined otherwise.
 */
function listPointer(expression: string, elementPointer: string | undefined): string | undefined {
  const path = listPath(expression);
  if (path === null) return undefined;
  if (path.fromElement) return elementPointer === undefined ? undefined : elementPointer + path.pointer;
  return path.pointer;
}

interface ListPath {
  /** The path starts at `element` rather than `request.object`. */
  fromElement: boolean;
  /** The pointer of the fields after the start (`/spec/containers`). */
  pointer: string;
}

/** Parsed list expressions by text (policy text, bounded). */
const listPaths = new Map<string, ListPath | null>();
const MAX_LIST_PATHS = 1024;

function listPath(expression: string): ListPath | null {
  let path = listPaths.get(expression);
  if (path === undefined) {
    const match = PLAIN_PATH.exec(expression);
    if (match) {
      let pointer = '';
      for (const segment of (match[2] ?? '').matchAll(SEGMENT)) pointer += `/${segment[1] ?? segment[2]}`;
      path = { fromElement: match[1] === 'element', pointer };
    } else {
      path = null;
    }
    if (listPaths.size >= MAX_LIST_PATHS) listPaths.clear();
    listPaths.set(expression, path);
  }
  return path;
}


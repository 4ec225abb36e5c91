/**
 * @file The variable checks of Kyverno's policy validation (pkg/validation/policy/validate.go
 * `ValidateVariables`, `hasInvalidVariables`, `ruleForbiddenSectionsHaveVariables`, background.go
 * `containsUserVariables`, pkg/engine/variables `ValidateElementInForEach`): every rule (autogen rules
 * included) is substituted against a mock context (pkg/engine/context/mock_context.go) that accepts a
 * variable only if it is valid JMESPath and matches the allowed-variables regex or a pattern derived from
 * the rule's context entries; `$(...)` references must resolve (engine/variables `substituteReferences`);
 * `{{` is forbidden in match/exclude and image references; background policies may not use
 * user-information variables.
 */
import { compileJmesPath } from '../../../lang/jmespath/index.js';
import { substituteReferences } from '../engine/variables/index.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import { wildcardMatch } from '../../../util/wildcard.js';
import { parsePatch } from './json-patch.js';
import type { Policy, Rule } from './types.js';
import { isObject } from '../../../util/json-value.js';

/** Kyverno `RegexVariables`: a `{{...}}` (one level of inner braces) not preceded by a backslash. */
const VARIABLE_PATTERN = /(^|[^\\])(\{\{(?:\{[^{}]*\}|[^{}])*\}\})/g;
const VARIABLE_INIT = /^\{\{(?:\{[^{}]*\}|[^{}])*\}\}/;
/** validate.go `regexVariables`, used for the forbidden-section checks. */
const SIMPLE_VARIABLE = /\{\{[^{}]*\}\}/;

/** Kyverno `enginecontext.ReservedKeys`: variables allowed in non-background policies. */
const ALLOWED_VARIABLES = /request|serviceAccountName|serviceAccountNamespace|element|elementIndex|@|images|image|([a-z_0-9]+\()[^{}]/;
const ALLOWED_VARIABLES_BACKGROUND = /request\.|element|elementIndex|@|images|images\.|image\.|([a-z_0-9]+\()[^{}]/;
const ALLOWED_VARIABLES_IN_TARGET =
  /request\.|serviceAccountName|serviceAccountNamespace|element|elementIndex|@|images|images\.|image\.|target\.|([a-z_0-9]+\()[^{}]/;
const ALLOWED_VARIABLES_BACKGROUND_IN_TARGET =
  /request\.|element|elementIndex|@|images|images\.|image\.|target\.|([a-z_0-9]+\()[^{}]/;

/** background.go `ForbiddenUserVariables`. */
const FORBIDDEN_USER_VARIABLES: readonly RegExp[] = [
  /[^.](serviceAccountName)\b/,
  /[^.](serviceAccountNamespace)\b/,
  /[^.](request.userInfo)\b/,
  /[^.](request.roles)\b/,
  /[^.](request.clusterRoles)\b/,
];

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** The `{{...}}` matches of a string (each with its optional preceding character), in order. */
function findVariables(value: string): string[] {
  if (!value.includes('{{')) return [];
  return Array.from(value.matchAll(VARIABLE_PATTERN), (m) => m[0]);
}

/** Strips the preceding character of a `RegexVariables` match; returns `[prefix, variable text]`. */
function splitMatch(match: string): [string, string] {
  return VARIABLE_INIT.test(match) ? ['', match] : [match[0], match.slice(1)];
}

/** Kyverno `replaceBracesAndTrimSpaces`. */
function variableExpression(v: string): string {
  return v.replaceAll('{{', '').replaceAll('}}', '').trim();
}

/** Kyverno `ReplaceAllVars`: every variable replaced by `replacement`, keeping the preceding character. */
export function replaceAllVariables(value: string, replacement: string): string {
  return value.replace(VARIABLE_PATTERN, (_m, prefix: string) => `${prefix}${replacement}`);
}

class VariableError extends Error {
  constructor(
    message: string,
    /** `InvalidVariableError`: passed through without the `failed to resolve` wrapper. */
    readonly invalidVariable: boolean,
  ) {
    super(message);
  }
}

/** Kyverno `MockContext`: allowed-variable regex plus wildcard patterns from context entries. */
class MockContext {
  private readonly patterns: string[] = [];

  constructor(private readonly allowed: RegExp) {}

  addPattern(pattern: string): void {
    this.patterns.push(pattern);
  }

  addContextEntries(entries: JsonValue | undefined): void {
    if (!Array.isArray(entries)) return;
    for (const entry of entries) {
      if (!isObject(entry)) continue;
      const name = typeof entry.name === 'string' ? entry.name : '';
      if (isPresent(entry.apiCall) || isPresent(entry.globalReference) || isPresent(entry.imageRegistry) || isPresent(entry.variable)) {
        this.patterns.push(`${name}*`);
      }
      if (isPresent(entry.configMap)) {
        this.patterns.push(`${name}.data`, `${name}.metadata`, `${name}.data.*`, `${name}.metadata.*`);
      }
    }
  }

  /** Kyverno `MockContext.Query`: throws when the variable is not allowed. */
  query(expression: string): void {
    const query = expression.trim();
    if (query === '') throw new VariableError('invalid query (nil)', false);
    try {
      compileJmesPath(query);
    } catch (err) {
      throw new VariableError(`invalid JMESPath query ${query}: ${(err as Error).message}`, false);
    }
    const unquoted = query.replaceAll('"', '');
    if (this.allowed.test(unquoted)) return;
    if (this.patterns.some((pattern) => wildcardMatch(pattern, unquoted))) return;
    throw new VariableError(
      `variable ${unquoted} must match regex "${this.allowed.source}" or patterns [${this.patterns.join(' ')}]`,
      true,
    );
  }
}

/** Every string leaf and map key of `doc` with Kyverno's traversal path (keys get their parent's path). */
function* stringsWithPaths(doc: JsonValue, path = ''): Generator<[string, string]> {
  if (typeof doc === 'string') {
    yield [doc, path];
  } else if (Array.isArray(doc)) {
    for (let i = 0; i < doc.length; i++) yield* stringsWithPaths(doc[i], `${path}/${i}`);
  } else if (isObject(doc)) {
    for (const key of Object.keys(doc)) {
      yield [key, path];
      yield* stringsWithPaths(doc[key], `${path}/${key.replaceAll('/', '\\/')}`);
    }
  }
}

/** Substitutes the variables of one string against the mock context (results are null). */
function checkStringVariables(value: string, path: string, ctx: MockContext): void {
  let current = value;
  let matches = findVariables(current);
  while (matches.length > 0) {
    const original = current;
    for (const match of matches) {
      const [prefix, v] = splitMatch(match);
      let expression = variableExpression(v);
      if (expression.startsWith('-')) expression = expression.slice(1).trim();
      if (expression !== '@') {
        try {
          ctx.query(expression);
        } catch (err) {
          if (err instanceof VariableError && err.invalidVariable) throw err;
          throw new Error(`failed to resolve ${expression} at path ${path}: ${(err as Error).message}`);
        }
      }
      if (original === v) return;
      current = current.replace(prefix + v, () => `${prefix}null`);
    }
    matches = findVariables(current);
  }
}

/** Kyverno `SubstituteAllInRule` against a mock context: throws the first substitution error. */
function substituteAgainstMock(doc: JsonValue, ctx: MockContext): void {
  const referenced = substituteReferences(doc);
  for (const [value, path] of stringsWithPaths(referenced)) checkStringVariables(value, path, ctx);
}

function allowedVariables(background: boolean, target: boolean): RegExp {
  if (target) return background ? ALLOWED_VARIABLES_BACKGROUND_IN_TARGET : ALLOWED_VARIABLES_IN_TARGET;
  return background ? ALLOWED_VARIABLES_BACKGROUND : ALLOWED_VARIABLES;
}

function hasValidateImageVerification(rule: Rule): boolean {
  return (rule.verifyImages ?? []).some((vi) => isObject(vi) && isObject(vi.validate) && Object.keys(vi.validate).length > 0);
}

/** Kyverno `buildContext`. */
function buildContext(rule: JsonObject, background: boolean, target: boolean): MockContext {
  const ctx = new MockContext(allowedVariables(background, target));
  ctx.addContextEntries(rule.context);
  if (hasValidateImageVerification(rule as unknown as Rule)) {
    for (const vi of (rule.verifyImages as JsonValue[]) ?? []) {
      for (const att of (isObject(vi) && Array.isArray(vi.attestations) ? vi.attestations : []) as JsonValue[]) {
        if (isObject(att)) ctx.addPattern(`${typeof att.name === 'string' ? att.name : ''}*`);
      }
    }
  }
  const listContexts = (list: JsonValue | undefined): void => {
    if (Array.isArray(list)) for (const entry of list) if (isObject(entry)) ctx.addContextEntries(entry.context);
  };
  if (isObject(rule.validate)) listContexts(rule.validate.foreach);
  if (isObject(rule.mutate)) {
    listContexts(rule.mutate.foreach);
    listContexts(rule.mutate.targets);
  }
  if (isObject(rule.generate)) listContexts(rule.generate.foreach);
  return ctx;
}

/** Kyverno `ruleForbiddenSectionsHaveVariables`. */
function forbiddenSectionError(rule: Rule): string | null {
  const mutate = rule.mutate;
  if (isObject(mutate) && typeof mutate.patchesJson6902 === 'string' && mutate.patchesJson6902 !== '') {
    const ops = parsePatch(mutate.patchesJson6902) ?? [];
    for (const op of ops) {
      if (isObject(op) && typeof op.path === 'string' && findVariables(op.path).length > 0) {
        return `rule "${rule.name}" should not have variables in patchesJSON6902 path section`;
      }
    }
  }
  if (isPresent(rule.exclude) && SIMPLE_VARIABLE.test(JSON.stringify(rule.exclude))) {
    return `rule "${rule.name}" should not have variables in exclude section`;
  }
  if (SIMPLE_VARIABLE.test(JSON.stringify(rule.match ?? {}))) {
    return `rule "${rule.name}" should not have variables in match section`;
  }
  for (const vi of rule.verifyImages ?? []) {
    if (!isObject(vi)) continue;
    let refs = Array.isArray(vi.imageReferences) ? vi.imageReferences : [];
    if (refs.length === 0 && typeof vi.image === 'string' && vi.image !== '') refs = [vi.image];
    if (refs.some((ref) => typeof ref === 'string' && findVariables(ref).length > 0)) {
      return `rule "${rule.name}" should not have variables in image reference section`;
    }
  }
  return null;
}

function withoutAttestationConditions(rule: JsonObject): JsonObject {
  if (!Array.isArray(rule.verifyImages)) return rule;
  return {
    ...rule,
    verifyImages: rule.verifyImages.map((vi) =>
      isObject(vi) && Array.isArray(vi.attestations)
        ? { ...vi, attestations: vi.attestations.map((a) => (isObject(a) ? { ...a, conditions: null } : a)) }
        : vi,
    ),
  };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Kyverno `hasInvalidVariables` over the computed rules; returns the error text or null. */
export function invalidVariablesError(rules: readonly Rule[], background: boolean): string | null {
  for (const rule of rules) {
    const forbidden = forbiddenSectionError(rule);
    if (forbidden !== null) return forbidden;
    const ruleDoc = withoutAttestationConditions(rule as unknown as JsonObject);
    const mutate = ruleDoc.mutate;
    const targets = isObject(mutate) && Array.isArray(mutate.targets) ? mutate.targets : null;
    if (targets !== null) {
      const specs: JsonObject[] = targets.map(() => ({}));
      for (let i = 0; i < targets.length; i++) {
        const target = targets[i];
        if (isObject(target)) {
          for (const key of ['apiVersion', 'kind', 'name', 'namespace', 'uid']) {
            if (isPresent(target[key]) && target[key] !== '') specs[i][key] = target[key];
          }
        }
        const withTargetOnly: JsonObject = { name: '', mutate: { targets: specs } };
        if (isPresent(ruleDoc.context)) withTargetOnly.context = ruleDoc.context;
        if (isPresent(ruleDoc.preconditions)) withTargetOnly.preconditions = ruleDoc.preconditions;
        try {
          substituteAgainstMock(withTargetOnly, buildContext(withTargetOnly, background, false));
        } catch (err) {
          return `invalid variables defined at mutate.targets[${i}]: ${errorText(err)}`;
        }
      }
    }
    try {
      substituteAgainstMock(ruleDoc, buildContext(ruleDoc, background, targets !== null));
    } catch (err) {
      return `variable substitution failed for rule ${rule.name}: ${errorText(err)}`;
    }
  }
  return null;
}

/** background.go `userInfoDefined`. */
function userInfoDefined(filter: { roles?: unknown[]; clusterRoles?: unknown[]; subjects?: unknown[] } | undefined): string {
  if (!filter) return '';
  if ((filter.roles?.length ?? 0) > 0) return 'roles';
  if ((filter.clusterRoles?.length ?? 0) > 0) return 'clusterRoles';
  if ((filter.subjects?.length ?? 0) > 0) return 'subjects';
  return '';
}

/** background.go `hasUserMatchExclude`. */
function userMatchExcludeError(index: number, rule: Rule): string | null {
  const at = (section: string, path: string): string => `invalid variable used at path: spec/rules[${index}]/${section}/${path}`;
  const match = rule.match ?? {};
  let path = userInfoDefined(match);
  if (path) return at('match', path);
  for (const [i, filter] of (match.any ?? []).entries()) if ((path = userInfoDefined(filter))) return at('match', `any[${i}]/${path}`);
  for (const [i, filter] of (match.all ?? []).entries()) if ((path = userInfoDefined(filter))) return at('match', `all[${i}]/${path}`);
  const exclude = rule.exclude;
  if (isPresent(exclude) && exclude) {
    if ((path = userInfoDefined(exclude))) return at('exclude', path);
    for (const [i, filter] of (exclude.all ?? []).entries()) if ((path = userInfoDefined(filter))) return at('exclude', `all[${i}]/${path}`);
    for (const [i, filter] of (exclude.any ?? []).entries()) if ((path = userInfoDefined(filter))) return at('exclude', `any[${i}]/${path}`);
  }
  return null;
}

/** The `{{...}}` groups of the serialised policy (Kyverno `hasVariables`). */
export function policyVariables(policy: Policy): string[] {
  const { source: _source, ...doc } = policy;
  const annotations = doc.metadata.annotations;
  const metadata =
    annotations && 'kubectl.kubernetes.io/last-applied-configuration' in annotations
      ? { ...doc.metadata, annotations: { ...annotations, 'kubectl.kubernetes.io/last-applied-configuration': '' } }
      : doc.metadata;
  const text = JSON.stringify({ ...doc, metadata });
  return Array.from(text.matchAll(VARIABLE_PATTERN), (m) => m[2]);
}

/** background.go `containsUserVariables`; returns the error text or null. */
export function userVariablesError(policy: Policy, rules: readonly Rule[], variables: readonly string[]): string | null {
  for (const [index, rule] of rules.entries()) {
    const err = userMatchExcludeError(index, rule);
    if (err !== null) return err;
  }
  if ((policy.spec.rules ?? []).some((rule) => isObject(rule.mutate) && isPresent(rule.mutate.targets))) return null;
  for (const variable of variables) {
    if (FORBIDDEN_USER_VARIABLES.some((re) => re.test(variable))) return `variable ${variable} is not allowed`;
  }
  return null;
}

/** Kyverno `ValidateElementInForEach`: `element*` variables only under a `/foreach/` path. */
export function elementOutsideForeachError(rule: Rule): string | null {
  for (const [value, path] of stringsWithPaths(rule as unknown as JsonValue)) {
    for (const match of findVariables(value)) {
      const variable = variableExpression(splitMatch(match)[1]);
      if (variable.startsWith('element') && !path.includes('/foreach/')) {
        return `variable '${variable}' present outside of foreach at path ${path}`;
      }
    }
  }
  return null;
}
